import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * kube-controller-manager on three control-plane nodes, elected with client-go's leaderelection
 * on the Lease kube-system/kube-controller-manager (LeaseDuration 15 s, RenewDeadline 10 s,
 * RetryPeriod 2 s: kube-controller-manager's defaults). node-1 starts first and creates the Lease;
 * it crashes at 20 s. Each standby judges the Lease expired on its own clock, LeaseDuration after it
 * last saw the record change; with this seed both then poll within one round trip of each other,
 * both UPDATE the same resourceVersion, and node-3 gets 409 Conflict. node-2 leads with
 * leaseTransitions 1, which its writes carry as a fencing token.
 */
export default {
  id: 'kubernetes-lease',
  title: 'Kubernetes Lease (client-go)',
  summary:
    'Three kube-controller-manager instances share one Lease object in the API server. The leader crashes; after LeaseDuration both standbys try to take the Lease with the same resourceVersion, one gets 409 Conflict, and the other leads with leaseTransitions + 1.',
  tagline:
    'client-go’s leaderelection on a Lease: resourceVersion compare-and-swap, 409 Conflict, leaseTransitions as the token.',
  group: 'systems',
  algorithm: 'kubernetes',
  nodes: 3,
  seed: 36,
  durationMs: 45_000,
  timeScale: 2,
  params: { leaseDurationS: 15, renewDeadlineS: 10, retryPeriodS: 2, fencing: true },
  faults: [{ atMs: 20_000, fault: { kind: 'crash', node: 'node-1' } }],
  steps: [
    {
      id: 'lease-created',
      shows: { roles: { 'node-1': 'leader' } },
      anchor: { k: 'mark', node: 'node-1', type: 'acquired' },
      caption:
        'node-1 starts first. Its GET finds no Lease (404), so it CREATEs kube-system/kube-controller-manager with holderIdentity {identity} (hostname and a uuid drawn at start) and leaseTransitions {leaseTransitions}. The API server stores it in etcd; resourceVersion {resourceVersion} is that write’s etcd revision.',
    },
    {
      id: 'standby-polls',
      shows: { roles: { 'node-1': 'leader', 'node-2': 'follower' } },
      anchor: { k: 'send', type: 'GET', node: 'node-2' },
      caption:
        'node-2 starts as a standby. It GETs the Lease, sees node-1 holding it, and remembers the record and the time on its own clock (observedTime). It will try again after a jittered wait of {retryPeriodS} s × 1 to 2.2.',
    },
    {
      id: 'renewal',
      shows: {
        roles: { 'node-1': 'leader' },
        message: { type: 'UPDATE', from: 'node-1', to: 'kube-apiserver' },
      },
      anchor: { k: 'send', type: 'UPDATE', node: 'node-1' },
      caption:
        'Every {retryPeriodS} s node-1 renews: an UPDATE with a new renewTime and the resourceVersion it last read ({resourceVersion}). Each standby that sees the record change restarts its own count.',
    },
    {
      id: 'leader-crashes',
      shows: {
        roles: { 'node-1': 'down' },
        holder: { key: '/registry/leases/kube-system/kube-controller-manager', node: 'node-1' },
      },
      anchor: { k: 'fault', type: 'crash', node: 'node-1' },
      caption:
        'node-1, the leader, crashes. The Lease still names it: nothing deletes it, it just stops changing.',
    },
    {
      id: 'expired',
      shows: {
        roles: { 'node-2': 'follower' },
        message: { type: 'UPDATE', from: 'node-2', to: 'kube-apiserver' },
      },
      anchor: { k: 'mark', type: 'expired' },
      caption:
        '{node} has not seen the Lease change for {unchangedForMs} ms on its own clock, longer than leaseDuration ({leaseDurationS} s). It counts from when it last saw the record change, not from renewTime, so no clocks need to agree. It sends an UPDATE with resourceVersion {resourceVersion}.',
    },
    {
      id: 'takes-over',
      shows: {
        roles: { 'node-2': 'leader' },
        tokens: { 'node-2': 1 },
        holder: { key: '/registry/leases/kube-system/kube-controller-manager', node: 'node-2' },
      },
      anchor: { k: 'role', role: 'leader' },
      caption:
        '{node}’s UPDATE landed first and it leads: it wrote its own holderIdentity and bumped leaseTransitions to {token}: every holder change adds exactly one, so it works as a fencing token.',
    },
    {
      id: 'conflict',
      shows: {
        roles: { 'node-3': 'follower' },
        message: { type: 'CONFLICT', from: 'kube-apiserver', to: 'node-3' },
      },
      // Told while the 409 is on its way to the loser (it lands at the mark): the picture shows it.
      anchor: { k: 'mark', type: 'conflict', offsetMs: -20 },
      caption:
        '{node} had read the same resourceVersion {resourceVersion} and sent its UPDATE a moment later. The Lease has moved on, so the API server answers 409 Conflict (in etcd, the txn’s compare on mod_revision failed). {node} stays a standby.',
    },
    {
      id: 'fenced-write',
      shows: {
        roles: { 'node-2': 'leader' },
        tokens: { 'node-2': 1 },
        write: { node: 'node-2', status: 'accepted', token: 1 },
      },
      anchor: { k: 'write', status: 'accepted' },
      caption:
        '{node}’s controllers write with token {token}. From this write on, the storage refuses anything lower, so a frozen old leader that wakes up believing it still leads (client-go does not stop it) gets 409 STALE TOKEN. Only from this write: the storage can refuse only a token lower than one it has seen.',
    },
  ],
  adr: ['matrix.kubernetes-lease'],
  expect: {
    finalLeader: 'node-2',
    leadersInOrder: ['node-1', 'node-2'],
    tokens: [0, 1],
    noViolations: ['stale-write-accepted', 'split-brain'],
  },
} satisfies ScenarioInput;
