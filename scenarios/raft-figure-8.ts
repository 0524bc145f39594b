import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

const ALL = ['node-1', 'node-2', 'node-3', 'node-4', 'node-5'];

/**
 * Figure 8 of Ongaro & Ousterhout 2014 (§5.4.2) as a pitfall, the sequence figure8.test.ts plays on
 * the machine, here made of faults: node-1 is the paper's S1, node-3 its S5, and each client's
 * commands reach only the leader the figure names (a client in a partition group of its own reaches
 * nobody). Crashed servers keep their term and log (figure 2's persistent state).
 * (a) node-1 wins term 1 with node-2 and node-3; node-3 crashes, and x1 reaches node-1 and node-2 only.
 * (b) node-1 and node-2 crash; node-3 wins term 2 with node-4 and node-5, and takes y1, which reaches
 *     nobody: a partition cuts it off with the second client.
 * (c) node-3 crashes; node-1 and node-2 restart; node-1 wins term 4 and copies x1 to node-4 and node-5.
 *     The pitfall (`unsafeCommit`): x1 is on a majority, so node-1 commits and applies it.
 * (d) node-3 restarts (a cut link keeps node-1 from reaching it); its last entry, of term 2, beats
 *     term 1 (§5.4.1), so it wins and overwrites x1 with y1 everywhere it reaches: a committed entry
 *     is lost, and State Machine Safety breaks when node-3 applies y1 at the same index.
 * The fix is the paper's rule: only an entry of the leader's own term is committed by counting
 * replicas; x1 is never committed, so replacing it loses nothing. Seed 19: the elections fall as the
 * figure has them (node-1, node-3, node-1, node-3).
 */
