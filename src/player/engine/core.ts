/**
 * The simulation engine: runs the page's simulations a slice at a time, wherever it lives. In a Web
 * Worker (sim.worker.ts) its slices are long and the page never waits; on the page itself (where no
 * worker may start: a page whose Content-Security-Policy forbids it) each slice stays short and
 * yields, so no task blocks input for long. It knows nothing of React or the store.
 *
 * Checkpoints. A fault at the cursor changes a run only from the cursor on. The engine keeps a
 * second copy of the run on screen, paused just before the cursor (the page tells it where the
 * cursor rests: hint). A fault there continues that copy (Simulation.retarget): the past is not
 * simulated again, and the page keeps the events it already has. The copy is a live simulation, not
 * a serialized one: XState's persisted snapshots drop pending delayed transitions (statelyai/xstate
 * #5331), and a live copy keeps every timer, message in flight and random stream exactly.
 */

import { adoptMetrics, MetricsBuilder, type MetricsData } from '../../sim/metrics/metrics.ts';
import { withFix } from '../../sim/scenario/fix.ts';
import { type Simulation, startSimulation } from '../../sim/simulate.ts';
import { type DerivedStep, type Deriving, primeDerivedSteps, startDeriving } from '../../sim/trace/derive.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import { DigestBuilder } from '../../sim/trace/messageDigest.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import { BusyBuilder, type PaceModel, paceModel } from '../pace.ts';
import { navSteps } from '../steps.ts';
import { errorParts, type FromEngine, type Hint, type RunJob, type ToEngine, type Told } from './protocol.ts';

export interface EngineHost {
  /** Wall ms, to size slices. */
  now(): number;
  /** Runs fn later, after pending messages (a macrotask). */
  later(fn: () => void): void;
  post(msg: FromEngine): void;
  /** Wall ms one slice may take. */
  sliceMs: number;
  /** Wall ms between two pieces of a run sent to the page (its index grows with each). */
  sendEveryMs: number;
  /**
   * Most events in one message (default PIECE_EVENTS): the page reads a message in one task, so a
   * piece's parse and index stay short however far the run got between two sends.
   */
  pieceEvents?: number;
}

/**
 * Events per message. The page parses and indexes about a thousand events a millisecond on a busy
 * 2-core machine; 10,000 keeps a message's task near 10 ms, within the 50 ms the RAIL model gives a
 * response to input (web.dev/articles/rail). Smaller pieces cost more per message: at 4,000, a 24 h
 * run's fault completed 0.6-0.7 s later than before in two A/B rounds (load 2-6); at 10,000, as before.
 */
export const PIECE_EVENTS = 10_000;

/** Events deriveSteps reads between two clock reads while a finished run is narrated (finishing). */
const DERIVE_EVENTS = 20_000;

interface Job {
  id: number;
  job: RunJob;
  sim: Simulation;
  /** Events already with the page (kept from the base run, or sent). */
  sent: number;
  keep: number | undefined;
  lastSent: number;
  firstSent: boolean;
  headSent: boolean;
  /** The run's message digest, built here as events are made: the page never goes over them for it. */
  digest: DigestBuilder;
  /** The run's metrics, followed likewise: the page's metrics panel and story steps read them. */
  metrics: MetricsBuilder;
  /** The run's busy time for the playback pace, likewise (a sort of every event on the page else). */
  busy: BusyBuilder;
  /** The finished run and its pace, made one per slice before the last piece goes (finishing). */
  whole?: Trace;
  pace?: PaceModel;
  done?: MetricsData;
  told?: Told;
  /** The narration under way: deriveSteps in pieces, for the scenario and for its fix. */
  telling?: {
    derived: Deriving;
    fixed: Deriving | null;
    steps?: readonly DerivedStep[];
    fixedSteps?: readonly DerivedStep[];
  };
}

interface Checkpoint {
  job: Hint['job'];
  /** The page's copy of the run, on the page: the copy's past is held once (Simulation.share). */
  past: Hint['past'];
  sim: Simulation;
  target: number;
  digest: DigestBuilder;
  metrics: MetricsBuilder;
  busy: BusyBuilder;
}

/** Callbacks per advance() between two clock reads. */
const STEPS = 400;

export class EngineCore {
  private jobs: Job[] = [];
  private checkpoint: Checkpoint | null = null;
  private hint: Hint | null = null;
  private scheduled = false;

  private readonly pieceEvents: number;

  constructor(private readonly host: EngineHost) {
    this.pieceEvents = host.pieceEvents ?? PIECE_EVENTS;
  }

