import type { Rng } from '../../../lib/rng.ts';
import { memberFault } from '../../faults/table.ts';
import type { Process, ProcessEnv, ProcessFactory } from '../../net/host.ts';
import type { Message } from '../../net/message.ts';
import { type ZkChange, ZooKeeper } from './zk.ts';

/** The ensemble's servers: a majority of them must be up for it to serve. */
export const SERVERS = [1, 2, 3] as const;

/**
 * The servers a client tries, in order: its connect string, shuffled once per client
 * (StaticHostProvider shuffles it), here a rotation drawn from the run's seed.
 */
export function serverList(rng: Rng): number[] {
  const first = rng.int(0, SERVERS.length - 1);
  return SERVERS.map((_, k) => SERVERS[(first + k) % SERVERS.length] as number);
}

/**
 * From the ensemble leader's death to a new leader serving: FastLeaderElection waits finalizeWait
 * (200 ms) once a majority agrees on a vote, then the followers sync with the new leader (about a
 * tick; live mode's ensemble runs tickTime 200 ms). Live mode's kills of the real leader took the
 * recipe to a leader again in 0.47 to 1.38 s, median 0.75 s (5 runs), which also holds the client's
 * reconnect backoff (0 to 1000 ms).
 */
export const ELECTION_MS = 400;

/**
 * The ensemble's leader among the servers up: FastLeaderElection orders votes by epoch, then zxid,
 * then server id (totalOrderPredicate); every server here has the same log, so the highest id wins.
 */
