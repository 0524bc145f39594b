/**
 * Deep links: everything that defines a view round-trips through the query string.
 *
 *   ?lang=pt&theme=dark&scenario=fencing-token&step=4&seed=7&nodes=4&set=fencing:off&set=ttlS:20
 *    &fault=12000,crash,node-2&fault=30000,partition,node-1;node-2|node-3&speed=2&whatif=1&panel=log
 *
 * - `scenario`: a scenario id. `step`: 1-based narration step (the steps of the story as the player
 *   lists them). `t`: the cursor in virtual ms, written only when the cursor is not on a step's own
 *   moment; when a link has both, `step` wins and `t` is ignored.
 * - `seed`: a whole number 0..2^32-1. `nodes`: cluster size (checked against the algorithm).
 * - `duration`: how long the run lasts, whole virtual ms, 1000..86 400 000 (24 h; the soak test plays
 *   that much), omitted for the scenario's own length.
 * - `set=<name>:<value>`, repeated, sorted by name: knob overrides, checked with the algorithm's
 *   param specs and rules (booleans are written on/off).
 * - `fault=<atMs>,<kind>,<args...>`, repeated, in the simulator's canonical order; args per kind:
 *   crash|restart|resume|rejoin <node>; pause <node>,<durationMs>; isolate <node>[,all|store];
 *   partition <group>|<group>... (members joined by `;`); heal; cut-link|restore-link <a>,<b>;
 *   delay-link <a>,<b>,<extraMs>; clock-drift <node>,<rate>. Checked with timedFaultSchema.
 * - `speed` (0.1..10, omitted at 1), `whatif=1` (sandbox open), `panel=log` (trace view; `sequence`
 *   is the default), `theme=light|dark` (omitted when following the system), `lang=en|pt|ru`.
 *
 * Canonical order: lang, theme (how it looks), then scenario, step|t, seed, nodes, duration, set, fault (the
 * run), then speed, whatif, panel (the player); defaults are left out. The parameters are always
 * written in that order, so the same view gives the same URL. Reading
 * never throws: a bad value becomes a problem naming the parameter, and the rest still loads.
 */
import { algorithmFor } from '../sim/nodes/registry.ts';
import {
  netParams,
  netRules,
  type ParamRule,
  type ParamSpecs,
  type Params,
  type ParamValue,
  parseParamValue,
  resolveParams,
} from '../sim/params.ts';
import { faultSchema, type Scenario, type TimedFault, timedFaultSchema } from '../sim/scenario/schema.ts';
import { canonicalFaults } from '../sim/simulate.ts';

export type LinkParam =
  | 'scenario'
  | 'step'
  | 't'
  | 'seed'
  | 'nodes'
  | 'duration'
  | 'set'
  | 'fault'
  | 'speed'
  | 'whatif'
  | 'panel'
  | 'theme'
  | 'lang';

/** Every parameter a link may carry, in canonical order. */
export const LINK_PARAMS: readonly LinkParam[] = [
  'lang',
  'theme',
  'scenario',
  'step',
  't',
  'seed',
  'nodes',
  'duration',
  'set',
  'fault',
  'speed',
  'whatif',
  'panel',
];

export interface LinkProblem {
  /** The parameter's name as written in the link (an unknown one too). */
  param: string;
  value: string;
  /** Unknown parameter name (not a bad value). */
  unknown?: boolean;
  /** Technical detail: the knob rule or the fault shape that was refused. */
  reason?: string;
}

export type TracePanel = 'sequence' | 'log';
export type LinkTheme = 'light' | 'dark';

/** The view a link describes. Absent parts are null (the app's defaults). */
export interface LinkView {
  scenario: string;
  /** 0-based narration step, or null. */
  step: number | null;
  /** Cursor in virtual ms, when not on a step. */
  t: number | null;
  seed: number | null;
  nodes: number | null;
  /** Run length in virtual ms, null = the scenario's. */
  duration: number | null;
  params: Params;
  faults: TimedFault[];
  speed: number;
  whatIf: boolean;
  panel: TracePanel;
  theme: LinkTheme | null;
  lang: string | null;
}

