import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * Quorum on an even cluster: four nodes elect by heartbeat with Raft's quorum, floor(4/2)+1 = 3 votes
 * (Ongaro & Ousterhout 2014, section 5.2). A partition splits them 2|2 for 10 s: neither side has 3,
 * so the old leader loses its lease (Raft thesis 6.4.1, CheckQuorum) and nobody is elected until the
 * heal. No write is accepted for the whole partition: `metrics.leaderlessMs` is at least its length.
 * Safe, but down. ADR-001's Raft row says it: "an odd cluster (3, 5, 7: four nodes split 2/2 elect
 * nobody)".
 *
 * The fix: a fifth node. The same cut now leaves one side with 3 of 5, so the majority side elects a
 * leader within an election timeout. The fix must change the partition too (a fifth node has to be on
 * one side), and the fixed run's partition caption says so.
 */
const PARTITION_AT = 4000;
const HEAL_AT = 14_000;

export default {
  id: 'even-quorum',
  title: 'Quorum on an even cluster',
  summary:
    'Four nodes elect by heartbeat with quorum: a leader needs 3 of 4 votes. A partition splits them 2|2 for 10 s; neither side has 3, so nobody leads and no write is accepted until it heals. With five nodes the same cut is 2|3, and the three-node side elects a leader at once.',
  tagline: 'Four nodes split 2|2: neither half has a quorum, so the whole cluster stops writing.',
  group: 'pitfalls',
  algorithm: 'heartbeat',
  nodes: 4,
  // Seed 21: node-1 wins the first election in both runs, so the cut leaves the leader on the small side.
  seed: 21,
  durationMs: 20_000,
  // ~40 s of wall time at 1x.
  timeScale: 0.5,
  params: { quorum: true },
  faults: [
    {
      atMs: PARTITION_AT,
      fault: {
        kind: 'partition',
        groups: [
          ['node-1', 'node-2'],
          ['node-3', 'node-4'],
        ],
      },
    },
    { atMs: HEAL_AT, fault: { kind: 'heal' } },
  ],
  steps: [
    {
      id: 'four-nodes',
      shows: {},
      anchor: { k: 'start' },
      caption:
        'Four nodes elect by heartbeat, with quorum on: a leader needs votes from a majority of the whole cluster, floor(4/2)+1 = 3 of 4.',
    },
    {
      id: 'first-leader',
      shows: { roles: { 'node-1': 'leader' } },
      anchor: { k: 'mark', type: 'won' },
      caption: '{node} wins term {term} with {votes} of {cluster} votes and starts accepting writes.',
    },
    {
      id: 'split-2-2',
      shows: {
        roles: { 'node-1': 'leader', 'node-2': 'follower', 'node-3': 'follower', 'node-4': 'follower' },
      },
      anchor: { k: 'fault', type: 'partition' },
      caption:
        'A partition cuts the cluster down the middle: node-1 and node-2 on one side, node-3 and node-4 on the other. Each side has 2 nodes; a quorum is 3.',
    },
    {
      id: 'leader-steps-down',
      shows: { roles: { 'node-1': 'follower' } },
      anchor: { k: 'mark', type: 'lost-quorum' },
      caption:
        '{node} hears acknowledgements from only one peer: 2 of 4 is not a majority. It stops accepting writes and steps down, as Raft requires.',
    },
    {
      id: 'nobody-can-win',
      shows: { roles: { 'node-2': 'candidate' } },
      anchor: { k: 'mark', type: 'election-lost' },
      caption:
        '{node} asks for votes and gets {votes}; it needs {needed}. On either side nobody can ever get 3, so no leader is elected and no write is accepted.',
    },
    {
      id: 'heal',
      shows: {},
      anchor: { k: 'fault', type: 'heal' },
      caption: 'The partition heals after 10 s. For all of that time the cluster accepted no write.',
    },
    {
      id: 'leader-again',
      shows: { roles: { 'node-2': 'leader' } },
      anchor: { k: 'mark', type: 'won' },
      caption: 'Only now can {node} gather {votes} of {cluster} votes: it leads term {term}.',
    },
    {
      id: 'why-odd',
      shows: {},
      anchor: { k: 'end' },
      caption:
        'A fourth node adds no fault tolerance (a majority of 4 is 3, so it still survives one lost node) and makes an even split possible. Six nodes split 3|3 are stuck the same way. Use an odd size: 3, 5 or 7.',
    },
  ],
  adr: ['matrix.raft'],
  expect: {
    finalLeader: 'node-2',
    leadersInOrder: ['node-1', 'node-2'],
    noViolations: ['split-brain', 'two-leaders-in-term'],
  },
  fix: {
    nodes: 5,
    faults: [
      {
        atMs: PARTITION_AT,
        fault: {
          kind: 'partition',
          groups: [
            ['node-1', 'node-2'],
            ['node-3', 'node-4', 'node-5'],
          ],
        },
      },
      { atMs: HEAL_AT, fault: { kind: 'heal' } },
    ],
    steps: [
      {
        id: 'five-nodes',
        shows: {},
        anchor: { k: 'start' },
        caption:
          'The fix: a fifth node. A leader now needs floor(5/2)+1 = 3 of 5 votes, and any cut in two leaves one side with at least 3.',
      },
      {
        id: 'first-leader',
        shows: { roles: { 'node-1': 'leader' } },
        anchor: { k: 'mark', type: 'won' },
        caption: '{node} wins term {term} with {votes} of {cluster} votes and starts accepting writes.',
      },
      {
        id: 'split-2-3',
        shows: {
          roles: {
            'node-1': 'leader',
            'node-2': 'follower',
            'node-3': 'follower',
            'node-4': 'follower',
            'node-5': 'follower',
          },
        },
        anchor: { k: 'fault', type: 'partition' },
        caption:
          'The same cut, with the fifth node on the far side: node-1 and node-2 | node-3, node-4 and node-5. The fix changes the partition too, because with five nodes one side must be bigger.',
      },
      {
        id: 'minority-leader-steps-down',
        shows: { roles: { 'node-1': 'follower' } },
        anchor: { k: 'mark', type: 'lost-quorum' },
        caption:
          '{node} is on the two-node side: 2 of 5 is not a majority, so it stops accepting writes and steps down.',
      },
      {
        id: 'majority-elects',
        shows: { roles: { 'node-5': 'leader' } },
        anchor: { k: 'mark', type: 'won' },
        caption:
          '{node} wins term {term} with {votes} of {cluster} votes: the three-node side has a quorum, so it elects a leader within one election timeout.',
      },
      {
        id: 'majority-writes',
        shows: { roles: { 'node-5': 'leader' } },
        anchor: { k: 'write' },
        caption: '{node} accepts writes again while the partition lasts. Only the two cut-off nodes wait.',
      },
      {
        id: 'heal-minority-follows',
        shows: { roles: { 'node-1': 'follower', 'node-2': 'follower' } },
        // Told when node-1 follows, not at the heal itself: until a heartbeat of the new term reaches
        // them, both are still candidates.
        anchor: { k: 'role', node: 'node-1', role: 'follower' },
        caption: 'The partition heals; node-1 and node-2 hear the leader of the new term and follow it.',
      },
      {
        id: 'why-odd-works',
        shows: {},
        anchor: { k: 'end' },
        caption:
          'With an odd size, a split in two always leaves one side with a majority, so the cluster keeps writing. Five nodes tolerate two lost nodes; four tolerated only one.',
      },
    ],
    expect: {
      finalLeader: 'node-5',
      leadersInOrder: ['node-1', 'node-5'],
      noViolations: ['split-brain', 'two-leaders-in-term'],
    },
  },
} satisfies ScenarioInput;
