/**
 * ZooKeeper's leader election recipe (zookeeper.apache.org/doc/current/recipes.html#sc_leaderElection):
 * ephemeral sequential znodes under /election, the lowest leads, each candidate watches only its
 * predecessor; `herd` switches to everyone watching the leader. Knobs and declaration (hosts: runtime.ts).
 */
import type { ParamSpecs, Params } from '../../params.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { type Algorithm, numberedIds, numOf, pick } from '../algorithm.ts';
import { ELECTION, STORAGE_HOST, ZK_HOST } from './keys.ts';
import type { ZkConfig } from './machine.ts';

const params: ParamSpecs = {
  sessionTimeoutMs: {
    default: 10_000,
    min: 4000,
    max: 40_000,
    integer: true,
    unit: 'ms',
    doc: 'how long ZooKeeper keeps a silent client’s session (and its ephemeral znode) before it expires it',
    source:
      'ZooKeeper Administrator’s Guide: the server grants a session timeout between minSessionTimeout (2 × tickTime) and maxSessionTimeout (20 × tickTime); tickTime default 2000 ms',
  },
  herd: {
    default: false,
    unit: '',
    doc: 'every candidate watches the leader’s znode instead of its predecessor’s: one deletion wakes them all (the herd effect)',
    source:
      'ZooKeeper Recipes, Leader Election: “watch for changes on /election/n_j … to avoid the herd effect”',
  },
  fencing: {
    default: true,
    unit: '',
    doc: 'the storage takes the leader znode’s sequence number as a fencing token and rejects a lower one (409 STALE TOKEN)',
    source:
      'ZooKeeper Recipes: the lowest znode does not mean its creator knows it leads; Kleppmann, How to do distributed locking (2016)',
  },
  tcp: {
    default: true,
    unit: '',
    doc: 'the session’s messages go over a TCP connection: a cut shorter than the read timeout delays them and they arrive in order; off: they are datagrams, and a watch event lost in a cut is lost for good (no real client works this way: a negative control)',
    source:
      'ZooKeeper Programmer’s Guide, “ZooKeeper Sessions”: the client library keeps a TCP connection to one server; RFC 6298 (retransmission)',
  },
  writeIntervalMs: {
    default: 3000,
    min: 1,
    max: 3_600_000,
    integer: true,
    unit: 'ms',
    doc: 'the leader writes to the storage at every multiple of this on its local clock',
    source: 'the work a leader does while it leads (one instance runs the job)',
  },
};

export function zkConfig(p: Params): ZkConfig {
  return {
    sessionTimeoutMs: Number(p.sessionTimeoutMs),
    herd: Boolean(p.herd),
    writeIntervalMs: Number(p.writeIntervalMs),
    tcp: p.tcp !== false,
  };
}

/**
 * watchEventsPerChange: the watch events ZooKeeper sent per znode deleted under /election (null when
 * none was): 1 with the recipe (only the successor watches), n - 1 with the herd (all watch the leader).
 */
export function zkMetrics(events: readonly TraceEvent[]): { watchEventsPerChange: number | null } {
  let deleted = 0;
  let fired = 0;
  for (const e of events) {
    if (e.k === 'store' && e.change.kind === 'delete' && e.change.key.startsWith(`${ELECTION}/`)) deleted++;
    if (e.k === 'send' && e.from === ZK_HOST && e.type === 'WATCH_EVENT') fired++;
  }
  return { watchEventsPerChange: deleted === 0 ? null : Math.round((fired / deleted) * 100) / 100 };
}

export const zookeeper: Algorithm = {
  id: 'zookeeper',
  params,
  rules: [],
  nodeIds: numberedIds('node'),
  minNodes: 1,
  maxNodes: 50,
  vocabulary: {
    families: {
      CONNECT: 'store',
      CONNECTED: 'reply',
      PING: 'heartbeat',
      PONG: 'reply',
      CREATE: 'store',
      CREATED: 'reply',
      GET_CHILDREN: 'store',
      CHILDREN: 'reply',
      EXISTS: 'store',
      SET_WATCHES: 'store',
      STAT: 'reply',
      WATCH_EVENT: 'store',
      SESSION_EXPIRED: 'reject',
      RESET: 'reject',
      WRITE: 'data',
      WRITE_OK: 'reply',
      WRITE_REJECTED: 'reject',
    },
    chatter: ['PING', 'PONG'],
    storeLeasesAreSessions: true,
  },
  leadership: { scope: 'cluster', carries: 'token', keys: [] },
  topology: { mesh: false },
  failover: {
    leadsThrough: 'store',
    marks: [
      {
        name: 'disconnected',
        kind: 'dcs-unreachable',
        windowMs: (_d, p) => Math.floor((numOf(p.sessionTimeoutMs) * 2) / 3),
        suspect: (n) => n,
      },
    ],
    // A session expiring is recorded like a lease expiring (its znode deleted: a detection).
    leaseExpiry: true,
  },
  sandbox: {
    presets: [
      { id: 'zookeeper', params: { herd: false } },
      { id: 'zookeeper-herd', params: { herd: true } },
    ],
    variant: { nodes: 5, timeScale: 2, adr: ['matrix.zookeeper'] },
  },
  chaos: {
    base: 'zookeeper',
    infra: [ZK_HOST, STORAGE_HOST],
    // ZooKeeper stands for a replicated ensemble: it may pause and drift, never lose its data.
    slowInfra: [ZK_HOST],
    isolateFromStore: true,
    // Its servers die, stop and come back (`server` faults); the host itself stands for their data.
    ensemble: ZK_HOST,
    safety: ['stale-write-accepted'],
    liveness: 'quorum-leader',
    timing(k, { net, latMax, unsafe }) {
      const sessionTimeoutMs = pick(k[0], 4000, 20_000);
      const p: Params = {
        ...net,
        sessionTimeoutMs,
        herd: (k[1] ?? 0) >= 500,
        writeIntervalMs: pick(k[2], 200, 3000),
        fencing: !unsafe,
      };
      return {
        params: p,
        unitMs: sessionTimeoutMs,
        // After F: a stranded session expires within its timeout; a leader that cannot reach ZooKeeper
        // gives up after 2/3 of it; the successor's watch event and getChildren are a few trips.
        boundMs: 2 * sessionTimeoutMs + 10 * latMax + 2000,
      };
    },
  },
  storyMetrics: (events) => zkMetrics(events),
};