export const MIN_LINK_SPEED = 0.1;
export const MAX_LINK_SPEED = 10;
const MAX_SEED = 2 ** 32 - 1;
export const MIN_LINK_DURATION = 1000;
/** 24 h of virtual time: the longest run a link may ask for (about 800k events for a lease cluster). */
export const MAX_LINK_DURATION = 86_400_000;
/** Longest value read for one parameter (a fault is a few dozen characters). */
const MAX_VALUE = 2000;

export const FAULT_KINDS: readonly string[] = faultSchema.options.map((o) => o.shape.kind.value);

/** The knobs and rules of a scenario's algorithm (network knobs included). */
export function knobsOf(scenario: Scenario): { specs: ParamSpecs; rules: ParamRule[] } {
  const alg = algorithmFor(scenario.algorithm);
  return { specs: { ...netParams, ...alg.params }, rules: [...netRules, ...alg.rules] };
}

const num = (n: number): string => String(n);

/** `12000,crash,node-2`: one intervention as link text. */
export function faultToText(tf: TimedFault): string {
  const f = tf.fault;
  const args: Array<string | number> = [];
  switch (f.kind) {
    case 'crash':
    case 'restart':
    case 'resume':
    case 'rejoin':
      args.push(f.node);
      break;
    case 'pause':
      args.push(f.node, num(f.durationMs));
      break;
    case 'isolate':
      args.push(f.node);
      if (f.from !== undefined) args.push(f.from);
      break;
    case 'partition':
      args.push(f.groups.map((g) => g.join(';')).join('|'));
      break;
    case 'heal':
      break;
    case 'cut-link':
    case 'restore-link':
      args.push(f.a, f.b);
      break;
    case 'delay-link':
      args.push(f.a, f.b, num(f.extraMs));
      break;
    case 'clock-drift':
      args.push(f.node, num(f.rate));
      break;
  }
  return [num(tf.atMs), f.kind, ...args].join(',');
}

const SHAPES: Record<string, string> = {
  crash: '<node>',
  restart: '<node>',
  resume: '<node>',
  rejoin: '<node>',
  pause: '<node>,<durationMs>',
  isolate: '<node>[,all|store]',
  partition: '<node;node>|<node>...',
  heal: '',
  'cut-link': '<a>,<b>',
  'restore-link': '<a>,<b>',
  'delay-link': '<a>,<b>,<extraMs>',
  'clock-drift': '<node>,<rate>',
};

