import { algorithmFor, algorithmIds } from '../sim/algorithms/registry.ts';
import { FAULTS, isFaultKind } from '../sim/faults/table.ts';
import { SimError } from '../sim/inputs.ts';
import type { Choices } from '../sim/kernel/choices.ts';
import { canonicalKnob, netParams, ParamError, type Params, parseParamValue } from '../sim/params.ts';
import { pastEndProblem, shown, unknownKeyProblem, unknownWordProblem } from '../sim/rules.ts';
import { FIX_KNOB, withFix } from '../sim/scenario/fix.ts';
import { withAlgorithm } from '../sim/scenario/sandbox.ts';
import {
  choicesSchema,
  type Scenario,
  ScenarioError,
  type TimedFault,
  timedFaultSchema,
} from '../sim/scenario/schema.ts';
import { StoryFileError } from '../sim/scenario/storyFile.ts';

export type Format = 'json' | 'text' | 'mermaid';

export interface CliArgs {
  /** The scenario as it runs: the sandbox with its chosen algorithm (`--algorithm`). */
  scenario: Scenario;
  seed?: number;
  nodes?: number;
  params: Partial<Params>;
  format: Format;
  durationMs?: number;
  omitTypes: string[];
  /** `--fault <atMs>:<json>`: interventions on top of the scenario's script. */
  faults: TimedFault[];
  /** `--no-script`: leave the scenario's scripted faults out (as the sandbox does). */
  withoutScript: boolean;
  /** `--choices JSON|FILE`: a schedule that replaces the seed's draws (kernel/choices.ts). */
  choices?: Choices;
}

export class UsageError extends Error {}

/**
 * The one line a CLI prints for bad input (exit 2): a usage, knob, run, story-file or scenario error,
 * its first line, after the program's name. Null for any other error: a bug, which keeps its stack.
 */
export function badInputLine(program: string, e: unknown): string | null {
  const bad =
    e instanceof UsageError ||
    e instanceof ParamError ||
    e instanceof SimError ||
    e instanceof StoryFileError ||
    e instanceof ScenarioError;
  return bad ? `${program}: ${e.message.split('\n')[0]}\n` : null;
}

export const usage = `usage: npm run -s sim -- <scenario-id>|--scenario-file FILE.json [--lang en|pt|ru] [--algorithm ${algorithmIds.join('|')}] [--seed N] [--nodes N] [--set key=value]... [--duration MS] [--fault ATMS:JSON]... [--no-script] [--choices JSON|FILE] [--omit TYPE,...] [--format json|text|mermaid] | --list | --help`;

/** A name as typed when it is short and printable, else quoted and escaped like any user value (rules.ts). */
const named = (s: string): string => (/^[\x21-\x7e]{1,60}$/.test(s) ? s : shown(s));

function int(flag: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined) throw new UsageError(`${flag} needs a value`);
  const v = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(v) || v < min || v > max)
    throw new UsageError(`${flag} expects a whole number from ${min} to ${max}, got ${shown(raw)}`);
  return v;
}

/** Longest `--fault` value taken (a fault is a few hundred characters at most). */
const MAX_FAULT_CHARS = 10_000;

/**
 * `--fault <atMs>:<json>`, e.g. `--fault '5000:{"kind":"crash","node":"node-1"}'`: one intervention,
 * checked against the scenario schema's timedFaultSchema (hosts are checked when the run starts).
 */
export function parseFault(raw: string | undefined): TimedFault {
  const colon = raw?.indexOf(':') ?? -1;
  if (!raw || colon <= 0)
    throw new UsageError(
      `--fault expects ATMS:JSON like 5000:{"kind":"crash","node":"node-1"}, got ${shown(raw ?? '')}`,
    );
  if (raw.length > MAX_FAULT_CHARS)
    throw new UsageError(`--fault value is longer than ${MAX_FAULT_CHARS} characters`);
  const atRaw = raw.slice(0, colon);
  const atMs = Number(atRaw);
  if (!/^\d+$/.test(atRaw) || !Number.isSafeInteger(atMs))
    throw new UsageError(
      `--fault time must be a whole number of ms, got ${JSON.stringify(atRaw.slice(0, 30))}`,
    );
  let fault: unknown;
  try {
    fault = JSON.parse(raw.slice(colon + 1));
  } catch {
    throw new UsageError(`--fault at ${atMs} ms: the fault is not valid JSON (${shown(raw)})`);
  }
  // A key the kind does not have is refused, not dropped: `"form":"store"` misspelt must not turn an
  // isolation from the store into one from everyone (the rule every input shares, rules.ts).
  if (fault !== null && typeof fault === 'object' && !Array.isArray(fault)) {
    const kind = (fault as { kind?: unknown }).kind;
    if (typeof kind === 'string' && isFaultKind(kind)) {
      const extra = unknownKeyProblem(fault, ['kind', ...Object.keys(FAULTS[kind].fields)]);
      if (extra) throw new UsageError(`--fault at ${atMs} ms: ${kind}: ${extra}`);
    }
  }
  const r = timedFaultSchema.safeParse({ atMs, fault });
  if (!r.success) {
    const issue = r.error.issues[0];
    const path = (issue?.path ?? [])
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('');
    throw new UsageError(
      `--fault at ${atMs} ms: ${path.replace(/^\./, '') || 'fault'}: ${(issue?.message ?? 'invalid').replace(/\s+/g, ' ')}`,
    );
  }
  return r.data;
}

/**
 * `--choices` as JSON (`{"version":1,"draws":[...]}`) or the name of a file holding it (read by
 * `read`, the CLI's file reader), checked against the schema.
 */
