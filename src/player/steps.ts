import { upperBound } from '../lib/search.ts';
import { declarationOf } from '../sim/algorithms/declared.ts';
import type { Fault } from '../sim/faults/table.ts';
import { withFix } from '../sim/scenario/fix.ts';
import { isFreePlay } from '../sim/scenario/sandbox.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import { type DerivedStep, deriveSteps } from '../sim/trace/derive.ts';
import { leaderIntervals } from '../sim/trace/summary.ts';
import type { Trace } from '../sim/trace/trace.ts';

/** Narration-step navigation over steps sorted by atMs. Pure; the player store calls these. */
export interface StepTimes {
  atMs: number;
  /** A run of consecutive placeholders (nav indices), told once: navigation passes it as one step. */
  span?: { first: number; last: number };
}

/** Index of the step showing at t: the last step with atMs <= t, or -1 before the first. */
export function stepAt(steps: readonly StepTimes[], t: number): number {
  return upperBound(steps.length, (i) => (steps[i] as StepTimes).atMs, t) - 1;
}

/**
 * The cursor at the start of a run: on the first step when it is at t = 0 (even if later steps
 * share that moment, so each caption is seen in turn), else before it.
 */
export function startOf(steps: readonly StepTimes[]): Cursor {
  return { t: 0, stepIndex: steps.length > 0 && (steps[0] as StepTimes).atMs <= 0 ? 0 : -1 };
}

/** First index of the steps that share step i's moment (i itself when it is alone). */
export function momentStart(steps: readonly StepTimes[], i: number): number {
  let k = i;
  while (k > 0 && steps[k - 1]?.atMs === steps[i]?.atMs) k--;
  return k;
}

export interface Cursor {
  t: number;
  stepIndex: number;
}

/**
 * Step forward: to the next step's exact moment. Steps that share a moment are visited one by one.
 * From the last step, forward goes to the end of the run; at the end it stays.
 */
export function stepForward(steps: readonly StepTimes[], cur: Cursor, durationMs: number): Cursor {
  // A span of placeholders is one step: forward from any of them goes past its last.
  const from = steps[cur.stepIndex]?.span?.last ?? cur.stepIndex;
  const next = steps[from + 1];
  if (next) return { t: Math.max(next.atMs, 0), stepIndex: from + 1 };
  return { t: durationMs, stepIndex: cur.stepIndex };
}

/**
 * Step back: to the start of the current step if playback moved past it, else to the previous
 * step's moment; before the first step, to t = 0. So forward then back returns to the same cursor
 * whenever the cursor sat on a step's moment (or at the end).
 */
export function stepBack(steps: readonly StepTimes[], cur: Cursor): Cursor {
  const here = steps[cur.stepIndex];
  if (here && cur.t > here.atMs) return { t: here.atMs, stepIndex: cur.stepIndex };
  // A span of placeholders is one step: back lands on its first, and from it goes before it.
  const before = (here?.span?.first ?? cur.stepIndex) - 1;
  const to = steps[before]?.span?.first ?? before;
  const prev = steps[to];
  if (prev) return { t: prev.atMs, stepIndex: to };
  if (here) return { t: here.atMs, stepIndex: cur.stepIndex };
  return startOf(steps);
}

/** Cursor on step i (clamped to the list). */
export function goToStep(steps: readonly StepTimes[], i: number): Cursor {
  if (steps.length === 0) return { t: 0, stepIndex: -1 };
  const k = Math.max(0, Math.min(steps.length - 1, i));
  return { t: (steps[k] as StepTimes).atMs, stepIndex: k };
}

/**
 * How many trace events the frame on this cursor shows. Steps that share a millisecond are told one
 * by one, so on such a step the world is shown up to (not including) the next step's event; any
 * other cursor shows everything up to t.
 */
export function eventLimit(
  steps: ReadonlyArray<StepTimes & { eventIndex: number }>,
  events: ReadonlyArray<{ t: number }>,
  cur: Cursor,
): number {
  const s = steps[cur.stepIndex];
  const next = steps[cur.stepIndex + 1];
  if (!s || !next || s.atMs !== cur.t || next.atMs !== cur.t) return Number.POSITIVE_INFINITY;
  if (next.eventIndex < 0 || events[next.eventIndex]?.t !== cur.t) return Number.POSITIVE_INFINITY;
  return next.eventIndex;
}

