/**
 * The change being simulated: a new run is simulated through the engine while the run on screen
 * stays, shown once it reaches the minute after the cursor, then filled in behind (`pending`). One
 * change at a time: a newer one cancels it, `whenSettled` waits for it, and inputs that cannot be
 * simulated are refused (`rejected`), the run and inputs before them kept.
 */
import type { StoreApi } from 'zustand/vanilla';
import { adoptMetrics } from '../../sim/metrics/metrics.ts';
import { deriveSteps, primeDerivedSteps } from '../../sim/trace/derive.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import { TraceIndex } from '../../sim/trace/frame.ts';
import { applyDigest, emptyDigest } from '../../sim/trace/messageDigest.ts';
import { type Trace, traceOf } from '../../sim/trace/trace.ts';
import type { RunUpdate, SimEngine } from '../engine/client.ts';
import { macrotask } from '../engine/yield.ts';
import type { PaceModel } from '../pace.ts';
import * as nav from '../steps.ts';
import type { Runs } from './runs.ts';
import { type PlayerState, type Run, type RunInput, shownScenario } from './types.ts';

/** The new run is shown once it is simulated this far past the cursor: the minute the user looks at. */
const FIRST_MS = 60_000;

/** Pace for a run still being simulated: the chosen speed throughout (no slow motion, no fast-forward). */
function flatPace(durationMs: number, timeScale: number): PaceModel {
  return {
    busy: { starts: [0], ends: [durationMs], durationMs },
    focus: { at: [], pre: 0, post: 0, ramp: 1, flightMs: 1 },
    timeScale,
  };
}

type Set = StoreApi<PlayerState>['setState'];
type Get = StoreApi<PlayerState>['getState'];

/** What a change asks for: the state it makes, with the scenario and every run input named. */
export type Change = Partial<PlayerState> & Pick<PlayerState, 'scenarioId' | 'algorithm'> & RunInput;

export type Flight = ReturnType<typeof createFlight>;

