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
 * - `duration=<s>`: how long the run lasts, whole virtual seconds, 1..86 400 (24 h; the soak test plays
 *   that much), any scenario; omitted for the scenario's own length.
 * - `set=<name>:<value>`, repeated, sorted by name: knob overrides, checked with the algorithm's
 *   param specs and rules (booleans are written on/off).
 * - `fault=<atMs>,<kind>,<args...>`, repeated, in the simulator's canonical order; args per kind:
 *   crash|restart|resume|rejoin <node>; pause <node>,<durationMs>; isolate <node>[,all|store];
 *   partition <group>|<group>... (members joined by `;`); heal; cut-link|restore-link <a>,<b>;
 *   delay-link <a>,<b>,<extraMs>; clock-drift <node>,<rate>. Checked with timedFaultSchema.
 * - `algorithm=<id>` (the sandbox only: bully|heartbeat|lease|patroni; knobs are checked against it).
 * - `compare=<name>:<value>`: the Compare view's second run, one of the algorithm's own knobs.
 * - `speed` (0.1..10, omitted at 1), `whatif=1` (sandbox open), `panel=log` (trace view; `sequence`
 *   is the default), `theme=light|dark` (omitted when following the system), `lang=en|pt|ru`.
 *
 * Canonical order: lang, theme (how it looks), then scenario, algorithm, step|t, seed, nodes,
 * duration, set, fault (the run), then compare, speed, whatif, panel (the player); defaults are left out. The parameters are always
 * written in that order, so the same view gives the same URL. Reading
 * never throws: a bad value becomes a problem naming the parameter, and the rest still loads.
 */
import { algorithmFor } from '../sim/algorithms/registry.ts';
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
import { isFreePlay, withAlgorithm } from '../sim/scenario/sandbox.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import { canonicalFaults } from '../sim/simulate.ts';

export type LinkParam =
  | 'scenario'
  | 'algorithm'
  | 'duration'
  | 'compare'
  | 'step'
  | 't'
  | 'seed'
  | 'nodes'
  | 'set'
  | 'fault'
  | 'speed'
  | 'whatif'
  | 'panel'
  | 'theme'
  | 'lang'
  | EmbedParam;

/** Embed-mode parameters (src/embed): read here so the codec knows every name a link may carry. */
export type EmbedParam = 'embed' | 'controls' | 'autoplay' | 'loop' | 'start' | 'end' | 'origin';
export const EMBED_PARAMS: readonly EmbedParam[] = [
  'embed',
  'controls',
  'autoplay',
  'loop',
  'start',
  'end',
  'origin',
];

/** Every parameter a link may carry, in canonical order. */
export const LINK_PARAMS: readonly LinkParam[] = [
  'lang',
  'theme',
  'scenario',
  'algorithm',
  'step',
  't',
  'seed',
  'nodes',
  'duration',
  'set',
  'fault',
  'compare',
  'speed',
  'whatif',
  'panel',
  ...EMBED_PARAMS,
];

export type EmbedControls = 'minimal' | 'full' | 'none';
export const EMBED_CONTROLS: readonly EmbedControls[] = ['minimal', 'full', 'none'];

/**
 * `?embed=1` (the bare player in an iframe) and its options. `start`/`end` are 1-based narration
 * steps in the link, 0-based here (checked against the run by the embed shell); `origin` is the
 * host page's origin (scheme://host[:port]): the embed API then talks to that origin only.
 */
export interface EmbedOptions {
  embed: boolean;
  controls: EmbedControls;
  autoplay: boolean;
  loop: boolean;
  start: number | null;
  end: number | null;
  origin: string | null;
  /** `origin` was given but is not an origin: the embed API stays off rather than open to all. */
  badOrigin: boolean;
}

export const DEFAULT_EMBED: EmbedOptions = {
  embed: false,
  controls: 'minimal',
  autoplay: false,
  loop: false,
  start: null,
  end: null,
  origin: null,
  badOrigin: false,
};

/** `https://docs.example.org` as written, or null when the text is not exactly an http(s) origin. */
export function parseOrigin(raw: string): string | null {
  const s = raw.trim();
  try {
    const u = new URL(s);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin === s.replace(/\/$/, ''))
      return u.origin;
  } catch {
    // not a URL
  }
  return null;
}

