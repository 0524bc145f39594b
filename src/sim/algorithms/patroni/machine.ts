import { raise } from 'xstate';
import { patroniSetup } from './actions.ts';

/**
 * Patroni: one agent per Postgres host, leadership = the key `/service/<scope>/leader` in etcd with a
 * TTL (Patroni docs: dynamic_configuration, rest_api, ha_loop; patroni/ha.py).
 * Each pg-N host runs the agent; its Postgres lives in the machine's context (role, LSN, timeline).
 *
 * This follows Patroni 3.0.2 on etcd 3.4 (keys.ts: the key layout and the role names).
 *
 * The HA loop, every loop_wait seconds (cycle start to cycle start, like Patroni's `_run_cycle`), and
 * at once when its watch sees the leader key change (see "Watch" below):
 *   1. KEEPALIVE its lease (etcd3: one lease per agent; the leader key AND its member key hang on it,
 *      so a dead agent's keys vanish together when the lease expires, `ttl` after the last refresh).
 *   2. RANGE the cluster prefix: leader key, /status, /history, /initialize, /members/*.
 *   3. - it holds the leader key: TXN "value(leader) == me" -> put /status (its LSN), its member key
 *        and, once it runs as primary on a timeline the /history key does not list yet, /history
 *        (ha.py update_cluster_history); promote Postgres if it is not primary yet ("had the session lock");
 *      - another member holds it: follow (demote if it was primary), put its member key;
 *      - no /initialize: race to create it (bootstrap, initdb: the winner is primary on timeline 1);
 *      - no leader key: "is the healthiest" check (ha.py `_is_healthiest_node`): lag =
 *        /optime/leader - my LSN must be <= maximum_lag_on_failover, and no member reachable over the
 *        REST API (GET /patroni, 2 s timeout as in ha.py `fetch_node_status`) is a running primary or
 *        further ahead. Then race: TXN "create_revision(leader) == 0 -> put(leader, me, lease)". The
 *        winner runs `pg_ctl promote` (mark 'promote'; writable after `promoteMs`, timeline + 1);
 *        the losers follow it. The members asked are the current ones plus those of the last
 *        cluster that had a leader (ha.py: `all_known_members = self.old_cluster.members`), so the dead
 *        primary is asked too; a refused connection is an answer that does not stop the check.
 *
 * Watch (patroni/dcs/etcd3.py): each agent watches the cluster prefix (KVCache, a thread streaming
 * /v3/watch) and wakes its HA loop when the leader key's value changes or the key is deleted
 * (KVCache._process_event: `value_changed ... key == self._leader_key` -> `self._dcs.event.set()`; the
 * loop sleeps in `dcs.watch(..., loop_wait)`, which returns when the event is set). A cycle woken so
 * reads the cluster from the watch's cache instead of a RANGE, and skips the keepalive when the lease
 * was refreshed less than loop_wait ago (Etcd3._do_refresh_lease: `self._last_lease_refresh +
 * self._loop_wait > time.time()` -> no request). An event that comes during a cycle makes the next
 * cycle start at once (the event stays set). A finished promotion wakes the loop too (the promote
 * runs as an async task; async_executor.py run: "if the func returned something (not None) - wake up
 * main HA loop"). Not modelled: Patroni also wakes replicas when /status changes; here they keep
 * their own loop_wait rhythm.
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
 * REST API: HEALTH_CHECK {path:'/primary', seq} -> HEALTH {code 200 while the agent's own leader
 * deadline has not passed (`leaderUntilMs`: ttl after its last successful acquire or update of the
 * leader key, ha.py set_is_leader / is_leader; api.py do_GET), else 503, seq}: already while Postgres
 * is still promoting. GET_STATUS -> STATUS {role ('master' | 'replica'), lsn, timeline}. SQL: WRITE {sid, wid, value, client} -> WRITE_OK {sid, wid, lsn, timeline} or
 * WRITE_ERROR {sid, wid, code: 503, reason: 'cannot execute INSERT in a read-only transaction'}; each
 * write is a trace `write` event (resource = this pg, token = its timeline).
 *
 * Modelling choices: the Patroni bootstrap takes /initialize and then the leader key; here one txn
 * does both. The leader writes /status, its member key and /history in the txn that checks it still
 * holds the key (Patroni sends them as separate puts after update_leader). No watchdog: a primary
 * whose host freezes longer than ttl commits, when it wakes, the writes queued before the freeze
 * (see tests).
 */

