import { assign, enqueueActions, setup } from 'xstate';
import { type Compare, prefixEnd, type RequestOp, type ResponseOp } from '../../store/etcd.ts';
import type { PatroniContext, PatroniEvent, PatroniInput, PgRole } from './context.ts';
import { NOT_RUNNING, patroniKeys, READ_ONLY, REST_TIMEOUT_MS, STORE, STORE_RETRY_MS } from './keys.ts';

/**
 * Patroni: one agent per Postgres host, leadership = the key `/service/<scope>/leader` in etcd with a
 * TTL (Patroni docs: dynamic_configuration, rest_api, ha_loop; patroni/ha.py).
 * Each pg-N host runs the agent; its Postgres lives in the machine's context (role, LSN, timeline).
 *
 * The HA loop, every loop_wait seconds (cycle start to cycle start, like Patroni's `_run_cycle`):
 *   1. KEEPALIVE its lease (etcd3: one lease per agent; the leader key AND its member key hang on it,
 *      so a dead agent's keys vanish together when the lease expires, `ttl` after the last refresh).
 *   2. RANGE the cluster prefix: leader key, /optime/leader, /initialize, /members/*.
 *   3. - it holds the leader key: TXN "value(leader) == me" -> put /optime/leader (its LSN) and its
 *        member key; promote Postgres if it is not primary yet ("had the session lock");
 *      - another member holds it: follow (demote if it was primary), put its member key;
 *      - no /initialize: race to create it (bootstrap, initdb: the winner is primary on timeline 1);
 *      - no leader key: "is the healthiest" check (ha.py `_is_healthiest_node`): lag =
 *        /optime/leader - my LSN must be <= maximum_lag_on_failover, and no member reachable over the
 *        REST API (GET /patroni, 2 s timeout as in ha.py `fetch_node_status`) is a running primary or
 *        further ahead. Then race: TXN "create_revision(leader) == 0 -> put(leader, me, lease)". The
 *        winner runs `pg_ctl promote` (mark 'promote'; writable after `promoteMs`, timeline + 1);
 *        the losers follow it.
 *   Every store request is retried every STORE_RETRY_MS; a cycle whose store work has not finished
 *   within retry_timeout gives up: a leader then demotes itself (read-only) so that it cannot keep
 *   accepting writes after its lease expires (docs: "DCS or network issues shorter than retry_timeout
 *   will not cause Patroni to demote the leader"). With loop_wait + 2 x retry_timeout <= ttl it has
 *   demoted before the key can expire.
 *
 * Replication is the Postgres protocol in miniature: a replica sends START_REPLICATION {lsn} to the
 * member it follows (again every loop, as a walreceiver reconnects); the primary answers with WAL
 * {lsn, timeline} at once and after every accepted write. A replica applies WAL only from its upstream.
 *
 * REST API: HEALTH_CHECK {path:'/primary', seq} -> HEALTH {code: 200 only if this agent holds the
 * leader lock and Postgres runs as a writable primary, else 503, seq}; GET_STATUS -> STATUS {role,
 * lsn, timeline}. SQL: WRITE {sid, wid, value, client} -> WRITE_OK {sid, wid, lsn, timeline} or
 * WRITE_ERROR {sid, wid, code: 503, reason: 'cannot execute INSERT in a read-only transaction'}; each
 * write is a trace `write` event (resource = this pg, token = its timeline).
 *
 * Modelling choices: there is no etcd watch in the store model, so replicas notice a missing leader
 * key at their next loop (failover after a crash takes between ttl and ttl + loop_wait after the last
 * refresh; real Patroni's etcd3 watch wakes them at once). The Patroni bootstrap takes /initialize and
 * then the leader key; here one txn does both. The optime lives in /optime/leader (Patroni's
 * _write_leader_optime; recent versions also keep it in /status). No watchdog: a primary whose host
 * freezes longer than ttl commits, when it wakes, the writes queued before the freeze (see tests).
 */