/**
 * The embed query for a view: the view's own link plus the embed options (defaults left out), in
 * the order embed, controls, autoplay, loop, start, end, origin.
 */
export function encodeEmbed(v: LinkView, o: Partial<EmbedOptions>): string {
  return `${encodeView(v)}&${embedParams(o).join('&')}`;
}

/** The embed parameters of a link, defaults left out (also what the Share dialog's snippets carry). */
export function embedParams(o: Partial<EmbedOptions>): string[] {
  const out: string[] = ['embed=1'];
  if (o.controls && o.controls !== 'minimal') out.push(`controls=${o.controls}`);
  if (o.autoplay) out.push('autoplay=1');
  if (o.loop) out.push('loop=1');
  if (o.start != null) out.push(`start=${o.start + 1}`);
  if (o.end != null) out.push(`end=${o.end + 1}`);
  if (o.origin) out.push(`origin=${encodeURIComponent(o.origin)}`);
  return out;
}

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
  /** The sandbox's algorithm (free-play scenarios), else null. */
  algorithm: string | null;
  /** Run length in virtual ms (a whole number of seconds), null = the scenario's. */
  durationMs: number | null;
  /** Compare: the second run's one different knob, else null. */
  compare: { name: string; value: ParamValue } | null;
  /** 0-based narration step, or null. */
  step: number | null;
  /** Cursor in virtual ms, when not on a step. */
  t: number | null;
  seed: number | null;
  nodes: number | null;
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
/** Run length bounds of a link, in virtual seconds: 24 h is the longest (a lease cluster: ~800k events). */
export const MIN_DURATION_S = 1;
export const MAX_DURATION_S = 86_400;
/** Longest value read for one parameter (a fault is a few dozen characters). */
const MAX_VALUE = 2000;

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

export const FAULT_KINDS: readonly string[] = Object.keys(SHAPES);

const HOST_ID = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * The rules of `timedFaultSchema` (sim/scenario/schema.ts) for a fault read from a link, without zod:
 * the link is read at boot and zod stays out of the first view (it loads with trace import).
 * deepLink.faults.test.ts checks that both accept and refuse the same faults. Null when valid, else
 * `path: rule`.
 */
export function faultProblem(f: Record<string, unknown>): string | null {
  const host = (key: string): string | null =>
    typeof f[key] === 'string' && HOST_ID.test(f[key] as string)
      ? null
      : `${key}: a host id like "node-3" or "pg-1"`;
  const whole = (key: string, min: number): string | null => {
    const v = f[key];
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= min
      ? null
      : `${key}: a whole number of ms, at least ${min}`;
  };
  switch (f.kind) {
    case 'pause':
      return host('node') ?? whole('durationMs', 1);
    case 'isolate':
      return (
        host('node') ??
        (f.from === undefined || f.from === 'all' || f.from === 'store' ? null : 'from: all or store')
      );
    case 'partition': {
      const groups = f.groups as string[][];
      if (groups.length < 2) return 'groups: at least two groups';
      for (const [i, g] of groups.entries())
        for (const [j, id] of g.entries())
          if (!HOST_ID.test(id)) return `groups.${i}.${j}: a host id like "node-3" or "pg-1"`;
      return null;
    }
    case 'heal':
      return null;
    case 'cut-link':
    case 'restore-link':
      return host('a') ?? host('b');
    case 'delay-link':
      return host('a') ?? host('b') ?? whole('extraMs', 0);
    case 'clock-drift': {
      const rate = f.rate;
      return (
        host('node') ??
        (typeof rate === 'number' && rate >= 0.01 && rate <= 100 ? null : 'rate: a number from 0.01 to 100')
      );
    }
    default:
      return host('node');
  }
}

/** Reads `<atMs>,<kind>,<args>`; a string reason when it is not a valid intervention. */
export function faultFromText(raw: string): TimedFault | string {
  const shaped = faultShapeFromText(raw);
  if (typeof shaped === 'string') return shaped;
  return faultProblem(shaped.fault) ?? (shaped as TimedFault);
}

