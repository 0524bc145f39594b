/**
 * The one formatter of a fault's fields. Each kind names its wording key (`words` in the table:
 * `log.fault.<key>` in the event log and the narration, `fault.<key>` in the What-if list); every
 * field becomes a value of the same name, formatted by its shape: a time in ms as a duration, a
 * number as a number, partition groups as sides. The readers differ only in the format they pass (the
 * page's in the reader's language, the CLI's plain English).
 */
import { type Fault, specOf, type WordsOptions } from './table.ts';

export interface FaultFormat {
  /** A length of time in ms (a pause, a link's extra delay, an outage). */
  duration(ms: number): string;
  number(n: number): string;
  /** Partition sides. */
  groups(groups: readonly (readonly string[])[]): string;
}

export type FaultVars = Record<string, string | number>;

export function faultWords(
  f: Fault,
  fmt: FaultFormat,
  o: WordsOptions = {},
): { key: string; vars: FaultVars } {
  const spec = specOf(f);
  const { key, vars = {} } = spec.words?.(f as never, o) ?? { key: f.kind };
  // A value of the kind's own named `…Ms` is a length of time, like a field in ms.
  const out: FaultVars = Object.fromEntries(
    Object.entries(vars).map(([k, v]) => [
      k,
      typeof v === 'number' && k.endsWith('Ms') ? fmt.duration(v) : v,
    ]),
  );
  const fields = f as unknown as Record<string, unknown>;
  for (const [name, field] of Object.entries(spec.fields)) {
    const v = fields[name];
    if (v === undefined) continue;
    if (field.type === 'ms') out[name] = fmt.duration(v as number);
    else if (field.type === 'number') out[name] = fmt.number(v as number);
    else if (field.type === 'groups') out[name] = fmt.groups(v as string[][]);
    else out[name] = v as string;
  }
  return { key, vars: out };
}

/** Sides as the event log and the narration write them: `{node-1, node-2} | {node-3}`. */
export const braceGroups = (groups: readonly (readonly string[])[]): string =>
  groups.map((g) => `{${g.join(', ')}}`).join(' | ');

/** The CLI's format, in English (derived captions in text and JSON output). */
export const plainFormat: FaultFormat = {
  duration: (ms) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`),
  number: (n) => String(n),
  groups: braceGroups,
};
