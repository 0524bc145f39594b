import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * A Raft leader cut off in a minority (Ongaro & Ousterhout 2014, §5.3-5.4): the split-brain story's
 * "data diverges", told the way Raft prevents it. Five servers, seed 1: node-3 wins term 1. At 3.9 s
 * a partition leaves it with node-2 only (2 of 5). The client stays outside the partition (a host no
 * group names reaches every side, net/reach.ts), so it can still reach node-3: node-3 appends its
 * command but can never commit it, and no client hears that it succeeded. The majority elects node-1
 * in term 2 and commits. At 11 s the partition heals: node-3 hears term 2, steps down, and the
 * consistency check deletes its uncommitted entries (figure 2, AppendEntries rule 3).
 * No fix: nothing is lost that a client was told. CheckQuorum (thesis §6.2, a knob) would make node-3
 * step down while still cut off.
 */
export default {
  id: 'raft-minority-leader',
  title: 'Raft: a leader in the minority',
  summary:
    'A partition leaves the Raft leader with 2 of 5 servers. It still takes client commands, but it can never commit them, while the other three elect a new leader and commit. When the partition heals, the old leader steps down and its uncommitted entries are deleted. Nothing a client was told is lost: the opposite of split-brain.',
  tagline: 'A leader cut off in a minority accepts entries it can never commit; on heal they are deleted.',
  group: 'systems',
  algorithm: 'raft',
  nodes: 5,
  // Seed 1: node-3 wins term 1, and node-1 wins term 2 on the majority side.
  seed: 1,
  durationMs: 14_000,
  // ~28 s of wall time at 1x.
  timeScale: 0.5,
  params: { clientIntervalMs: 2000 },
  faults: [
    // Just before the client's second command: it goes to node-3, now cut off.
    {
      atMs: 3900,
      fault: {
        kind: 'partition',
        groups: [
          ['node-2', 'node-3'],
          ['node-1', 'node-4', 'node-5'],
        ],
      },
    },
    { atMs: 11_000, fault: { kind: 'heal' } },
  ],
  steps: [
    {
      id: 'five-servers',
      shows: {},
      anchor: { k: 'start' },
      caption:
        'Five servers run Raft with its log. A command is committed once a majority of the five hold it, and only then does the leader answer the client.',
    },
    {
      id: 'leader-elected',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'mark', type: 'won' },
      caption: '{node} wins term {term} with {votes} of {cluster} votes.',
    },
    {
      id: 'committed',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'mark', node: 'node-3', type: 'commit' },
      caption:
        '{replicas} of 5 servers hold index {index}: {node} commits it and answers the client. Every later leader will have this entry.',
    },
    {
      id: 'partition',
      shows: {
        roles: {
          'node-1': 'follower',
          'node-2': 'follower',
          'node-3': 'leader',
          'node-4': 'follower',
          'node-5': 'follower',
        },
      },
      anchor: { k: 'fault', type: 'partition' },
      caption:
        'A partition leaves node-3 with node-2 only: 2 of 5. node-1, node-4 and node-5 are on the other side. The client is outside the partition and still reaches both sides, node-3 included.',
    },
    {
      id: 'minority-append',
      shows: { roles: { 'node-3': 'leader', 'node-2': 'follower' } },
      anchor: { k: 'mark', node: 'node-3', type: 'append' },
      caption:
        '{node} still believes it leads term {term}. It appends the client’s {value} at index {index} and sends it out, but only node-2 can answer. 2 of 5 is not a majority: the entry is never committed, and the client gets no answer.',
    },
    {
      id: 'appended-again',
      shows: { roles: { 'node-3': 'leader', 'node-4': 'follower' } },
      anchor: { k: 'mark', node: 'node-3', type: 'append' },
      caption:
        'The client gives up waiting and tries node-4, which still knows node-3 as the leader of term 1 and sends it back. node-3 appends {value} again, at index {index}. It is not committed either.',
    },
    {
      id: 'new-leader',
      shows: { roles: { 'node-1': 'leader', 'node-3': 'leader' } },
      anchor: { k: 'mark', node: 'node-1', type: 'won' },
      caption:
        'On the majority side {node} wins term {term} with {votes} of {cluster} votes. Two servers now believe they lead, but in different terms: node-3 in term 1, node-1 in term {term}.',
    },
    {
      id: 'majority-commits',
      shows: { roles: { 'node-1': 'leader', 'node-3': 'leader' } },
      anchor: { k: 'mark', node: 'node-1', type: 'commit' },
      caption:
        '{node} commits index {index} in term {term}, on {replicas} of 5 servers, and the client finally gets its answer. Only this side can commit: node-3 never reaches a majority.',
    },
    {
      id: 'heal',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'fault', type: 'heal' },
      caption: 'The partition heals. node-3 still believes it leads term 1.',
    },
    {
      id: 'step-down',
      shows: { roles: { 'node-3': 'follower', 'node-1': 'leader' } },
      anchor: { k: 'role', node: 'node-3', role: 'follower' },
      caption:
        'node-3 hears from node-1 in a later term and steps down: a server that sees a higher term follows it.',
    },
    {
      id: 'truncated',
      shows: { roles: { 'node-3': 'follower', 'node-1': 'leader' } },
      anchor: { k: 'mark', node: 'node-3', type: 'log' },
      caption:
        'From index {from} on, node-3’s entries of term 1 conflict with node-1’s log: node-3 deletes them and takes node-1’s entries ({values}). The commands it accepted while cut off are gone, and no client was ever told they were committed.',
    },
    {
      id: 'not-split-brain',
      shows: {},
      anchor: { k: 'end' },
      caption:
        'Compare the split-brain story: there both leaders accepted writes and confirmed them, and the data diverged. Here the cut-off leader took entries but could not commit them, so no confirmed write was lost. With the CheckQuorum knob it would even step down while still cut off.',
    },
  ],
  adr: ['matrix.raft'],
  expect: {
    finalLeader: 'node-1',
    leadersInOrder: ['node-3', 'node-1'],
    noViolations: [
      'two-leaders-in-term',
      'log-matching',
      'leader-completeness',
      'state-machine-safety',
      'leader-append-only',
    ],
  },
} satisfies ScenarioInput;