/** The text's shape (time, kind, argument count) as an unchecked fault object, or why it has none. */
export function faultShapeFromText(raw: string): { atMs: number; fault: Record<string, unknown> } | string {
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
  return { atMs: Number(atRaw), fault };
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
  if (v.algorithm !== null) out.push(['algorithm', v.algorithm]);
  if (v.step !== null) out.push(['step', num(v.step + 1)]);
  else if (v.t !== null) out.push(['t', num(v.t)]);
  if (v.seed !== null) out.push(['seed', num(v.seed)]);
  if (v.nodes !== null) out.push(['nodes', num(v.nodes)]);
  if (v.durationMs !== null) out.push(['duration', num(v.durationMs / 1000)]);
  for (const k of Object.keys(v.params).sort()) {
    const p = v.params[k];
    if (p !== undefined) out.push(['set', `${k}:${paramText(p)}`]);
  }
  for (const f of canonicalFaults(v.faults)) out.push(['fault', faultToText(f)]);
  if (v.compare !== null) out.push(['compare', `${v.compare.name}:${paramText(v.compare.value)}`]);
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

  const alg = algorithmFor(scenario.algorithm);
  let nodes: number | null = null;
  const rawNodes = get('nodes');
  if (rawNodes !== null) {
    nodes = whole(rawNodes, alg.minNodes, alg.maxNodes);
    if (nodes === null) bad('nodes', rawNodes, `${alg.minNodes}..${alg.maxNodes}`);
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

  let compare: LinkView['compare'] = null;
  const rawCompare = get('compare');
  if (rawCompare !== null) {
    const colon = rawCompare.indexOf(':');
    const name = colon > 0 ? rawCompare.slice(0, colon).trim() : '';
    try {
      if (!name) throw new Error('expected <name>:<value>');
      if (!Object.hasOwn(alg.params, name))
        throw new Error(`not a knob of ${scenario.algorithm} (known: ${Object.keys(alg.params).join(', ')})`);
      const value = parseParamValue(name, rawCompare.slice(colon + 1).trim(), alg.params[name]);
      resolveParams(specs, [], { [name]: value });
      compare = { name, value };
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
      t,
      seed,
      nodes,
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

/** The embed parameters (see EmbedOptions); bad values are problems and fall back to the defaults. */
function decodeEmbed(
  get: (k: LinkParam) => string | null,
  bad: (p: string, v: string) => void,
): EmbedOptions {
  const o: EmbedOptions = { ...DEFAULT_EMBED };
  const flag = (k: 'embed' | 'autoplay' | 'loop'): boolean => {
    const raw = get(k);
    if (raw === null || raw === '0') return false;
    if (raw === '1' || raw === '') return true;
    bad(k, raw);
    return false;
  };
  o.embed = flag('embed');
  o.autoplay = flag('autoplay');
  o.loop = flag('loop');
  const rawControls = get('controls');
  if (rawControls !== null) {
    const c = rawControls.trim().toLowerCase();
    if ((EMBED_CONTROLS as readonly string[]).includes(c)) o.controls = c as EmbedControls;
    else bad('controls', rawControls);
  }
  for (const k of ['start', 'end'] as const) {
    const raw = get(k);
    if (raw === null) continue;
    const s = raw.trim();
    const n = /^\d+$/.test(s) ? Number(s) : Number.NaN;
    if (Number.isSafeInteger(n) && n >= 1) o[k] = n - 1;
    else bad(k, raw);
  }
  if (o.start !== null && o.end !== null && o.end < o.start) {
    bad('end', String(o.end + 1));
    o.end = null;
  }
  const rawOrigin = get('origin');
  if (rawOrigin !== null) {
    o.origin = parseOrigin(rawOrigin);
    if (o.origin === null) {
      o.badOrigin = true;
      bad('origin', rawOrigin);
    }
  }
  return o;
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
  algorithm: string | undefined;
  durationMs: number | undefined;
  compare: { name: string; value: ParamValue } | null;
  seed: number | undefined;
  nodes: number | undefined;
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
    algorithm: p.algorithm ?? null,
    durationMs: p.durationMs ?? null,
    compare: p.compare,
    step: onStep ? p.stepIndex : null,
    t: onStep ? null : p.t,
    seed: p.seed ?? null,
    nodes: p.nodes ?? null,
    params,
    faults: p.interventions,
    speed: p.speed,
    whatIf: p.whatIf,
    panel: ui.panel,
    theme: ui.theme,
    lang: ui.lang,
  };
}
