/**
 * The view codec (deep links): everything that defines a view round-trips through the query string.
 * This file has the view (LinkView), its canonical query (encodeView) and the view of a player's
 * state (viewOf); decode.ts reads it back, embed.ts adds the embed options, faults.ts the faults.
 *
 *   ?lang=pt&theme=dark&scenario=fencing-token&step=4&seed=7&nodes=4&set=fencing:off&set=ttlS:20
 *    &fault=12000,crash,node-2&fault=30000,partition,node-1;node-2|node-3&speed=2&whatif=1&panel=log
 *
 * - `scenario`: a scenario id. `step`: 1-based narration step (the steps of the story as the player
 *   lists them). `t`: the cursor in virtual ms, written only when the cursor is not on a step's own
 *   moment; when a link has both, `step` wins and `t` is ignored.
 * - `seed`: a whole number 0..2^32-1. `nodes`: cluster size (checked against the algorithm).
 * - `duration=<s>`: how long the run lasts, whole virtual seconds, 1..86 400 (24 h; the soak test plays
 *   that much), any scenario; omitted for the scenario's own length.
 * - `set=<name>:<value>`, repeated, sorted by name: knob overrides, checked with the algorithm's
 *   param specs and rules (booleans are written on/off).
 * - `fault=<atMs>,<kind>,<args...>`, repeated, in the simulator's canonical order; args per kind:
 *   crash|restart|resume|rejoin <node>; pause <node>,<durationMs>; isolate <node>[,all|store];
 *   partition <group>|<group>... (members joined by `;`); heal; cut-link|restore-link <a>,<b>;
 *   delay-link <a>,<b>,<extraMs>; clock-drift <node>,<rate>. Checked with timedFaultSchema.
 * - `choices=1:<draws>`: a schedule (choices.ts): the run's draws replayed in order instead of the seed's,
 *   the story's script left out; the schedule's faults are the `fault=` entries.
 * - `algorithm=<id>` (the sandbox only: bully|heartbeat|lease|patroni; knobs are checked against it).
 * - `fix=on`: a pitfall story with its fix (scenario/fix.ts; omitted when off). In the view it is the
 *   knob `fix: true` in `params` (the store's knobs carry it), written as `fix=on`, never as `set=fix:on`;
 *   the other knobs are checked against the fixed run's algorithm. `compare=fix:on|off` compares the
 *   story without and with it.
 * - `compare=<name>:<value>`: the Compare view's second run, one of the algorithm's own knobs.
 * - `inspect=<node>[,<node>]`: the nodes whose statechart the inspector shows (at most two, side by side).
 * - `speed` (0.1..10, omitted at 1), `whatif=1` (sandbox open), `panel=log` (trace view; `sequence`
 *   is the default), `theme=light|dark` (omitted when following the system), `lang=en|pt|ru`.
 *
 * Canonical order: lang, theme (how it looks), then scenario, algorithm, fix, step|t, seed, nodes,
 * duration, set, fault, choices (the run), then compare, speed, whatif, inspect, panel (the player); defaults are left out. The parameters are always
 * written in that order, so the same view gives the same URL. Reading
 * never throws: a bad value becomes a problem naming the parameter, and the rest still loads.
 */

import { stepsOf } from '../../player/steps.ts';
import { algorithmFor } from '../../sim/algorithms/declared.ts';
import { canonicalFaults } from '../../sim/inputs.ts';
import type { Choices } from '../../sim/kernel/choices.ts';
import {
  netParams,
  netRules,
  type ParamRule,
  type ParamSpecs,
  type Params,
  type ParamValue,
} from '../../sim/params.ts';
import { FIX_KNOB } from '../../sim/scenario/fix.ts';
import type { Scenario, TimedFault } from '../../sim/scenario/schema.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import { choicesToText } from './choices.ts';
import { faultToText } from './faults.ts';

export type TracePanel = 'sequence' | 'log';
export type LinkTheme = 'light' | 'dark';

/** The view a link describes. Absent parts are null (the app's defaults). */
export interface LinkView {
  scenario: string;
  /** The sandbox's algorithm (free-play scenarios), else null. */
  algorithm: string | null;
  /** Run length in virtual ms (a whole number of seconds), null = the scenario's. */
  durationMs: number | null;
  /** Compare: the second run's one different knob, else null. */
  compare: { name: string; value: ParamValue } | null;
  /** 0-based narration step, or null. */
  step: number | null;
  /**
   * A step named by its stable id (`step=stale-write`): one of the story's own steps, or a moment the
   * trace tells (src/sim/trace/derive.ts); resolved against the run at boot.
   */
  stepId?: string;
  /** Cursor in virtual ms, when not on a step. */
  t: number | null;
  seed: number | null;
  nodes: number | null;
  params: Params;
  faults: TimedFault[];
  /** A schedule's draws (its faults are `faults`): the run replays them without the story's script. */
  choices?: Choices;
  speed: number;
  whatIf: boolean;
  /** Inspected nodes (absent or empty: none). */
  inspect?: string[];
  panel: TracePanel;
  theme: LinkTheme | null;
  lang: string | null;
}