export function electedLeader(up: readonly number[]): number | null {
  return up.length === 0 ? null : Math.max(...up);
}

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
 *
 * The host stands for a three-server ensemble, as far as a client sees it: each TCP connection goes to
 * one server (the next of its client's list that is not dead, `client-server` marks it); a server
 * fault (`server`, Process.onFault) kills one (its connections are reset: a RESET to each client),
 * stops one (what comes on its connections waits until it resumes) or brings one back. With fewer
 * than two servers up there is no quorum: every connection is reset, new ones too, nothing is
 * written and no session expires; when quorum is back every session gets its whole timeout again.
 * Without TCP (the `tcp` knob off) there are no connections to place, only the quorum.
 *
 * One server leads the ensemble (electedLeader). When it dies, every follower shuts down its
 * server and closes all its clients' connections (Learner.shutdown: `self.closeAllConnections()`),
 * then they elect a new leader (ELECTION_MS), as servers that get their quorum back do: meanwhile
 * nothing is served, as without quorum, and no session expires; the new leader gives every session
 * its whole timeout again. A follower's
 * death resets its own clients only. A stopped leader is not re-elected here: its followers would
 * notice after syncLimit x tickTime, which this model does not have; its clients hang.
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
    const life = new Map<number, 'up' | 'stopped' | 'dead'>(SERVERS.map((id) => [id, 'up']));
    /** What came on a stopped server's connections, in order, for when it resumes. */
    const held = new Map<number, Message[]>();
    /** Connection -> the server it goes to, and its client. */
    const serverOf = new Map<string, number>();
    const clientOfStream = new Map<string, string>();
    /** Connections reset by a server: what still comes on them is dropped (the RESET was sent). */
    const resetStreams = new Set<string>();
    /** Client -> the index in its server list of its latest connection. */
    const cursor = new Map<string, number>();
    const lists = new Map<string, number[]>();
    const listOf = (client: string) => {
      let l = lists.get(client);
      if (l === undefined) {
        // Its own stream: drawn from only in runs with this process, so other draws stay as they were.
        l = serverList(env.rng(`servers:${client}`));
        lists.set(client, l);
      }
      return l;
    };
    const quorum = () => [...life.values()].filter((l) => l === 'up').length * 2 > SERVERS.length;
    const upServers = () => SERVERS.filter((id) => life.get(id) === 'up');
    let leader = electedLeader(upServers());
    /** The followers' election after the leader's death, while it runs. */
    let electing: (() => void) | null = null;
    /** The ensemble serves: a quorum of servers up, and a leader among them. */
    const serving = () => quorum() && electing === null;
    /** A connection reset (TCP RST), as a datagram: a cut loses it, and the read timeout tells instead. */
    const reset = (stream: string) => {
      const to = clientOfStream.get(stream);
      serverOf.delete(stream);
      resetStreams.add(stream);
      if (to !== undefined) env.send(to, 'RESET', { conn: stream });
    };
    /** The server for a new connection: the next one of the client's list that is not dead. */
    const place = (m: Message & { stream: string }): number | undefined => {
      if (!serving()) return undefined;
      const list = listOf(m.from);
      let i = cursor.get(m.from) ?? -1;
      for (let k = 0; k < list.length; k++) {
        i = (i + 1) % list.length;
        const id = list[i] as number;
        if (life.get(id) === 'dead') continue;
        cursor.set(m.from, i);
        serverOf.set(m.stream, id);
        clientOfStream.set(m.stream, m.from);
        env.mark('client-server', { client: m.from, server: id });
        return id;
      }
      return undefined;
    };

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
      if (!serving()) return;
      const next = zk.nextExpiryMs();
      if (next === undefined) return;
      cancelExpiry = env.after(
        Math.max(0, next - env.now()),
        () => {
          cancelExpiry = null;
          zk.expire(env.now());
          flush();
          scheduleExpiry();
        },
        'session-expiry',
      );
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

    const serve = (m: Message) => {
      const answer = handle(m);
      flush();
      scheduleExpiry();
      if (answer) reply(m.from, m.stream, answer[0], answer[1]);
    };
    const lostLeader = () => {
      if (leader === null) return;
      leader = null;
      env.mark('ensemble-leader', { server: null });
    };
    /** A quorum's election: nothing is served until it ends; then every session has its whole timeout. */
    const elect = () => {
      electing?.();
      electing = env.after(
        ELECTION_MS,
        () => {
          electing = null;
          if (!quorum()) return;
          leader = electedLeader(upServers());
          env.mark('ensemble-leader', { server: leader });
          zk.promote(env.now());
          flush();
          scheduleExpiry();
        },
        'election',
      );
    };
    const serverFault = (id: number, act: 'kill' | 'restart' | 'stop' | 'resume') => {
      // The fault's shape takes up to 5 (a store group's); this ensemble has three servers.
      if (!life.has(id)) return;
      const before = quorum();
      const was = life.get(id);
      if (act === 'kill' && was !== 'dead') life.set(id, 'dead');
      else if (act === 'stop' && was === 'up') life.set(id, 'stopped');
      else if ((act === 'resume' && was === 'stopped') || (act === 'restart' && was === 'dead'))
        life.set(id, 'up');
      else return;
      if (act === 'kill') {
        held.delete(id);
        for (const [stream, s] of serverOf) if (s === id) reset(stream);
      }
      if (before && !quorum()) {
        // A server that loses its quorum stops serving and closes its clients' connections.
        for (const [stream, s] of serverOf) if (life.get(s) === 'up') reset(stream);
        electing?.();
        electing = null;
        lostLeader();
      } else if (!before && quorum()) elect();
      else if (act === 'kill' && id === leader) {
        // The followers close every client connection and elect a new leader among themselves.
        for (const [stream, s] of serverOf) if (life.get(s) === 'up') reset(stream);
        lostLeader();
        elect();
      }
      if (act === 'resume') for (const m of held.get(id)?.splice(0) ?? []) if (serving()) serve(m);
      flush();
      scheduleExpiry();
    };

    return {
      receive(m) {
        if (m.stream === undefined) {
          if (serving()) serve(m);
          return;
        }
        if (resetStreams.has(m.stream)) return;
        const server = serverOf.get(m.stream) ?? place(m as Message & { stream: string });
        if (server === undefined) {
          clientOfStream.set(m.stream, m.from);
          reset(m.stream);
          return;
        }
        if (life.get(server) === 'stopped') {
          held.set(server, [...(held.get(server) ?? []), m]);
          return;
        }
        serve(m);
      },
      stop() {
        cancelExpiry?.();
        electing?.();
      },
      // The ensemble: the model, its servers' life and leader, its connections and where each goes,
      // what waits for a stopped server (without message ids), each client's server list and place.
      state: () => ({
        zk: zk.state(),
        clientOf,
        connOf,
        life,
        leader,
        electing: electing !== null,
        expiring: cancelExpiry !== null,
        held: new Map([...held].map(([id, ms]) => [id, ms.map(({ id: _, ...m }) => m)])),
        serverOf,
        clientOfStream,
        resetStreams,
        cursor,
        lists,
      }),
      onFault(f) {
        const member = memberFault(f);
        if (member) serverFault(member.server, member.act);
      },
    };
  };
}