/** The HA agent and its Postgres, as two parallel regions. */
export const patroniMachine = patroniSetup.createMachine({
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
    oldMembers: [],
    history: [],
    watchId: null,
    watchRev: 0,
    wakePending: false,
    woken: false,
    lastRefreshMs: 0,
    leaderUntilMs: 0,
    refused: [],
    upstream: null,
    walsenders: [],
    statuses: {},
    asked: [],
    agentStopped: false,
    sysid: `7${String(input.env.rng('sysid').int(100_000_000, 999_999_999))}${String(input.env.rng('sysid').int(100_000_000, 999_999_999))}`,
  }),
  on: {
    WRITE: { actions: 'handleWrite' },
    // The REST API is the agent's: a stopped agent answers nothing (its socket accepts, no reply).
    HEALTH_CHECK: { guard: 'agentRunning', actions: 'answerHealth' },
    GET_STATUS: { guard: 'agentRunning', actions: 'answerStatus' },
    WAL: { guard: 'fromUpstream', actions: ['applyWal', 'persist'] },
    START_REPLICATION: { guard: 'servesWal', actions: 'acceptReplica' },
  },
  states: {
    // ---------------------------------------------------------------- Postgres
    pg: {
      initial: 'boot',
      on: { 'pg.reset': '.reset' },
      states: {
        // The watchdog rebooted the host: nothing listens on the port until it comes back (not modelled).
        reset: { entry: [{ type: 'setRole', params: 'reset' }, 'clearWalsenders'], on: { 'pg.reset': {} } },
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
          after: {
            promote: {
              target: 'primary',
              actions: ['newTimeline', 'persist', raise({ type: 'ha.wake' })],
            },
          },
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
      on: {
        WATCH_CREATED: { actions: 'setWatch' },
        WATCH_EVENT: { guard: 'ownWatch', actions: 'applyWatch' },
        FAULT: { guard: 'agentStop', target: '.stopped' },
      },
      states: {
        // SIGSTOP: the loop, its timers and its etcd replies stop where they were; Postgres runs on
        // and keeps its role (a primary takes writes). SIGCONT: the loop's sleep and retry deadlines
        // have passed (Patroni waits on monotonic time), so a cycle runs at once: it finds its lease
        // gone and, if another member holds the key, demotes (ha.py: "demoting self because I do not
        // have the lock and I was a leader").
        stopped: {
          entry: 'stopAgent',
          exit: 'resumeAgent',
          // The watchdog (a kernel device, not the agent) resets the host of a primary whose agent
          // stopped keeping it alive: its Postgres is gone before the leader key expires.
          after: {
            watchdog: { guard: 'watchdogArmed', actions: ['markWatchdogReset', raise({ type: 'pg.reset' })] },
          },
          on: {
            FAULT: [{ guard: 'agentResume', target: 'cycle', actions: 'clearWoken' }, {}],
            WATCH_CREATED: {},
            WATCH_EVENT: {},
          },
        },
        booting: { after: { startDelay: 'granting' } },
        granting: {
          entry: 'sendLeaseGrant',
          on: { LEASE_GRANTED: { guard: 'isReply', target: 'cycle', actions: ['setLease', 'sendWatch'] } },
          after: { storeRetry: { target: 'granting', reenter: true } },
        },
        cycle: {
          entry: ['beginCycle', 'sendWatch'],
          after: { retryTimeout: { target: 'sleeping', actions: 'dcsLost' } },
          on: {
            WATCH_EVENT: [
              { guard: 'leaderKeyChanged', actions: ['applyWatch', 'setWakePending'] },
              { guard: 'ownWatch', actions: 'applyWatch' },
            ],
            'ha.wake': { actions: 'setWakePending' },
          },
          initial: 'start',
          onDone: 'sleeping',
          states: {
            // A woken cycle with a fresh lease reads the watch's cache: straight to the decision.
            start: { always: [{ guard: 'wokenFresh', target: 'decide' }, { target: 'refresh' }] },
            refresh: {
              entry: 'sendKeepAlive',
              on: {
                KEEPALIVE_ACK: [
                  { guard: 'leaseAlive', target: 'read', actions: 'refreshed' },
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
              on: {
                STATUS: { actions: 'collectStatus' },
                // A refused connection answers at once (ha.py fetch_node_status: the error is logged
                // and the member does not count as healthier); the check goes on without it.
                REFUSED: { guard: 'refusedStatus', actions: 'statusRefused' },
              },
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
                // Our lease is gone (a woken cycle skipped the keepalive): etcd3.py
                // _do_attempt_to_acquire_leader on LeaseNotFound gets a new lease and tries again.
                TXN_ERROR: { guard: 'isReply', target: 'raceRegrant', actions: 'forgetLease' },
              },
              after: { storeRetry: { target: 'racing', reenter: true } },
            },
            raceRegrant: {
              tags: ['candidate'],
              entry: 'sendLeaseGrant',
              on: { LEASE_GRANTED: { guard: 'isReply', target: 'racing', actions: 'setLease' } },
              after: { storeRetry: { target: 'raceRegrant', reenter: true } },
            },
            done: { type: 'final' },
          },
        },
        sleeping: {
          always: { guard: 'wakePending', target: 'cycle', actions: 'setWoken' },
          on: {
            WATCH_EVENT: [
              {
                guard: 'leaderKeyChanged',
                target: 'cycle',
                actions: ['markWatch', 'applyWatch', 'setWoken'],
              },
              { guard: 'ownWatch', actions: 'applyWatch' },
            ],
            'ha.wake': { target: 'cycle', actions: 'setWoken' },
          },
          after: { nap: { target: 'cycle', actions: 'clearWoken' } },
        },
      },
    },
  },
});
