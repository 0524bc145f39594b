/**
 * A nightly job on N identical instances, with the leader elected (or not) in a database table: the
 * pitfalls the sources warn about (no election at all; a flag with no expiry; an UPDATE without a
 * condition on the current owner) and their fixes (a lease with a TTL; `WHERE token=$current`).
 * Knobs, rules, declaration (hosts: runtime.ts).
 */
import type { ParamRule, ParamSpecs, Params } from '../../params.ts';
import { type Algorithm, knob, numberedIds, pick } from '../algorithm.ts';
import { DB_HOST } from './keys.ts';
import type { DbJobConfig } from './machine.ts';

const params: ParamSpecs = {
  election: {
    default: true,
    unit: '',
    doc: 'off: no election, every instance runs the job at its hour (N instances, N runs); on: only the instance that holds the leader row runs it',
    source: 'Microsoft Azure Architecture Center, Leader Election pattern: one instance coordinates the task',
  },
  casToken: {
    default: true,
    unit: '',
    doc: 'claim with UPDATE ... SET token=token+1 WHERE token=$current (one of two racing claims changes the row) and fence the job’s UPDATE with the token; off: UPDATE leader SET node=$me WHERE TRUE (both change it)',
    source:
      'PostgreSQL docs 13.2.1 Read Committed: a second UPDATE of a row re-evaluates its WHERE on the updated row; Kleppmann 2016 (fencing token)',
  },
  leaseTtlS: {
    default: 15,
    min: 0,
    max: 3600,
    unit: 's',
    doc: 'how long the leader row stays valid without a renewal (expires_at = now() + TTL); 0 = a flag that never expires',
    source:
      'client-go leaderelection LeaseDuration 15 s; ShedLock lock_until compared with the database now()',
  },
  renewS: {
    default: 5,
    min: 0.1,
    max: 3600,
    unit: 's',
    doc: 'the leader renews its row this often (and steps down when no renewal was confirmed for TTL − renew)',
    source: 'etcd clientv3 keepalive every TTL/3; client-go RenewDeadline inside LeaseDuration',
  },
  retryMs: {
    default: 2000,
    min: 1,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'a follower reads the leader row this often (and claims it when it is free or expired)',
    source: 'client-go leaderelection RetryPeriod 2 s',
  },
  requestTimeoutMs: {
    default: 1000,
    min: 1,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'how long an instance waits for the database to answer a statement',
    source: 'PostgreSQL docs, statement_timeout (here on the client side)',
  },
  jobAtMs: {
    default: 10_000,
    min: 1,
    max: 604_800_000,
    integer: true,
    unit: 'ms',
    doc: 'when the job first runs after the start, on each instance’s clock (the stories start at 02:59:50: 10 s = 03:00)',
    source: 'the sources’ billing report: every day at 03:00 (a @Scheduled cron in every instance)',
  },
  jobEveryMs: {
    default: 86_400_000,
    min: 1000,
    max: 604_800_000,
    integer: true,
    unit: 'ms',
    doc: 'the job runs again this long after each run (a day; the leader-flag story shortens it so the absence shows)',
    source: 'the sources’ billing report: every day',
  },
  jobAlarmMs: {
    default: 129_600_000,
    min: 1000,
    max: 604_800_000,
    integer: true,
    unit: 'ms',
    doc: 'the alarm “the job has not run for this long” (job-not-running) fires past this bound',
    source:
      'the sources: monitor the task, not the leader’s health; alarm when the job has not run for longer than expected (here 1.5 periods)',
  },
};

const rules: ParamRule[] = [
  {
    id: 'renew-under-half-ttl',
    ok: (p) => knob(p, 'leaseTtlS') === 0 || 2 * knob(p, 'renewS') < knob(p, 'leaseTtlS'),
    message:
      'with a lease, renewS must be under half of leaseTtlS (the leader steps down when no renewal was confirmed for TTL − renew)',
    source: 'client-go leaderelection.go NewLeaderElector: leaseDuration must be greater than renewDeadline',
  },
  {
    id: 'alarm-over-period',
    ok: (p) => knob(p, 'jobAlarmMs') > knob(p, 'jobEveryMs') && knob(p, 'jobAlarmMs') > knob(p, 'jobAtMs'),
    message: 'jobAlarmMs must exceed jobEveryMs and jobAtMs (else the alarm fires between two healthy runs)',
    source: 'the sources: alarm when the job has not run for longer than expected',
  },
];

