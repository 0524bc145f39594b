/**
 * A candidate following ZooKeeper's leader election recipe
 * (zookeeper.apache.org/doc/current/recipes.html#sc_leaderElection):
 *
 * 1. create z = "/election/n_" with the SEQUENCE and EPHEMERAL flags;
 * 2. C = getChildren("/election"); if z is the smallest in C, lead;
 * 3. otherwise watch for changes on "/election/n_j", where j is the largest sequence number smaller
 *    than z's (exists() with a watch); if exists() says it is already gone, go back to 2;
 * 4. on a NodeDeleted event for that znode, go back to 2.
 * "Note that the znode having no preceding znode on the list of children does not imply that the
 * creator of this znode is aware that it is the current leader" — hence the fencing token below.
 *
 * `herd` is the variant the recipe warns against: every candidate watches the LOWEST znode, so its
 * deletion wakes all n - 1 of them at once ("herd effect") and they all call getChildren.
 *
 * The client side of a session (ZooKeeper's Java client, ClientCnxn 3.8), over one TCP connection
 * (Network.sendOnStream: a short cut delays messages, it does not lose them): it pings when it has
 * sent nothing for half its read timeout less a second, and when it has heard nothing for two thirds
 * of the session timeout (the read timeout) it counts the connection as lost (Disconnected). A leader
 * then stops acting as leader until it hears the server again (Apache Curator, "Error handling":
 * treat SUSPENDED as a loss of leadership). It reconnects on a new connection at once; back with its
 * session (RECONNECTED) it sets its watch again (SetWatches), and the server fires what it missed; if
 * the server says the session has expired (LOST), its znode is gone and it starts over.
 * A GC pause freezes all of that: the leader wakes up with its leadership intact and its timers
 * late, so a write can leave before its connection check runs. Its token (the znode's sequence number)
 * lets the storage refuse it (Kleppmann, "How to do distributed locking", 2016).
 */
import { assign, setup } from 'xstate';
import type { ProcessEnv } from '../../net/host.ts';
import { ELECTION, STORAGE_HOST, ZK_HOST } from './keys.ts';

const PREFIX = `${ELECTION}/n_`;

export interface ZkConfig {
  sessionTimeoutMs: number;
  herd: boolean;
  writeIntervalMs: number;
  /** Over TCP (the default); false: datagrams, the negative control for the session's liveness. */
  tcp: boolean;
}

export interface ZkInput {
  env: ProcessEnv;
  rank: number;
  cfg: ZkConfig;
}

export interface ZkContext {
  env: ProcessEnv;
  cfg: ZkConfig;
  rank: number;
  seq: number;
  reqId: number;
  session: number | null;
  /** Local time an answer from ZooKeeper last arrived. */
  lastHeard: number;
  /** This candidate's znode name (without the parent) and its sequence number. */
  znode: { name: string; seq: number } | null;
  /** The znode it watches. */
  watching: string | null;
  /** The znode's sequence number while leading (machineProcess reports it with the role). */
  token: number | undefined;
  writes: number;
  /** Its TCP connections to ZooKeeper so far: each reconnect is a new one. */
  conn: number;
}

/** The client's current TCP connection to ZooKeeper. */
const connName = (ctx: ZkContext) => `${ctx.env.id}/zk#${ctx.conn}`;

/** A request on the current connection (a plain message where no connection is modelled). */
function toZk(ctx: ZkContext, type: string, body: Record<string, unknown>): void {
  if (ctx.env.sendOnStream && ctx.cfg.tcp) ctx.env.sendOnStream(connName(ctx), ZK_HOST, type, body);
  else ctx.env.send(ZK_HOST, type, body);
}

type Answer = { from: string; reqId?: number | null };
export type ZkEvent =
  | (Answer & { type: 'CONNECTED'; session: number; timeoutMs: number })
  | (Answer & { type: 'PONG' })
  | (Answer & { type: 'CREATED'; path: string; seq: number; czxid: number })
  | (Answer & { type: 'CHILDREN'; children: string[] })
  | (Answer & { type: 'STAT'; path: string; exists: boolean })
  | (Answer & { type: 'WATCH_EVENT'; path: string })
  | (Answer & { type: 'SESSION_EXPIRED'; session: number })
  /** The connection `conn` was reset: its server died, or lost its quorum. */
  | (Answer & { type: 'RESET'; conn: string })
  | (Answer & { type: 'WRITE_OK' })
  | (Answer & { type: 'WRITE_REJECTED' });

