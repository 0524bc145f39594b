/**
 * A story's own steps that can still be told of a run the user changed. A story's captions are
 * written for its own run, and scenarios/steps-truth.test.ts holds each one to the picture there. A
 * changed run (another size, knobs, faults) may leave a placeholder with nothing to fill it
 * ("{replicas}" where a follower, not the leader, committed), or, on another size, a caption that
 * counts the story's own ("Five servers run Raft"). Such a step is left out: the player tells it as
 * a step that does not happen in this run, with what happened instead (player/steps.ts).
 *
 * The steps' declared pictures (`shows`) are not held here: they name the nodes of the story's own
 * run, and a changed run that tells the same thing with other nodes would lose true captions.
 */
import type { Scenario } from '../scenario/schema.ts';
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
  return trace.steps.filter((st) => {
    const own = script.get(st.id);
    if (!own) return true;
    if (unfilled(own.caption, st.vars, trace.params).length > 0) return false;
    if (size !== ownSize && countsTo(own.caption, ownSize)) return false;
    return true;
  });
}
