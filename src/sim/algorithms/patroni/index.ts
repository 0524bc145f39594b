/**
 * Patroni 3.x on etcd behind HAProxy (Patroni's docs, "Dynamic Configuration Settings" and "HA
 * loop"; patroni/ha.py): knobs, rules, declaration (the hosts, members, HAProxy and a client, are in runtime.ts).
 */
import type { ParamRule, ParamSpecs, Params } from '../../params.ts';
import { etcdFamilies } from '../../store/vocabulary.ts';
import { type Algorithm, numberedIds, numOf, pick } from '../algorithm.ts';
import { patroniKeys, REST_TIMEOUT_MS, STORE, STORE_RETRY_MS } from './keys.ts';

export const patroniParams: ParamSpecs = {
  ttlS: {
    default: 30,
    min: 20,
    max: 3600,
    integer: true,
    unit: 's',
    doc: 'TTL of the leader lock (the agent lease): how long a dead primary keeps the key',
    source: 'Patroni docs, dynamic configuration: ttl (default 30, minimum 20)',
  },
  loopWaitS: {
    default: 10,
    min: 1,
    max: 600,
    integer: true,
    unit: 's',
    doc: 'HA loop period: each agent refreshes its lease and reads the cluster this often',
    source: 'Patroni docs, dynamic configuration: loop_wait (default 10, minimum 1)',
  },
  retryTimeoutS: {
    default: 10,
    min: 3,
    max: 600,
    integer: true,
    unit: 's',
    doc: 'how long an HA loop retries etcd before giving up; a leader that gives up demotes itself',
    source: 'Patroni docs, dynamic configuration: retry_timeout (default 10, minimum 3)',
  },
  maximumLagOnFailover: {
    default: 1_048_576,
    min: 0,
    max: 1e12,
    integer: true,
    unit: '',
    doc: 'bytes of WAL a replica may lag behind the last known primary position and still race for the lock',
    source: 'Patroni docs, dynamic configuration: maximum_lag_on_failover (default 1048576)',
  },
  promoteMs: {
    default: 300,
    min: 0,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'time pg_ctl promote takes before the new primary accepts writes',
    source:
      'Patroni promotes with pg_ctl promote (PostgreSQL docs, pg_ctl; since 9.3 recovery ends without ' +
      'waiting for a checkpoint); measured on Patroni 3.0.2 / PostgreSQL 15 / etcd 3.4 on loopback ' +
      '(3 SIGKILL failovers): writable 0.27-0.54 s after the leader key was deleted, 0.1 s of it to take the key',
  },
  walBytesPerWrite: {
    default: 8192,
    min: 1,
    max: 1e9,
    integer: true,
    unit: '',
    doc: 'bytes of WAL each accepted client write adds to the primary LSN (one 8 KiB page)',
    source: 'PostgreSQL docs, WAL Internals: WAL is written in 8 kB pages (XLOG_BLCKSZ)',
  },
  haproxyInterMs: {
    default: 3000,
    min: 100,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'HAProxy health-check interval per backend: the next check starts this long after the last one ended',
    source:
      "Patroni's haproxy.cfg example: default-server inter 3s fall 3 rise 2; HAProxy 2.6 src/check.c: the next check is due inter after one completes",
  },
  haproxyFall: {
    default: 3,
    min: 1,
    max: 100,
    integer: true,
    unit: '',
    doc: 'consecutive failed checks (503 or no answer) before HAProxy marks a backend down',
    source: "Patroni's haproxy.cfg example: fall 3",
  },
  haproxyRise: {
    default: 2,
    min: 1,
    max: 100,
    integer: true,
    unit: '',
    doc: 'consecutive good checks (200) before HAProxy marks a backend up',
    source: "Patroni's haproxy.cfg example: rise 2",
  },
  clientWriteIntervalMs: {
    default: 2000,
    min: 50,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'the app sends one INSERT through HAProxy this often',
    source:
      "Patroni's haproxy.cfg example: the app writes through the primary port 5000 (the rate is an assumption)",
  },
  watchdog: {
    default: false,
    doc: "on: each agent arms a watchdog while it leads, kept alive at each leader-key update; one not kept alive for ttl - safety_margin (5 s) resets the host, so a primary whose agent stopped is gone before its key expires; off: Patroni's default (watchdog mode off)",
    source:
      'Patroni docs, Watchdog support: the watchdog timeout is ttl - safety_margin (default 5 s), the keepalive follows each leader-key update',
  },
  directWriteNode: {
    default: 0,
    min: 0,
    max: 9,
    integer: true,
    unit: '',
    doc: "a second app writes straight to pg-N's Postgres port, past HAProxy, as often as the first (0: none)",
    source: 'an app with a stale address or a pooler without health checks reaches the old primary directly',
  },
  clientConnectTimeoutMs: {
    default: 2000,
    min: 2000,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'how long the app waits for a new connection to become usable before its write fails',
    source:
      'libpq connect_timeout: "Maximum time to wait while connecting"; "The minimum allowed timeout is 2 seconds" (PostgreSQL docs, libpq 34.1.2)',
  },
};

