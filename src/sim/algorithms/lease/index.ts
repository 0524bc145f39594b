/**
 * Leader election on an etcd 3.4 lease (etcd's concurrency/election.go pattern: a key under a lease,
 * won by a compare-and-swap txn, kept by keepalives), with an optional fencing token (Kleppmann,
 * "How to do distributed locking", 2016): knobs, rules, declaration (hosts: runtime.ts).
 */
import type { ParamRule, ParamSpecs, Params } from '../../params.ts';
import { etcdFamilies } from '../../store/vocabulary.ts';
import { type Algorithm, numberedIds, numOf, pick } from '../algorithm.ts';
import { LEADER_KEY, STORAGE_HOST, STORE_HOST } from './keys.ts';
import type { LeaseConfig } from './machine.ts';

const params: ParamSpecs = {
  ttlS: {
    default: 30,
    min: 1,
    max: 3600,
    integer: true,
    unit: 's',
    doc: 'lease TTL the candidates ask for; etcd raises anything under 2 s to 2 s, and nodes use the TTL granted',
    source:
      "Patroni docs, Dynamic Configuration Settings: ttl default 30; etcd lessor minLeaseTTL (2 s with etcd's default election timeout)",
  },
  renewS: {
    default: 10,
    min: 0.1,
    max: 3600,
    unit: 's',
    doc: 'keepalive interval of every candidate’s lease',
    source:
      'etcd clientv3 (client/v3/lease.go) sends a keepalive every TTL/3; Patroni docs: loop_wait default 10',
  },
  retryMs: {
    default: 2000,
    min: 1,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'how often a follower retries the campaign (each node in its own slot of the period)',
    source: 'client-go leaderelection RetryPeriod 2 s',
  },
  requestTimeoutMs: {
    default: 1000,
    min: 1,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'how long a node waits for etcd to answer before it gives up on a request (a late answer still counts)',
    source:
      'etcd clientv3: each request runs under its context deadline; Patroni docs: retry_timeout (default 10) bounds DCS retries',
  },
  driftMarginRatio: {
    default: 0.2,
    min: 0,
    max: 0.9,
    unit: 'ratio',
    doc: 'share of the TTL a node gives up early, so a clock running up to this much slow still steps down before the store expires the lease',
    source: 'client-go RenewDeadline 10 s inside LeaseDuration 15 s; Redlock clock drift allowance',
  },
  checkLeaseBeforeAct: {
    default: true,
    unit: '',
    doc: 'the leader checks its lease deadline before each write and steps down when it passes; off = believe you lead until the store answers TTL 0',
    source:
      'check before acting (Kleppmann 2016, "How to do distributed locking": not enough without a fencing token)',
  },
  tokenFromRevision: {
    default: false,
    unit: '',
    doc: 'use the leader key’s create_revision as the fencing token (jumps by 2 or more per handover) instead of a counter bumped in the campaign txn (+1)',
    source:
      'etcd api.md: revisions (create_revision); client-go resourcelock LeaderElectionRecord.LeaderTransitions (a counter)',
  },
  tokenStart: {
    default: 41,
    min: 0,
    max: 1_000_000_000,
    integer: true,
    unit: '',
    doc: 'token counter value seeded into the store at start (the first leader gets tokenStart + 1)',
    source: 'Kleppmann 2016, How to do distributed locking (its tokens are 33 and 34; here the first is 42)',
  },
  fencing: {
    default: true,
    unit: '',
    doc: 'the storage rejects writes whose token is lower than one it accepted (409 STALE TOKEN)',
    source: 'Kleppmann, How to do distributed locking (2016)',
  },
  writeIntervalMs: {
    default: 5000,
    min: 1,
    max: 3_600_000,
    integer: true,
    unit: 'ms',
    doc: 'the leader’s job runs at every multiple of this on its local clock and writes to storage',
    source:
      'Microsoft Azure Architecture Center, Leader Election pattern (one instance runs the scheduled task)',
  },
  workMs: {
    default: 300,
    min: 0,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'time between checking the lease and the write leaving (preparing the job’s write)',
    source: 'Kleppmann 2016: the gap between checking a lease and using it',
  },
  confirmRenew: {
    default: true,
    unit: '',
    doc: 'only a keepalive the store answered moves the leader’s deadline, so a leader whose keepalives go unanswered steps down at its renew deadline; off = fire and forget: every keepalive sent counts as renewed',
    source:
      'client-go leaderelection.go: RenewDeadline is "the duration that the acting master will retry refreshing leadership before giving up"; etcd clientv3 closes a keepalive channel with no response within the TTL (commit e534532), and concurrency.Session.Done() closes with it',
  },
  ownCopy: {
    default: false,
    unit: '',
    doc: 'the leader is a primary that keeps the data itself: its job writes to its own copy (checked and written in one step) instead of sending the write to the shared storage, so nothing fences a stale leader',
    source:
      'Kleppmann, Designing Data-Intensive Applications, ch. 8, "The leader and the lock"; a Patroni primary takes writes to its own database (Patroni docs)',
  },
  storeMembers: {
    default: 1,
    min: 1,
    max: 5,
    integer: true,
    unit: '',
    doc: 'members of the etcd cluster: 1 is one server; 3 or 5 are a Raft group that elects a leader, commits each write on a majority and answers nothing without one',
    source:
      'etcd FAQ, "Why an odd number of cluster members?" (a 3-member cluster tolerates 1 failure, 5 tolerate 2); ADR-001: the store itself must be HA',
  },
};

