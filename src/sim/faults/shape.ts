/**
 * The shape of a fault kind: its fields, in link order. One description serves the TypeScript type
 * (`ShapeOf`), the zod schema (scenario/schema.ts), the zod-free check a link is read with at boot
 * (`shapeProblem`: zod stays out of the first view) and the link text (`shapeToArgs`/`shapeFromArgs`).
 */
import { hostInTwoGroups } from '../rules.ts';

/** A host id as every other place writes it: "node-3", "pg-1", "etcd". */
export const HOST_ID = /^[a-z][a-z0-9-]{0,31}$/;
export const HOST_ID_RULE = 'a host id like "node-3" or "pg-1"';

export type Field =
  | { readonly type: 'host' }
  /** Whole milliseconds, at least `min`. */
  | { readonly type: 'ms'; readonly min: number }
  | { readonly type: 'number'; readonly min: number; readonly max: number }
  | { readonly type: 'choice'; readonly values: readonly string[]; readonly optional: true }
  /** Partition groups: at least two, each a non-empty list of hosts; link text `a;b|c`. */
  | { readonly type: 'groups' };

export type Fields = Readonly<Record<string, Field>>;

export const host = { type: 'host' } as const;
export const ms = <const M extends number>(min: M) => ({ type: 'ms', min }) as const;
export const number = (min: number, max: number) => ({ type: 'number', min, max }) as const;
export const optionalChoice = <const V extends readonly string[]>(values: V) =>
  ({ type: 'choice', values, optional: true }) as const;
export const groups = { type: 'groups' } as const;

type ValueOf<F extends Field> = F extends { type: 'host' }
  ? string
  : F extends { type: 'ms' | 'number' }
    ? number
    : F extends { type: 'choice'; values: readonly (infer V)[] }
      ? V
      : F extends { type: 'groups' }
        ? string[][]
        : never;

type OptionalKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { optional: true } ? K : never;
}[keyof F];
type Simplify<T> = { [K in keyof T]: T[K] };

/** The object a shape describes (without `kind`). */
export type ShapeOf<F extends Fields> = Simplify<
  { -readonly [K in Exclude<keyof F, OptionalKeys<F>>]: ValueOf<F[K]> } & {
    -readonly [K in OptionalKeys<F>]?: ValueOf<F[K]>;
  }
>;

/** How the shape reads in a link, for the message of a malformed one: `<node>,<durationMs>`. */
export function shapeHint(fields: Fields): string {
  let out = '';
  for (const [name, f] of Object.entries(fields)) {
    if (f.type === 'choice') out += `[,${f.values.join('|')}]`;
    else out += `${out ? ',' : ''}${f.type === 'groups' ? '<node;node>|<node>...' : `<${name}>`}`;
  }
  return out;
}

/** Number of link arguments: [fewest, most]. */
export function argCount(fields: Fields): [number, number] {
  const all = Object.values(fields);
  return [all.filter((f) => f.type !== 'choice').length, all.length];
}

/** The link arguments of a fault, in field order (an absent optional field is left out). */
export function shapeToArgs(fields: Fields, f: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    const v = f[name];
    if (v === undefined) continue;
    out.push(spec.type === 'groups' ? (v as string[][]).map((g) => g.join(';')).join('|') : String(v));
  }
  return out;
}

/** The unchecked fault object that link arguments describe (numbers that do not parse are NaN). */
export function shapeFromArgs(fields: Fields, args: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = (s: string | undefined) => (s !== undefined && s.trim() !== '' ? Number(s) : Number.NaN);
  Object.entries(fields).forEach(([name, spec], i) => {
    const a = args[i];
    if (spec.type === 'choice') {
      if (a !== undefined) out[name] = a;
    } else if (spec.type === 'groups') out[name] = (a ?? '').split('|').map((g) => g.split(';'));
    else if (spec.type === 'host') out[name] = a;
    else out[name] = n(a);
  });
  return out;
}

/**
 * The first field that breaks its rule, as `path: rule`, or null (the zod schema's rules, without
 * zod; the rules shared by every input are src/sim/rules.ts's).
 */
export function shapeProblem(fields: Fields, f: Record<string, unknown>): string | null {
  for (const [name, spec] of Object.entries(fields)) {
    const v = f[name];
    switch (spec.type) {
      case 'host':
        if (typeof v !== 'string' || !HOST_ID.test(v)) return `${name}: ${HOST_ID_RULE}`;
        break;
      case 'ms':
        if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < spec.min)
          return `${name}: a whole number of ms, at least ${spec.min}`;
        break;
      case 'number':
        if (typeof v !== 'number' || !(v >= spec.min && v <= spec.max))
          return `${name}: a number from ${spec.min} to ${spec.max}`;
        break;
      case 'choice':
        if (v !== undefined && !spec.values.includes(v as string))
          return `${name}: ${spec.values.join(' or ')}`;
        break;
      case 'groups': {
        const gs = v as string[][];
        if (gs.length < 2) return `${name}: at least two groups`;
        for (const [i, g] of gs.entries())
          for (const [j, id] of g.entries())
            if (!HOST_ID.test(id)) return `${name}.${i}.${j}: ${HOST_ID_RULE}`;
        const twice = hostInTwoGroups(gs);
        if (twice) return `${name}.${twice.group}.${twice.index}: ${twice.problem}`;
        break;
      }
    }
  }
  return null;
}

/** Every host a fault names, in field order, with its path inside the fault (`.node`, `.groups[1][0]`). */
export function shapeHostPaths(fields: Fields, f: Record<string, unknown>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.type === 'host') out.push([`.${name}`, f[name] as string]);
    else if (spec.type === 'groups')
      (f[name] as string[][]).forEach((g, i) => {
        g.forEach((id, j) => {
          out.push([`.${name}[${i}][${j}]`, id]);
        });
      });
  }
  return out;
}

export function shapeHosts(fields: Fields, f: Record<string, unknown>): string[] {
  return shapeHostPaths(fields, f).map(([, id]) => id);
}

/** The same fault with every host it names passed through `map` (field order and shape kept). */
export function mapShapeHosts<T extends Record<string, unknown>>(
  fields: Fields,
  f: T,
  map: (id: string) => string,
): T {
  const out: Record<string, unknown> = { ...f };
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.type === 'host' && typeof f[name] === 'string') out[name] = map(f[name] as string);
    else if (spec.type === 'groups') out[name] = (f[name] as string[][]).map((g) => g.map(map));
  }
  return out as T;
}

/**
 * The same fault on the hosts a run has, or null when it names one the run lacks: a partition keeps
 * its groups' known hosts (null when fewer than two groups are left), any other host field must be known.
 */
export function onlyHosts<T extends Record<string, unknown>>(
  fields: Fields,
  f: T,
  known: ReadonlySet<string>,
): T | null {
  const out: Record<string, unknown> = { ...f };
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.type === 'host' && !known.has(f[name] as string)) return null;
    if (spec.type === 'groups') {
      const gs = (f[name] as string[][])
        .map((g) => g.filter((h) => known.has(h)))
        .filter((g) => g.length > 0);
      if (gs.length < 2) return null;
      out[name] = gs;
    }
  }
  return out as T;
}
