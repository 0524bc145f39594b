/**
 * The explorer's finite domain for each draw the simulator makes (kernel/choices.ts). Every domain
 * starts with the value a schedule takes past its end (choices.ts firstOf), so the first option is
 * the default and costs nothing; each other option spends one unit of a budget.
 *
 * - `net` latency, int [min, max]: {min, max}. Two messages whose send times are less than the
 *   jitter apart can then arrive in either order; messages sent further apart keep their order
 *   under any latency, so the ends of the range give every arrival order that can happen.
 * - `net` loss, a coin: {kept, lost}; lost spends the loss budget L, whatever the drop rate.
 * - `net/tail` (the p99 tail): never slow. A tail is a longer delay, which the max latency and a
 *   pause already stand for.
 * - a randomized timeout or first round, an int wider than SMALL: {min, max}, the earliest and
 *   latest firing (Raft's election timeout, gossip's first round, ZooKeeper's reconnect backoff).
 * - a small int (gossip's peer picks): every value.
 * - a unit float (Kubernetes' retry jitter, client-go wait.Jitter): {0, 0.99}.
 * - names drawn at random (Kubernetes' identity suffix, Patroni's system id): one value; they
 *   name, they do not decide.
 */
import type { Draw } from '../kernel/choices.ts';

export type Budget = 'dev' | 'loss';
export interface Option {
  value: number;
  /** The budget it spends (none for the first option). */
  cost: Budget | null;
}

/** An int range this narrow is a pick among few (peers), enumerated whole. */
const SMALL = 8;
/** The streams whose draws name something rather than decide something. */
const NAMES = /\/(identity|sysid)$/;

export function domainOf(d: Draw): Option[] {
  const first: Option = { value: d.kind === 'int' ? d.min : 0, cost: null };
  if (NAMES.test(d.stream) || d.stream === 'net/tail') return [first];
  if (d.kind === 'chance') return d.stream === 'net' ? [first, { value: 1, cost: 'loss' }] : [first];
  if (d.kind === 'unit') return [first, { value: 0.99, cost: 'dev' }];
  if (d.max <= d.min) return [first];
  if (d.max - d.min < SMALL) {
    const out = [first];
    for (let v = d.min + 1; v <= d.max; v++) out.push({ value: v, cost: 'dev' });
    return out;
  }
  return [first, { value: d.max, cost: 'dev' }];
}