export function createFlight(set: Set, get: Get, runs: Runs, engine: SimEngine) {
  /**
   * Where the engine answers later (a worker, the page's slices), a piece's state is set in a task
   * after the one that read it: React renders a store change in the task that made it, and a 24 h
   * run's piece read (parsed, its digest and index grown) and drawn in one task held the page for
   * over 50 ms (issue #40). A MessageChannel task, not setTimeout, which browsers clamp when nested.
   * In order, one queue: a piece's progress never lands before the piece shown before it.
   */
  const later = engine.where === 'sync' ? (fn: () => void) => fn() : macrotask();
  /** The change being simulated: the state it will make (`patch`), and its cancel. */
  let job: { patch: Partial<PlayerState>; cancel: () => void; before: PlayerState | null } | null = null;
  const waiting: Array<() => void> = [];
  const settle = () => {
    job = null;
    if (get().pending) set({ pending: null });
    for (const fn of waiting.splice(0)) fn();
  };
  /** A change that cannot be made: the run on screen stays and `rejected` says why (no run: `error`). */
  const refuse = (error: string) => {
    if (get().run) set({ rejected: error });
    else set({ run: null, error });
  };

  const clampTo = (run: Run) => {
    const t = Math.min(get().t, run.until);
    return { t, stepIndex: nav.stepAt(nav.stepsOf(run), t), until: run.until };
  };

  /**
   * Simulates the state `patch` asks for, through the engine, while the run on screen stays. The
   * new run is shown once it reaches the minute after the cursor (all of it, for a story); a long
   * one then fills in behind (`pending` says how far). `shown(run)` is the state it makes then;
   * inputs that cannot be simulated are refused: the previous run and inputs stay, `rejected` says
   * why (never clamped).
   */
  const launch = (patch: Change, shown: (run: Run) => Partial<PlayerState>): void => {
    const superseded = job;
    job?.cancel();
    job = null;
    const spec = runs.jobFor(patch.scenarioId, patch.algorithm, patch);
    if ('error' in spec) {
      refuse(spec.error);
      settle();
      return;
    }
    const hit = runs.cached(spec.key);
    if (hit) {
      set({ ...patch, ...shown(hit), until: hit.until });
      settle();
      return;
    }
    const s = get();
    const cur = s.run;
    const cursor = s.t;
    const durationMs = spec.opts.durationMs ?? spec.scenario.durationMs;
    const firstUntil = Math.min(durationMs, cursor + FIRST_MS);
    const base =
      cur?.complete && cur.key && !s.imported ? { key: cur.key, events: cur.trace.events.length } : undefined;
    let trace: Trace | null = null;
    let index: TraceIndex | null = null;
    /** Events of the run on screen that the new run keeps: its past, up to the cursor. */
    let kept = 0;
    let on = false;
    /** The progress a queued draw will set: later pieces before it runs update it in place. */
    let moved: { until: number | undefined; progress: { through: number; durationMs: number } } | null = null;
    const me = { patch, cancel: () => {}, before: superseded?.before ?? null };
    job = me;
    const listener = (u: RunUpdate) => {
      if (job !== me) return;
      if (u.kind === 'error') {
        if (on && me.before) set(me.before);
        refuse(u.message);
        settle();
        return;
      }
      if (!trace || !index) {
        const keep = u.keep !== undefined && cur ? u.keep : 0;
        kept = keep;
        const events: TraceEvent[] = keep > 0 && cur ? cur.trace.events.slice(0, keep) : [];
        const head = u.head ?? u.done?.trace;
        if (!head) throw new Error('the engine sent events without the run they belong to');
        // Steps before the cursor are the old run's: its past is this run's past.
        const steps = keep > 0 && cur ? cur.trace.steps.filter((st) => st.atMs < cursor) : [];
        const first: Trace = traceOf(head, events, steps);
        trace = first;
        index = keep > 0 && cur ? cur.index.continuedAs(first, keep) : new TraceIndex(first);
        if (u.digest) index.digest = emptyDigest();
      }
      // Shared by the index's reissued copy: the digest grows with the run, as its messages do.
      if (u.digest && index.digest) applyDigest(index.digest, u.digest);
      const events = trace.events;
      for (const e of u.events) events.push(e);
      const now: Trace = u.done ? traceOf(u.done.trace, events, u.done.trace.steps) : { ...trace };
      trace = now;
      // The engine's metrics of the whole run: the metrics panel and the story's steps read them.
      if (u.done?.metrics) adoptMetrics(now, u.done.metrics);
      // Its metrics so far, with the piece shown first: the panel reads them without a pass over them.
      else if (u.metrics) adoptMetrics(now, u.metrics);
      index.follow(now);
      // Views memoize what they derive from the whole run on its index: while a run streams in they
      // keep the part first shown, and a complete run is a new index (on the same data).
      if (u.done && on) index = index.reissued();
      const complete = u.done !== undefined;
      // Before the minute after the cursor, and between pieces once the run is on screen, only the
      // progress moves: views derive from a run object once, not per piece.
      if (!complete && (on || u.through < firstUntil)) {
        const progress = { through: u.through, durationMs };
        const until = on ? u.through : undefined;
        // Pieces that come in a burst move the progress once: a piece is a few thousand events
        // (engine/core.ts PIECE_EVENTS), and a render per piece doubled a 24 h run's time on the page.
        if (moved) {
          moved.until = until;
          moved.progress = progress;
          return;
        }
        const box = { until, progress };
        moved = box;
        draw(() => {
          if (moved === box) moved = null;
          set(
            box.until !== undefined ? { until: box.until, pending: box.progress } : { pending: box.progress },
          );
        });
        return;
      }
      // A queued progress draws what it holds, before this; the next piece's starts another.
      moved = null;
      // The narration the engine derived with the run: the views make no pass over it on landing.
      const told = u.done?.told;
      if (told) {
        primeDerivedSteps(now, spec.scenario, false, told.derived);
        nav.primeSteps(now, spec.scenario, told.nav);
        if (told.fixed)
          primeDerivedSteps(now, shownScenario({ scenario: spec.scenario, trace: now }), false, told.fixed);
      }
      const run: Run = {
        scenario: spec.scenario,
        trace: now,
        index,
        pace: u.done ? u.done.pace : flatPace(durationMs, spec.scenario.timeScale),
        until: complete ? durationMs : u.through,
        complete,
        key: spec.key,
      };
      if (complete) runs.remember(run);
      else if (!on && kept > 0 && cur) borrowPast(cur, run, cursor);
      const wasOn = on;
      on = true;
      draw(() => {
        if (!wasOn) me.before = me.before ?? get();
        const next = wasOn ? { run, ...clampTo(run) } : { ...patch, ...shown(run) };
        set({ ...next, until: run.until, pending: complete ? null : { through: u.through, durationMs } });
        if (complete) settle();
      });
    };
    /** Sets what a piece makes, in the next task (later), unless a newer change took over meanwhile. */
    const draw = (fn: () => void) =>
      later(() => {
        if (job === me) fn();
      });
    const cancel = engine.run(
      {
        scenario: spec.scenario,
        opts: spec.opts,
        key: spec.key,
        stem: spec.stem,
        ...(base ? { base } : {}),
        firstUntil,
      },
      listener,
    );
    me.cancel = cancel;
    if (job === me && !on) set({ pending: { through: get().pending?.through ?? 0, durationMs } });
  };

  /**
   * A run continued from the cursor (a fault there) is shown before it is complete; its own
   * narration comes with it complete, derived by the engine. Until then it is told by the steps of
   * the run on screen before the cursor: the same events (its first `kept`), and no pass over the
   * half million of them a 24 h run has (issue #40: 40 ms of the task that showed it). After the
   * cursor it tells nothing yet.
   */
  const borrowPast = (cur: Run, run: Run, cursor: number) => {
    if (cur.scenario !== run.scenario) return;
    const before = <T extends { atMs: number }>(xs: readonly T[]) => xs.filter((x) => x.atMs < cursor);
    nav.primeSteps(run.trace, run.scenario, before(nav.stepsOf(cur)));
    // The stage's captions, for the scenario as shown (with its fix, if the run has it on: the same
    // knobs as the run on screen's, as only the faults after the cursor differ).
    const shownThen = shownScenario(cur);
    const steps = before(deriveSteps(cur.trace, shownThen));
    primeDerivedSteps(run.trace, shownScenario(run), false, steps);
  };

  return {
    launch,
    refuse,
    /** A new run of the same story on screen, the cursor kept where it can be. */
    landed: (run: Run) => ({
      run,
      error: null,
      rejected: null,
      imported: false,
      ...clampTo(run),
      pace: 1,
    }),
    /** The inputs as they will be once the change under way lands: a second change builds on it. */
    effective: (): PlayerState => ({ ...get(), ...(job?.patch ?? {}) }),
    /** The state the change under way adds to what is on screen (none: empty). */
    pendingPatch: (): Partial<PlayerState> => job?.patch ?? {},

    /**
     * A change naming a scenario the list does not have yet: the rest of the catalogue is fetched
     * first, and `then` makes the change. Meanwhile it is the change under way (a newer one cancels
     * it, `whenSettled` waits for it); a failed fetch is refused as any change is.
     */
    fetchMore(more: () => Promise<unknown>, then: () => void) {
      const superseded = job;
      job?.cancel();
      const me = { patch: {}, cancel: () => {}, before: superseded?.before ?? null };
      job = me;
      more().then(
        () => {
          if (job !== me) return;
          job = null;
          then();
        },
        (e: unknown) => {
          if (job !== me) return;
          refuse(e instanceof Error ? e.message : String(e));
          settle();
        },
      );
    },
    /** Stops the change under way: the run and inputs before it stay. */
    cancelPending() {
      const j = job;
      if (!j) return;
      j.cancel();
      job = null;
      // A long run already on screen in part goes back to the run before it.
      if (j.before && get().run !== j.before.run) set({ ...j.before, playing: false });
      settle();
    },
    /** Whatever is being simulated gives way (an imported trace), and the waiters are told once set. */
    drop() {
      job?.cancel();
      job = null;
    },
    settle,
    whenSettled(fn: () => void) {
      if (job) waiting.push(fn);
      else fn();
    },
  };
}
