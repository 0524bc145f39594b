/**
 * A canonical text of plain data, for the explorer's fingerprint of a world (issue #41): object keys
 * sorted, a Map as its entries sorted by key, a Set as its members sorted, functions and undefined
 * fields left out. Two values with the same text are the same data, whatever order they were built
 * in. An object registered with `opaque` (a process's ProcessEnv, which a machine's context holds) is
 * written as its name: it is the host's wiring, not its state.
 */
const names = new WeakMap<object, string>();

/** Writes `o` as `name` wherever it appears (its fields are functions and the host's wiring). */
export function opaque<T extends object>(o: T, name: string): T {
  names.set(o, name);
  return o;
}

/** A value already written canonically (a cache's): written as it is. */
export class Written {
  constructor(readonly text: string) {}
}

const MAX_DEPTH = 64;

export function canonical(v: unknown): string {
  return write(v, 0);
}

function write(v: unknown, depth: number): string {
  if (depth > MAX_DEPTH) throw new Error('canonical: nested too deep (a cycle?)');
  if (v === null) return 'null';
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? String(v) : `"${String(v)}"`;
    case 'string':
      return JSON.stringify(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'undefined':
    case 'function':
      return 'u';
    case 'bigint':
      return `${v}n`;
    case 'symbol':
      return JSON.stringify(String(v));
  }
  const o = v as object;
  if (o instanceof Written) return o.text;
  const name = names.get(o);
  if (name !== undefined) return `@${JSON.stringify(name)}`;
  if (Array.isArray(o)) return `[${o.map((x) => write(x, depth + 1)).join(',')}]`;
  if (o instanceof Map) {
    const entries = [...o].map(([k, x]) => [write(k, depth + 1), write(x, depth + 1)] as const);
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return `M{${entries.map(([k, x]) => `${k}:${x}`).join(',')}}`;
  }
  if (o instanceof Set) {
    const members = [...o].map((x) => write(x, depth + 1)).sort();
    return `S[${members.join(',')}]`;
  }
  const keys = Object.keys(o).sort();
  const parts: string[] = [];
  for (const k of keys) {
    const x = (o as Record<string, unknown>)[k];
    if (x === undefined || typeof x === 'function') continue;
    parts.push(`${JSON.stringify(k)}:${write(x, depth + 1)}`);
  }
  return `{${parts.join(',')}}`;
}
