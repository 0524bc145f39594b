import type { Algorithm } from './algorithm.ts';

/**
 * The algorithms' declarations this process has, by id. registry.ts declares all of them wherever it
 * is imported: the simulator, the worker, the CLI, the tests, the embed and the page's scenario
 * catalogue. The page's default view opens before that chunk with only its own story's declaration
 * (app/start.tsx): the views read declarations here, never from the registry, so its first download
 * carries one algorithm's, not all of them.
 */
const known = new Map<string, Algorithm>();
let version = 0;

export function declare(list: Iterable<Algorithm>): void {
  // Re-set, so the order is the last declaration's: the registry's, once it has declared them all.
  for (const a of list) {
    known.delete(a.id);
    known.set(a.id, a);
  }
  version++;
}

/** Changes whenever declarations are added: a table built from all of them is rebuilt then. */
export function declaredVersion(): number {
  return version;
}

/** Every declaration this process has, in the order they were declared. */
export function declaredAlgorithms(): readonly Algorithm[] {
  return [...known.values()];
}

/** The declaration of a known algorithm, or null (an imported trace may name another). */
export function declarationOf(id: string): Algorithm | null {
  return known.get(id) ?? null;
}

export function algorithmFor(id: string): Algorithm {
  const a = known.get(id);
  if (!a) throw new Error(`unknown algorithm "${id}" (known: ${[...known.keys()].join(', ')})`);
  return a;
}
