/** Reading a view from a query string (the format is described in view.ts): never throws, a bad value becomes a problem. */

import { MAX_INSPECTED } from '../../player/store.ts';
import { DRAW } from '../../sandbox/branch.ts';
import { validWithout, WITHOUT } from '../../sandbox/variants.ts';
import { algorithmFor } from '../../sim/algorithms/declared.ts';
import type { Choices } from '../../sim/kernel/choices.ts';
import {
  canonicalKnob,
  type Params,
  type ParamValue,
  parseParamValue,
  resolveParams,
} from '../../sim/params.ts';
import { pastEndProblem } from '../../sim/rules.ts';
import { FIX_KNOB, withFix } from '../../sim/scenario/fix.ts';
import { isFreePlay, withAlgorithm } from '../../sim/scenario/sandbox.ts';
import type { Scenario, TimedFault } from '../../sim/scenario/schema.ts';
import { DERIVED_KINDS } from '../../sim/trace/derivedKinds.ts';
import { choicesFromText } from './choices.ts';
import { decodeEmbed, type EmbedOptions } from './embed.ts';
import { faultFromText } from './faults.ts';
import { LINK_PARAMS, type LinkParam, NO_FIX } from './params.ts';
import type { LinkProblem } from './problems.ts';
import {
  knobsOf,
  type LinkTheme,
  type LinkView,
  MAX_DURATION_S,
  MAX_LINK_SPEED,
  MIN_DURATION_S,
  MIN_LINK_SPEED,
  type TracePanel,
} from './view.ts';

const MAX_SEED = 2 ** 32 - 1;
/** Longest value read for one parameter (a fault is a few dozen characters). */
const MAX_VALUE = 2000;

export interface DecodeContext {
  scenarios: readonly Scenario[];
  locales: readonly string[];
}

export interface Decoded {
  /** Null when the link names no known scenario (the app opens its default). */
  view: LinkView;
  /** The link named a scenario (a known one). */
  hasScenario: boolean;
  problems: LinkProblem[];
  embed: EmbedOptions;
}

const clip = (s: string): string => (s.length > 80 ? `${s.slice(0, 80)}…` : s);

/**
 * Reads a view from a query string. Values are checked here as far as the link alone allows
 * (steps, cursor times and fault hosts are checked against the run by the app).
 */