  receive(msg: ToEngine): void {
    if (msg.type === 'cancel') this.jobs = this.jobs.filter((j) => j.id !== msg.id);
    else if (msg.type === 'hint') this.setHint(msg.hint);
    else this.start(msg.id, msg.job);
    this.schedule();
  }

  private start(id: number, job: RunJob): void {
    try {
      const cp = this.checkpoint;
      const interventions = job.opts.interventions ?? [];
      // Continue the copy paused before the cursor when only faults after it differ.
      if (
        cp &&
        job.base &&
        cp.job.key === job.base.key &&
        cp.job.stem === job.stem &&
        cp.sim.canRetarget(interventions)
      ) {
        this.checkpoint = null;
        cp.sim.retarget(interventions);
        const keep = cp.sim.events.length;
        this.jobs.push({
          id,
          job,
          sim: cp.sim,
          sent: keep,
          keep,
          lastSent: this.host.now(),
          firstSent: false,
          headSent: false,
          digest: cp.digest,
          metrics: cp.metrics,
          busy: cp.busy,
        });
        return;
      }
      const sim = startSimulation(job.scenario, job.opts);
      this.jobs.push({
        id,
        job,
        sim,
        sent: 0,
        keep: undefined,
        lastSent: this.host.now(),
        firstSent: false,
        headSent: false,
        digest: new DigestBuilder(),
        metrics: new MetricsBuilder(sim.head),
        busy: new BusyBuilder(),
      });
    } catch (e) {
      this.fail(id, e);
    }
  }

  private setHint(hint: Hint | null): void {
    this.hint = hint;
    const cp = this.checkpoint;
    if (!hint) {
      this.checkpoint = null;
      return;
    }
    const target = Math.max(-1, hint.cursor - 1);
    // The copy can wait further on, not go back: a cursor moved back starts a new copy.
    if (cp && cp.job.key === hint.job.key && cp.sim.through <= target) {
      cp.target = target;
      cp.past = hint.past;
    } else this.checkpoint = null;
  }

  private schedule(): void {
    if (this.scheduled) return;
    if (this.jobs.length === 0 && !this.checkpointWork()) return;
    this.scheduled = true;
    this.host.later(() => {
      this.scheduled = false;
      this.slice();
      this.schedule();
    });
  }

  /** Whether the checkpoint copy has work to do (and makes one when the hint asks for it). */
  private checkpointWork(): boolean {
    const h = this.hint;
    if (!h) return false;
    if (!this.checkpoint) {
      try {
        const sim = startSimulation(h.job.scenario, h.job.opts);
        this.checkpoint = {
          job: h.job,
          past: h.past,
          sim,
          target: h.cursor - 1,
          digest: new DigestBuilder(),
          metrics: new MetricsBuilder(sim.head),
          busy: new BusyBuilder(),
        };
      } catch {
        this.hint = null;
        return false;
      }
    }
    return this.checkpoint.sim.through < this.checkpoint.target;
  }

  private slice(): void {
    const end = this.host.now() + this.host.sliceMs;
    // The newest run first: the page waits for it.
    const j = this.jobs[this.jobs.length - 1];
    if (j) {
      try {
        this.advanceJob(j, end);
      } catch (e) {
        this.jobs = this.jobs.filter((x) => x !== j);
        this.fail(j.id, e);
      }
      return;
    }
    const cp = this.checkpoint;
    if (!cp) return;
    try {
      while (this.host.now() < end && !cp.sim.advance(cp.target, STEPS));
      if (cp.past) cp.sim.share(cp.past);
      cp.digest.follow(cp.sim.events);
      cp.metrics.follow(cp.sim.events);
      cp.busy.follow(cp.sim.events);
    } catch {
      this.checkpoint = null;
      this.hint = null;
    }
  }

  private advanceJob(j: Job, end: number): void {
    const first = j.job.firstUntil;
    if (j.sim.done) {
      this.finishing(j, end);
      return;
    }
    for (;;) {
      const goal = !j.firstSent && first !== undefined && first > j.sim.through ? first : j.sim.durationMs;
      const there = j.sim.advance(goal, STEPS);
      if (j.sim.done) return;
      if (there && !j.firstSent) {
        this.sendAll(j, true);
        j.firstSent = true;
      }
      const now = this.host.now();
      // A piece ends the slice: on the page it is read in the task that sends it.
      if (now - j.lastSent >= this.host.sendEveryMs || j.sim.events.length - j.sent >= this.pieceEvents) {
        this.send(j, false);
        return;
      }
      if (now >= end) return;
    }
  }