export const patroniRules: ParamRule[] = [
  {
    id: 'loop-retry-ttl',
    ok: (p) => Number(p.loopWaitS) + 2 * Number(p.retryTimeoutS) <= Number(p.ttlS),
    message: 'loop_wait + 2 x retry_timeout must be <= ttl (loopWaitS + 2 x retryTimeoutS <= ttlS)',
    source: 'Patroni docs, Dynamic Configuration Settings: "loop_wait + 2*retry_timeout <= ttl"',
  },
];

export const patroniIds = numberedIds('pg');

export const patroni: Algorithm = {
  id: 'patroni',
  params: patroniParams,
  rules: patroniRules,
  nodeIds: patroniIds,
  minNodes: 2,
  maxNodes: 9,
  // The names of Patroni's dynamic configuration (Patroni docs, "Dynamic Configuration Settings":
  // ttl, loop_wait, retry_timeout, maximum_lag_on_failover), accepted by --set and links.
  knobAliases: {
    ttl: 'ttlS',
    loop_wait: 'loopWaitS',
    retry_timeout: 'retryTimeoutS',
    maximum_lag_on_failover: 'maximumLagOnFailover',
  },
  vocabulary: {
    families: {
      // The store API (the etcd model answers these), then its own.
      ...etcdFamilies,
      GET_STATUS: 'data',
      STATUS: 'data',
      START_REPLICATION: 'data',
      WAL: 'data',
      HEALTH_CHECK: 'heartbeat',
      HEALTH: 'reply',
      WRITE: 'data',
      WRITE_OK: 'reply',
      WRITE_FAILED: 'reject',
      WRITE_ERROR: 'reject',
    },
    // WAL streams after every write and the watch after every change of the cluster's keys: drawn
    // lighter, like the keepalives and health checks.
    chatter: ['KEEPALIVE', 'KEEPALIVE_ACK', 'HEALTH_CHECK', 'HEALTH', 'WAL', 'WATCH_EVENT'],
  },
  leadership: { scope: 'cluster', carries: 'timeline', keys: [patroniKeys.leader] },
  topology: { mesh: false },
  failover: {
    leadsThrough: 'store',
    marks: [
      {
        name: 'dcs-unreachable',
        kind: 'dcs-unreachable',
        windowMs: (d) => numOf(d.retryTimeoutMs),
        suspect: (n) => n,
      },
    ],
    leaseExpiry: true,
  },
  chaos: {
    base: 'patroni',
    // etcd and HAProxy may be cut off, delayed or partitioned; etcd may pause and drift but never
    // crashes (a replicated etcd whose data survive). An isolation from etcd alone is the fault a
    // primary must answer by demoting itself.
    infra: [STORE, 'haproxy'],
    slowInfra: [STORE],
    isolateFromStore: true,
    pausesUnsafeOnly: true,
    // Never two primaries taking writes (the client's INSERTs through HAProxy), and the leader key
    // never changes hands while it exists (the members' TXN compares create_revision and value).
    // These hold with no primary paused past ttl: one that is runs the writes its socket buffered as
    // soon as it resumes, beside its successor. That is what Patroni's watchdog is for ("Watchdog
    // support": it resets the system safety_margin before the leader key expires when Patroni has not
    // pinged it), and the model has none: the safe design's schedules draw no pauses; the negative
    // control, Patroni without a watchdog, draws them and must find the split-brain.
    safety: ['split-brain', 'two-lease-holders'],
    liveness: 'lease-leader',
    // `unsafe` changes no knob: the control differs by its draws (pausesUnsafeOnly).
    timing(k, { net, latMax }) {
      // Patroni's own bounds (Patroni docs, Dynamic Configuration Settings): ttl >= 20, loop_wait >= 1,
      // retry_timeout >= 3, and loop_wait + 2 x retry_timeout <= ttl.
      const ttlS = pick(k[0], 20, 40);
      const loopWaitS = pick(k[1], 1, 10);
      const retryTimeoutS = pick(k[2], 3, Math.floor((ttlS - loopWaitS) / 2));
      const promoteMs = pick(k[3], 0, 2000);
      const params: Params = {
        ...net,
        ttlS,
        loopWaitS,
        retryTimeoutS,
        promoteMs,
        haproxyInterMs: pick(k[4], 1000, 3000),
        clientWriteIntervalMs: pick(k[5], 300, 2000),
      };
      return {
        params,
        unitMs: ttlS * 1000,
        // Once the faults stop, the leader key of a member that is gone or demoted lives at most one
        // ttl after its last refresh ("ttl: the length of time before initiation of the automatic
        // failover process"); a member's HA loop runs within loop_wait ("the number of seconds the
        // loop will sleep") or at once on the watch, and a cycle whose etcd request was lost at F
        // retries it for up to retry_timeout ("timeout for DCS and PostgreSQL operation retries"),
        // one STORE_RETRY_MS more to be answered; the race asks the other members over REST (2 s,
        // ha.py fetch_node_status) and the winner promotes. Plus a few one-way trips.
        boundMs:
          (ttlS + loopWaitS + retryTimeoutS) * 1000 +
          STORE_RETRY_MS +
          REST_TIMEOUT_MS +
          promoteMs +
          8 * latMax,
      };
    },
  },
  sandbox: {
    presets: [{ id: 'patroni', params: {} }],
    variant: { nodes: 3, timeScale: 2.2, adr: ['consequence.failover-ttl', 'consequence.etcd-ha'] },
    compareKnob: 'ttlS',
  },
};