export function dbJobConfig(p: Params): DbJobConfig {
  return {
    election: Boolean(p.election),
    casToken: Boolean(p.casToken),
    ttlMs: Math.round(knob(p, 'leaseTtlS') * 1000),
    renewMs: Math.round(knob(p, 'renewS') * 1000),
    retryMs: knob(p, 'retryMs'),
    requestTimeoutMs: knob(p, 'requestTimeoutMs'),
    jobAtMs: knob(p, 'jobAtMs'),
    jobEveryMs: knob(p, 'jobEveryMs'),
  };
}

export const dbjob: Algorithm = {
  id: 'dbjob',
  params,
  rules,
  nodeIds: numberedIds('node'),
  minNodes: 1,
  maxNodes: 50,
  vocabulary: {
    families: {
      SELECT_LEADER: 'store',
      LEADER_ROW: 'reply',
      CLAIM: 'election',
      UPDATED: 'reply',
      NOT_UPDATED: 'reject',
      RENEW: 'heartbeat',
      RENEWED: 'reply',
      NOT_RENEWED: 'reject',
      SCAN: 'data',
      SCAN_ROWS: 'reply',
      JOB_UPDATE: 'data',
      JOB_DONE: 'reply',
      JOB_REFUSED: 'reject',
    },
    chatter: ['RENEW', 'RENEWED', 'SELECT_LEADER', 'LEADER_ROW'],
  },
  leadership: { scope: 'cluster', carries: 'token', keys: [] },
  topology: { mesh: false },
  failover: { leadsThrough: 'store', marks: [], leaseExpiry: false },
  sandbox: {
    presets: [
      { id: 'dbjob-none', params: { election: false } },
      { id: 'dbjob-flag', params: { election: true, casToken: true, leaseTtlS: 0 } },
      { id: 'dbjob-update', params: { election: true, casToken: false, leaseTtlS: 15 } },
      { id: 'dbjob-token', params: { election: true, casToken: true, leaseTtlS: 15 } },
    ],
    variant: { nodes: 5, timeScale: 2.5, adr: ['matrix.lease-fencing'] },
  },
  chaos: {
    base: 'update-without-token',
    infra: [DB_HOST],
    // The database may pause and drift, never crash: its rows survive (a replicated Postgres).
    slowInfra: [DB_HOST],
    isolateFromStore: false,
    safety: ['split-brain'],
    liveness: 'quorum-leader',
    // The job runs every few seconds so that faults land between runs; the old holder's row lives at
    // most one TTL after its last renewal, then the next read takes it: TTL + retry + 2 timeouts + trips.
    timing(k, { net, latMax, unsafe }) {
      const leaseTtlS = pick(k[0], 3, 15);
      const renewS = Math.max(1, Math.floor(leaseTtlS * 10 * (0.1 + ((k[1] ?? 0) / 1000) * 0.35))) / 10;
      const retryMs = pick(k[2], 200, 2000);
      const requestTimeoutMs = pick(k[3], 2 * latMax + 50, 2000);
      const jobEveryMs = pick(k[4], 1000, 5000);
      const params: Params = {
        ...net,
        election: true,
        casToken: !unsafe,
        leaseTtlS,
        renewS,
        retryMs,
        requestTimeoutMs,
        jobAtMs: pick(k[5], 1, jobEveryMs),
        jobEveryMs,
        jobAlarmMs: 604_800_000,
      };
      const ttlMs = leaseTtlS * 1000;
      return {
        params,
        unitMs: ttlMs,
        boundMs: ttlMs + retryMs + 2 * requestTimeoutMs + 4 * latMax + Math.round(renewS * 1000),
      };
    },
  },
};
