import type { ScenarioInput, TimedFault } from '../src/sim/scenario/schema.ts';

/**
 * A too-short election timeout. Five nodes elect by heartbeat with Raft's quorum (Ongaro & Ousterhout
 * 2014, 5.2; PreVote and CheckQuorum as etcd runs them) and a 1 s election timeout, over one simulated
 * hour of an ordinary network and ordinary garbage collection:
 * - the network has a tail: 1% of messages are slower than 300 ms (`latencyP99Ms`; Dean & Barroso,
 *   "The Tail at Scale", CACM 2013);
 * - every node has a stop-the-world GC pause about every two minutes, from 200 ms to 1.5 s (a quarter
 *   of them over a second), scheduled below as `pause` faults, the same in every run.
 * Each pause of the leader longer than the timeout becomes an election: a new leader, and no write
 * until it wins. `metrics.elections` and `metrics.unavailableMs` count them over the hour.
 *
 * The fix: a 10 s timeout, randomized up to 20 s (Raft 5.2 randomizes the timeout; production systems
 * run 10-30 s). The same pauses are ridden out: the paused leader comes back before anyone gives up on
 * it. The price, said in the closing caption: a real crash now takes 10-20 s to detect.
 */

/** Pause lengths in turn (ms): most short, a few over a second. */
const GC_PAUSES_MS = [1200, 300, 600, 250, 400, 1500, 900, 350, 200, 1100, 500, 800];
const HOUR_MS = 3_600_000;
/** One pause somewhere in the cluster every 24 s (each node every 2 min), offset so they do not line up. */
const gcPauses: TimedFault[] = Array.from({ length: 149 }, (_, i) => ({
  atMs: 20_000 + i * 24_000 + ((i * 7919) % 9000),
  fault: {
    kind: 'pause',
    // node-3 first: it wins the first election with seed 1, so the first long pause is the leader's.
    node: `node-${((i + 2) % 5) + 1}`,
    durationMs: GC_PAUSES_MS[(i * 5 + Math.floor(i / 5)) % GC_PAUSES_MS.length] as number,
  },
}));

export default {
  id: 'short-timeout',
  title: 'A too-short election timeout',
  summary:
    'Five nodes elect by heartbeat with a 1 s election timeout, over an hour of ordinary GC pauses and a network whose slowest 1% of messages take over 300 ms. Every pause of the leader longer than a second becomes an election, and each election is a window without writes. With a 10 s timeout (randomized up to 20 s) the same pauses are ridden out.',
  tagline: 'A 1 s election timeout turns every long GC pause into an election and a window without writes.',
  group: 'pitfalls',
  algorithm: 'heartbeat',
  nodes: 5,
  // Seed 1: node-3 wins the first election in both runs (the first GC pause is its own).
  seed: 1,
  durationMs: HOUR_MS,
  // Real time at 1x: the first pause comes 20 s in; "Next step" jumps through the hour.
  timeScale: 1,
  params: {
    quorum: true,
    // A datacenter network with a tail (Dean & Barroso 2013).
    latencyMinMs: 2,
    latencyMaxMs: 20,
    latencyP99Ms: 300,
    heartbeatIntervalMs: 250,
    // The pitfall: "1 s sounds like fast failover".
    electionTimeoutMinMs: 1000,
    electionTimeoutMaxMs: 1500,
    voteTimeoutMs: 100,
  },
  faults: gcPauses,
  steps: [
    {
      id: 'one-second',
      shows: {},
      anchor: { k: 'start' },
      caption:
        'Five nodes elect by heartbeat with quorum. The leader sends HEARTBEAT every {heartbeatIntervalMs} ms, and a follower that hears none for 1 s (randomized up to 1.5 s) starts an election. It sounds like fast failover.',
    },
    {
      id: 'first-leader',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'mark', type: 'won' },
      caption: '{node} wins term {term} with {votes} of {cluster} votes and starts accepting writes.',
    },
    {
      id: 'gc-pause',
      shows: { roles: { 'node-3': 'paused' } },
      anchor: { k: 'fault', type: 'pause' },
      caption:
        '{node} stops for a {durationMs} ms GC pause. It is not dead and it will be back, but the pause is longer than the 1 s timeout.',
    },
    {
      id: 'followers-give-up',
      shows: { roles: { 'node-2': 'candidate' } },
      anchor: { k: 'mark', type: 'leader-missing' },
      caption: '{node} has heard no HEARTBEAT for {timeoutMs} ms, gives up on the leader and asks for votes.',
    },
    {
      id: 're-elected',
      shows: { roles: { 'node-2': 'leader' } },
      anchor: { k: 'mark', type: 'won' },
      caption:
        '{node} wins term {term}. The old leader was only paused; from its pause until now no write was accepted.',
    },
    {
      id: 'old-leader-returns',
      shows: { roles: { 'node-3': 'follower' } },
      anchor: { k: 'role', node: 'node-3', role: 'follower' },
      caption:
        'node-3 wakes up, learns of the newer term and steps down. Clients must now find the new leader.',
    },
    {
      id: 'tenth-election',
      shows: { roles: { 'node-5': 'leader' } },
      anchor: { k: 'mark', type: 'won', nth: 8 },
      caption:
        'Another long pause, another election: {node} leads term {term}, the 10th election of the hour, each one a window without writes.',
    },
    {
      id: 'the-hour',
      shows: {},
      anchor: { k: 'end' },
      caption:
        'Nothing crashed in this hour: every new leader replaced one that was only paused. The timeout was sized for the typical pause and the typical message, not for the 99th percentile. Production clusters use 10-30 s with jitter.',
    },
  ],
  adr: ['matrix.raft'],
  expect: {
    noViolations: ['split-brain', 'two-leaders-in-term'],
  },
  fix: {
    params: { electionTimeoutMinMs: 10_000, electionTimeoutMaxMs: 20_000 },
    steps: [
      {
        id: 'ten-seconds',
        shows: {},
        anchor: { k: 'start' },
        caption:
          'The fix: an election timeout of 10 s, randomized up to 20 s. Same cluster, same GC pauses, same network tail.',
      },
      {
        id: 'first-leader',
        shows: { roles: { 'node-3': 'leader' } },
        anchor: { k: 'mark', type: 'won' },
        caption: '{node} wins term {term} with {votes} of {cluster} votes and starts accepting writes.',
      },
      {
        id: 'gc-pause-ridden-out',
        shows: { roles: { 'node-3': 'paused' } },
        anchor: { k: 'fault', type: 'pause' },
        caption:
          '{node} stops for a {durationMs} ms GC pause. Its followers keep waiting: they give up only after 10 s of silence.',
      },
      {
        id: 'leader-resumes',
        shows: {
          roles: { 'node-3': 'leader' },
          message: { type: 'HEARTBEAT', from: 'node-3', to: 'node-1' },
        },
        anchor: { k: 'fault', type: 'resume' },
        caption:
          '{node} resumes and sends HEARTBEAT again. Nobody started an election, and writes go on from where they stopped.',
      },
      {
        id: 'the-hour-fixed',
        shows: {},
        anchor: { k: 'end' },
        caption:
          'The same hour with a single election, the first one. The price of the longer timeout: a leader that really crashes is noticed only after 10-20 s.',
      },
    ],
    expect: {
      finalLeader: 'node-3',
      leadersInOrder: ['node-3'],
      noViolations: ['split-brain', 'two-leaders-in-term'],
    },
  },
} satisfies ScenarioInput;
