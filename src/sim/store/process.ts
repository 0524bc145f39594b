import { memberFault, specOf } from '../faults/table.ts';
import type { Process, ProcessEnv, ProcessFactory } from '../net/host.ts';
import type { Message } from '../net/message.ts';
import { type Compare, type RequestOp, StoreError } from './api.ts';
import { EtcdStore } from './etcd.ts';
import { ETCD_TIMES, MEMBER_LINK_MS, type StoreGroup, startStoreGroup } from './group.ts';

/**
 * The coordination store as a host on the network: requests arrive as messages, answers go back as
 * messages (which a partition can lose), and leases expire on the store's own clock. Message types:
 * LEASE_GRANT -> LEASE_GRANTED, KEEPALIVE -> KEEPALIVE_ACK (ttl 0 = lease gone), LEASE_REVOKE ->
 * LEASE_REVOKED, TXN -> TXN_RESULT, RANGE -> RANGE_RESULT, PUT -> PUT_RESULT. `reqId` is echoed.
 * WATCH {key, rangeEnd?, startRevision?} -> WATCH_CREATED {watchId, revision}; then every change in
 * the range is pushed as WATCH_EVENT {watchId, revision, events} (one message per request or expiry,
 * its events in revision order; each event also carries its own kv.modRevision, so a client can
 * drop a message that overtook a later one on the network). A watcher whose client refuses the
 * connection (its process was killed: REFUSED) is cancelled, as etcd cancels the watches of a
 * broken gRPC stream (etcd docs, "Watch API"). REFUSED is otherwise ignored.
 */
