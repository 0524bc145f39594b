/**
 * A story's own steps that are still true of a run the user changed. A story's captions are written
 * for its own run, and scenarios/steps-truth.test.ts holds each one to the picture there. A changed
 * run (another size, knobs, faults) may anchor a step where the picture is not what its
 * caption says ("node-3 leads" when node-4 does), or leave a placeholder with nothing to fill it
 * ("{replicas}" where a follower, not the leader, committed). Such a step is left out; the narration
 * derived from the trace (derive.ts) tells that part of the run instead.
 */
import { upperBound } from '../../lib/search.ts';
import type { Scenario } from '../scenario/schema.ts';
import { TraceIndex } from './frame.ts';
import { checkShows } from './shows.ts';
import type { ResolvedStep, Trace } from './trace.ts';

/** The caption's placeholders that neither the step's vars nor the run's params fill. */
function unfilled(caption: string, vars: ResolvedStep['vars'], params: Trace['params']): string[] {
  return [...caption.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1] as string)
    .filter((name) => vars[name] === undefined && params[name] === undefined);
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * Whether a caption counts `n` (its English, which the translations follow): "Five servers", "4 of 5";
 * not a time ("5 s").
 */
export function countsTo(caption: string, n: number): boolean {
  const word = WORDS[n];
  return new RegExp(`(^|[^\\w{-])(${n}${word ? `|${word}` : ''})(?![\\w-])(?!\\s?(ms|s)\\b)`, 'i').test(
    caption,
  );
}

/**
 * `ownSize`: the story's own cluster size; on a run of another size a caption that counts it
 * ("Five servers run Raft") is left out too.
 */
export function trueSteps(trace: Trace, scenario: Scenario, ownSize: number): ResolvedStep[] {
  const script = new Map(scenario.steps.map((s) => [s.id, s]));
  const size = trace.hosts.filter((h) => h.kind === 'node').length;
  let index: TraceIndex | null = null;
  const lastShown = Math.max(
    -1,
    ...trace.steps.filter((st) => script.get(st.id)?.shows).map((st) => st.atMs),
  );
  return trace.steps.filter((st, i) => {
    const own = script.get(st.id);
    if (!own) return true;
    if (unfilled(own.caption, st.vars, trace.params).length > 0) return false;
    if (size !== ownSize && countsTo(own.caption, ownSize)) return false;
    if (!own.shows) return true;
    // Indexed only as far as the last step that declares its picture: a long run's story is told
    // in its first minutes (issue #40).
    index ??= new TraceIndex({
      ...trace,
      events: trace.events.slice(
        0,
        upperBound(trace.events.length, (i) => (trace.events[i] as { t: number }).t, lastShown),
      ),
    });
    // Where the player draws it: at its moment, up to the next step's event when they share it
    // (player/steps.ts eventLimit).
    const next = trace.steps[i + 1];
    const limit =
      next && next.atMs === st.atMs && next.eventIndex >= 0 && trace.events[next.eventIndex]?.t === st.atMs
        ? next.eventIndex
        : Number.POSITIVE_INFINITY;
    return checkShows(index.frameAt(st.atMs, limit), own.shows).length === 0;
  });
}