export default {
  id: 'raft-figure-8',
  title: 'Raft: figure 8, an old entry committed',
  summary:
    'Figure 8 of the Raft paper, on five servers. A leader finds an entry of an earlier term on a majority and commits it. Later, a server that never had that entry wins an election with a log of a later term and overwrites it: a committed entry is lost, and two servers apply different commands at the same index. The fix is the paper’s rule: count replicas only for an entry of the leader’s own term.',
  tagline: 'A leader that commits an older term’s entry by counting replicas can lose it.',
  group: 'pitfalls',
  algorithm: 'raft',
  nodes: 5,
  seed: 19,
  durationMs: 21_000,
  // ~42 s of wall time at 1x.
  timeScale: 0.5,
  params: { clients: 2, clientIntervalMs: 3000, clientRetryMs: 700, unsafeCommit: true },
  faults: [
    // (a) The second client reaches nobody yet; node-4 and node-5 start down.
    { atMs: 0, fault: { kind: 'partition', groups: [['client-2'], [...ALL, 'client']] } },
    { atMs: 0, fault: { kind: 'crash', node: 'node-4' } },
    { atMs: 0, fault: { kind: 'crash', node: 'node-5' } },
    { atMs: 2900, fault: { kind: 'crash', node: 'node-3' } },
    // (b)
    { atMs: 3200, fault: { kind: 'crash', node: 'node-1' } },
    { atMs: 3200, fault: { kind: 'crash', node: 'node-2' } },
    { atMs: 3200, fault: { kind: 'restart', node: 'node-3' } },
    { atMs: 3200, fault: { kind: 'restart', node: 'node-4' } },
    { atMs: 3200, fault: { kind: 'restart', node: 'node-5' } },
    {
      atMs: 3200,
      fault: { kind: 'partition', groups: [['client'], ['client-2'], ['node-3', 'node-4', 'node-5']] },
    },
    {
      atMs: 7000,
      fault: { kind: 'partition', groups: [['client'], ['node-3', 'client-2'], ['node-4', 'node-5']] },
    },
    // (c)
    { atMs: 8300, fault: { kind: 'crash', node: 'node-3' } },
    { atMs: 8300, fault: { kind: 'restart', node: 'node-1' } },
    { atMs: 8300, fault: { kind: 'restart', node: 'node-2' } },
    {
      atMs: 8300,
      fault: {
        kind: 'partition',
        groups: [['client'], ['client-2'], ['node-1', 'node-2', 'node-4', 'node-5']],
      },
    },
    // (d)
    { atMs: 15_000, fault: { kind: 'partition', groups: [['client'], ['client-2'], ALL] } },
    { atMs: 15_000, fault: { kind: 'cut-link', a: 'node-1', b: 'node-3' } },
    { atMs: 15_000, fault: { kind: 'restart', node: 'node-3' } },
  ],
  steps: [
    {
      id: 'figure-8',
      shows: {},
      anchor: { k: 'start' },
      caption:
        'Figure 8 of the Raft paper, on five servers and two clients. The pitfall: a leader that finds an entry of an earlier term on a majority commits it, as it would its own.',
    },
    {
      id: 'first-leader',
      shows: { roles: { 'node-1': 'leader', 'node-4': 'down', 'node-5': 'down' } },
      anchor: { k: 'mark', node: 'node-1', type: 'won' },
      caption: '{node} wins term {term} with {votes} of {cluster} votes. node-4 and node-5 are down.',
    },
    {
      id: 'entry-a',
      shows: { roles: { 'node-1': 'leader', 'node-2': 'follower', 'node-3': 'down' } },
      anchor: { k: 'mark', node: 'node-1', type: 'append' },
      caption:
        'node-3 has just crashed. {node} appends the client’s {value} at index {index}, in term {term}, and only node-2 gets a copy: not a majority, so it is not committed.',
    },
    {
      id: 'second-leader',
      shows: {
        roles: {
          'node-3': 'leader',
          'node-1': 'down',
          'node-2': 'down',
          'node-4': 'follower',
          'node-5': 'follower',
        },
      },
      anchor: { k: 'mark', node: 'node-3', type: 'won' },
      caption:
        'node-1 and node-2 crash, and node-3, node-4 and node-5 come back. {node} wins term {term}: the other two have empty logs, no more up to date than its own.',
    },
    {
      id: 'entry-b',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'mark', node: 'node-3', type: 'append' },
      caption:
        'A partition leaves {node} alone with the second client. It appends {value} at index {index}, in term {term}: the same index as x1, another entry. Nobody else gets it.',
    },
    {
      id: 'third-leader',
      shows: {
        roles: {
          'node-1': 'leader',
          'node-2': 'follower',
          'node-3': 'down',
          'node-4': 'follower',
          'node-5': 'follower',
        },
      },
      anchor: { k: 'mark', node: 'node-1', type: 'won' },
      caption:
        'node-3 crashes; node-1 and node-2 restart. {node} wins term {term}: its log, x1 of term 1, is more up to date than the empty logs of node-4 and node-5.',
    },
    {
      id: 'old-entry-committed',
      shows: { roles: { 'node-1': 'leader', 'node-4': 'follower', 'node-5': 'follower' } },
      anchor: { k: 'mark', node: 'node-1', type: 'commit' },
      caption:
        '{node} copies x1 to node-4 and node-5, and {replicas} of 5 servers hold index {index}, an entry of term 1. With the unsafe rule {node} commits it and applies x1, and its followers do the same.',
    },
    {
      id: 'fourth-leader',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'mark', node: 'node-3', type: 'won' },
      caption:
        '{node} restarts; a cut link keeps the old leader from reaching it. Its last entry is of term 2, later than term 1, so the others find its log more up to date and elect it in term {term}.',
    },
    {
      id: 'overwritten',
      shows: { roles: { 'node-3': 'leader', 'node-4': 'follower' } },
      anchor: { k: 'mark', node: 'node-4', type: 'log' },
      caption:
        'node-3’s APPEND_ENTRIES reach node-4: its x1 at index {from} conflicts with y1 of term 2 and is replaced.',
    },
    {
      id: 'safety-broken',
      shows: { roles: { 'node-3': 'leader' }, alarm: 'state-machine-safety' },
      anchor: { k: 'violation', type: 'state-machine-safety' },
      caption:
        'node-3 commits y1 at index 1 and applies it, where the servers of the earlier term applied x1: two state machines hold different commands at the same index. The committed x1 is lost.',
    },
  ],
  adr: ['matrix.raft'],
  expect: {
    leadersInOrder: ['node-1', 'node-3', 'node-1', 'node-3'],
    violations: ['state-machine-safety'],
  },
  fix: {
    params: { unsafeCommit: false },
    steps: [
      {
        id: 'figure-8-fixed',
        shows: {},
        anchor: { k: 'start' },
        caption:
          'The fix is the paper’s rule: a leader commits by counting replicas only an entry of its own term, and an older entry only together with one. Same servers, same faults.',
      },
      {
        id: 'first-leader',
        shows: { roles: { 'node-1': 'leader', 'node-4': 'down', 'node-5': 'down' } },
        anchor: { k: 'mark', node: 'node-1', type: 'won' },
        caption: '{node} wins term {term} with {votes} of {cluster} votes. node-4 and node-5 are down.',
      },
      {
        id: 'entry-a',
        shows: { roles: { 'node-1': 'leader', 'node-2': 'follower', 'node-3': 'down' } },
        anchor: { k: 'mark', node: 'node-1', type: 'append' },
        caption:
          'node-3 has just crashed. {node} appends the client’s {value} at index {index}, in term {term}, and only node-2 gets a copy: not a majority, so it is not committed.',
      },
      {
        id: 'second-leader',
        shows: {
          roles: {
            'node-3': 'leader',
            'node-1': 'down',
            'node-2': 'down',
            'node-4': 'follower',
            'node-5': 'follower',
          },
        },
        anchor: { k: 'mark', node: 'node-3', type: 'won' },
        caption:
          'node-1 and node-2 crash, and node-3, node-4 and node-5 come back. {node} wins term {term}: the other two have empty logs, no more up to date than its own.',
      },
      {
        id: 'entry-b',
        shows: { roles: { 'node-3': 'leader' } },
        anchor: { k: 'mark', node: 'node-3', type: 'append' },
        caption:
          'A partition leaves {node} alone with the second client. It appends {value} at index {index}, in term {term}: the same index as x1, another entry. Nobody else gets it.',
      },
      {
        id: 'third-leader',
        shows: {
          roles: {
            'node-1': 'leader',
            'node-2': 'follower',
            'node-3': 'down',
            'node-4': 'follower',
            'node-5': 'follower',
          },
        },
        anchor: { k: 'mark', node: 'node-1', type: 'won' },
        caption:
          'node-3 crashes; node-1 and node-2 restart. {node} wins term {term}: its log, x1 of term 1, is more up to date than the empty logs of node-4 and node-5.',
      },
      {
        id: 'old-entry-kept',
        shows: { roles: { 'node-1': 'leader', 'node-4': 'follower', 'node-5': 'follower' } },
        anchor: { k: 'mark', node: 'node-4', type: 'log' },
        caption:
          'node-1 copies x1 to node-4 and node-5, and a majority holds it. But x1 is of term 1, not node-1’s own term: by the paper’s rule node-1 does not commit it, and nobody applies it.',
      },
      {
        id: 'fourth-leader',
        shows: { roles: { 'node-3': 'leader' } },
        anchor: { k: 'mark', node: 'node-3', type: 'won' },
        caption:
          '{node} restarts; a cut link keeps the old leader from reaching it. Its last entry is of term 2, later than term 1, so the others find its log more up to date and elect it in term {term}.',
      },
      {
        id: 'overwritten',
        shows: { roles: { 'node-3': 'leader', 'node-4': 'follower' } },
        anchor: { k: 'mark', node: 'node-4', type: 'log' },
        caption:
          'node-3’s APPEND_ENTRIES reach node-4: its x1 at index {from} conflicts with y1 of term 2 and is replaced.',
      },
      {
        id: 'nothing-lost',
        shows: {},
        anchor: { k: 'end' },
        caption:
          'x1 was never committed, so replacing it loses nothing a client was told, and no two servers applied different commands at one index. State Machine Safety holds.',
      },
    ],
    expect: {
      leadersInOrder: ['node-1', 'node-3', 'node-1', 'node-3'],
      noViolations: [
        'two-leaders-in-term',
        'log-matching',
        'leader-completeness',
        'state-machine-safety',
        'leader-append-only',
      ],
    },
  },
} satisfies ScenarioInput;