export function storeProcess(
  opts: {
    startRevision?: number;
    minTtlSec?: number;
    /** Keys put (without a lease) when the store starts, one revision each, recorded at t=0. */
    initial?: Array<{ key: string; value: string }>;
    /**
     * 1 (the default): one member, the model the conformance suite checks. 3 or 5: a Raft group
     * (group.ts); writes commit on a majority, and without a leader nothing is answered.
     */
    members?: number;
  } = {},
): ProcessFactory {
  return (env: ProcessEnv): Process => {
    const store = new EtcdStore(opts);
    let cancelExpiry: (() => void) | null = null;
    let unavailable = false;

    const watchers = new Map<number, string>(); // watch id -> the client that asked
    const flush = () => {
      for (const change of store.drainChanges()) env.record({ k: 'store', change });
      for (const id of store.watchersWithEvents()) {
        const events = store.takeWatchEvents(id);
        const to = watchers.get(id);
        if (to === undefined) continue;
        env.send(to, 'WATCH_EVENT', {
          watchId: id,
          revision: events.at(-1)?.kv.modRevision ?? store.revision,
          events,
        });
      }
    };
    for (const { key, value } of opts.initial ?? []) store.put(key, value, undefined, env.now());
    flush();
    const scheduleExpiry = () => {
      cancelExpiry?.();
      cancelExpiry = null;
      // Only the leader's lessor expires leases (etcd lease/lessor.go: a demoted lessor revokes none).
      if (group && group.leader() === null) return;
      const next = store.nextExpiryMs();
      if (next === undefined) return;
      cancelExpiry = env.after(
        Math.max(0, next - env.now()),
        () => {
          cancelExpiry = null;
          store.expire(env.now());
          flush();
          scheduleExpiry();
        },
        'lease-expiry',
      );
    };

    const handle = (m: Message): [string, Record<string, unknown>] => {
      const b = m.body;
      const now = env.now();
      const reqId = b.reqId ?? null;
      try {
        switch (m.type) {
          case 'LEASE_GRANT': {
            const r = store.grant(Number(b.ttl), now);
            return ['LEASE_GRANTED', { reqId, lease: r.id, ttl: r.ttl }];
          }
          case 'KEEPALIVE': {
            const r = store.keepAlive(Number(b.lease), now);
            return ['KEEPALIVE_ACK', { reqId, lease: r.id, ttl: r.ttl }];
          }
          case 'LEASE_REVOKE': {
            store.revoke(Number(b.lease), now);
            return ['LEASE_REVOKED', { reqId, lease: b.lease, ok: true }];
          }
          case 'TXN': {
            const r = store.txn(
              {
                compare: (b.compare ?? []) as Compare[],
                success: (b.success ?? []) as RequestOp[],
                failure: (b.failure ?? []) as RequestOp[],
              },
              now,
            );
            return [
              'TXN_RESULT',
              {
                reqId,
                succeeded: r.succeeded,
                revision: r.revision,
                responses: r.responses,
                key: b.key ?? null,
              },
            ];
          }
          case 'RANGE': {
            const r = store.range(
              String(b.key),
              b.rangeEnd === undefined ? undefined : String(b.rangeEnd),
              now,
            );
            return [
              'RANGE_RESULT',
              { reqId, kvs: r.kvs, count: r.count, revision: r.revision, key: b.key ?? null },
            ];
          }
          case 'WATCH': {
            const id = store.watch(
              String(b.key),
              b.rangeEnd === undefined ? undefined : String(b.rangeEnd),
              b.startRevision === undefined ? {} : { startRevision: Number(b.startRevision) },
              now,
            );
            watchers.set(id, m.from);
            return ['WATCH_CREATED', { reqId, watchId: id, revision: store.revision }];
          }
          case 'PUT': {
            const lease = b.lease === undefined ? undefined : Number(b.lease);
            const r = store.put(String(b.key), String(b.value), lease ? { lease } : undefined, now);
            return ['PUT_RESULT', { reqId, revision: r.revision }];
          }
          default:
            return ['ERROR', { reqId, error: `unknown request ${m.type}` }];
        }
      } catch (e) {
        if (e instanceof StoreError) return [`${m.type}_ERROR`, { reqId, error: e.message }];
        throw e;
      }
    };

    const answer = (m: Message) => {
      const [type, body] = handle(m);
      // A watch is created before the history it replays is sent (etcd answers `created` first).
      if (type === 'WATCH_CREATED') env.send(m.from, type, body);
      flush();
      scheduleExpiry();
      if (type !== 'WATCH_CREATED') env.send(m.from, type, body);
    };

    const size = opts.members ?? 1;
    let shown = '';
    const group: StoreGroup | null =
      size > 1
        ? startStoreGroup(env, size, {
            onChange() {
              const states = group?.states() ?? [];
              const roles = states.map((s) => s.role).join(',');
              const term = Math.max(0, ...states.map((s) => s.term));
              const leader = group?.leader() ?? '';
              const key = `${roles}|${term}|${leader}`;
              if (key === shown) return;
              shown = key;
              env.mark('store-group', { roles, term, leader });
              // Demoted: no lessor expires anything until a new leader promotes.
              if (leader === '') {
                cancelExpiry?.();
                cancelExpiry = null;
              }
            },
            onNewLeader(id) {
              env.mark('store-leader', {
                member: id,
                term: group?.states().find((_, i) => `member-${i + 1}` === id)?.term ?? 0,
              });
              // etcdserver/server.go applyEntryNormal: once a new leader has applied its term's empty
              // entry, `s.lessor.Promote(s.Cfg.ElectionTimeout())`; lessor.go Promote refreshes each
              // lease to now + extend + RemainingTTL(), and RemainingTTL() is the whole TTL unless
              // lease checkpointing (--experimental-enable-lease-checkpoint, off in 3.4) saved one.
              // The model promotes when the election is won, one heartbeat earlier than etcd.
              store.promote(env.now(), ETCD_TIMES.electionTimeoutMinMs);
              flush();
              scheduleExpiry();
            },
          })
        : null;

    /**
     * A request to the group: the client reaches some member, which forwards it to the leader (etcd
     * raft forwards proposals to the leader, raft/raft.go stepFollower `m.To = r.lead`). Writes
     * (grant, revoke, txn, put) are proposed and answered once committed on a majority; a keepalive
     * does not go through Raft: the follower forwards it to the leader's lessor
     * (etcdserver/v3_server.go LeaseRenew, "renewals don't go through raft; forward to leader
     * manually"), and reads and watches are served the same way here. Without a leader nothing is
     * answered: the client's deadline tells it.
     */
    const viaGroup = (g: StoreGroup, m: Message) => {
      const req = { from: m.from, type: m.type, body: m.body };
      env.after(
        MEMBER_LINK_MS,
        () => {
          if (m.type === 'KEEPALIVE' || m.type === 'RANGE' || m.type === 'WATCH') {
            if (g.leader() !== null)
              env.after(MEMBER_LINK_MS, () => g.leader() !== null && answer(m), 'member-answer', req);
            return;
          }
          g.propose(() => answer(m), req);
        },
        'member-forward',
        req,
      );
    };

    return {
      receive(m) {
        if (m.type === 'REFUSED') {
          if (m.body.of === 'WATCH_EVENT' && typeof m.body.watchId === 'number') {
            store.cancelWatch(m.body.watchId);
            watchers.delete(m.body.watchId);
          }
          return;
        }
        if (group) viaGroup(group, m);
        else answer(m);
      },
      stop() {
        group?.stop();
        cancelExpiry?.();
      },
      // With a Raft group, its members too, and the last group picture marked (the next mark is a change from it).
      state: () => ({
        store,
        watchers: new Map(watchers),
        unavailable,
        expiring: cancelExpiry !== null,
        ...(group ? { group: group.state(), shown } : {}),
      }),
      // Quorum lost (`store-unavailable`): nothing expires while nobody can renew; when it is back
      // (the `rejoin` that ends it), the new etcd leader extends every lease (lessor.go Promote).
      onFault(f) {
        const member = group ? memberFault(f) : null;
        if (group && member) group.member(member.server, member.act);
        const quorum = specOf(f).quorum;
        if (quorum === 'lost') {
          unavailable = true;
          cancelExpiry?.();
          cancelExpiry = null;
        } else if (quorum === 'back' && unavailable) {
          unavailable = false;
          store.promote(env.now());
          flush();
          scheduleExpiry();
        }
      },
    };
  };
}
