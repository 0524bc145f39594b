// The words a host says: its accessible label, the pill under a node, the leader key, clipped detail text.
import { t as tr } from '../../../i18n/index.ts';
import type { NodeView } from '../../../sim/trace/frame.ts';

/** The catalog key of a node's role word: a node of an algorithm with no leader works, it does not follow. */
export function roleKey(role: NodeView['role'], leaderless = false): string {
  return leaderless && role === 'follower' ? 'role.worker' : `role.${role}`;
}

/** Words for a node's state, for its accessible label and its caption line. */
export function nodeLabel(
  n: NodeView,
  errored: boolean,
  shards?: readonly string[],
  leaderless = false,
  carries?: Carries,
): string {
  const parts: string[] = [];
  if (n.kind !== 'node') {
    parts.push(tr(`cluster.${n.kind}`));
    if (n.role === 'down' || n.role === 'paused' || n.role === 'isolated') parts.push(tr(`role.${n.role}`));
    if (n.token !== undefined) parts.push(tr('cluster.token', { token: n.token }));
    return `${n.id}: ${parts.join(', ')}`;
  }
  // A node's words in the order it draws them (name, role word, token pill), then what is not drawn:
  // its visible label is then part of its accessible name (WCAG 2.5.3).
  parts.push(errored ? tr('role.error') : tr(roleKey(n.role, leaderless)));
  const pill = nodePill(n, shards, carries);
  if (pill) parts.push(pill);
  if (errored) parts.push(tr(roleKey(n.role, leaderless)));
  if (n.role !== 'leader' && n.believed === 'leader') parts.push(tr('role.leaderStale'));
  return `${n.id}: ${parts.join(', ')}`;
}

/** What an algorithm's leaders carry (its declaration's `leadership.carries`). */
type Carries = 'token' | 'term' | 'timeline' | null;

/**
 * The pill under a node: the shards it leads (a leader per shard), else its fencing token, else a
 * leader's term; '' when none. Where the algorithm's leaders carry a term (Raft, heartbeat: their
 * machines also set `token` to it), a leader's pill says "term N", never "token N".
 */
export function nodePill(
  n: Pick<NodeView, 'token' | 'term' | 'role'>,
  shards?: readonly string[],
  carries?: Carries,
): string {
  if (shards && shards.length > 0)
    return tr('cluster.shards', { count: shards.length, list: shards.join(' ') });
  const term = n.term ?? n.token;
  if (carries === 'term' && n.role === 'leader' && term !== undefined) return tr('cluster.term', { term });
  if (n.token !== undefined) return tr('cluster.token', { token: n.token });
  if (n.term !== undefined && n.role === 'leader') return tr('cluster.term', { term: n.term });
  return '';
}

/**
 * The key that names the leader, held by a lease: one of the algorithm's declared leadership keys
 * (`/election/leader`, `/service/<scope>/leader`); without a declaration (an imported trace of an
 * unknown algorithm), a leased key whose last path segment is "leader". Other leased keys (Patroni's
 * members) are not leadership.
 */
export function leaderKeyOf<K extends { key: string; lease: number }>(
  keys: readonly K[],
  declared?: readonly string[],
): K | undefined {
  return keys.find(
    (k) => k.lease !== 0 && (declared ? declared.includes(k.key) : /(^|\/)leader$/.test(k.key)),
  );
}

export function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/**
 * The shards a node leads with a leader per shard (leadership scope `shard`): the declared leader
 * keys under a lease that name it, each by the path segment before `/leader` (`/shards/03/leader`
 * -> "03"), in key order.
 */
export function shardsLed<K extends { key: string; value: string; lease: number }>(
  keys: readonly K[],
  declared: readonly string[],
  node: string,
): string[] {
  return keys
    .filter((k) => k.lease !== 0 && k.value === node && declared.includes(k.key))
    .map((k) => k.key.split('/').at(-2) ?? k.key)
    .sort();
}
