import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * Bully (Garcia-Molina 1982): node-5, the coordinator, is down from the start;
 * node-1 notices first (detectionStaggerMs makes the lowest id the most impatient: the worst case) and
 * the election climbs the ids until node-4 finds nobody above it. n(n-1) election messages in all.
 * Faults and anchors name nodes by rank (node-last = the highest id), so `--nodes 100` tells the same
 * story: the highest down, the next one wins.
 */
export default {
  id: 'bully',
  title: 'Bully algorithm (legacy)',
  tagline: 'The coordinator dies; the highest live id takes over, with O(n²) messages.',
  summary:
    'node-5, the coordinator, is down. node-1 notices and sends ELECTION to every higher id; each live node answers OK and runs its own election upward, until node-4 hears nothing from above and declares itself COORDINATOR. It works, with O(n^2) messages.',
  algorithm: 'bully',
  nodes: 5,
  seed: 1,
  durationMs: 2000,
  // ~25 s of wall time at 1x; a 20-60 ms message takes 0.25-0.75 s on screen.
  timeScale: 0.08,
  params: {},
  faults: [{ atMs: 0, fault: { kind: 'crash', node: 'node-last' } }],
  steps: [
    {
      id: 'highest-leads',
      shows: { roles: { 'node-last': 'leader' } },
      anchor: { k: 'start' },
      caption:
        '{n} nodes, and the rule is simple: the highest live id is the coordinator. Everyone believes it is {last}.',
    },
    {
      id: 'coordinator-down',
      shows: { roles: { 'node-last': 'down' } },
      anchor: { k: 'fault', type: 'crash', node: 'node-last' },
      caption: '{last} is down. Its heartbeats stop, but nobody can tell a dead node from a slow one yet.',
    },
    {
      id: 'node-1-notices',
      shows: { roles: { 'node-1': 'follower' } },
      anchor: { k: 'mark', node: 'node-1', type: 'leader-missing' },
      caption: 'node-1 has heard no heartbeat for {timeoutMs} ms: it decides the coordinator is gone.',
    },
    {
      id: 'election-up',
      shows: {
        roles: { 'node-1': 'candidate', 'node-last': 'down' },
        message: { type: 'ELECTION', from: 'node-1', to: 'node-2' },
      },
      anchor: { k: 'send', type: 'ELECTION', from: 'node-1' },
      caption:
        'node-1 sends ELECTION to every higher id, {last} included: the sender cannot know who is dead.',
    },
    {
      id: 'ok-back',
      shows: {
        roles: { 'node-1': 'candidate', 'node-3': 'candidate' },
        message: { type: 'OK', from: 'node-3', to: 'node-1' },
      },
      anchor: { k: 'send', type: 'OK', to: 'node-1' },
      caption:
        '{from} is alive and higher, so it answers OK: node-1 must stand down and wait for a COORDINATOR.',
    },
    {
      id: 'elections-climb',
      shows: {
        roles: { 'node-last-1': 'candidate', 'node-last': 'down' },
        message: { type: 'OK', from: 'node-3', to: 'node-1' },
      },
      anchor: { k: 'send', type: 'ELECTION', from: 'node-last-1' },
      caption:
        'Every node that answered OK runs its own election upward. Lower nodes get OK from above; {secondLast} asks only {last}.',
    },
    {
      id: 'silence-above',
      shows: {
        roles: { 'node-last-1': 'candidate', 'node-last': 'down' },
        message: { type: 'OK', from: 'node-last-1', to: 'node-1' },
      },
      anchor: { k: 'drop', type: 'ELECTION', from: 'node-last-1', to: 'node-last' },
      caption:
        '{last} is down, so the ELECTION is lost. {secondLast} waits {answerTimeoutMs} ms for an OK that never comes.',
    },
    {
      id: 'next-highest-coordinator',
      shows: {
        roles: { 'node-last-1': 'leader' },
        message: { type: 'COORDINATOR', from: 'node-last-1', to: 'node-1' },
      },
      anchor: { k: 'send', type: 'COORDINATOR', from: 'node-last-1' },
      caption:
        'No answer from above: {secondLast} is the highest live id. It sends COORDINATOR to every other node.',
    },
    {
      id: 'message-count',
      shows: {},
      anchor: { k: 'mark', node: 'node-last-1', type: 'won', offsetMs: 120 },
      caption:
        '{nodes} nodes, one failure: {messages} messages ({elections} ELECTION, {oks} OK, {coordinators} COORDINATOR). The worst case grows as n(n-1): about 9,900 messages at 100 nodes.',
    },
  ],
  adr: ['matrix.bully', 'context'],
  expect: {
    finalLeader: 'node-4',
    leadersInOrder: ['node-5', 'node-4'],
    noViolations: ['split-brain', 'two-leaders-in-term'],
  },
} satisfies ScenarioInput;
