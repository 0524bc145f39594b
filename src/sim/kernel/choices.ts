/**
 * Choice points: every random draw a run makes goes through a `Chooser`, so a run is fully told by
 * its seed, or by the list of values its draws took (a schedule, issue #41). The simulator draws
 * three kinds of value through `Rng` (lib/rng.ts): an integer in [min, max], a coin with probability
 * p, and a unit float in [0, 1). A schedule lists the values in the order the run drew them; with the
 * same scenario, knobs and faults, that order is itself determined by the values, so the list alone
 * replays the run.
 */
import type { Rng } from '../../lib/rng.ts';
import type { TimedFault } from '../scenario/schema.ts';

/** The version of the `choices` input: bump it when the order or meaning of the draws changes. */
export const CHOICES_VERSION = 1;

/**
 * A schedule: `draws` in the order the run made them (an integer draw's value, 0 or 1 for a coin,
 * the float for a unit draw) and the faults chosen at event boundaries (the explorer's), which join
 * the run's interventions. A draw past the end of the list takes its domain's first value (the least
 * integer, no loss, 0), so a shorter list is a schedule too: shrinking cuts it.
 */
export interface Choices {
  version: typeof CHOICES_VERSION;
  draws: number[];
  faults?: TimedFault[];
}

export type DrawKind = 'int' | 'chance' | 'unit';

/**
 * What a draw decides: a message's latency or loss (its id, ends and type, as its `send` event names
 * them), or a host's own draw (a randomized timer: its owner and purpose, the stream's two parts).
 */
export type DrawAbout =
  | { k: 'message'; what: 'latency' | 'loss'; id: number; from: string; to: string; type: string }
  | { k: 'host'; owner: string; name: string };

/** One draw as a chooser sees it: the stream ("net", "node-2/election-timeout") and its domain. */
export interface Draw {
  stream: string;
  kind: DrawKind;
  /** int: the bounds (inclusive); chance: min = max = p; unit: 0 and 1 (exclusive). */
  min: number;
  max: number;
  /** The simulated time of the draw, and what it decides (given where RngStreams knows them). */
  atMs?: number;
  about?: DrawAbout;
}

/**
 * Where a stream's draws learn their time and their event: the simulator's clock, and the message
 * the network is about to draw for (set just before, cleared just after).
 */
export interface DrawContext {
  now(): number;
  message?: Extract<DrawAbout, { k: 'message' }> | undefined;
}

/** What a host stream's draw decides: `node-2/election-timeout` is node-2's `election-timeout`. */
function aboutOf(
  stream: string,
  ctx: DrawContext | undefined,
  what: 'latency' | 'loss',
): DrawAbout | undefined {
  if (stream === 'net') return ctx?.message ? { ...ctx.message, what } : undefined;
  const slash = stream.indexOf('/');
  return slash > 0 ? { k: 'host', owner: stream.slice(0, slash), name: stream.slice(slash + 1) } : undefined;
}

/** Picks each draw's value; `seeded` is what the seed's stream would give (it advances the stream). */
export interface Chooser {
  draw(d: Draw, seeded: () => number): number;
}

/** Wraps a stream's Rng so each draw goes through the chooser, with its time and event when `ctx` is given. */
export function chosenRng(stream: string, raw: Rng, chooser: Chooser, ctx?: DrawContext): Rng {
  if (!ctx)
    return {
      next: () => chooser.draw({ stream, kind: 'unit', min: 0, max: 1 }, raw.next),
      int: (min, max) => chooser.draw({ stream, kind: 'int', min, max }, () => raw.int(min, max)),
      chance: (p) =>
        chooser.draw({ stream, kind: 'chance', min: p, max: p }, () => (raw.chance(p) ? 1 : 0)) === 1,
    };
  const told = (d: Draw, what: 'latency' | 'loss'): Draw => {
    const about = aboutOf(stream, ctx, what);
    return { ...d, atMs: ctx.now(), ...(about ? { about } : {}) };
  };
  return {
    next: () => chooser.draw(told({ stream, kind: 'unit', min: 0, max: 1 }, 'latency'), raw.next),
    int: (min, max) =>
      chooser.draw(told({ stream, kind: 'int', min, max }, 'latency'), () => raw.int(min, max)),
    chance: (p) =>
      chooser.draw(told({ stream, kind: 'chance', min: p, max: p }, 'loss'), () =>
        raw.chance(p) ? 1 : 0,
      ) === 1,
  };
}

/** A draw as a run made it: its domain, time, event and the value it took (describingChooser). */
export interface DrawRecord extends Draw {
  index: number;
  value: number;
}

/**
 * Takes `inner`'s values (the seed's without one) and writes each draw down with its domain, time and
 * event: what Branch here lists the open choice points from.
 */
export function describingChooser(inner?: Chooser): Chooser & { readonly log: DrawRecord[] } {
  const log: DrawRecord[] = [];
  return {
    log,
    draw(d, seeded) {
      const value = inner ? inner.draw(d, seeded) : seeded();
      log.push({ ...d, index: log.length, value });
      return value;
    },
  };
}

/**
 * A schedule with one draw changed, and the rest of the run left to the seed, as the explorer's own
 * schedules are: the draws before `at` take `draws`' values, draw `at` takes `pick` (or the seed's
 * value), and every later draw the seed's. Every stream is advanced as a seeded run advances it, so
 * after a seeded run's draw is changed each stream goes on with the same values it had: only which
 * event takes them can change.
 */
export function branchingChooser(draws: readonly number[], at: number, pick: number | 'seed'): Chooser {
  let i = 0;
  return {
    draw(d, seeded) {
      const s = seeded();
      const j = i++;
      if (j === at) return pick === 'seed' || outside(d, pick) ? s : pick;
      if (j > at) return s;
      const v = draws[j];
      return v === undefined || outside(d, v) ? s : v;
    },
  };
}

/** Takes the seed's values and writes each down: a seeded run's schedule. */
export function recordingChooser(): Chooser & { readonly draws: number[] } {
  const draws: number[] = [];
  return {
    draws,
    draw(_d, seeded) {
      const v = seeded();
      draws.push(v);
      return v;
    },
  };
}

/** Why `v` is outside the draw's domain, or null. */
function outside(d: Draw, v: number): string | null {
  if (d.kind === 'int')
    return Number.isInteger(v) && v >= d.min && v <= d.max
      ? null
      : `a whole number from ${d.min} to ${d.max}`;
  if (d.kind === 'chance') return v === 0 || v === 1 ? null : '0 or 1';
  return Number.isFinite(v) && v >= 0 && v < 1 ? null : 'a number in [0, 1)';
}

/** The value a draw takes past the end of a schedule. */
export const firstOf = (d: Draw): number => (d.kind === 'int' ? d.min : 0);

/**
 * Replays a schedule's draws; the seed is never consulted. A value outside its draw's domain is told
 * to `problem` (not thrown: a draw may be inside a machine's action, where XState would catch it)
 * and the draw takes its first value.
 */
export function replayingChooser(draws: readonly number[], problem: (why: string) => void): Chooser {
  let i = 0;
  let told = false;
  return {
    draw(d) {
      if (i >= draws.length) return firstOf(d);
      const v = draws[i] as number;
      const want = outside(d, v);
      if (want) {
        if (!told)
          problem(
            `choices: draw ${i} (${d.stream}, ${d.kind}) must be ${want}, got ${v}: the schedule does not fit this run`,
          );
        told = true;
        return firstOf(d);
      }
      i++;
      return v;
    },
  };
}
