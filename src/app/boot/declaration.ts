/**
 * One algorithm's declaration, fetched on its own: the page's default view declares its story's
 * (start.tsx) and gets the rest with the scenario catalogue, which imports the registry. One chunk
 * per folder's index.ts, found by the folder's name: a new algorithm needs no line here.
 */
import type { Algorithm } from '../../sim/algorithms/algorithm.ts';
import { declarationOf, declare } from '../../sim/algorithms/declared.ts';

const folders = import.meta.glob<Record<string, unknown>>('../../sim/algorithms/*/index.ts');

export async function loadDeclaration(id: string): Promise<Algorithm | null> {
  const had = declarationOf(id);
  if (had) return had;
  const load = folders[`../../sim/algorithms/${id}/index.ts`];
  if (!load) return null;
  const m = await load();
  const a = Object.values(m).find((v): v is Algorithm => (v as Algorithm | null)?.id === id) ?? null;
  if (a) declare([a]);
  return a;
}