/** A step the player navigates: one of the story's resolved steps, or a caption that takes a step's number. */
export interface NavStep {
  id: string;
  atMs: number;
  eventIndex: number;
  /** Index of the story's own step (trace.steps) this is; undefined for a derived or skipped one. */
  own?: number;
  /** A caption derived from the trace (src/sim/trace/derive.ts), not one of the story's own steps. */
  derived?: DerivedStep;
  /** A step of the story that does not happen in this run, kept so the steps after it keep their numbers. */
  skipped?: true;
  /** On a skipped step: the consecutive skipped steps it is told with (nav indices). */
  span?: { first: number; last: number };
  /**
   * On a skipped step: what the trace shows instead, shared by the consecutive skipped steps of its
   * span (told once, as "Steps 5–7 … instead: …"). The views word it (src/views/story.ts).
   */
  instead?: readonly Instead[];
}

/**
 * One thing a run did where the story's skipped steps would have been, in the words the event log
 * and the derived captions already use: a derived caption's key and values, a fault (worded in the
 * reader's language by the view), or who leads at that moment (`narr.state.*`).
 */
export interface Instead {
  /** When it happened; undefined for the state at the span's moment. */
  atMs?: number;
  key: string;
  vars: Record<string, string | number>;
  fault?: Fault;
}

/**
 * The steps that Step forward / back, the step counter ("Step k of N"), goToStep and `step=` links
 * count. Scripted steps keep their numbers, so published links and embeds' start/end point at the
 * same moments whatever a knob did to the run:
 * - a story step that happened keeps its number;
 * - a story step whose anchor never happened (a knob changed the outcome) keeps its number too: the
 *   first caption derived from the trace after the step before it takes its place ("node-1 cannot get
 *   a majority" where the story had "node-1 leads the minority"). With nothing derived there, and a
 *   later step of the story still to come, the number is kept by a short "not in this run" step;
 * - a closing line told only for the other outcome (`when`) takes no number, as in the story itself;
 * - the captions derived after the story's last step follow it, numbered after it (who took over
 *   after a short TTL, the stale write accepted with fencing off).
 * Other derived captions stay notes of the step they follow.
 */
export function navSteps(trace: Trace, scenario?: Scenario): NavStep[] {
  const own: NavStep[] = trace.steps.map((s, i) => ({
    id: s.id,
    atMs: s.atMs,
    eventIndex: s.eventIndex,
    own: i,
  }));
  // Free play (the sandbox) steps between the user's faults instead (the store's stops): its
  // captions stay notes of its one intro step.
  if (scenario && isFreePlay(scenario)) return own;
  const derived = deriveSteps(trace, scenario);
  const used = new Set<string>();
  const asStep = (d: DerivedStep): NavStep => {
    used.add(d.id);
    return { id: d.id, atMs: d.atMs, eventIndex: d.eventIndex, derived: d };
  };
  const out: NavStep[] = [];
  const index = new Map(trace.steps.map((s, i) => [s.id, i]));
  // The script this run told (a pitfall's fix may bring its own): the order of trace.steps.
  const script = scenario ? withFix(scenario, trace.params).scenario.steps : [];
  let prev = -1;
  let pendingSkips: NavStep[] = [];
  for (const st of script) {
    const i = index.get(st.id);
    if (i !== undefined) {
      // A story step still to come: the skipped ones before it keep their numbers.
      out.push(...pendingSkips, own[i] as NavStep);
      pendingSkips = [];
      prev = i;
      continue;
    }
    if (st.when && index.has(st.when.step) !== st.when.told) continue;
    const d = derived.find((x) => x.after === prev && !used.has(x.id));
    if (d) {
      out.push(...pendingSkips, asStep(d));
      pendingSkips = [];
    } else
      pendingSkips.push({
        id: st.id,
        atMs: out[out.length - 1]?.atMs ?? 0,
        eventIndex: -1,
        skipped: true,
      });
  }
  // Not told from a script this page knows (an imported trace of another version): the trace's own.
  if (out.length === 0 || out.filter((x) => x.own !== undefined).length !== own.length)
    out.splice(0, out.length, ...own);
  const last = trace.steps.length - 1;
  for (const d of derived) if (d.after === last && !used.has(d.id)) out.push(asStep(d));
  if (out.some((s) => s.skipped)) tellSpans(trace, scenario, out);
  return out;
}

/**
 * Groups consecutive skipped steps into spans and fills in what the trace shows instead (issue #38:
 * a placeholder says what happened, from the trace; consecutive placeholders are told once). For each
 * span, from the step before it to the step after it: the moments the derived captions tell that no
 * numbered step tells (a takeover, a lease expiring, a refused write, a fault); the reader's own faults
 * (What-if, `fault=`) up to there not told yet; and, when no takeover falls in that interval, who leads
 * at the span's moment.
 */
