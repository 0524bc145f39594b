/**
 * Kubernetes leader election: client-go's `leaderelection` package against a `coordination.k8s.io/v1`
 * Lease kept by the API server (which stores it in etcd): knobs, rules, declaration (hosts: runtime.ts).
 * Sources: k8s.io/client-go/tools/leaderelection/leaderelection.go (the defaults below are
 * kube-controller-manager's, k8s.io/component-base/config/v1alpha1 RecommendedDefaultLeaderElectionConfiguration),
 * resourcelock/leaselock.go, and k8s.io/apiserver/pkg/storage/etcd3/store.go (apiserver.ts).
 */
import type { ParamRule, ParamSpecs, Params } from '../../params.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { type Algorithm, numberedIds, numOf, pick } from '../algorithm.ts';
import { LEASE_KEY } from './apiserver.ts';
import { APISERVER_HOST, STORAGE_HOST } from './keys.ts';
import type { KubeLeaseConfig } from './machine.ts';
import { JITTER_FACTOR } from './timing.ts';

const params: ParamSpecs = {
  leaseDurationS: {
    default: 15,
    min: 1,
    max: 3600,
    unit: 's',
    doc: 'how long a standby waits, on its own clock, after it last saw the Lease change before it may take it',
    source:
      'client-go leaderelection.go LeaderElectionConfig.LeaseDuration; kube-controller-manager --leader-elect-lease-duration default 15s',
  },
  renewDeadlineS: {
    default: 10,
    min: 0.1,
    max: 3600,
    unit: 's',
    doc: 'how long the leader keeps retrying a failed renewal before it stops leading',
    source:
      'client-go leaderelection.go LeaderElectionConfig.RenewDeadline; kube-controller-manager --leader-elect-renew-deadline default 10s',
  },
  retryPeriodS: {
    default: 2,
    min: 0.1,
    max: 3600,
    unit: 's',
    doc: 'how often the leader renews, and the base of a standby’s jittered wait between two tries (× 1 to 2.2)',
    source:
      'client-go leaderelection.go LeaderElectionConfig.RetryPeriod, JitterFactor 1.2; kube-controller-manager --leader-elect-retry-period default 2s',
  },
  fencing: {
    default: true,
    unit: '',
    doc: 'the storage takes leaseTransitions as a fencing token and rejects a lower one (409 STALE TOKEN); off = what client-go alone gives',
    source:
      'client-go leaderelection.go: "does not guarantee that only one client is acting as a leader (a.k.a. fencing)"; Kleppmann 2016',
  },
  writeIntervalMs: {
    default: 3000,
    min: 1,
    max: 3_600_000,
    integer: true,
    unit: 'ms',
    doc: 'the leader’s controllers write to the storage at every multiple of this on its local clock',
    source:
      'a controller acting on the cluster while it leads (kube-controller-manager runs its controllers only then)',
  },
};

/**
 * client-go's own checks, by name (leaderelection.go NewLeaderElector): "leaseDuration must be
 * greater than renewDeadline" and "renewDeadline must be greater than retryPeriod*JitterFactor".
 */
const rules: ParamRule[] = [
  {
    id: 'lease-duration-over-renew-deadline',
    ok: (p) => Number(p.leaseDurationS) > Number(p.renewDeadlineS),
    message: 'leaseDuration must be greater than renewDeadline (leaseDurationS > renewDeadlineS)',
    source: 'client-go leaderelection.go NewLeaderElector',
  },
  {
    id: 'renew-deadline-over-jittered-retry',
    ok: (p) => Number(p.renewDeadlineS) > JITTER_FACTOR * Number(p.retryPeriodS),
    message: `renewDeadline must be greater than retryPeriod*JitterFactor (renewDeadlineS > ${JITTER_FACTOR} × retryPeriodS)`,
    source: 'client-go leaderelection.go NewLeaderElector, JitterFactor = 1.2',
  },
];

export function kubeLeaseConfig(p: Params): KubeLeaseConfig {
  return {
    leaseDurationMs: Math.round(Number(p.leaseDurationS) * 1000),
    renewDeadlineMs: Math.round(Number(p.renewDeadlineS) * 1000),
    retryPeriodMs: Math.round(Number(p.retryPeriodS) * 1000),
    writeIntervalMs: Number(p.writeIntervalMs),
  };
}