/**
 * client-go's checks (k8s.io/client-go/tools/leaderelection/leaderelection.go, NewLeaderElector):
 * `leaseDuration must be greater than renewDeadline` and `renewDeadline must be greater than
 * retryPeriod*JitterFactor` (1.2). In this model LeaseDuration is ttlS, RetryPeriod (the leader's
 * renew cadence) is renewS, and RenewDeadline is derived, not a knob: ttlS × (1 − driftMarginRatio),
 * how long the leader trusts its lease after a confirmed keepalive. So the first check reads
 * driftMarginRatio > 0; it is NOT enforced: 0 is the no-margin experiment (a slow clock then keeps
 * a stale leader, lease.test.ts), safe as long as clocks agree. The second is the rule below, with
 * a factor of 1: keepalives here are not jittered.
 */
const rules: ParamRule[] = [
  {
    id: 'renew-under-ttl',
    ok: (p) => Number(p.renewS) < Number(p.ttlS),
    message: 'renew interval must be shorter than the TTL (renewS < ttlS)',
    source: 'etcd clientv3 concurrency.NewSession keeps its lease alive every TTL/3',
  },
  {
    id: 'renew-under-trusted-ttl',
    ok: (p) => Number(p.renewS) < Number(p.ttlS) * (1 - Number(p.driftMarginRatio)),
    message:
      'renew interval must be shorter than the part of the TTL the leader trusts (renewS < ttlS × (1 − driftMarginRatio)), or the leader steps down between two keepalives',
    source:
      'client-go leaderelection.go NewLeaderElector: "renewDeadline must be greater than retryPeriod*JitterFactor"',
  },
  {
    id: 'store-members-odd',
    ok: (p) => [1, 3, 5].includes(Number(p.storeMembers ?? 1)),
    message: 'the etcd cluster has 1, 3 or 5 members (storeMembers)',
    source:
      'etcd FAQ, "Why an odd number of cluster members?": an even member adds no failure tolerance; 5 is the size it recommends at most for production',
  },
];

export function leaseConfig(p: Params): LeaseConfig {
  return {
    ttlS: Number(p.ttlS),
    renewS: Number(p.renewS),
    retryMs: Number(p.retryMs),
    requestTimeoutMs: Number(p.requestTimeoutMs),
    driftMarginRatio: Number(p.driftMarginRatio),
    checkLeaseBeforeAct: Boolean(p.checkLeaseBeforeAct),
    confirmRenew: p.confirmRenew !== false,
    ownCopy: p.ownCopy === true,
    tokenFromRevision: Boolean(p.tokenFromRevision),
    writeIntervalMs: Number(p.writeIntervalMs),
    workMs: Number(p.workMs),
  };
}

export const lease: Algorithm = {
  id: 'lease',
  params,
  rules,
  nodeIds: numberedIds('node'),
  minNodes: 1,
  // As many as Bully: the nodes talk only to the store, so a large cluster costs each node its own
  // requests (bully-at-scale compares the two at 100 nodes).
  maxNodes: 200,
  vocabulary: {
    families: {
      // The store API (the etcd model answers these), then its own.
      ...etcdFamilies,
      WRITE: 'data',
      WRITE_OK: 'reply',
      WRITE_REJECTED: 'reject',
    },
    chatter: ['KEEPALIVE', 'KEEPALIVE_ACK'],
  },
  leadership: { scope: 'cluster', carries: 'token', keys: [LEADER_KEY] },
  topology: { mesh: false },
  storeGroup: (p) =>
    Number(p.storeMembers ?? 1) > 1 ? { host: STORE_HOST, members: Number(p.storeMembers) } : undefined,
  failover: {
    leadsThrough: 'store',
    marks: [
      {
        name: 'step-down',
        kind: 'deadline-step-down',
        when: (d) => d.reason === 'deadline',
        windowMs: (_d, p) => numOf(p.ttlS) * 1000,
        suspect: (n) => n,
      },
    ],
    leaseExpiry: true,
  },
  sandbox: {
    presets: [
      { id: 'lease', params: { fencing: false } },
      { id: 'lease-fencing', params: { fencing: true } },
    ],
    variant: { nodes: 5, timeScale: 2.5, adr: ['matrix.lease', 'consequence.failover-ttl'] },
    compareKnob: 'ttlS',
  },
  chaos: {
    base: 'fencing-token',
    infra: [STORE_HOST, STORAGE_HOST],
    // The store may be paused (a GC on etcd) and may drift; it never crashes: it stands for a
    // replicated etcd cluster whose data survive.
    slowInfra: [STORE_HOST],
    isolateFromStore: true,
    safety: ['stale-write-accepted', 'two-lease-holders'],
    liveness: 'lease-leader',
    // The old holder's key lives at most one TTL after its last renewal, then the next retry slot takes
    // it: TTL + renew interval + retry period + one request timeout + 4 one-way trips.
    timing(k, { net, latMax, unsafe }) {
      const ttlS = pick(k[0], 2, 20);
      // renewS < ttlS x (1 - driftMarginRatio 0.2): at most 0.7 x TTL, at least 0.1 s, in tenths.
      const renewS = Math.max(1, Math.floor(ttlS * 10 * (0.1 + ((k[1] ?? 0) / 1000) * 0.6))) / 10;
      const retryMs = pick(k[2], 200, 3000);
      const requestTimeoutMs = pick(k[3], 200, 2000);
      const params: Params = {
        ...net,
        ttlS,
        renewS,
        retryMs,
        requestTimeoutMs,
        writeIntervalMs: pick(k[4], 200, 5000),
        workMs: pick(k[5], 0, 1000),
        tokenFromRevision: (k[6] ?? 0) >= 500,
        checkLeaseBeforeAct: true,
        fencing: !unsafe,
      };
      const ttlMs = ttlS * 1000;
      return {
        params,
        unitMs: ttlMs,
        boundMs: ttlMs + Math.round(renewS * 1000) + retryMs + requestTimeoutMs + 4 * latMax,
      };
    },
  },
};
