import { assign, enqueueActions, setup } from 'xstate';
import { prefixEnd } from '../../store/order.ts';
import type { PatroniContext, PatroniEvent, PatroniInput, PgRole } from './context.ts';
import { patroniGuards } from './guards.ts';
import {
  NOT_RUNNING,
  patroniKeys,
  READ_ONLY,
  REST_TIMEOUT_MS,
  STORE,
  STORE_RETRY_MS,
  WATCHDOG_SAFETY_MARGIN_MS,
} from './keys.ts';
import {
  historyWithMine,
  localDeadline,
  me,
  memberValue,
  parseHistory,
  rangeValue,
  statusOptime,
  txn,
} from './values.ts';

/**
 * Patroni's actions and delays: what the HA loop does at each step (machine.ts is the chart
 * that says when, and carries the sources; its guards are guards.ts). Apart from the chart so that each
 * reads whole.
 */

/** The agent's and its Postgres's implementations, for the chart in machine.ts. */
export const patroniSetup = setup({
  types: {} as { context: PatroniContext; events: PatroniEvent; input: PatroniInput },
  guards: patroniGuards,
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
    setLease: assign({
      lease: ({ event }) => (event.type === 'LEASE_GRANTED' ? event.lease : null),
      lastRefreshMs: ({ context }) => context.env.now(),
    }),
    refreshed: assign({ lastRefreshMs: ({ context }) => context.env.now() }),
    forgetLease: assign({ lease: null }),
    /** KVCache: one watch on the cluster prefix, from the agent's start (sent again each cycle until created). */
    sendWatch: ({ context }) => {
      // At the grant, and again at a later cycle's start if etcd has not created it yet.
      if (context.watchId === null && context.cycle !== 1)
        context.env.send(STORE, 'WATCH', {
          reqId: 0,
          key: patroniKeys.prefix,
          rangeEnd: prefixEnd(patroniKeys.prefix),
        });
    },
    setWatch: assign({
      watchId: ({ context, event }) =>
        context.watchId ?? (event.type === 'WATCH_CREATED' ? event.watchId : null),
      watchRev: ({ context, event }) =>
        context.watchId === null && event.type === 'WATCH_CREATED' ? event.revision : context.watchRev,
    }),
    /** The watch keeps the cached cluster up to date (KVCache), for a cycle it wakes. */
    applyWatch: assign(({ context, event }) => {
      if (
        event.type !== 'WATCH_EVENT' ||
        event.watchId !== context.watchId ||
        event.revision <= context.watchRev
      )
        return {};
      let { leader, leaderLease, leaderLsn, initialized, history } = context;
      let members = [...context.members];
      for (const e of event.events) {
        const k = e.kv.key;
        const put = e.type === 'PUT';
        if (k === patroniKeys.leader) {
          leader = put ? e.kv.value : null;
          leaderLease = put ? e.kv.lease : null;
        } else if (k === patroniKeys.status && put) leaderLsn = statusOptime(e.kv.value) ?? leaderLsn;
        else if (k === patroniKeys.history && put) history = parseHistory(e.kv.value);
        else if (k === patroniKeys.initialize) initialized = put;
        else if (k.startsWith(patroniKeys.membersPrefix)) {
          const name = k.slice(patroniKeys.membersPrefix.length);
          if (name === me(context)) continue;
          members = members.filter((m) => m !== name);
          if (put) members = [...members, name].sort();
        }
      }
      return { leader, leaderLease, leaderLsn, initialized, history, members, watchRev: event.revision };
    }),
    markWatch: ({ context, event }) => {
      if (event.type !== 'WATCH_EVENT') return;
      const e = event.events.find((x) => x.kv.key === patroniKeys.leader);
      context.env.mark('watch-fired', {
        key: patroniKeys.leader,
        event: e?.type ?? 'PUT',
        revision: event.revision,
        was: context.leader,
      });
    },
    setWoken: assign({ woken: true, wakePending: false }),
    clearWoken: assign({ woken: false }),
    setWakePending: assign({ wakePending: true }),
    statusRefused: assign(({ context, event }) =>
      event.type === 'REFUSED'
        ? { asked: context.asked.filter((m) => m !== event.from), refused: [...context.refused, event.from] }
        : {},
    ),
    sendKeepAlive: ({ context }) =>
      context.env.send(STORE, 'KEEPALIVE', { reqId: context.cycle, lease: context.lease }),
    /** The lease is gone (expired during a pause or an outage): so are our keys, the leader key too. */
    leaseLost: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ lease: null, lockHeld: false, leaderUntilMs: 0 });
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
      let history: PatroniContext['history'] = [];
      const members: string[] = [];
      for (const kv of event.kvs) {
        if (kv.key === patroniKeys.leader) {
          leader = kv.value;
          leaderLease = kv.lease;
        } else if (kv.key === patroniKeys.status) leaderLsn = statusOptime(kv.value);
        else if (kv.key === patroniKeys.history) history = parseHistory(kv.value);
        else if (kv.key === patroniKeys.initialize) initialized = true;
        else if (kv.key.startsWith(patroniKeys.membersPrefix)) {
          const name = kv.key.slice(patroniKeys.membersPrefix.length);
          if (name !== me(context)) members.push(name);
        }
      }
      const oldMembers = leader !== null ? members : context.oldMembers;
      return {
        leader,
        leaderLease,
        leaderLsn,
        initialized,
        members,
        oldMembers,
        history,
        watchRev: Math.max(context.watchRev, event.revision),
      };
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
          { put: { key: patroniKeys.status, value: JSON.stringify({ optime: context.lsn }) } },
          {
            put: {
              key: patroniKeys.member(me(context)),
              value: memberValue(context),
              lease: context.lease ?? 0,
            },
          },
          ...((h) => (h ? [{ put: { key: patroniKeys.history, value: JSON.stringify(h) } }] : []))(
            historyWithMine(context),
          ),
        ],
        [{ range: { key: patroniKeys.leader } }],
      ),
    /** Holding the lock: promote if Postgres is not primary yet ("had the session lock"). */
    keepLeading: enqueueActions(({ context, enqueue }) => {
      const h = historyWithMine(context);
      enqueue.assign({
        lockHeld: true,
        upstream: null,
        leaderUntilMs: localDeadline(context),
        ...(h ? { history: h } : {}),
      });
      if (context.pgRole === 'replica') {
        enqueue(() =>
          context.env.mark('lock-acquired', { timeline: context.timeline, reason: 'had-session-lock' }),
        );
        enqueue.raise({ type: 'pg.promote' });
      }
    }),
    lockLost: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ lockHeld: false, leaderUntilMs: 0 });
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
      enqueue.assign({ upstream: leader, lockHeld: false, leaderUntilMs: 0 });
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
      enqueue.assign({ lockHeld: false, leaderUntilMs: 0 });
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
      enqueue.assign({
        lockHeld: true,
        leader: me(context),
        initialized: true,
        upstream: null,
        leaderUntilMs: localDeadline(context),
      });
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
      const asked = [...new Set([...context.oldMembers, ...context.members])]
        .filter((m) => m !== me(context))
        .sort();
      enqueue.assign({ statuses: {}, asked, refused: [] });
      enqueue(() => {
        for (const m of asked) context.env.send(m, 'GET_STATUS', { reqId: context.cycle });
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
        refused: context.refused.join(','),
      }),
    markNotHealthiest: ({ context }) => {
      const ahead = Object.entries(context.statuses).find(
        ([, s]) => s.role === 'master' || s.lsn > context.lsn,
      );
      context.env.mark('not-healthiest', {
        reason: ahead?.[1].role === 'master' ? 'primary-still-alive' : 'member-ahead',
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
      enqueue.assign({
        lockHeld: true,
        leader: me(context),
        upstream: null,
        leaderUntilMs: localDeadline(context),
      });
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
      enqueue.assign({ lockHeld: false, leaderUntilMs: 0 });
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
    stopAgent: assign({ agentStopped: true }),
    markWatchdogReset: ({ context }) =>
      context.env.mark('watchdog-reset', { timeline: context.timeline, lsn: context.lsn }),
    resumeAgent: assign({ agentStopped: false }),
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
      // A host the watchdog reset: nothing answers; the client gives up at its connect timeout.
      if (context.pgRole === 'reset') return;
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
      // REST API /primary: 200 while the agent's own leader deadline has not passed (api.py do_GET:
      // `elif patroni.ha.is_leader(): primary_status_code = 200`; ha.py is_leader:
      // `self._leader_expiry > time.time()`), whether or not Postgres has left recovery yet.
      const ok = context.env.now() < context.leaderUntilMs;
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
        role: context.pgRole === 'primary' ? 'master' : 'replica',
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
    // The watchdog's timeout runs from its last keepalive, at the last leader-key update (leaderUntilMs - ttl).
    watchdog: ({ context }) =>
      Math.max(0, context.leaderUntilMs - WATCHDOG_SAFETY_MARGIN_MS - context.env.now()),
    nap: ({ context }) => Math.max(0, context.loopWaitMs - (context.env.now() - context.cycleStartMs)),
  },
});
