import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * Split-brain without quorum: heartbeat-only election where a candidate needs a
 * majority of the nodes that ANSWER. A partition {node-1, node-2} | {node-3, node-4, node-5} leaves
 * both sides with a leader and both accept writes ("BOTH WRITE"). Replay with `quorum: true` (Raft's
 * floor(n/2)+1 of the whole cluster) and the two-node side elects nobody: the steps about the second
 * leader and the alarm are then left out, and the closing step is `why-quorum` instead of `both-sides-led`.
 */
export default {
  id: 'split-brain',
  title: 'Split-brain without quorum',
  tagline: 'Heartbeats without a quorum: a partition leaves two leaders writing at once.',
  summary:
    'Heartbeat-only election without quorum. A partition splits {node-1, node-2} from {node-3, node-4, node-5}; each side elects its own leader and both accept writes: BOTH WRITE. Turn quorum on and the minority side elects nobody.',
  algorithm: 'heartbeat',
  nodes: 5,
  // Seed 38: node-5 wins the first election, as in the story's picture.
  seed: 38,
  durationMs: 12_000,
  // ~30 s of wall time at 1x.
  timeScale: 0.4,
  params: { quorum: false },
  faults: [
    {
      atMs: 4000,
      fault: {
        kind: 'partition',
        groups: [
          ['node-1', 'node-2'],
          ['node-3', 'node-4', 'node-5'],
        ],
      },
    },
    { atMs: 10_000, fault: { kind: 'heal' } },
  ],
  steps: [
    {
      id: 'heartbeat-election',
      shows: {},
      anchor: { k: 'start' },
      caption:
        'Five nodes elect a leader by heartbeat: a node that stops hearing the leader asks the others for votes, and leads if enough of them say yes.',
    },
    {
      id: 'first-leader',
      shows: { roles: { 'node-5': 'leader' }, message: { type: 'HEARTBEAT', from: 'node-5', to: 'node-1' } },
      anchor: { k: 'mark', type: 'won' },
      caption:
        '{node} wins term {term} with {votes} of {cluster} votes. It sends HEARTBEAT every {heartbeatIntervalMs} ms and accepts client writes.',
    },
    {
      id: 'partition',
      shows: {
        roles: {
          'node-1': 'follower',
          'node-2': 'follower',
          'node-3': 'follower',
          'node-4': 'follower',
          'node-5': 'leader',
        },
      },
      anchor: { k: 'fault', type: 'partition' },
      caption: 'A network partition cuts node-1 and node-2 off from node-3, node-4 and node-5.',
    },
    {
      id: 'majority-keeps-writing',
      shows: { roles: { 'node-5': 'leader' } },
      anchor: { k: 'write', node: 'node-5' },
      caption:
        'On the bigger side nothing seems wrong: node-5 still hears its followers and keeps accepting writes.',
    },
    {
      id: 'minority-candidate',
      shows: { roles: { 'node-1': 'candidate' } },
      anchor: { k: 'mark', type: 'leader-missing' },
      caption:
        '{node} has heard no HEARTBEAT for {timeoutMs} ms. It cannot tell a dead leader from an unreachable one, so it asks everyone for votes.',
    },
    {
      id: 'minority-leader',
      shows: { roles: { 'node-1': 'leader' } },
      anchor: { k: 'mark', type: 'won-without-quorum' },
      caption:
        '{node} got {votes} votes from {answered} answers: a majority of the nodes it can reach. Without quorum that is enough, so it leads term {term}.',
    },
    {
      id: 'both-write',
      shows: { roles: { 'node-1': 'leader', 'node-5': 'leader' }, alarm: 'split-brain' },
      anchor: { k: 'violation', type: 'split-brain' },
      caption:
        'BOTH WRITE: {nodes} each believe they lead, and each accepted writes. The two copies of the data diverge.',
    },
    {
      id: 'heal',
      // It tells the heal only (with quorum on there is no split-brain to show).
      shows: {},
      anchor: { k: 'fault', type: 'heal' },
      caption: 'The partition heals and the two sides hear each other again.',
    },
    {
      id: 'old-leader-deposed',
      shows: {
        roles: { 'node-1': 'leader', 'node-5': 'follower' },
        message: { type: 'HEARTBEAT', from: 'node-5', to: 'node-1' },
        alarm: 'split-brain',
      },
      anchor: { k: 'mark', type: 'deposed' },
      caption:
        '{node} hears HEARTBEAT from {by} with the higher term {newTerm} and steps down. What it accepted during the split conflicts with what {by} accepted.',
    },
    // The closing line says what this run did: the minority led (quorum off, the story as written),
    // or it did not (quorum on). Raft's rule: a candidate needs votes from a majority of the whole
    // cluster, floor(n/2)+1 (Ongaro and Ousterhout, "In Search of an Understandable Consensus
    // Algorithm", section 5.2), so a side of 2 of 5 can never elect. `why-quorum` keeps the id and
    // the text that exported traces of older quorum-off runs still carry (src/compat).
    {
      id: 'both-sides-led',
      shows: { alarm: 'split-brain' },
      anchor: { k: 'end' },
      when: { step: 'minority-leader', told: true },
      caption:
        'Heartbeats alone cannot tell "the leader died" from "I cannot reach it", so both sides elected a leader. Turn quorum on and a leader needs 3 of 5 votes of the whole cluster: the two-node side then elects nobody.',
    },
    {
      id: 'why-quorum',
      anchor: { k: 'end' },
      when: { step: 'minority-leader', told: false },
      caption:
        'Heartbeats alone cannot tell "the leader died" from "I cannot reach it". With quorum on, a leader needs 3 of 5 votes, so the two-node side elects nobody.',
    },
  ],
  // Compare holds the story against this knob first.
  compare: { knob: 'quorum' },
  adr: ['matrix.heartbeat', 'matrix.raft', 'decision'],
  expect: {
    finalLeader: 'node-1',
    leadersInOrder: ['node-5', 'node-1'],
    violations: ['split-brain'],
    noViolations: ['stale-write-accepted'],
  },
  // Try to break it: split the cluster so that both sides lead and write; quorum on is the fix.
  challenge: {
    lockedKnobs: ['quorum'],
    goal: 'split-brain',
    budget: { faults: { partition: 1, isolate: 1 }, total: 1 },
    fix: { quorum: true },
  },
} satisfies ScenarioInput;
