import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * Raft with its log (Ongaro & Ousterhout 2014, figure 2) on five servers. node-3 wins term 1; the
 * client first asks node-1, which redirects it to the leader (§8); each command is appended to the
 * leader's log, copied with APPEND_ENTRIES and committed once a majority holds it (§5.3). node-5
 * crashes at 5 s: 4 of 5 is still a majority, so commits go on without it. It restarts at 11 s with
 * the log it had on disk and the leader's next APPEND_ENTRIES brings it the entries it missed.
 */
export default {
  id: 'raft',
  title: 'Raft: the log',
  summary:
    'Five servers run Raft with its log. The leader appends each client command to its log, copies it to the followers with APPEND_ENTRIES and commits it once a majority holds it. A follower crashes; commits go on with four of five, and when it restarts the leader brings its log up to date.',
  tagline:
    'A command is committed once a majority holds it; a follower that was down catches up from the leader.',
  group: 'systems',
  algorithm: 'raft',
  nodes: 5,
  // Seed 1: node-3 wins term 1, so the client's first request, to node-1, is redirected.
  seed: 1,
  durationMs: 16_000,
  // ~32 s of wall time at 1x.
  timeScale: 0.5,
  params: { clientIntervalMs: 2000 },
  faults: [
    { atMs: 5000, fault: { kind: 'crash', node: 'node-5' } },
    { atMs: 11_000, fault: { kind: 'restart', node: 'node-5' } },
  ],
  steps: [
    {
      id: 'five-servers',
      shows: {},
      anchor: { k: 'start' },
      caption:
        'Five servers run Raft. Each keeps a log of commands. The leader of a term is the only one that takes commands, and it copies them to the others with APPEND_ENTRIES.',
    },
    {
      id: 'leader-elected',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'mark', type: 'won' },
      caption:
        '{node} wins term {term} with {votes} of {cluster} votes: every voter’s log was no more up to date than its own. Its APPEND_ENTRIES, empty for now, are its heartbeats.',
    },
    {
      id: 'redirect',
      shows: {
        roles: { 'node-1': 'follower', 'node-3': 'leader' },
        message: { type: 'REDIRECT', from: 'node-1' },
      },
      anchor: { k: 'send', type: 'REDIRECT' },
      caption:
        'The client sends its first command to node-1. A follower takes no commands: it answers with the leader it knows, node-3.',
    },
    {
      id: 'append',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'mark', type: 'append' },
      caption:
        '{node} appends the command {value} at index {index} of its log, in term {term}, and sends it to every follower at once.',
    },
    {
      id: 'committed',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'mark', node: 'node-3', type: 'commit' },
      caption:
        '{replicas} of 5 servers hold index {index}, a majority: {node} commits it, applies it and answers the client. From now on any leader will have this entry.',
    },
    {
      id: 'follower-crashes',
      shows: { roles: { 'node-5': 'down', 'node-3': 'leader' } },
      anchor: { k: 'fault', type: 'crash' },
      caption: 'node-5 crashes. 4 of 5 is still a majority, so node-3 keeps committing without it.',
    },
    {
      id: 'commit-without',
      shows: { roles: { 'node-5': 'down', 'node-3': 'leader' } },
      anchor: { k: 'mark', node: 'node-3', type: 'commit' },
      caption: 'Index {index} is committed on {replicas} servers while node-5 is down.',
    },
    {
      id: 'follower-restarts',
      shows: { roles: { 'node-5': 'follower' } },
      anchor: { k: 'fault', type: 'restart' },
      caption:
        'node-5 restarts. Its term, its vote and its log were on disk, but it missed the entries committed while it was down.',
    },
    {
      id: 'catch-up',
      shows: { roles: { 'node-5': 'follower', 'node-3': 'leader' } },
      anchor: { k: 'mark', node: 'node-5', type: 'log' },
      caption:
        'The leader’s next APPEND_ENTRIES passes the consistency check on node-5 and brings it entries {from} to {last}: its log is the leader’s again.',
    },
  ],
  adr: ['matrix.raft'],
  expect: {
    finalLeader: 'node-3',
    leadersInOrder: ['node-3'],
    noViolations: [
      'two-leaders-in-term',
      'log-matching',
      'leader-completeness',
      'state-machine-safety',
      'leader-append-only',
    ],
  },
} satisfies ScenarioInput;
