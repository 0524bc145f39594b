/** Knobs: one spec per name, shared by the CLI (--set), the URL, the sandbox panel and the sweep. */
import { shown } from './rules.ts';

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
  // The tail (net/network.ts): 2% of messages are drawn from [latencyMaxMs, 2 x p99 - latencyMaxMs],
  // so 1% are slower than the p99. Off by default, so runs without it keep their draws.
  latencyP99Ms: {
    default: 0,
    min: 0,
    max: 60_000,
    integer: true,
    unit: 'ms',
    doc: '99th-percentile one-way latency, a tail beyond latencyMaxMs (0: no tail): one message in a hundred is slower than this',
    source:
      'Dean & Barroso, "The Tail at Scale", CACM 56(2), 2013: a server that typically answers in 10 ms with a 99th percentile of 1 s',
  },
};

export const netRules: ParamRule[] = [
  {
    id: 'latency-range',
    ok: (p) => Number(p.latencyMaxMs) >= Number(p.latencyMinMs),
    message: 'latencyMaxMs must be >= latencyMinMs',
    // The network draws each one-way delay uniformly from [latencyMinMs, latencyMaxMs].
    source: 'a delay is drawn from [min, max] (src/sim/net/network.ts)',
  },
  {
    id: 'tail-over-max',
    ok: (p) => Number(p.latencyP99Ms) === 0 || Number(p.latencyP99Ms) >= Number(p.latencyMaxMs),
    message: 'latencyP99Ms must be 0 (no tail) or >= latencyMaxMs',
    // The tail's draws start at latencyMaxMs (src/sim/net/network.ts).
    source:
      'Dean & Barroso, "The Tail at Scale", CACM 2013: the 99th percentile lies beyond the typical latency',
  },
];

/**
 * Why a knob value is refused, as data: the UI words it in the reader's language (src/sandbox reads
 * it); `problemText` gives the English that the CLI prints and that is the error's message.
 */
export type ParamProblem =
  | { kind: 'unknown'; knob: string; known?: string[] }
  | { kind: 'expects'; knob: string; expects: 'number' | 'on/off'; got?: string }
  | { kind: 'finite'; knob: string }
  | { kind: 'whole'; knob: string; got: number }
  | { kind: 'min' | 'max'; knob: string; bound: number; got: number }
  | { kind: 'rule'; rule: ParamRule }
  /** Any other reason, already worded (English). */
  | { kind: 'text'; text: string };

/** The English of a problem: the error's message and what the CLI prints. */
export function problemText(p: ParamProblem): string {
  switch (p.kind) {
    case 'unknown':
      return `unknown parameter ${shown(p.knob)}${p.known ? ` (known: ${p.known.join(', ')})` : ''}`;
    case 'expects':
      if (p.got === undefined) return `${p.knob} expects ${p.expects === 'on/off' ? 'on/off' : 'a number'}`;
      return p.expects === 'on/off'
        ? `${p.knob} expects on/off (true/false), got ${shown(p.got)}`
        : `${p.knob} expects a number, got ${shown(p.got)}`;
    case 'finite':
      return `${p.knob} must be finite`;
    case 'whole':
      return `${p.knob} must be a whole number, got ${p.got}`;
    case 'min':
      return `${p.knob} must be >= ${p.bound}, got ${p.got}`;
    case 'max':
      return `${p.knob} must be <= ${p.bound}, got ${p.got}`;
    case 'rule':
      return ruleProblem(p.rule);
    case 'text':
      return p.text;
  }
}

/** A refused knob value: `problem` says why as data, `message` in English. */
export class ParamError extends Error {
  readonly problem: ParamProblem;
  constructor(problem: ParamProblem | string) {
    const p: ParamProblem = typeof problem === 'string' ? { kind: 'text', text: problem } : problem;
    super(problemText(p));
    this.problem = p;
  }
}

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
  if (!spec) throw new ParamError({ kind: 'unknown', knob: name });
  if (typeof spec.default === 'boolean') {
    if (/^(true|on|1|yes)$/i.test(raw)) return true;
    if (/^(false|off|0|no)$/i.test(raw)) return false;
    throw new ParamError({ kind: 'expects', knob: name, expects: 'on/off', got: raw });
  }
  const v = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(v))
    throw new ParamError({ kind: 'expects', knob: name, expects: 'number', got: raw });
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
      if (!s) throw new ParamError({ kind: 'unknown', knob: k, known: Object.keys(specs) });
      if (v === undefined) continue;
      if (typeof v !== typeof s.default)
        throw new ParamError({
          kind: 'expects',
          knob: k,
          expects: typeof s.default === 'boolean' ? 'on/off' : 'number',
        });
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new ParamError({ kind: 'finite', knob: k });
        if (s.integer && !Number.isInteger(v)) throw new ParamError({ kind: 'whole', knob: k, got: v });
        if (s.min !== undefined && v < s.min)
          throw new ParamError({ kind: 'min', knob: k, bound: s.min, got: v });
        if (s.max !== undefined && v > s.max)
          throw new ParamError({ kind: 'max', knob: k, bound: s.max, got: v });
      }
      out[k] = v;
    }
  }
  for (const r of rules) if (!r.ok(out)) throw new ParamError({ kind: 'rule', rule: r });
  return out;
}
