import type { ScenarioInput, TimedFault } from '../src/sim/scenario/schema.ts';

/**
 * Bully at scale (Garcia-Molina 1982): 100 nodes on a flapping network. Every 10 s a 3 s partition
 * cuts node-1..node-50 from node-51..node-100. The lower half loses its coordinator, and with timers
 * that fire within half a second of each other (detectionStaggerMs 10) every node of it runs an
 * election upward at once: ELECTION to each higher id, OK back from each live one, which then runs its
 * own. O(n^2) messages per change of coordinator, again at every flap: an election storm, counted as
 * `metrics.messagesPerMinute`.
 *
 * The fix: the same cluster electing through a lease in etcd (`fix.algorithm: 'lease'`;
 * client/v3/concurrency/election.go). The nodes talk only to the store, which is in no partition
 * group, so it reaches both halves (a replicated etcd of its own). The faults stay the same; the cost
 * is the leader's keepalives and the followers' campaign retries, whatever the network between the
 * nodes does.
 */
const N = 100;
const ids = Array.from({ length: N }, (_, i) => `node-${i + 1}`);
const FLAP_EVERY_MS = 10_000;
const FLAP_MS = 3000;
const flaps: TimedFault[] = Array.from({ length: 5 }, (_, i) => [
  {
    atMs: 5000 + i * FLAP_EVERY_MS,
    fault: { kind: 'partition' as const, groups: [ids.slice(0, N / 2), ids.slice(N / 2)] },
  },
  { atMs: 5000 + i * FLAP_EVERY_MS + FLAP_MS, fault: { kind: 'heal' as const } },
]).flat();

export default {
  id: 'bully-at-scale',
  title: 'Bully at 100 nodes on a flapping network',
  summary:
    '100 nodes run Bully while the network flaps: every 10 s, for 3 s, node-1..node-50 cannot reach node-51..node-100. Each time, the lower half runs 50 elections at once, each sending ELECTION to every higher id: an election storm of thousands of messages. The same cluster electing through an etcd lease sends a few keepalives and retries, whatever the network does.',
  tagline: 'Bully at 100 nodes: every flap of the network sets off an O(n²) election storm.',
  group: 'pitfalls',
  algorithm: 'bully',
  nodes: N,
  seed: 1,
  durationMs: 60_000,
  // A storm lasts about a second: 0.1 shows it over ten.
  timeScale: 0.1,
  // Timers of 100 nodes fire within half a second of each other, not a tenth of a second apart each.
  params: { detectionStaggerMs: 10 },
  faults: flaps,
  steps: [
    {
      id: 'hundred-nodes',
      shows: { roles: { 'node-last': 'leader' } },
      anchor: { k: 'start' },
      caption:
        '{n} nodes run Bully. {last}, the highest id, is the coordinator: it sends HEARTBEAT to all the others every {heartbeatIntervalMs} ms.',
    },
    {
      id: 'flap',
      shows: {
        roles: { 'node-1': 'follower', 'node-50': 'follower', 'node-51': 'follower', 'node-100': 'leader' },
      },
      anchor: { k: 'fault', type: 'partition' },
      caption:
        'The network flaps: for 3 s, node-1 to node-50 cannot reach node-51 to node-100. It will happen again every 10 s.',
    },
    {
      id: 'storm',
      shows: {
        roles: { 'node-1': 'candidate' },
        message: { type: 'HEARTBEAT', from: 'node-100', to: 'node-2' },
      },
      anchor: { k: 'mark', type: 'leader-missing' },
      caption:
        '{node} hears no HEARTBEAT for {timeoutMs} ms and sends ELECTION to every higher id. Within half a second every node of its half does the same, and each one that gets an ELECTION answers OK and starts its own: an election storm.',
    },
    {
      id: 'half-coordinator',
      shows: {
        roles: { 'node-50': 'leader' },
        message: { type: 'COORDINATOR', from: 'node-50', to: 'node-1' },
      },
      anchor: { k: 'mark', type: 'won' },
      caption:
        '{node}, the highest id its half can reach, declares itself COORDINATOR. The storm so far: {messages} messages ({elections} ELECTION, {oks} OK, {coordinators} COORDINATOR).',
    },
    {
      id: 'heal',
      shows: { roles: { 'node-last': 'leader' } },
      anchor: { k: 'fault', type: 'heal' },
      caption: "The partition heals after 3 s, and {last}'s HEARTBEAT brings the lower half back to it.",
    },
    {
      id: 'storm-again',
      shows: {},
      anchor: { k: 'mark', type: 'won' },
      caption:
        'The network flaps again, and the storm repeats: {messages} election messages since the start, for a coordinator nobody needed.',
    },
    {
      id: 'per-minute',
      shows: {},
      anchor: { k: 'end' },
      caption:
        'Bully costs O(n²) messages for every change of coordinator. At 100 nodes on a flapping network the elections flood the network they run on, and every flap brings another.',
    },
  ],
  adr: ['matrix.bully', 'matrix.lease'],
  expect: {
    finalLeader: 'node-100',
    noViolations: ['two-leaders-in-term'],
  },
  fix: {
    algorithm: 'lease',
    steps: [
      {
        id: 'lease-instead',
        shows: {},
        anchor: { k: 'start' },
        caption:
          'The fix: the same {n} nodes elect through a lease in etcd. Each node talks only to the store: a campaign is one compare-and-swap, and the leader renews its lease every {renewS} s.',
      },
      {
        id: 'lease-leader',
        shows: { roles: { 'node-1': 'leader' }, tokens: { 'node-1': 42 } },
        anchor: { k: 'mark', type: 'campaign-won' },
        caption:
          '{node} wins the campaign with token {token}. The others lost the compare-and-swap and retry now and then; they never message each other.',
      },
      {
        id: 'flap-lease',
        shows: {
          roles: { 'node-1': 'leader', 'node-50': 'follower', 'node-51': 'follower', 'node-100': 'follower' },
        },
        anchor: { k: 'fault', type: 'partition' },
        caption:
          'The same flaps, every 10 s: node-1 to node-50 cut off from node-51 to node-100. etcd is in neither half (a cluster of its own, reachable from both), and the nodes never needed to reach each other.',
      },
      {
        id: 'no-storm',
        shows: {},
        anchor: { k: 'fault', type: 'heal' },
        caption:
          'The partition heals, and nothing happened: no election, no extra message. The leader still holds its lease.',
      },
      {
        id: 'lease-cost',
        shows: {},
        anchor: { k: 'end' },
        caption:
          "A lease's cost is flat: the leader's keepalives and the followers' retries, whatever the network between the nodes does. The storm's cost grew with n²; this grows with n.",
      },
    ],
    expect: {
      finalLeader: 'node-1',
      leadersInOrder: ['node-1'],
      noViolations: ['two-lease-holders', 'stale-write-accepted'],
    },
  },
} satisfies ScenarioInput;