/** The znode to watch: the next lower one (the recipe) or the lowest (the herd); null = I am the lowest. */
export function watchTarget(children: readonly string[], mine: string, herd: boolean): string | null {
  const sorted = [...children].sort();
  const i = sorted.indexOf(mine);
  if (i <= 0) return null;
  return (herd ? sorted[0] : sorted[i - 1]) ?? null;
}

/** ClientCnxn: the connection is lost when nothing is heard for two thirds of the session timeout. */
export const readTimeoutMs = (timeoutMs: number) => Math.floor((timeoutMs * 2) / 3);
/**
 * ClientCnxn (SendThread.run, 3.8) pings once `readTimeout / 2 - idleSend - (idleSend > 1000 ? 1000 : 0)`
 * reaches 0: at half the read timeout less a second ("to prevent race condition missing to send the
 * second ping"), and just past 1 s when that would come sooner.
 */
export function pingIntervalMs(timeoutMs: number): number {
  const half = Math.floor(readTimeoutMs(timeoutMs) / 2);
  if (half <= 1000) return half;
  return Math.max(1001, half - 1000);
}

const ours = ({ context, event }: { context: ZkContext; event: ZkEvent }) =>
  event.reqId != null && event.reqId === context.reqId;

export const zkMachine = setup({
  types: { context: {} as ZkContext, input: {} as ZkInput, events: {} as ZkEvent },
  guards: {
    ours,
    hasZnode: ({ context }) => context.znode !== null,
    isWatchingSomething: ({ context }) => context.znode !== null && context.watching !== null,
    isLowest: ({ context, event }) =>
      ours({ context, event }) &&
      event.type === 'CHILDREN' &&
      context.znode !== null &&
      watchTarget(event.children, context.znode.name, context.cfg.herd) === null &&
      event.children.includes(context.znode.name),
    targetGone: ({ context, event }) => ours({ context, event }) && event.type === 'STAT' && !event.exists,
    isWatched: ({ context, event }) =>
      event.type === 'WATCH_EVENT' && event.path === `${ELECTION}/${context.watching}`,
    isCurrentConn: ({ context, event }) => event.type === 'RESET' && event.conn === connName(context),
    connectionLost: ({ context }) =>
      context.env.now() - context.lastHeard > readTimeoutMs(context.cfg.sessionTimeoutMs),
  },
  actions: {
    nextReq: assign(({ context }) => ({ seq: context.seq + 1, reqId: context.seq + 1 })),
    heard: assign(({ context }) => ({ lastHeard: context.env.now() })),
    sendConnect: ({ context }) =>
      toZk(context, 'CONNECT', { timeoutMs: context.cfg.sessionTimeoutMs, reqId: context.reqId }),
    takeSession: assign(({ event }) => ({ session: event.type === 'CONNECTED' ? event.session : null })),
    sendPing: assign(({ context }) => {
      const reqId = context.seq + 1;
      toZk(context, 'PING', { session: context.session, reqId });
      // A ping does not replace the request in flight: its answer is matched by type, not by id.
      return { seq: reqId };
    }),
    sendCreate: ({ context }) =>
      // One protected id per session: every try of this create finds the znode an earlier try made.
      toZk(context, 'CREATE', {
        session: context.session,
        path: PREFIX,
        protectedId: `${context.env.id}-${context.session}`,
        reqId: context.reqId,
      }),
    takeZnode: assign(({ context, event }) => {
      if (event.type !== 'CREATED') return {};
      context.env.mark('znode-created', { path: event.path, seq: event.seq });
      return { znode: { name: event.path.slice(ELECTION.length + 1), seq: event.seq } };
    }),
    sendGetChildren: ({ context }) =>
      toZk(context, 'GET_CHILDREN', {
        session: context.session,
        path: ELECTION,
        reqId: context.reqId,
      }),
    chooseWatch: assign(({ context, event }) => {
      if (event.type !== 'CHILDREN' || !context.znode) return {};
      const target = watchTarget(event.children, context.znode.name, context.cfg.herd);
      return { watching: target };
    }),
    sendExists: ({ context }) =>
      toZk(context, 'EXISTS', {
        session: context.session,
        path: `${ELECTION}/${context.watching}`,
        watch: true,
        reqId: context.reqId,
      }),
    markWatching: ({ context }) =>
      context.env.mark('watching', {
        path: `${ELECTION}/${context.watching}`,
        mine: context.znode ? `${ELECTION}/${context.znode.name}` : null,
      }),
    markWatchEvent: ({ context, event }) => {
      if (event.type === 'WATCH_EVENT') context.env.mark('watch-event', { path: event.path });
    },
    lead: assign(({ context }) => {
      context.env.mark('leading', {
        path: context.znode ? `${ELECTION}/${context.znode.name}` : null,
        seq: context.znode?.seq ?? null,
      });
      return { token: context.znode?.seq, watching: null };
    }),
    sendWrite: assign(({ context }) => {
      const writes = context.writes + 1;
      context.env.send(STORAGE_HOST, 'WRITE', {
        token: context.token ?? null,
        value: `${context.env.id}#${writes}`,
      });
      return { writes };
    }),
    stopLeading: assign(({ context }, params: { reason: 'disconnected' | 'session-expired' | 'fenced' }) => {
      if (context.token !== undefined)
        context.env.mark('step-down', { reason: params.reason, token: context.token });
      return { token: undefined };
    }),
    markDisconnected: ({ context }) =>
      context.env.mark('disconnected', { silentMs: context.env.now() - context.lastHeard }),
    markExpired: ({ context }) => context.env.mark('session-expired', { session: context.session }),
    /**
     * A new TCP connection (ClientCnxn closes the socket when its read timeout passes, and every
     * connection attempt opens a new one): what the old one still held is never delivered.
     */
    reconnect: assign(({ context }) => {
      context.env.closeStream?.(connName(context));
      return { conn: context.conn + 1 };
    }),
    /** Its watch, set again on the new connection (SetWatches: the server fires it if it was missed). */
    sendSetWatches: ({ context }) =>
      toZk(context, 'SET_WATCHES', {
        session: context.session,
        paths: [`${ELECTION}/${context.watching}`],
        // The trace's summary of a body keeps only primitives: `path` names it in the event log.
        path: `${ELECTION}/${context.watching}`,
      }),
    dropSession: assign({ session: null, znode: null, watching: null, token: undefined }),
  },
  delays: {
    startDelay: ({ context }) => context.rank * 500,
    ping: ({ context }) => pingIntervalMs(context.cfg.sessionTimeoutMs),
    readTimeoutLeft: ({ context }) =>
      Math.max(1, context.lastHeard + readTimeoutMs(context.cfg.sessionTimeoutMs) - context.env.now() + 1),
    reconnectBackoff: ({ context }) => context.env.rng('reconnect').int(0, 1000),
    requestTimeout: ({ context }) => readTimeoutMs(context.cfg.sessionTimeoutMs),
    untilNextWrite: ({ context }) => {
      const every = context.cfg.writeIntervalMs;
      const now = context.env.now();
      return every - (((now % every) + every) % every);
    },
  },
}).createMachine({
  id: 'zk',
  context: ({ input }) => ({
    env: input.env,
    cfg: input.cfg,
    rank: input.rank,
    seq: 0,
    reqId: 0,
    session: null,
    lastHeard: 0,
    znode: null,
    watching: null,
    token: undefined,
    writes: 0,
    conn: 0,
  }),
  initial: 'starting',
  states: {
    starting: { after: { startDelay: 'connecting' } },
    connecting: {
      entry: ['reconnect', 'nextReq', 'sendConnect'],
      on: {
        CONNECTED: { guard: 'ours', target: 'joined', actions: ['takeSession', 'heard'] },
        // Refused (no server, or no quorum): the next try after ClientCnxn's random sleep.
        RESET: { guard: 'isCurrentConn', target: 'connectWait' },
      },
      after: { requestTimeout: { target: 'connecting', reenter: true } },
    },
    connectWait: { after: { reconnectBackoff: 'connecting' } },
    joined: {
      type: 'parallel',
      on: {
        SESSION_EXPIRED: {
          target: 'connecting',
          actions: [
            'markExpired',
            { type: 'stopLeading', params: { reason: 'session-expired' } },
            'dropSession',
          ],
        },
        PONG: { actions: 'heard' },
        // Its server died: Disconnected at once, not at the read timeout.
        RESET: { guard: 'isCurrentConn', target: 'suspended' },
      },
      states: {
        ping: {
          initial: 'ticking',
          states: { ticking: { after: { ping: { target: 'ticking', reenter: true, actions: 'sendPing' } } } },
        },
        health: {
          initial: 'checking',
          states: {
            // Checked when the read timeout would pass since it last heard (ClientCnxn's `to`).
            checking: {
              after: {
                readTimeoutLeft: [
                  { guard: 'connectionLost', target: '#zk.suspended' },
                  { target: 'checking', reenter: true },
                ],
              },
            },
          },
        },
        role: {
          initial: 'resuming',
          states: {
            /**
             * Back from a lost connection with the session alive, it goes on where it was: its watch set
             * again, or its children listed again; with a new session, it creates its znode. (A
             * transient state: `creating`'s entry would send CREATE before an `always` could skip it, a
             * second znode in one session.)
             */
            resuming: {
              always: [
                { guard: 'isWatchingSomething', target: 'watching.waiting', actions: 'sendSetWatches' },
                { guard: 'hasZnode', target: 'listing' },
                { target: 'creating' },
              ],
            },
            creating: {
              entry: ['nextReq', 'sendCreate'],
              on: { CREATED: { guard: 'ours', target: 'listing', actions: ['heard', 'takeZnode'] } },
              after: { requestTimeout: { target: 'creating', reenter: true } },
            },
            listing: {
              tags: ['candidate'],
              entry: ['nextReq', 'sendGetChildren'],
              on: {
                CHILDREN: [
                  { guard: 'isLowest', target: 'leading', actions: ['heard', 'lead'] },
                  { guard: 'ours', target: 'watching', actions: ['heard', 'chooseWatch'] },
                ],
              },
              after: { requestTimeout: { target: 'listing', reenter: true } },
            },
            watching: {
              initial: 'asking',
              on: {
                WATCH_EVENT: { guard: 'isWatched', target: 'listing', actions: ['heard', 'markWatchEvent'] },
              },
              states: {
                asking: {
                  entry: ['nextReq', 'sendExists'],
                  on: {
                    STAT: [
                      { guard: 'targetGone', target: '#zk.joined.role.listing', actions: 'heard' },
                      { guard: 'ours', target: 'waiting', actions: ['heard', 'markWatching'] },
                    ],
                  },
                  after: { requestTimeout: { target: '#zk.joined.role.listing' } },
                },
                waiting: {},
              },
            },
            leading: {
              tags: ['leader'],
              on: {
                WRITE_REJECTED: {
                  target: '#zk.suspended',
                  actions: { type: 'stopLeading', params: { reason: 'fenced' } },
                },
              },
              initial: 'working',
              states: {
                working: {
                  after: { untilNextWrite: { target: 'working', reenter: true, actions: 'sendWrite' } },
                },
              },
            },
          },
        },
      },
    },
    /** Connection lost: not a leader until ZooKeeper answers again (or says the session is gone). */
    suspended: {
      // ClientCnxn tries a new connection at once, and sleeps a random 0-1000 ms before each next
      // try (SendThread.startConnect), each try a new TCP connection.
      entry: [
        'markDisconnected',
        { type: 'stopLeading', params: { reason: 'disconnected' } },
        'reconnect',
        'sendPing',
      ],
      on: {
        PONG: { target: 'joined', actions: 'heard' },
        SESSION_EXPIRED: { target: 'connecting', actions: ['markExpired', 'dropSession'] },
      },
      initial: 'pinging',
      states: {
        pinging: {
          after: {
            reconnectBackoff: { target: 'pinging', reenter: true, actions: ['reconnect', 'sendPing'] },
          },
        },
      },
    },
  },
});
