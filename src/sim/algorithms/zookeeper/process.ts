import type { Process, ProcessEnv, ProcessFactory } from '../../net/host.ts';
import type { Message } from '../../net/message.ts';
import { type ZkChange, ZooKeeper } from './zk.ts';

/** Sessions are shown the way etcd leases are: an id in hex. */
export const sessionHex = (id: number) => `0x${id.toString(16)}`;

/**
 * ZooKeeper as a host on the network (zk.ts is the model). Requests: CONNECT {timeoutMs} -> CONNECTED
 * {session}; PING -> PONG; CREATE {path prefix} -> CREATED {path, seq, czxid}; GET_CHILDREN {path} ->
 * CHILDREN {children}; EXISTS {path, watch} -> STAT {exists}; any of them for an expired session ->
 * SESSION_EXPIRED; SET_WATCHES {paths} (a reconnected client's) sets them again, or fires what it
 * missed, with no answer of its own. A fired watch is a WATCH_EVENT {path, type} to the session's
 * client, on the connection it last spoke on. `reqId` is echoed, and an answer goes back on the TCP
 * connection its request came on. In the trace, a session is recorded like an etcd lease (its
 * timeout, renewed by every request) and a znode like a key held by it, so the store panel lists the
 * znodes and the sessions.
 */
export function zooKeeperProcess(): ProcessFactory {
  return (env: ProcessEnv): Process => {
    const zk = new ZooKeeper();
    /** Session -> the host that opened it (where its watch events go). */
    const clientOf = new Map<number, string>();
    /** Session -> the TCP connection its client last spoke on: its watch events go there. */
    const connOf = new Map<number, string>();
    const reply = (to: string, stream: string | undefined, type: string, body: Record<string, unknown>) => {
      if (stream && env.sendOnStream) env.sendOnStream(stream, to, type, body);
      else env.send(to, type, body);
    };
    let cancelExpiry: (() => void) | null = null;

    const flush = () => {
      const fired = new Map<string, string[]>();
      for (const c of zk.drainChanges()) {
        record(c);
        if (c.kind === 'watch-fired') {
          const to = clientOf.get(c.session);
          if (!to) continue;
          reply(to, connOf.get(c.session), 'WATCH_EVENT', { path: c.path, type: c.type });
          fired.set(c.path, [...(fired.get(c.path) ?? []), to]);
        }
      }
      for (const [path, to] of fired)
        env.mark('watches-fired', { path, count: to.length, watchers: to.join(', ') });
    };
    const record = (c: ZkChange) => {
      switch (c.kind) {
        case 'session-open':
        case 'session-touch':
          env.record({
            k: 'store',
            change: {
              kind: c.kind === 'session-open' ? 'lease-grant' : 'lease-keepalive',
              lease: c.session.id,
              ttlSec: c.session.timeoutMs / 1000,
              deadlineMs: c.session.deadlineMs,
            },
          });
          return;
        case 'session-expire':
          env.record({ k: 'store', change: { kind: 'lease-expire', lease: c.session, revision: c.zxid } });
          return;
        case 'create':
          env.record({
            k: 'store',
            change: {
              kind: 'put',
              kv: {
                key: c.node.path,
                value: `ephemeralOwner ${sessionHex(c.node.ephemeralOwner)} (${clientOf.get(c.node.ephemeralOwner) ?? '?'})`,
                createRevision: c.node.czxid,
                modRevision: c.node.czxid,
                version: 0,
                lease: c.node.ephemeralOwner,
              },
            },
          });
          return;
        case 'delete':
          env.record({
            k: 'store',
            change: {
              kind: 'delete',
              key: c.node.path,
              revision: c.zxid,
              cause: c.cause === 'delete' ? 'delete' : 'lease-expired',
              lease: c.node.ephemeralOwner,
            },
          });
          return;
        case 'watch-fired':
          return;
      }
    };
    const scheduleExpiry = () => {
      cancelExpiry?.();
      cancelExpiry = null;
      const next = zk.nextExpiryMs();
      if (next === undefined) return;
      cancelExpiry = env.after(Math.max(0, next - env.now()), () => {
        cancelExpiry = null;
        zk.expire(env.now());
        flush();
        scheduleExpiry();
      });
    };

    const handle = (m: Message): [string, Record<string, unknown>] | null => {
      const b = m.body;
      const now = env.now();
      const reqId = b.reqId ?? null;
      const session = Number(b.session);
      const expired: [string, Record<string, unknown>] = ['SESSION_EXPIRED', { reqId, session }];
      if (m.stream && clientOf.has(session)) connOf.set(session, m.stream);
      switch (m.type) {
        case 'CONNECT': {
          const s = zk.connect(Number(b.timeoutMs), now);
          clientOf.set(s.id, m.from);
          if (m.stream) connOf.set(s.id, m.stream);
          return ['CONNECTED', { reqId, session: s.id, timeoutMs: s.timeoutMs }];
        }
        case 'PING':
          return zk.touch(session, now) ? ['PONG', { reqId }] : expired;
        case 'CREATE': {
          const id = typeof b.protectedId === 'string' ? b.protectedId : undefined;
          const n = zk.createEphemeralSequential(session, String(b.path), now, id);
          return n ? ['CREATED', { reqId, path: n.path, seq: n.seq, czxid: n.czxid }] : expired;
        }
        case 'GET_CHILDREN': {
          const c = zk.getChildren(session, String(b.path), now);
          return c ? ['CHILDREN', { reqId, path: b.path, children: c, count: c.length }] : expired;
        }
        case 'SET_WATCHES':
          return zk.setWatches(session, (b.paths as string[] | undefined) ?? [], now) ? null : expired;
        case 'EXISTS': {
          const r = zk.exists(session, String(b.path), Boolean(b.watch), now);
          return r ? ['STAT', { reqId, path: b.path, exists: r.node !== null }] : expired;
        }
        default:
          return null;
      }
    };

    return {
      receive(m) {
        const answer = handle(m);
        flush();
        scheduleExpiry();
        if (answer) reply(m.from, m.stream, answer[0], answer[1]);
      },
      stop() {
        cancelExpiry?.();
      },
    };
  };
}