const me = (c: PatroniContext) => c.env.id;
const isReply = ({ context, event }: { context: PatroniContext; event: PatroniEvent }) =>
  'reqId' in event && event.reqId === context.cycle;
const rangeValue = (responses: ResponseOp[]): string | null => {
  for (const r of responses) if ('range' in r) return r.range.kvs[0]?.value ?? null;
  return null;
};

/** Member key value: JSON like Patroni's member data (role, state, xlog_location, timeline). */
function memberValue(c: PatroniContext): string {
  return JSON.stringify({
    role: c.pgRole === 'primary' ? 'primary' : 'replica',
    state: c.disk.hasData ? 'running' : 'stopped',
    xlog_location: c.lsn,
    timeline: c.timeline,
  });
}

/** A txn on `key` (the key is echoed in TXN_RESULT, for the trace). */
function txn(
  c: PatroniContext,
  key: string,
  compare: Compare[],
  success: RequestOp[],
  failure: RequestOp[],
): void {
  c.env.send(STORE, 'TXN', { reqId: c.cycle, key, compare, success, failure });
}

/** The HA agent and its Postgres, as two parallel regions. */
export const patroniMachine = setup({
  types: {} as { context: PatroniContext; events: PatroniEvent; input: PatroniInput },
  guards: {
    hasData: ({ context }) => context.disk.hasData,
    isReply,
    leaseAlive: ({ context, event }) =>
      isReply({ context, event }) && event.type === 'KEEPALIVE_ACK' && event.ttl > 0,
    iHoldLock: ({ context }) => context.leader === me(context),
    otherHoldsLock: ({ context }) => context.leader !== null && context.leader !== me(context),
    notInitialized: ({ context }) => !context.initialized && !context.disk.hasData,
    noData: ({ context }) => !context.disk.hasData,
    amPrimary: ({ context }) => context.pgRole === 'primary' || context.pgRole === 'promoting',
    /** ha.py is_lagging: /optime/leader - my position > maximum_lag_on_failover. */
    tooFarBehind: ({ context }) =>
      context.leaderLsn !== null && context.leaderLsn - context.lsn > context.maximumLagOnFailover,
    allAnswered: ({ context }) => context.asked.every((m) => m in context.statuses),
    /** ha.py _is_healthiest_node: no reachable member is a running primary or further ahead. */
    isHealthiest: ({ context }) =>
      Object.values(context.statuses).every((s) => s.role !== 'primary' && s.lsn <= context.lsn),
    txnOk: ({ context, event }) =>
      isReply({ context, event }) && event.type === 'TXN_RESULT' && event.succeeded,
    /** Won the race, or an earlier copy of our retried txn did (the failure branch reads our own key). */
    wonRace: ({ context, event }) =>
      isReply({ context, event }) &&
      event.type === 'TXN_RESULT' &&
      (event.succeeded || rangeValue(event.responses) === me(context)),
    wonInit: ({ context, event }) =>
      isReply({ context, event }) &&
      event.type === 'TXN_RESULT' &&
      (event.succeeded || rangeValue(event.responses) === context.sysid),
    fromUpstream: ({ context, event }) =>
      event.type === 'WAL' && context.pgRole === 'replica' && event.from === context.upstream,
    /** A walsender runs on the primary, and already while it promotes. */
    servesWal: ({ context }) => context.pgRole === 'primary' || context.pgRole === 'promoting',
  },
  actions: {
    /** Writes the data directory (it survives a crash); a timeline means there is data. */
    persist: ({ context }) => {
      context.disk.lsn = context.lsn;
      context.disk.timeline = context.timeline;
      if (context.timeline > 0) context.disk.hasData = true;
    },
    setRole: assign((_, role: PgRole) => ({ pgRole: role })),
    beginCycle: assign({
      cycle: ({ context }) => context.cycle + 1,
      cycleStartMs: ({ context }) => context.env.now(),
    }),
    sendLeaseGrant: ({ context }) =>
      context.env.send(STORE, 'LEASE_GRANT', { reqId: context.cycle, ttl: context.ttlS }),
    setLease: assign({ lease: ({ event }) => (event.type === 'LEASE_GRANTED' ? event.lease : null) }),
    sendKeepAlive: ({ context }) =>
      context.env.send(STORE, 'KEEPALIVE', { reqId: context.cycle, lease: context.lease }),
    /** The lease is gone (expired during a pause or an outage): so are our keys, the leader key too. */
    leaseLost: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ lease: null, lockHeld: false });
      if (context.pgRole === 'primary' || context.pgRole === 'promoting')
        enqueue.raise({ type: 'pg.demote', reason: 'lease-lost' });
    }),
    sendRange: ({ context }) =>
      context.env.send(STORE, 'RANGE', {
        reqId: context.cycle,
        key: patroniKeys.prefix,
        rangeEnd: prefixEnd(patroniKeys.prefix),
      }),
    readCluster: assign(({ context, event }) => {
      if (event.type !== 'RANGE_RESULT') return {};
      let leader: string | null = null;
      let leaderLease: number | null = null;
      let leaderLsn: number | null = null;
      let initialized = false;
      const members: string[] = [];
      for (const kv of event.kvs) {
        if (kv.key === patroniKeys.leader) {
          leader = kv.value;
          leaderLease = kv.lease;
        } else if (kv.key === patroniKeys.optime) leaderLsn = Number(kv.value);
        else if (kv.key === patroniKeys.initialize) initialized = true;
        else if (kv.key.startsWith(patroniKeys.membersPrefix)) {
          const name = kv.key.slice(patroniKeys.membersPrefix.length);
          if (name !== me(context)) members.push(name);
        }
      }
      return { leader, leaderLease, leaderLsn, initialized, members };
    }),
    /**
     * Patroni's update_leader (etcd3): only while the key still holds our name; re-attaches it to our
     * current lease if it hangs on an older one (an agent restarted within ttl); publishes the optime.
     */
    sendLeaderUpdate: ({ context }) =>
      txn(
        context,
        patroniKeys.leader,
        [{ key: patroniKeys.leader, target: 'VALUE', result: 'EQUAL', value: me(context) }],
        [
          ...(context.leaderLease !== context.lease
            ? [{ put: { key: patroniKeys.leader, value: me(context), lease: context.lease ?? 0 } }]
            : []),
          { put: { key: patroniKeys.optime, value: String(context.lsn) } },
          {
            put: {
              key: patroniKeys.member(me(context)),
              value: memberValue(context),
              lease: context.lease ?? 0,
            },
          },
        ],
        [{ range: { key: patroniKeys.leader } }],
      ),
    /** Holding the lock: promote if Postgres is not primary yet ("had the session lock"). */
    keepLeading: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ lockHeld: true, upstream: null });
      if (context.pgRole === 'replica') {
        enqueue(() =>
          context.env.mark('lock-acquired', { timeline: context.timeline, reason: 'had-session-lock' }),
        );
        enqueue.raise({ type: 'pg.promote' });
      }
    }),
    lockLost: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ lockHeld: false });
      if (context.pgRole === 'primary' || context.pgRole === 'promoting')
        enqueue.raise({ type: 'pg.demote', reason: 'lock-lost' });
    }),
    follow: enqueueActions(({ context, enqueue }) => {
      const leader = context.leader;
      if (context.pgRole === 'primary' || context.pgRole === 'promoting')
        enqueue.raise({ type: 'pg.demote', reason: 'another-member-holds-the-lock' });
      if (!context.disk.hasData && leader !== null) {
        // pg_basebackup from the leader: its data as of the last published optime; WAL streams the rest.
        // The data is there before the step ends (the member key and START_REPLICATION below carry it);
        // the raised event moves the Postgres region from stopped to replica.
        const lsn = context.leaderLsn ?? 0;
        const timeline = Math.max(1, context.timeline);
        enqueue.assign({ lsn, timeline, token: timeline });
        enqueue(() => {
          Object.assign(context.disk, { hasData: true, lsn, timeline });
        });
        enqueue.raise({ type: 'pg.basebackup' });
      }
      if (leader !== context.upstream && leader !== null)
        enqueue(() => context.env.mark('follow', { leader }));
      enqueue.assign({ upstream: leader, lockHeld: false });
    }),
    /** A walreceiver (re)connects to its upstream every loop until it streams. */
    startReplication: ({ context }) => {
      // pgRole may still read 'stopped' here: the basebackup's raised event has not been processed yet.
      if (context.upstream !== null && context.pgRole !== 'primary' && context.pgRole !== 'promoting')
        context.env.send(context.upstream, 'START_REPLICATION', {
          lsn: context.lsn,
          timeline: context.timeline,
        });
    },
    standDown: enqueueActions(({ context, enqueue }) => {
      if (context.pgRole === 'primary' || context.pgRole === 'promoting')
        enqueue.raise({ type: 'pg.demote', reason: 'not-the-healthiest' });
      enqueue.assign({ lockHeld: false });
    }),
    sendMemberPut: ({ context }) =>
      context.env.send(STORE, 'PUT', {
        reqId: context.cycle,
        key: patroniKeys.member(me(context)),
        value: memberValue(context),
        lease: context.lease ?? 0,
      }),
    sendInitTxn: ({ context }) =>
      txn(
        context,
        patroniKeys.initialize,
        [{ key: patroniKeys.initialize, target: 'CREATE', result: 'EQUAL', value: 0 }],
        [
          { put: { key: patroniKeys.initialize, value: context.sysid } },
          { put: { key: patroniKeys.leader, value: me(context), lease: context.lease ?? 0 } },
        ],
        [{ range: { key: patroniKeys.initialize } }],
      ),
    bootstrapped: enqueueActions(({ context, enqueue }) => {
      enqueue(() => context.env.mark('bootstrap', { key: patroniKeys.initialize, sysid: context.sysid }));
      enqueue.assign({ lockHeld: true, leader: me(context), initialized: true, upstream: null });
      enqueue.raise({ type: 'pg.initdb' });
    }),
    markLeaderMissing: ({ context }) =>
      context.env.mark('leader-missing', {
        key: patroniKeys.leader,
        lsn: context.lsn,
        leaderLsn: context.leaderLsn,
      }),
    markTooFarBehind: ({ context }) =>
      context.env.mark('not-healthiest', {
        reason: 'lag',
        lsn: context.lsn,
        lag: (context.leaderLsn ?? 0) - context.lsn,
        maximumLagOnFailover: context.maximumLagOnFailover,
      }),
    askMembers: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ statuses: {}, asked: [...context.members] });
      enqueue(() => {
        for (const m of context.members) context.env.send(m, 'GET_STATUS', { reqId: context.cycle });
      });
    }),
    collectStatus: assign({
      statuses: ({ context, event }) =>
        event.type === 'STATUS' && event.reqId === context.cycle
          ? { ...context.statuses, [event.from]: { role: event.role, lsn: event.lsn } }
          : context.statuses,
    }),
    markHealthiest: ({ context }) =>
      context.env.mark('healthiest', {
        lsn: context.lsn,
        lag: context.leaderLsn === null ? 0 : context.leaderLsn - context.lsn,
        asked: context.asked.join(','),
        answers: Object.entries(context.statuses)
          .map(([m, s]) => `${m}@${s.lsn}`)
          .join(','),
      }),
    markNotHealthiest: ({ context }) => {
      const ahead = Object.entries(context.statuses).find(
        ([, s]) => s.role === 'primary' || s.lsn > context.lsn,
      );
      context.env.mark('not-healthiest', {
        reason: ahead?.[1].role === 'primary' ? 'primary-still-alive' : 'member-ahead',
        lsn: context.lsn,
        ahead: ahead?.[0] ?? null,
        aheadLsn: ahead?.[1].lsn ?? null,
      });
    },
    sendRaceTxn: ({ context }) =>
      txn(
        context,
        patroniKeys.leader,
        [{ key: patroniKeys.leader, target: 'CREATE', result: 'EQUAL', value: 0 }],
        [{ put: { key: patroniKeys.leader, value: me(context), lease: context.lease ?? 0 } }],
        [{ range: { key: patroniKeys.leader } }],
      ),
    wonLock: enqueueActions(({ context, enqueue }) => {
      enqueue(() =>
        context.env.mark('lock-acquired', {
          key: patroniKeys.leader,
          timeline: context.timeline,
          reason: 'race',
        }),
      );
      enqueue.assign({ lockHeld: true, leader: me(context), upstream: null });
      if (context.pgRole !== 'primary') enqueue.raise({ type: 'pg.promote' });
    }),
    lostRace: assign({
      leader: ({ event }) => (event.type === 'TXN_RESULT' ? rangeValue(event.responses) : null),
    }),
    /** retry_timeout passed without the store: a leader demotes itself to stay safe. */
    dcsLost: enqueueActions(({ context, enqueue }) => {
      if (context.pgRole === 'primary' || context.pgRole === 'promoting') {
        enqueue(() => context.env.mark('dcs-unreachable', { retryTimeoutMs: context.retryTimeoutMs }));
        enqueue.raise({ type: 'pg.demote', reason: 'dcs-unreachable' });
      }
      enqueue.assign({ lockHeld: false });
    }),

    // ---- Postgres
    initdb: assign({ lsn: 0, timeline: 1, token: 1 }),
    markPromote: ({ context }) =>
      context.env.mark('promote', { timeline: context.timeline + 1, lsn: context.lsn }),
    newTimeline: assign({
      timeline: ({ context }) => context.timeline + 1,
      token: ({ context }) => context.timeline + 1,
    }),
    markDemote: ({ context, event }) =>
      context.env.mark('demote', {
        reason: event.type === 'pg.demote' ? event.reason : 'unknown',
        timeline: context.timeline,
        lsn: context.lsn,
      }),
    clearWalsenders: assign({ walsenders: [] }),
    handleWrite: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'WRITE') return;
      const env = context.env;
      const ids = { sid: event.sid ?? null, wid: event.wid ?? null };
      const base = {
        k: 'write' as const,
        node: event.client ?? event.from,
        resource: me(context),
        token: context.timeline,
        seen: null,
        ...(event.value !== undefined ? { value: event.value } : {}),
      };
      if (context.pgRole !== 'primary') {
        // A replica (or a demoted primary) is read-only: SQLSTATE 25006.
        const reason = context.pgRole === 'stopped' ? NOT_RUNNING : READ_ONLY;
        enqueue(() => {
          env.record({ ...base, status: 'rejected', code: 503, reason });
          env.send(event.from, 'WRITE_ERROR', { ...ids, code: 503, reason });
        });
        return;
      }
      const lsn = context.lsn + context.walBytesPerWrite;
      const timeline = context.timeline;
      enqueue.assign({ lsn });
      enqueue(() => {
        context.disk.lsn = lsn;
        env.record({ ...base, status: 'accepted', code: 200 });
        env.send(event.from, 'WRITE_OK', { ...ids, lsn, timeline });
        for (const r of context.walsenders) env.send(r, 'WAL', { lsn, timeline });
      });
    }),
    acceptReplica: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'START_REPLICATION') return;
      if (!context.walsenders.includes(event.from))
        enqueue.assign({ walsenders: [...context.walsenders, event.from].sort() });
      enqueue(() => context.env.send(event.from, 'WAL', { lsn: context.lsn, timeline: context.timeline }));
    }),
    applyWal: assign(({ event }) =>
      event.type === 'WAL' ? { lsn: event.lsn, timeline: event.timeline, token: event.timeline } : {},
    ),
    answerHealth: ({ context, event }) => {
      if (event.type !== 'HEALTH_CHECK') return;
      // REST API /primary: 200 only on the leader-lock holder running as primary (Patroni docs, rest_api).
      const ok = context.lockHeld && context.pgRole === 'primary';
      context.env.send(event.from, 'HEALTH', {
        path: event.path ?? '/primary',
        seq: event.seq ?? null,
        code: ok ? 200 : 503,
      });
    },
    answerStatus: ({ context, event }) => {
      if (event.type !== 'GET_STATUS') return;
      context.env.send(event.from, 'STATUS', {
        reqId: event.reqId,
        role: context.pgRole === 'primary' ? 'primary' : 'replica',
        lsn: context.lsn,
        timeline: context.timeline,
      });
    },
  },
  delays: {
    startDelay: ({ context }) => context.startDelayMs,
    storeRetry: STORE_RETRY_MS,
    retryTimeout: ({ context }) => context.retryTimeoutMs,
    restTimeout: REST_TIMEOUT_MS,
    promote: ({ context }) => context.promoteMs,
    nap: ({ context }) => Math.max(0, context.loopWaitMs - (context.env.now() - context.cycleStartMs)),
  },
}).createMachine({
  id: 'patroni',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    pgRole: 'stopped',
    lsn: input.disk.lsn,
    timeline: input.disk.timeline,
    token: input.disk.timeline,
    lease: null,
    lockHeld: false,
    cycle: 0,
    cycleStartMs: 0,
    leader: null,
    leaderLease: null,
    leaderLsn: null,
    initialized: false,
    members: [],
    upstream: null,
    walsenders: [],
    statuses: {},
    asked: [],
    sysid: `7${String(input.env.rng('sysid').int(100_000_000, 999_999_999))}${String(input.env.rng('sysid').int(100_000_000, 999_999_999))}`,
  }),
  on: {
    WRITE: { actions: 'handleWrite' },
    HEALTH_CHECK: { actions: 'answerHealth' },
    GET_STATUS: { actions: 'answerStatus' },
    WAL: { guard: 'fromUpstream', actions: ['applyWal', 'persist'] },
    START_REPLICATION: { guard: 'servesWal', actions: 'acceptReplica' },
  },
  states: {
    // ---------------------------------------------------------------- Postgres
    pg: {
      initial: 'boot',
      states: {
        // Patroni starts an existing data directory read-only ("starting as a secondary").
        boot: { always: [{ guard: 'hasData', target: 'replica' }, { target: 'stopped' }] },
        stopped: {
          entry: [{ type: 'setRole', params: 'stopped' }],
          on: {
            'pg.initdb': { target: 'primary', actions: ['initdb', 'persist'] },
            'pg.basebackup': 'replica',
          },
        },
        replica: {
          entry: [{ type: 'setRole', params: 'replica' }],
          on: { 'pg.promote': 'promoting' },
        },
        promoting: {
          tags: ['candidate'],
          entry: [{ type: 'setRole', params: 'promoting' }, 'markPromote'],
          after: { promote: { target: 'primary', actions: ['newTimeline', 'persist'] } },
          on: { 'pg.demote': { target: 'replica', actions: 'markDemote' } },
        },
        primary: {
          tags: ['leader'],
          entry: [{ type: 'setRole', params: 'primary' }],
          on: { 'pg.demote': { target: 'replica', actions: ['markDemote', 'clearWalsenders'] } },
        },
      },
    },
    // ---------------------------------------------------------------- Patroni HA loop
    ha: {
      initial: 'booting',
      states: {
        booting: { after: { startDelay: 'granting' } },
        granting: {
          entry: 'sendLeaseGrant',
          on: { LEASE_GRANTED: { guard: 'isReply', target: 'cycle', actions: 'setLease' } },
          after: { storeRetry: { target: 'granting', reenter: true } },
        },
        cycle: {
          entry: 'beginCycle',
          after: { retryTimeout: { target: 'sleeping', actions: 'dcsLost' } },
          initial: 'refresh',
          onDone: 'sleeping',
          states: {
            refresh: {
              entry: 'sendKeepAlive',
              on: {
                KEEPALIVE_ACK: [
                  { guard: 'leaseAlive', target: 'read' },
                  { guard: 'isReply', target: 'regrant', actions: 'leaseLost' },
                ],
              },
              after: { storeRetry: { target: 'refresh', reenter: true } },
            },
            regrant: {
              entry: 'sendLeaseGrant',
              on: { LEASE_GRANTED: { guard: 'isReply', target: 'read', actions: 'setLease' } },
              after: { storeRetry: { target: 'regrant', reenter: true } },
            },
            read: {
              entry: 'sendRange',
              on: { RANGE_RESULT: { guard: 'isReply', target: 'decide', actions: 'readCluster' } },
              after: { storeRetry: { target: 'read', reenter: true } },
            },
            decide: {
              always: [
                { guard: 'iHoldLock', target: 'leading' },
                { guard: 'otherHoldsLock', target: 'following' },
                { guard: 'notInitialized', target: 'bootstrapping' },
                // "waiting for leader to bootstrap": no data, nothing to promote.
                { guard: 'noData', target: 'done' },
                // A running primary that lost its key is the healthiest by definition.
                { guard: 'amPrimary', target: 'racing', actions: 'markLeaderMissing' },
                {
                  guard: 'tooFarBehind',
                  target: 'notHealthy',
                  actions: ['markLeaderMissing', 'markTooFarBehind'],
                },
                { target: 'electing', actions: 'markLeaderMissing' },
              ],
            },
            leading: {
              entry: 'sendLeaderUpdate',
              on: {
                TXN_RESULT: [
                  { guard: 'txnOk', target: 'done', actions: 'keepLeading' },
                  { guard: 'isReply', target: 'done', actions: 'lockLost' },
                ],
              },
              after: { storeRetry: { target: 'leading', reenter: true } },
            },
            following: { entry: 'follow', always: 'register' },
            notHealthy: { entry: 'standDown', always: 'register' },
            register: {
              entry: ['sendMemberPut', 'startReplication'],
              on: { PUT_RESULT: { guard: 'isReply', target: 'done' } },
              after: { storeRetry: { target: 'register', reenter: true } },
            },
            bootstrapping: {
              tags: ['candidate'],
              entry: 'sendInitTxn',
              on: {
                TXN_RESULT: [
                  { guard: 'wonInit', target: 'done', actions: 'bootstrapped' },
                  { guard: 'isReply', target: 'read' },
                ],
              },
              after: { storeRetry: { target: 'bootstrapping', reenter: true } },
            },
            electing: {
              tags: ['candidate'],
              entry: 'askMembers',
              on: { STATUS: { actions: 'collectStatus' } },
              always: { guard: 'allAnswered', target: 'evaluate' },
              after: { restTimeout: 'evaluate' },
            },
            evaluate: {
              tags: ['candidate'],
              always: [
                { guard: 'isHealthiest', target: 'racing', actions: 'markHealthiest' },
                { target: 'notHealthy', actions: 'markNotHealthiest' },
              ],
            },
            racing: {
              tags: ['candidate'],
              entry: 'sendRaceTxn',
              on: {
                TXN_RESULT: [
                  { guard: 'wonRace', target: 'done', actions: 'wonLock' },
                  { guard: 'isReply', target: 'following', actions: 'lostRace' },
                ],
              },
              after: { storeRetry: { target: 'racing', reenter: true } },
            },
            done: { type: 'final' },
          },
        },
        sleeping: { after: { nap: 'cycle' } },
      },
    },
  },
});
