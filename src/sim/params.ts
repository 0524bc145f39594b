/** Knobs: one spec per name, shared by the CLI (--set), the URL, the sandbox panel and the sweep. */
export type ParamValue = number | boolean;
export type Params = Record<string, ParamValue>;

export interface ParamSpec {
  default: ParamValue;
  min?: number;
  max?: number;
  /** Integer-valued number (ms, counts). */
  integer?: boolean;
  unit?: 'ms' | 's' | 'ratio' | 'x' | '';
  doc: string;
  /** Where a default comes from (etcd, Patroni, client-go...). */
  source?: string;
}
export type ParamSpecs = Record<string, ParamSpec>;

/**
 * A cross-parameter rule; refused, never silently clamped. `id` is stable: the UI translates the
 * message as `rule.<scope>.<id>` (scope `net` or the algorithm id); the CLI prints `message` as is.
 */
export interface ParamRule {
  id: string;
  ok(p: Params): boolean;
  message: string;
  source: string;
}

/** What a broken rule says (a ParamError's message): the English message and its source. */
export function ruleProblem(r: ParamRule): string {
  return `${r.message} (${r.source})`;
}

/** Network knobs every algorithm has. */
export const netParams: ParamSpecs = {
  latencyMinMs: {
    default: 20,
    min: 0,
    max: 60_000,
    integer: true,
    unit: 'ms',
    doc: 'minimum one-way latency',
  },
  latencyMaxMs: {
    default: 60,
    min: 0,
    max: 60_000,
    integer: true,
    unit: 'ms',
    doc: 'maximum one-way latency (the spread is the jitter)',
  },
  dropRate: { default: 0, min: 0, max: 1, unit: 'ratio', doc: 'probability that a message is lost' },
};

export const netRules: ParamRule[] = [
  {
    id: 'latency-range',
    ok: (p) => Number(p.latencyMaxMs) >= Number(p.latencyMinMs),
    message: 'latencyMaxMs must be >= latencyMinMs',
    // The network draws each one-way delay uniformly from [latencyMinMs, latencyMaxMs].
    source: 'a delay is drawn from [min, max] (src/sim/net/network.ts)',
  },
];

export class ParamError extends Error {}

/**
 * The canonical key for a knob name as a user wrote it: the name itself, or the key an alias stands
 * for (an algorithm's `knobAliases`, e.g. Patroni's `loop_wait` -> `loopWaitS`).
 */
export function canonicalKnob(name: string, aliases: Readonly<Record<string, string>> | undefined): string {
  return aliases && Object.hasOwn(aliases, name) ? (aliases[name] as string) : name;
}

/** The alias a knob is shown under, if its algorithm declares one (the first, in declaration order). */
export function knobAlias(key: string, aliases: Readonly<Record<string, string>> | undefined): string | null {
  if (!aliases) return null;
  for (const [alias, canonical] of Object.entries(aliases)) if (canonical === key) return alias;
  return null;
}

/** Parses a `--set`/URL string value against its spec. */
export function parseParamValue(name: string, raw: string, spec: ParamSpec | undefined): ParamValue {
  if (!spec) throw new ParamError(`unknown parameter "${name}"`);
  if (typeof spec.default === 'boolean') {
    if (/^(true|on|1|yes)$/i.test(raw)) return true;
    if (/^(false|off|0|no)$/i.test(raw)) return false;
    throw new ParamError(`${name} expects on/off (true/false), got "${raw}"`);
  }
  const v = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(v))
    throw new ParamError(`${name} expects a number, got "${raw}"`);
  return v;
}

/** Merges overrides onto defaults and checks ranges and rules; throws ParamError naming the rule. */
export function resolveParams(
  specs: ParamSpecs,
  rules: ParamRule[],
  ...layers: Array<Partial<Params> | undefined>
): Params {
  const out: Params = {};
  for (const [k, s] of Object.entries(specs)) out[k] = s.default;
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer ?? {})) {
      const s = Object.hasOwn(specs, k) ? specs[k] : undefined;
      if (!s) throw new ParamError(`unknown parameter "${k}" (known: ${Object.keys(specs).join(', ')})`);
      if (v === undefined) continue;
      if (typeof v !== typeof s.default)
        throw new ParamError(`${k} expects ${typeof s.default === 'boolean' ? 'on/off' : 'a number'}`);
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new ParamError(`${k} must be finite`);
        if (s.integer && !Number.isInteger(v)) throw new ParamError(`${k} must be a whole number, got ${v}`);
        if (s.min !== undefined && v < s.min) throw new ParamError(`${k} must be >= ${s.min}, got ${v}`);
        if (s.max !== undefined && v > s.max) throw new ParamError(`${k} must be <= ${s.max}, got ${v}`);
      }
      out[k] = v;
    }
  }
  for (const r of rules) if (!r.ok(out)) throw new ParamError(ruleProblem(r));
  return out;
}
