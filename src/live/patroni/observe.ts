/**
 * What the live Patroni run observes, as the trace's terms: Patroni's role names as roles, and etcd's
 * watch events as store changes, an expired lease told from a deletion. Pure (no Node API).
 */
import type { TraceEvent } from '../../sim/trace/events.ts';
import type { WatchEvent } from '../watch.ts';

type StoreChange = Extract<TraceEvent, { k: 'store' }>['change'];

/** Patroni's role names (`master` before 3.0.x renamed it, `primary`, `replica`) as the trace's. */
export function roleOf(r: string): 'leader' | 'follower' | 'candidate' | null {
  if (r === 'master' || r === 'primary' || r === 'standby_leader') return 'leader';
  if (r === 'replica') return 'follower';
  return null;
}

/**
 * The store changes of a batch of watch events, grouped by revision. A leased key deleted at the same
 * revision as every other key of its lease, by no client of ours, is the lease expiring: Patroni never
 * deletes two keys in one transaction; etcd deletes every key of an expired lease at once.
 */
export function storeChanges(evs: readonly WatchEvent[]): StoreChange[] {
  const byRev = new Map<number, WatchEvent[]>();
  for (const e of evs) byRev.set(e.kv.modRevision, [...(byRev.get(e.kv.modRevision) ?? []), e]);
  const out: StoreChange[] = [];
  for (const [revision, group] of byRev) {
    const leases = new Set(group.filter((e) => e.type === 'delete').map((e) => e.prev?.lease ?? 0));
    const lease = leases.size === 1 ? ([...leases][0] as number) : 0;
    const expired = lease !== 0 && group.every((e) => e.type === 'delete') && group.length > 1;
    if (expired) out.push({ kind: 'lease-expire', lease, revision });
    for (const e of group) {
      if (e.type === 'put') out.push({ kind: 'put', kv: e.kv });
      else
        out.push({
          kind: 'delete',
          key: e.kv.key,
          revision,
          cause: expired ? 'lease-expired' : 'delete',
          ...(e.prev?.lease ? { lease: e.prev.lease } : {}),
        });
    }
  }
  return out;
}
