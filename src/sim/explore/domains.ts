/**
 * The explorer's finite domain for each draw the simulator makes (kernel/choices.ts). A domain's first
 * option is the value the story's seed gives the draw, and costs nothing: the search starts from the
 * seeded run and every other option spends one unit of a budget. (Starting from each range's low end
 * instead makes every node draw the same election timeout, and Raft-like elections split their votes
 * forever: the seed is the realistic baseline, the deviations the adversary.)
 *
 * - `net` latency, int [min, max]: the seed's, min and max. Two messages whose send times are less
 *   than the jitter apart can then arrive in either order; messages sent further apart keep their
 *   order under any latency, so the ends of the range give every arrival order that can happen.
 * - `net` loss, a coin: the seed's and the other; a lost message spends the loss budget L, whatever
 *   the drop rate.
 * - `net/tail` (the p99 tail): the seed's only. A tail is a longer delay, which the max latency and a
 *   pause already stand for.
 * - a randomized timeout or first round, an int range wider than SMALL: the seed's, min and max, the
 *   earliest and latest firing (Raft's election timeout, gossip's first round, ZooKeeper's reconnect
 *   backoff).
 * - a small int range (gossip's peer picks): every value.
 * - a unit float (Kubernetes' retry jitter, client-go wait.Jitter): the seed's, 0 and 0.99.
 * - names drawn at random (Kubernetes' identity suffix, Patroni's system id): the seed's; they name,
 *   they do not decide.
 */
import type { Draw } from '../kernel/choices.ts';

export type Budget = 'dev' | 'loss';
export interface Option {
  value: number;
  /** The budget it spends (none for the first option, the seed's value). */
  cost: Budget | null;
}

/** An int range this narrow is a pick among few (peers), enumerated whole. */
const SMALL = 8;
/** The streams whose draws name something rather than decide something. */
const NAMES = /\/(identity|sysid)$/;

/** Whether a stream only names (asked at every draw of every schedule). */
const naming = new Map<string, boolean>();
const names = (stream: string): boolean => {
  let v = naming.get(stream);
  if (v === undefined) {
    v = NAMES.test(stream) || stream === 'net/tail';
    naming.set(stream, v);
  }
  return v;
};

export function domainOf(d: Draw, seeded: number): Option[] {
  const out: Option[] = [{ value: seeded, cost: null }];
  const add = (value: number, cost: Budget) => {
    if (!out.some((o) => o.value === value)) out.push({ value, cost });
  };
  if (names(d.stream)) return out;
  if (d.kind === 'chance') {
    if (d.stream === 'net') add(seeded === 1 ? 0 : 1, seeded === 1 ? 'dev' : 'loss');
    return out;
  }
  if (d.kind === 'unit') {
    add(0, 'dev');
    add(0.99, 'dev');
    return out;
  }
  if (d.max - d.min < SMALL) for (let v = d.min; v <= d.max; v++) add(v, 'dev');
  else {
    add(d.min, 'dev');
    add(d.max, 'dev');
  }
  return out;
}