  /**
   * A run that is done goes to the page in slices, not one: on the page (no worker) each of following
   * the last events, the trace's steps, the pace model and the narration takes tens of ms on a 24 h
   * run (the narration a pass over a million events, read here DERIVE_EVENTS at a time), and the page
   * then takes the whole run (issue #40: 590 ms in one task). The events not sent yet go first, in
   * pieces of their own, one per slice (the page reads them while this slice tells the run): the
   * last message carries one piece at most.
   */
  private finishing(j: Job, end: number): void {
    if (j.busy.followed < j.sim.events.length) {
      j.digest.follow(j.sim.events);
      j.metrics.follow(j.sim.events);
      j.busy.follow(j.sim.events);
    } else if (j.sim.events.length - j.sent > this.pieceEvents) this.send(j, false);
    else if (!j.whole) j.whole = j.sim.finish();
    else if (!j.pace) j.pace = paceModel(j.whole, j.job.scenario.timeScale, j.busy.finish(j.whole));
    else if (!j.told) j.told = this.telling(j, j.whole, end);
    else {
      this.jobs = this.jobs.filter((x) => x !== j);
      this.send(j, true);
    }
  }

  /**
   * The narration of a finished run, as the page's player (stepsOf) and stage (useDerivedSteps)
   * derive it: made here from the run's own metrics, so neither makes a pass over the run on the
   * page. In pieces until `end`; undefined until it is told.
   */
  private telling(j: Job, whole: Trace, end: number): Told | undefined {
    const scenario = j.job.scenario;
    if (!j.telling) {
      j.done ??= j.metrics.finish();
      adoptMetrics(whole, j.done);
      const shown = withFix(scenario, whole.params).scenario;
      j.telling = {
        derived: startDeriving(whole, scenario),
        fixed: shown !== scenario ? startDeriving(whole, shown) : null,
      };
    }
    const t = j.telling;
    do {
      if (!t.steps) t.steps = t.derived.advance(DERIVE_EVENTS) ?? undefined;
      else if (t.fixed && !t.fixedSteps) t.fixedSteps = t.fixed.advance(DERIVE_EVENTS) ?? undefined;
      else {
        // navSteps reads the captions just derived (deriveSteps's memo), not the run again.
        primeDerivedSteps(whole, scenario, false, t.steps);
        return {
          derived: t.steps,
          nav: navSteps(whole, scenario),
          ...(t.fixedSteps ? { fixed: t.fixedSteps } : {}),
        };
      }
    } while (this.host.now() < end);
    return undefined;
  }

  /** Every event not sent yet, in as many messages as PIECE_EVENTS makes. */
  private sendAll(j: Job, shown: boolean): void {
    do this.send(j, false, shown);
    while (j.sent < j.sim.events.length);
  }

  /**
   * The next piece: at most pieceEvents events. `shown`: the piece the page shows the run from (the
   * minute after the cursor), with its metrics. `done`: the run's end, once every event is sent.
   */
  private send(j: Job, done: boolean, shown = false): void {
    const all = j.sim.events;
    const upTo = Math.min(all.length, j.sent + this.pieceEvents);
    const events = all.slice(j.sent, upTo) as TraceEvent[];
    j.sent = upTo;
    const rest = all[upTo];
    // A piece that leaves events behind is complete only before the first of them.
    const through = rest ? Math.min(j.sim.through, rest.t - 1) : j.sim.through;
    j.lastSent = this.host.now();
    j.digest.follow(all);
    j.metrics.follow(all);
    j.busy.follow(all);
    const msg: FromEngine = {
      type: 'events',
      id: j.id,
      ...(j.keep !== undefined ? { keep: j.keep } : {}),
      ...(j.headSent ? {} : { head: j.sim.head }),
      events,
      through,
      digest: j.digest.delta(),
    };
    j.keep = undefined;
    j.headSent = true;
    // The page's metrics panel reads them at once: built from half a million events there, they
    // would block the page for a tenth of a second (issue #40).
    if (shown && !done && !rest) msg.metrics = j.metrics.snapshot();
    if (done) {
      const whole = j.whole ?? j.sim.finish();
      const { events: _, ...trace } = whole;
      msg.done = {
        trace,
        pace: j.pace ?? paceModel(whole, j.job.scenario.timeScale, j.busy.finish(whole)),
        metrics: j.done ?? j.metrics.finish(),
        ...(j.told ? { told: j.told } : {}),
      };
    }
    this.host.post(msg);
  }

  private fail(id: number, e: unknown): void {
    this.host.post({ type: 'error', id, ...errorParts(e) });
  }
}
