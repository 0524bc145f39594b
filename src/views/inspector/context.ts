// Which context values the inspector lists for a node, by what its algorithm's leaders carry.
import type { StateValue } from '../../sim/trace/events.ts';

/**
 * The context values to list. Where leaders carry a term (the declaration's `leadership.carries`:
 * Raft, heartbeat), the machine's `token` is only its term copied for the role report, not a fencing
 * token, so it is left out: the term is listed as the term.
 */
export function contextShown(
  ctx: Readonly<Record<string, StateValue>>,
  carries: 'token' | 'term' | 'timeline' | null | undefined,
): Array<[string, StateValue]> {
  return Object.entries(ctx).filter(([k]) => !(carries === 'term' && k === 'token'));
}