/** The view a link without parameters opens on `scenario` (decodeView's reading of an empty query). */
export function plainView(scenario: string): LinkView {
  return {
    scenario,
    algorithm: null,
    durationMs: null,
    compare: null,
    step: null,
    t: null,
    seed: null,
    nodes: null,
    params: {},
    faults: [],
    speed: 1,
    whatIf: false,
    panel: 'sequence',
    theme: null,
    lang: null,
  };
}

export const MIN_LINK_SPEED = 0.1;
export const MAX_LINK_SPEED = 10;
/** Run length bounds of a link, in virtual seconds: 24 h is the longest (a lease cluster: ~800k events). */
export const MIN_DURATION_S = 1;
export const MAX_DURATION_S = 86_400;

/** The knobs and rules of a scenario's algorithm (network knobs included). */
export function knobsOf(scenario: Scenario): { specs: ParamSpecs; rules: ParamRule[] } {
  const alg = algorithmFor(scenario.algorithm);
  return { specs: { ...netParams, ...alg.params }, rules: [...netRules, ...alg.rules] };
}

const num = (n: number): string => String(n);

/** Knob value as link text: on/off for switches. */
function paramText(v: ParamValue): string {
  return typeof v === 'boolean' ? (v ? 'on' : 'off') : num(v);
}

/** The canonical query string (with `?`) for a view. */
export function encodeView(v: LinkView): string {
  const out: Array<[string, string]> = [];
  if (v.lang !== null) out.push(['lang', v.lang]);
  if (v.theme !== null) out.push(['theme', v.theme]);
  out.push(['scenario', v.scenario]);
  if (v.algorithm !== null) out.push(['algorithm', v.algorithm]);
  if (v.params[FIX_KNOB] === true) out.push(['fix', 'on']);
  if (v.step !== null) out.push(['step', num(v.step + 1)]);
  else if (v.stepId !== undefined) out.push(['step', v.stepId]);
  else if (v.t !== null) out.push(['t', num(v.t)]);
  if (v.seed !== null) out.push(['seed', num(v.seed)]);
  if (v.nodes !== null) out.push(['nodes', num(v.nodes)]);
  if (v.durationMs !== null) out.push(['duration', num(v.durationMs / 1000)]);
  for (const k of Object.keys(v.params).sort()) {
    if (k === FIX_KNOB) continue;
    const p = v.params[k];
    if (p !== undefined) out.push(['set', `${k}:${paramText(p)}`]);
  }
  for (const f of canonicalFaults(v.faults)) out.push(['fault', faultToText(f)]);
  if (v.choices) out.push(['choices', choicesToText(v.choices)]);
  if (v.compare !== null) out.push(['compare', `${v.compare.name}:${paramText(v.compare.value)}`]);
  if (v.speed !== 1) out.push(['speed', num(v.speed)]);
  if (v.whatIf) out.push(['whatif', '1']);
  if (v.inspect && v.inspect.length > 0) out.push(['inspect', v.inspect.join(',')]);
  if (v.panel !== 'sequence') out.push(['panel', v.panel]);
  // Readable: , : ; | stay as they are (all legal in a query); everything else is escaped.
  const enc = (s: string) => encodeURIComponent(s).replace(/%(2C|3A|3B|7C)/gi, (m) => decodeURIComponent(m));
  return `?${out.map(([k, x]) => `${k}=${enc(x)}`).join('&')}`;
}

/** What the player store holds of a view (a structural subset of PlayerState). */
export interface PlayerView {
  scenarioId: string;
  algorithm: string | undefined;
  durationMs: number | undefined;
  compare: { name: string; value: ParamValue } | null;
  seed: number | undefined;
  nodes: number | undefined;
  params: Partial<Params>;
  interventions: TimedFault[];
  choices?: Choices | undefined;
  t: number;
  stepIndex: number;
  speed: number;
  whatIf: boolean;
  inspect?: string[];
  run: { trace: Trace; scenario?: Scenario } | null;
}

/** The link view of a player's state: on a step's own moment the step, else the cursor time. */
export function viewOf(
  p: PlayerView,
  ui: { panel: TracePanel; theme: LinkTheme | null; lang: string | null },
): LinkView {
  // The numbered steps as the player counts them: the story's, then those derived after its last.
  const at = p.stepIndex >= 0 && p.run ? stepsOf(p.run)[p.stepIndex]?.atMs : undefined;
  const onStep = at !== undefined && at === p.t;
  const params: Params = {};
  for (const [k, v] of Object.entries(p.params)) if (v !== undefined) params[k] = v;
  return {
    scenario: p.scenarioId,
    algorithm: p.algorithm ?? null,
    durationMs: p.durationMs ?? null,
    compare: p.compare,
    step: onStep ? p.stepIndex : null,
    t: onStep ? null : p.t,
    seed: p.seed ?? null,
    nodes: p.nodes ?? null,
    params,
    faults: p.interventions,
    ...(p.choices ? { choices: p.choices } : {}),
    speed: p.speed,
    whatIf: p.whatIf,
    ...(p.inspect && p.inspect.length > 0 ? { inspect: p.inspect } : {}),
    panel: ui.panel,
    theme: ui.theme,
    lang: ui.lang,
  };
}