/** Reads `<atMs>,<kind>,<args>`; a string reason when it is not a valid intervention. */
export function faultFromText(raw: string): TimedFault | string {
  const parts = raw.trim().split(',');
  const [atRaw = '', kind = '', ...args] = parts;
  if (!/^\d+$/.test(atRaw) || !Number.isSafeInteger(Number(atRaw)))
    return `the time must be a whole number of ms, got "${atRaw.slice(0, 20)}"`;
  const shape = SHAPES[kind];
  if (shape === undefined) return `unknown kind "${kind.slice(0, 20)}"`;
  const want = shape === '' ? 0 : shape.split(',').length;
  const optional = kind === 'isolate' ? 1 : 0;
  if (args.length > want || args.length < want - optional)
    return `${kind} expects <ms>,${kind}${shape ? `,${shape}` : ''}`;
  const n = (s: string | undefined) => (s !== undefined && s.trim() !== '' ? Number(s) : Number.NaN);
  let fault: Record<string, unknown>;
  switch (kind) {
    case 'pause':
      fault = { kind, node: args[0], durationMs: n(args[1]) };
      break;
    case 'isolate':
      fault = args[1] === undefined ? { kind, node: args[0] } : { kind, node: args[0], from: args[1] };
      break;
    case 'partition':
      fault = { kind, groups: (args[0] ?? '').split('|').map((g) => g.split(';')) };
      break;
    case 'heal':
      fault = { kind };
      break;
    case 'cut-link':
    case 'restore-link':
      fault = { kind, a: args[0], b: args[1] };
      break;
    case 'delay-link':
      fault = { kind, a: args[0], b: args[1], extraMs: n(args[2]) };
      break;
    case 'clock-drift':
      fault = { kind, node: args[0], rate: n(args[1]) };
      break;
    default:
      fault = { kind, node: args[0] };
  }
  const r = timedFaultSchema.safeParse({ atMs: Number(atRaw), fault });
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = (issue?.path ?? []).filter((p) => p !== 'fault').join('.');
  return `${path || kind}: ${(issue?.message ?? 'invalid').replace(/\s+/g, ' ')}`;
}

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
  if (v.step !== null) out.push(['step', num(v.step + 1)]);
  else if (v.t !== null) out.push(['t', num(v.t)]);
  if (v.seed !== null) out.push(['seed', num(v.seed)]);
  if (v.nodes !== null) out.push(['nodes', num(v.nodes)]);
  if (v.duration !== null) out.push(['duration', num(v.duration)]);
  for (const k of Object.keys(v.params).sort()) {
    const p = v.params[k];
    if (p !== undefined) out.push(['set', `${k}:${paramText(p)}`]);
  }
  for (const f of canonicalFaults(v.faults)) out.push(['fault', faultToText(f)]);
  if (v.speed !== 1) out.push(['speed', num(v.speed)]);
  if (v.whatIf) out.push(['whatif', '1']);
  if (v.panel !== 'sequence') out.push(['panel', v.panel]);
  // Readable: , : ; | stay as they are (all legal in a query); everything else is escaped.
  const enc = (s: string) => encodeURIComponent(s).replace(/%(2C|3A|3B|7C)/gi, (m) => decodeURIComponent(m));
  return `?${out.map(([k, x]) => `${k}=${enc(x)}`).join('&')}`;
}

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
  const rawStep = get('step');
  if (rawStep !== null) {
    const n = whole(rawStep, 1, Number.MAX_SAFE_INTEGER);
    if (n === null) bad('step', rawStep);
    else step = n - 1;
  }

  let t: number | null = null;
  const rawT = get('t');
  if (rawT !== null && step === null) {
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

  const alg = algorithmFor(scenario.algorithm);
  let nodes: number | null = null;
  const rawNodes = get('nodes');
  if (rawNodes !== null) {
    nodes = whole(rawNodes, alg.minNodes, alg.maxNodes);
    if (nodes === null) bad('nodes', rawNodes, `${alg.minNodes}..${alg.maxNodes}`);
  }

  let duration: number | null = null;
  const rawDuration = get('duration');
  if (rawDuration !== null) {
    duration = whole(rawDuration, MIN_LINK_DURATION, MAX_LINK_DURATION);
    if (duration === null) bad('duration', rawDuration, `${MIN_LINK_DURATION}..${MAX_LINK_DURATION}`);
  }

  const { specs, rules } = knobsOf(scenario);
  // Each value is checked against its spec (type, range) alone; then the cross-knob rules over the
  // whole set: while one fails, the last-written knob is refused with that rule. Never clamped.
  const taken: Array<[string, ParamValue, string]> = [];
  for (const raw of q.getAll('set').map((s) => s.slice(0, MAX_VALUE))) {
    const colon = raw.indexOf(':');
    const name = colon > 0 ? raw.slice(0, colon).trim() : '';
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
      resolveParams(specs, rules, scenario.params, p);
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
    if (typeof f === 'string') bad('fault', raw, f);
    else faults.push(f);
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

  return {
    view: {
      scenario: scenario.id,
      step,
      t,
      seed,
      nodes,
      duration,
      params,
      faults,
      speed,
      whatIf,
      panel,
      theme,
      lang,
    },
    hasScenario,
    problems,
  };
}

/** Interventions naming a host the run does not have: refused with a problem each. */
export function checkFaultHosts(
  faults: readonly TimedFault[],
  hosts: readonly string[],
): { faults: TimedFault[]; problems: LinkProblem[] } {
  const ok: TimedFault[] = [];
  const problems: LinkProblem[] = [];
  for (const tf of faults) {
    const f = tf.fault;
    const named =
      f.kind === 'partition' ? f.groups.flat() : f.kind === 'heal' ? [] : 'node' in f ? [f.node] : [f.a, f.b];
    const missing = named.find((h) => !hosts.includes(h));
    if (missing === undefined) ok.push(tf);
    else
      problems.push({
        param: 'fault',
        value: faultToText(tf),
        reason: `no host "${missing}" (hosts: ${hosts.join(', ')})`,
      });
  }
  return { faults: ok, problems };
}

/** A 1-based step number from the link, checked against the run's step count; returns 0-based. */
export function readStepParam(
  raw: string | null,
  count: number,
): { step: number | undefined; problem: LinkProblem | null } {
  if (raw === null) return { step: undefined, problem: null };
  const s = raw.trim();
  const n = /^\d+$/.test(s) ? Number(s) : Number.NaN;
  if (Number.isInteger(n) && n >= 1 && n <= count) return { step: n - 1, problem: null };
  return { step: undefined, problem: { param: 'step', value: raw } };
}

export interface ScenarioParam {
  scenarioId: string | undefined;
  problem: LinkProblem | null;
  rawStep: string | null;
}

/** The `scenario` parameter alone (kept for callers that only need it). */
export function readScenarioParam(search: string, ids: readonly string[]): ScenarioParam {
  const q = new URLSearchParams(search);
  const raw = q.get('scenario');
  const rawStep = q.get('step');
  if (raw === null) return { scenarioId: undefined, problem: null, rawStep };
  const id = raw.trim().toLowerCase();
  if (ids.includes(id)) return { scenarioId: id, problem: null, rawStep };
  return { scenarioId: undefined, problem: { param: 'scenario', value: raw }, rawStep };
}

/** The same URL with `scenario` and `step` (1-based) set; other parameters and the hash kept. */
export function writeDeepLink(href: string, scenarioId: string, step: number | null): string {
  const url = new URL(href);
  url.searchParams.set('scenario', scenarioId);
  if (step === null) url.searchParams.delete('step');
  else url.searchParams.set('step', String(step));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What the player store holds of a view (a structural subset of PlayerState). */
export interface PlayerView {
  scenarioId: string;
  seed: number | undefined;
  nodes: number | undefined;
  durationMs: number | undefined;
  params: Partial<Params>;
  interventions: TimedFault[];
  t: number;
  stepIndex: number;
  speed: number;
  whatIf: boolean;
  run: { trace: { steps: ReadonlyArray<{ atMs: number }> } } | null;
}

/** The link view of a player's state: on a step's own moment the step, else the cursor time. */
export function viewOf(
  p: PlayerView,
  ui: { panel: TracePanel; theme: LinkTheme | null; lang: string | null },
): LinkView {
  const at = p.stepIndex >= 0 ? p.run?.trace.steps[p.stepIndex]?.atMs : undefined;
  const onStep = at !== undefined && at === p.t;
  const params: Params = {};
  for (const [k, v] of Object.entries(p.params)) if (v !== undefined) params[k] = v;
  return {
    scenario: p.scenarioId,
    step: onStep ? p.stepIndex : null,
    t: onStep ? null : p.t,
    seed: p.seed ?? null,
    nodes: p.nodes ?? null,
    duration: p.durationMs ?? null,
    params,
    faults: p.interventions,
    speed: p.speed,
    whatIf: p.whatIf,
    panel: ui.panel,
    theme: ui.theme,
    lang: ui.lang,
  };
}