export function decodeView(search: string, ctx: DecodeContext): Decoded {
  const q = new URLSearchParams(search);
  const problems: LinkProblem[] = [];
  const bad = (param: string, value: string, reason?: string) =>
    problems.push({ param, value: clip(value), ...(reason ? { reason } : {}) });
  const get = (k: LinkParam): string | null => {
    const v = q.get(k);
    return v === null ? null : v.slice(0, MAX_VALUE);
  };

  for (const k of new Set(q.keys()))
    if (!(LINK_PARAMS as readonly string[]).includes(k))
      problems.push({ param: clip(k), value: clip(q.get(k) ?? ''), unknown: true });

  const first = ctx.scenarios[0];
  if (!first) throw new Error('decodeView needs at least one scenario');
  let scenario = first;
  let hasScenario = false;
  const rawScenario = get('scenario');
  if (rawScenario !== null) {
    const found = ctx.scenarios.find((s) => s.id === rawScenario.trim().toLowerCase());
    if (found) {
      scenario = found;
      hasScenario = true;
    } else bad('scenario', rawScenario);
  }

  const whole = (raw: string, min: number, max: number): number | null => {
    const s = raw.trim();
    const n = /^\d+$/.test(s) ? Number(s) : Number.NaN;
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
  };

  let step: number | null = null;
  let stepId: string | undefined;
  const rawStep = get('step');
  if (rawStep !== null) {
    const n = whole(rawStep, 1, Number.MAX_SAFE_INTEGER);
    // A step's stable id: one of the story's own, or a moment the trace tells (derived kinds).
    // The fixed run's own steps count too (`fix=on&step=<id>`).
    const steps = [...scenario.steps, ...(scenario.fix?.steps ?? [])];
    if (n === null && isStepId(rawStep.trim(), steps)) stepId = rawStep.trim();
    else if (n === null) bad('step', rawStep);
    else step = n - 1;
  }

  let t: number | null = null;
  const rawT = get('t');
  if (rawT !== null && step === null && stepId === undefined) {
    const n = rawT.trim() === '' ? Number.NaN : Number(rawT);
    if (Number.isFinite(n) && n >= 0 && /^\d+(\.\d+)?(e[-+]?\d+)?$/i.test(rawT.trim())) t = n;
    else bad('t', rawT);
  }

  let seed: number | null = null;
  const rawSeed = get('seed');
  if (rawSeed !== null) {
    seed = whole(rawSeed, 0, MAX_SEED);
    if (seed === null) bad('seed', rawSeed);
  }

  let algorithm: string | null = null;
  const rawAlgorithm = get('algorithm');
  if (rawAlgorithm !== null) {
    try {
      scenario = withAlgorithm(scenario, rawAlgorithm.trim().toLowerCase());
      if (isFreePlay(scenario)) algorithm = scenario.algorithm;
    } catch (e) {
      bad('algorithm', rawAlgorithm, e instanceof Error ? e.message : String(e));
    }
  }

  let durationMs: number | null = null;
  const rawDuration = get('duration');
  if (rawDuration !== null) {
    const n = whole(rawDuration, MIN_DURATION_S, MAX_DURATION_S);
    if (n === null)
      bad('duration', rawDuration, `expected whole seconds from ${MIN_DURATION_S} to ${MAX_DURATION_S}`);
    else durationMs = n * 1000;
  }

  // `fix=on`: a pitfall story with the defence its sources recommend (scenario/fix.ts). What follows
  // (nodes, knobs, compare) is checked against the run the fix gives, whose algorithm may differ.
  let fix = false;
  const rawFix = get('fix');
  if (rawFix !== null) {
    const v = rawFix.trim().toLowerCase();
    if (v !== 'on' && v !== 'off') bad('fix', rawFix, 'expected on or off');
    else if (v === 'on' && !scenario.fix) bad('fix', rawFix, NO_FIX);
    else fix = v === 'on';
  }
  const fixed = fix ? withFix(scenario, { [FIX_KNOB]: true }).scenario : scenario;

  const alg = algorithmFor(fixed.algorithm);
  let nodes: number | null = null;
  const rawNodes = get('nodes');
  if (rawNodes !== null) {
    nodes = whole(rawNodes, alg.minNodes, alg.maxNodes);
    if (nodes === null) bad('nodes', rawNodes, `${alg.minNodes}..${alg.maxNodes}`);
  }

  const { specs, rules } = knobsOf(fixed);
  // Each value is checked against its spec (type, range) alone; then the cross-knob rules over the
  // whole set: while one fails, the last-written knob is refused with that rule. Never clamped.
  const taken: Array<[string, ParamValue, string]> = [];
  for (const raw of q.getAll('set').map((s) => s.slice(0, MAX_VALUE))) {
    const colon = raw.indexOf(':');
    // An algorithm's own names (Patroni's loop_wait) stand for the canonical keys (loopWaitS).
    const name = canonicalKnob(colon > 0 ? raw.slice(0, colon).trim() : '', alg.knobAliases);
    if (!name) {
      bad('set', raw, 'expected <name>:<value>');
      continue;
    }
    try {
      const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
      if (!spec) throw new Error(`unknown knob "${clip(name)}" (known: ${Object.keys(specs).join(', ')})`);
      const v = parseParamValue(name, raw.slice(colon + 1).trim(), spec);
      resolveParams(specs, [], { [name]: v });
      const i = taken.findIndex(([k]) => k === name);
      if (i >= 0) taken.splice(i, 1);
      taken.push([name, v, raw]);
    } catch (e) {
      bad('set', raw, e instanceof Error ? e.message : String(e));
    }
  }
  const params: Params = {};
  for (;;) {
    const p: Params = Object.fromEntries(taken.map(([k, v]) => [k, v]));
    try {
      resolveParams(specs, rules, fixed.params, p);
      Object.assign(params, p);
      break;
    } catch (e) {
      const last = taken.pop();
      if (!last) break;
      bad('set', last[2], e instanceof Error ? e.message : String(e));
    }
  }

  const faults: TimedFault[] = [];
  for (const raw of q.getAll('fault').map((s) => s.slice(0, MAX_VALUE))) {
    const f = faultFromText(raw);
    // A fault after the run's end would never happen (the rule every input shares, sim/rules.ts).
    const past = typeof f === 'string' ? f : pastEndProblem(f.atMs, durationMs ?? fixed.durationMs);
    if (past !== null) bad('fault', raw, past);
    else faults.push(f as TimedFault);
  }

  // A schedule's draws: longer than other values (a few hundred numbers), so read whole.
  let choices: Choices | undefined;
  const rawChoices = q.get('choices');
  if (rawChoices !== null) {
    const c = choicesFromText(rawChoices);
    if (typeof c === 'string') bad('choices', rawChoices, c);
    else choices = c;
  }

  let compare: LinkView['compare'] = null;
  const rawCompare = get('compare');
  if (rawCompare !== null) {
    const colon = rawCompare.indexOf(':');
    const name = canonicalKnob(colon > 0 ? rawCompare.slice(0, colon).trim() : '', alg.knobAliases);
    try {
      if (!name) throw new Error('expected <name>:<value>');
      if (name === FIX_KNOB) {
        // compare=fix:on|off: the same story without or with its fix.
        if (!scenario.fix) throw new Error(`${scenario.id} has no fix to compare`);
        const text = rawCompare
          .slice(colon + 1)
          .trim()
          .toLowerCase();
        if (text !== 'on' && text !== 'off') throw new Error('expected fix:on or fix:off');
        compare = { name, value: text === 'on' };
      } else if (name === DRAW) {
        // compare=draw:<i>: the same schedule with its draw i at the seed's value (Branch here's other future).
        const text = rawCompare.slice(colon + 1).trim();
        const i = /^\d+$/.test(text) ? Number(text) : Number.NaN;
        if (!choices || !(i < choices.draws.length)) throw new Error(`no draw ${text} in the run's choices`);
        compare = { name, value: i };
      } else if (name === WITHOUT) {
        // compare=without:<k>: the same run without its fault k (src/sandbox/variants.ts), -1 all.
        const text = rawCompare.slice(colon + 1).trim();
        const k = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
        if (!validWithout(scenario, faults, k)) throw new Error(`no fault ${text} to leave out`);
        compare = { name, value: k };
      } else {
        if (!Object.hasOwn(alg.params, name))
          throw new Error(`not a knob of ${fixed.algorithm} (known: ${Object.keys(alg.params).join(', ')})`);
        const value = parseParamValue(name, rawCompare.slice(colon + 1).trim(), alg.params[name]);
        resolveParams(specs, [], { [name]: value });
        compare = { name, value };
      }
    } catch (e) {
      bad('compare', rawCompare, e instanceof Error ? e.message : String(e));
    }
  }

  let speed = 1;
  const rawSpeed = get('speed');
  if (rawSpeed !== null) {
    const n = rawSpeed.trim() === '' ? Number.NaN : Number(rawSpeed);
    if (Number.isFinite(n) && n >= MIN_LINK_SPEED && n <= MAX_LINK_SPEED) speed = n;
    else bad('speed', rawSpeed);
  }

  let whatIf = false;
  const rawWhatIf = get('whatif');
  if (rawWhatIf !== null) {
    if (rawWhatIf === '1') whatIf = true;
    else if (rawWhatIf !== '0') bad('whatif', rawWhatIf);
  }

  // Node ids as the hosts are named (node-1, pg-2); whether they are in the run is checked at boot.
  let inspect: string[] = [];
  const rawInspect = get('inspect');
  if (rawInspect !== null) {
    const ids = rawInspect.split(',').map((x) => x.trim());
    if (ids.length <= MAX_INSPECTED && ids.every((x) => /^[a-z][a-z0-9-]{0,39}$/.test(x))) inspect = ids;
    else bad('inspect', rawInspect);
  }

  let panel: TracePanel = 'sequence';
  const rawPanel = get('panel');
  if (rawPanel !== null) {
    if (rawPanel === 'log' || rawPanel === 'sequence') panel = rawPanel;
    else bad('panel', rawPanel);
  }

  let theme: LinkTheme | null = null;
  const rawTheme = get('theme');
  if (rawTheme !== null) {
    if (rawTheme === 'light' || rawTheme === 'dark') theme = rawTheme;
    else bad('theme', rawTheme);
  }

  let lang: string | null = null;
  const rawLang = get('lang');
  if (rawLang !== null) {
    const l = rawLang.trim().toLowerCase();
    if (ctx.locales.includes(l)) lang = l;
    else bad('lang', rawLang);
  }

  const embed = decodeEmbed(get, bad);

  return {
    embed,
    view: {
      scenario: scenario.id,
      algorithm,
      durationMs,
      compare,
      step,
      ...(stepId !== undefined ? { stepId } : {}),
      t,
      seed,
      nodes,
      // The fix travels with the knobs (the store's params), and is written back as `fix=on`.
      params: fix ? { ...params, [FIX_KNOB]: true } : params,
      faults,
      ...(choices ? { choices } : {}),
      speed,
      whatIf,
      ...(inspect.length > 0 ? { inspect } : {}),
      panel,
      theme,
      lang,
    },
    hasScenario,
    problems,
  };
}

/** A step id a link may name: the story's own step ids, or a derived moment's (`stale-write`, `failover-2`). */
function isStepId(raw: string, steps: ReadonlyArray<{ id: string }>): boolean {
  if (steps.some((s) => s.id === raw)) return true;
  const m = /^([a-z][a-z-]*?)(?:-([2-9]|[1-9]\d{1,3}))?$/.exec(raw);
  return m !== null && (DERIVED_KINDS as readonly string[]).includes(m[1] as string);
}
