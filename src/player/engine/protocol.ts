/**
 * What the page and the simulation engine (a Web Worker, or the page itself in slices) say to each
 * other. Plain data: it crosses postMessage. Events travel in chunks, as JSON in a transferred
 * buffer from a worker (no copy on the page's side, and a chunk decodes in a few ms).
 */

import type { SimOptions } from '../../sim/inputs.ts';
import type { MetricsData } from '../../sim/metrics/metrics.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import type { DerivedStep } from '../../sim/trace/derive.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import type { DigestDelta } from '../../sim/trace/messageDigest.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import type { PaceModel } from '../pace.ts';
import type { NavStep } from '../steps.ts';

/** A run to simulate. `key` names its inputs; `stem` the inputs but the interventions. */
export interface RunJob {
  scenario: Scenario;
  opts: SimOptions;
  key: string;
  stem: string;
  /**
   * The run on the page, when the new one may continue it from a checkpoint: the page keeps its
   * first events, and the engine sends only what comes after them.
   */
  base?: { key: string; events: number };
  /** Send a first piece as soon as the run gets this far (the minute after the cursor). */
  firstUntil?: number;
}

/** Where the player rests on a run (paused, or just shown): the engine keeps a checkpoint there. */
export interface Hint {
  job: Omit<RunJob, 'base' | 'firstUntil'>;
  cursor: number;
  /**
   * The events of the run on screen (the job's), for an engine on the page only: its checkpoint copy
   * holds these instead of its own equal ones (Simulation.share). Never sent to a worker.
   */
  past?: readonly TraceEvent[];
}

export type ToEngine =
  | { type: 'run'; id: number; job: RunJob }
  | { type: 'cancel'; id: number }
  | { type: 'hint'; hint: Hint | null };

/** The trace without its events, and the pace model: what the page needs once a run is complete. */
export interface RunDone {
  trace: Omit<Trace, 'events'>;
  pace: PaceModel;
  /** The run's metrics, built as it was simulated (absent where the page derives them: syncEngine). */
  metrics?: MetricsData;
  /**
   * What the narration tells of the run, derived where it was simulated: the page's player and stage
   * would otherwise each make a pass over the whole run when it lands (issue #40).
   */
  told?: Told;
}

/** A finished run's derived captions and player steps (player/steps.ts), for the scenario it ran. */
export interface Told {
  /** deriveSteps(trace, scenario). */
  derived: readonly DerivedStep[];
  /** navSteps(trace, scenario). */
  nav: readonly NavStep[];
  /** deriveSteps(trace, the scenario with its fix) when the run had the fix on. */
  fixed?: readonly DerivedStep[];
}

export type FromEngine =
  | {
      type: 'events';
      id: number;
      /** Events of the base run the page keeps (the first message of a run only, else absent). */
      keep?: number;
      /** The run's trace fields but events and steps (the first message of a run only). */
      head?: Omit<Trace, 'events' | 'steps'>;
      /**
       * Events after the ones sent before: an array in the page; from a worker, JSON bytes in
       * segments of at most SEGMENT_EVENTS (packed.ts), which the page reads one task each.
       */
      events: TraceEvent[] | ArrayBuffer[];
      /** From a worker: each segment's `through` but the last's (which is `through`). */
      segmentThrough?: number[];
      /** Every callback at or before this virtual ms has run. */
      through: number;
      /** What the run's message digest gained since the last message (from its first event, in the first). */
      digest: DigestDelta;
      /** The run's metrics so far, with the piece the page shows first (a run still being simulated). */
      metrics?: MetricsData;
      done?: RunDone;
    }
  | {
      type: 'error';
      id: number;
      message: string;
      name: string;
      /** The error's own fields (a ParamError's rule, knob and bound), for a translated message. */
      detail: Record<string, unknown>;
    };

/** An error as it crosses to the page: message, name and its own fields (a ParamError's problem). */
export function errorParts(e: unknown): { message: string; name: string; detail: Record<string, unknown> } {
  const err = e instanceof Error ? e : new Error(String(e));
  const detail: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) if (typeof v !== 'function') detail[k] = v;
  return { message: err.message, name: err.name, detail };
}