/** The holder named by the Lease text the API server recorded (apiserver.ts leaseText). */
export function holderOf(value: string): string {
  const m = /^holderIdentity: ([^,]*)/.exec(value);
  return m?.[1] === '""' ? '' : (m?.[1] ?? '');
}

/**
 * The story's figures: `conflicts`, the 409 answers the API server gave; `failoverMs`, from the old
 * holder's last renewal to the first write of the Lease by another holder (both on the store's
 * clock: the times of the puts), null without a handover.
 */
export function kubeLeaseMetrics(events: readonly TraceEvent[]): {
  conflicts: number;
  failoverMs: number | null;
} {
  let conflicts = 0;
  let failoverMs: number | null = null;
  let last: { holder: string; t: number } | null = null;
  for (const e of events) {
    if (e.k === 'send' && e.from === APISERVER_HOST && e.type === 'CONFLICT') conflicts++;
    if (e.k !== 'store' || e.change.kind !== 'put' || e.change.kv.key !== LEASE_KEY) continue;
    const holder = holderOf(e.change.kv.value);
    if (failoverMs === null && last && last.holder !== '' && holder !== last.holder)
      failoverMs = e.t - last.t;
    last = { holder, t: e.t };
  }
  return { conflicts, failoverMs };
}

export const kubernetes: Algorithm = {
  id: 'kubernetes',
  params,
  rules,
  nodeIds: numberedIds('node'),
  minNodes: 1,
  maxNodes: 50,
  vocabulary: {
    families: {
      GET: 'store',
      GET_OK: 'reply',
      NOT_FOUND: 'reply',
      CREATE: 'store',
      CREATED: 'reply',
      UPDATE: 'store',
      UPDATED: 'reply',
      CONFLICT: 'reject',
      WRITE: 'data',
      WRITE_OK: 'reply',
      WRITE_REJECTED: 'reject',
    },
    chatter: [],
  },
  leadership: { scope: 'cluster', carries: 'token', keys: [] },
  topology: { mesh: false },
  failover: {
    leadsThrough: 'store',
    marks: [
      {
        name: 'step-down',
        kind: 'deadline-step-down',
        when: (d) => d.reason === 'renew-deadline',
        windowMs: (_d, p) => numOf(p.renewDeadlineS) * 1000,
        suspect: (n) => n,
      },
      {
        name: 'expired',
        kind: 'leader-missing',
        windowMs: (_d, p) => numOf(p.leaseDurationS) * 1000,
        suspect: (_n, d) => (typeof d.holder === 'string' ? d.holder : null),
      },
    ],
    leaseExpiry: false,
  },
  sandbox: {
    presets: [
      { id: 'kubernetes', params: { fencing: false } },
      { id: 'kubernetes-fencing', params: { fencing: true } },
    ],
    variant: { nodes: 3, timeScale: 2, adr: ['matrix.kubernetes-lease'] },
  },
  chaos: {
    base: 'kubernetes-lease',
    infra: [APISERVER_HOST, STORAGE_HOST],
    // The API server stands for a replicated control plane over etcd: it may pause and drift, never lose data.
    slowInfra: [APISERVER_HOST],
    isolateFromStore: true,
    safety: ['stale-write-accepted'],
    liveness: 'quorum-leader',
    timing(k, { net, latMax, unsafe }) {
      const retryPeriodS = pick(k[0], 10, 30) / 10; // 1 .. 3 s
      // renewDeadline > 1.2 × retryPeriod, leaseDuration > renewDeadline (client-go's rules).
      const renewDeadlineS = Math.ceil(retryPeriodS * 10 * (1.3 + ((k[1] ?? 0) / 1000) * 3)) / 10;
      const leaseDurationS = Math.ceil(renewDeadlineS * 10 * (1.2 + ((k[2] ?? 0) / 1000) * 1.3)) / 10;
      const p: Params = {
        ...net,
        retryPeriodS,
        renewDeadlineS,
        leaseDurationS,
        writeIntervalMs: pick(k[3], 200, 3000),
        fencing: !unsafe,
      };
      const rp = retryPeriodS * 1000;
      return {
        params: p,
        unitMs: leaseDurationS * 1000,
        // After F: a stranded leader gives up within RenewDeadline + one retry; the others judge the
        // Lease expired LeaseDuration after they last saw it change, and poll within 2.2 × RetryPeriod.
        boundMs: Math.round(leaseDurationS * 1000 + renewDeadlineS * 1000 + 7 * rp + 8 * latMax),
      };
    },
  },
  storyMetrics: (events) => kubeLeaseMetrics(events),
};