function tellSpans(trace: Trace, scenario: Scenario | undefined, out: NavStep[]): void {
  const told = new Set(out.flatMap((s) => (s.eventIndex >= 0 ? [s.eventIndex] : [])));
  const moments = deriveSteps(trace, scenario, { all: true }).filter(
    (d) => !told.has(d.eventIndex) && !d.id.startsWith('outcome'),
  );
  const intervals = leaderIntervals(trace);
  // What a leader carries, as the derived captions tell it: the algorithm's token or term.
  const what = declarationOf(trace.algorithm)?.leadership.carries ?? 'token';
  const carries = (iv: (typeof intervals)[number]) =>
    what === 'term' && iv.term !== null
      ? { key: '.term', value: iv.term }
      : what === 'token' && iv.token !== null
        ? { key: '.token', value: iv.token }
        : null;
  let faultsFrom = Number.NEGATIVE_INFINITY;
  for (let first = 0; first < out.length; first++) {
    if (!out[first]?.skipped) continue;
    let last = first;
    while (out[last + 1]?.skipped) last++;
    const from = out[first - 1]?.atMs ?? 0;
    const to = out[last + 1]?.atMs ?? trace.durationMs;
    const items: Instead[] = [];
    for (const d of moments) {
      const e = trace.events[d.eventIndex];
      const readers = e?.k === 'fault' && e.source === 'intervention';
      const inside = d.atMs > from && d.atMs <= to;
      if (!inside && !(readers && d.atMs > faultsFrom && d.atMs <= to)) continue;
      items.push(
        e?.k === 'fault'
          ? { atMs: d.atMs, key: d.key, vars: d.vars, fault: e.fault }
          : { atMs: d.atMs, key: d.key, vars: d.vars },
      );
    }
    if (!items.some((i) => /^narr\.(leader|failover)/.test(i.key))) {
      const leading = intervals.filter((iv) => iv.fromMs <= from && (iv.ongoing || iv.toMs > from));
      const one = leading[0];
      if (leading.length > 1)
        items.push({ key: 'narr.state.many', vars: { nodes: leading.map((l) => l.node).join(' & ') } });
      else if (one) {
        const c = carries(one);
        items.push({
          key: `narr.state${c?.key ?? ''}`,
          vars: { node: one.node, since: (one.fromMs / 1000).toFixed(1), ...(c ? { value: c.value } : {}) },
        });
      } else items.push({ key: 'narr.state.none', vars: {} });
    }
    const span = { first, last };
    for (let k = first; k <= last; k++) out[k] = { ...(out[k] as NavStep), span, instead: items };
    faultsFrom = to;
    first = last;
  }
}

/** Nav index just after the story's last own step (where the captions derived after it start). */
export function afterOwn(steps: readonly NavStep[]): number {
  for (let i = steps.length - 1; i >= 0; i--) if (steps[i]?.own !== undefined) return i + 1;
  return 0;
}

const navMemo = new WeakMap<Trace, { scenario: Scenario | undefined; steps: readonly NavStep[] }>();

/** navSteps of a run, computed once per trace (and scenario). */
export function stepsOf(run: { trace: Trace; scenario?: Scenario | undefined }): readonly NavStep[] {
  const hit = navMemo.get(run.trace);
  if (hit && hit.scenario === run.scenario) return hit.steps;
  const steps = navSteps(run.trace, run.scenario);
  navMemo.set(run.trace, { scenario: run.scenario, steps });
  return steps;
}

/** Hands stepsOf a run's steps made elsewhere from the same trace and scenario (the engine's worker). */
export function primeSteps(trace: Trace, scenario: Scenario | undefined, steps: readonly NavStep[]): void {
  if (!navMemo.has(trace)) navMemo.set(trace, { scenario, steps });
}

/**
 * The step the narration shows at a cursor: the cursor's own. A store that navigates the story's
 * steps only (trace.steps) leaves the cursor on the last of them while playback moves past it;
 * then the step shown is the derived one the cursor has reached. With the store navigating
 * navSteps this changes nothing (its stepIndex is already that step).
 */
export function shownStep(steps: readonly StepTimes[], scripted: number, cur: Cursor): number {
  const last = steps[scripted - 1];
  if (cur.stepIndex !== scripted - 1 || steps.length <= scripted || !last || cur.t <= last.atMs)
    return cur.stepIndex;
  return Math.max(cur.stepIndex, stepAt(steps, cur.t));
}