export function parseChoicesArg(raw: string | undefined, read?: (path: string) => unknown): Choices {
  if (!raw) throw new UsageError('--choices needs a schedule (JSON) or a file');
  let data: unknown;
  if (raw.trimStart().startsWith('{')) {
    try {
      data = JSON.parse(raw);
    } catch {
      throw new UsageError(`--choices is not valid JSON (${shown(raw.slice(0, 60))})`);
    }
  } else if (read) data = read(raw);
  else throw new UsageError('--choices expects JSON here, not a file');
  const r = choicesSchema.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0];
    const path = (issue?.path ?? [])
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('');
    throw new UsageError(`--choices${path}: ${(issue?.message ?? 'invalid').replace(/\s+/g, ' ')}`);
  }
  return r.data;
}

/** Parses argv (without node and script). Throws UsageError with a one-line reason. */
export function parseArgs(argv: string[], scenarios: Scenario[], read?: (path: string) => unknown): CliArgs {
  const ids = scenarios.map((s) => s.id);
  let scenario: Scenario | undefined;
  const out: Omit<CliArgs, 'scenario'> = {
    params: {},
    format: 'json',
    omitTypes: [],
    faults: [],
    withoutScript: false,
  };
  const sets: Array<[string, string]> = [];
  let algorithm: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [flag, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--algorithm':
        algorithm = value();
        if (!algorithm) throw new UsageError('--algorithm needs a value');
        break;
      case '--seed':
        out.seed = int('--seed', value(), 0, 2 ** 32 - 1);
        break;
      case '--nodes':
        out.nodes = int('--nodes', value(), 1, 200);
        break;
      case '--duration':
        out.durationMs = int('--duration', value(), 1, 7 * 24 * 3600 * 1000);
        break;
      case '--format': {
        const f = value();
        if (f !== 'json' && f !== 'text' && f !== 'mermaid')
          throw new UsageError(`--format expects json, text or mermaid, got ${shown(f ?? '')}`);
        out.format = f;
        break;
      }
      case '--fault':
        out.faults.push(parseFault(value()));
        break;
      case '--no-script':
        if (inline !== undefined) throw new UsageError('--no-script takes no value');
        out.withoutScript = true;
        break;
      case '--choices':
        if (out.choices) throw new UsageError('one --choices at a time');
        out.choices = parseChoicesArg(value(), read);
        break;
      case '--omit':
        out.omitTypes.push(...(value() ?? '').split(',').filter(Boolean));
        break;
      case '--set': {
        const kv = value();
        const eq = kv?.indexOf('=') ?? -1;
        if (!kv || eq <= 0) throw new UsageError(`--set expects key=value, got ${shown(kv ?? '')}`);
        sets.push([kv.slice(0, eq), kv.slice(eq + 1)]);
        break;
      }
      default:
        if (a.startsWith('-')) throw new UsageError(`unknown option ${named(a)}; ${usage}`);
        if (scenario) throw new UsageError(`one scenario at a time, got "${scenario.id}" and ${shown(a)}`);
        scenario = scenarios.find((s) => s.id === a);
        if (!scenario) throw new UsageError(`unknown scenario ${shown(a)} (known: ${ids.join(', ')})`);
    }
  }
  if (!scenario) throw new UsageError(`missing scenario id (${ids.join(', ')}); ${usage}`);
  try {
    scenario = withAlgorithm(scenario, algorithm);
  } catch (e) {
    if (e instanceof ScenarioError) throw new UsageError(`--algorithm: ${e.message}`);
    throw e;
  }
  // A pitfall story's `fix` is resolved first: with it on, the knobs are those of the fixed run's
  // algorithm (scenario/fix.ts).
  if (scenario.fix) {
    for (const [written, raw] of sets)
      if (written === FIX_KNOB) {
        try {
          out.params[FIX_KNOB] = parseParamValue(FIX_KNOB, raw, { default: false, doc: 'the fix' });
        } catch (e) {
          if (e instanceof ParamError) throw new UsageError(`--set fix: ${e.message}`);
          throw e;
        }
      }
  }
  const alg = algorithmFor(withFix(scenario, out.params).scenario.algorithm);
  const specs = { ...netParams, ...alg.params };
  for (const [written, raw] of sets) {
    if (written === FIX_KNOB && scenario.fix) continue;
    // Patroni's own names (loop_wait) stand for the canonical keys (loopWaitS).
    const k = canonicalKnob(written, alg.knobAliases);
    // Own keys only: `__proto__`, `constructor` or `toString` are not parameters.
    const spec = Object.hasOwn(specs, k) ? specs[k] : undefined;
    if (!spec)
      throw new UsageError(
        `--set ${named(k)}: unknown parameter ${shown(k)} (known: ${Object.keys(specs).join(', ')})`,
      );
    try {
      out.params[k] = parseParamValue(k, raw, spec);
    } catch (e) {
      if (e instanceof ParamError) throw new UsageError(`--set ${k}: ${e.message}`);
      throw e;
    }
  }
  // What the run will be: every intervention inside it, and `--omit` naming message types its
  // algorithm sends (rules.ts), each refused with the argument that broke the rule.
  const fixed = withFix(scenario, out.params).scenario;
  const durationMs = out.durationMs ?? fixed.durationMs;
  for (const tf of [...out.faults, ...(out.choices?.faults ?? [])]) {
    const past = pastEndProblem(tf.atMs, durationMs);
    if (past)
      throw new UsageError(`--fault at ${tf.atMs} ms: ${past}${out.durationMs ? '' : '; see --duration'}`);
  }
  const types = Object.keys(alg.vocabulary.families);
  for (const t of out.omitTypes) {
    const unknown = unknownWordProblem(t, types, `message type for ${fixed.algorithm}`);
    if (unknown) throw new UsageError(`--omit: ${unknown}`);
  }
  return { scenario, ...out };
}
