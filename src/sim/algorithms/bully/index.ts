/**
 * Bully (Garcia-Molina 1982, "Elections in a Distributed Computing System", IEEE Trans. Computers
 * C-31(1)): the knobs, their rules, and what the rest of the lab reads about it.
 */
import type { Params } from '../../params.ts';
import { type Algorithm, knob, leaderMissing, numberedIds, pick } from '../algorithm.ts';

export const bully: Algorithm = {
  id: 'bully',
  params: {
    heartbeatIntervalMs: {
      default: 300,
      min: 10,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'the coordinator sends HEARTBEAT to every other node this often',
    },
    heartbeatTimeoutMs: {
      default: 900,
      min: 10,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'a node that hears no HEARTBEAT for this long suspects the coordinator and starts an election',
    },
    detectionStaggerMs: {
      default: 100,
      min: 0,
      max: 60_000,
      integer: true,
      unit: 'ms',
      doc: 'node-k waits (k-1) times this much longer before suspecting the coordinator, so the lowest id notices first (the worst case); 0 = all at once',
    },
    answerTimeoutMs: {
      default: 200,
      min: 1,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'how long an election waits for an OK from a higher node before declaring itself COORDINATOR',
      source: 'Garcia-Molina 1982 (timeout T)',
    },
    coordinatorTimeoutMs: {
      default: 500,
      min: 1,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'after an OK, how long a node waits for COORDINATOR before restarting its election',
      source: "Garcia-Molina 1982 (timeout T')",
    },
    holdOnEveryElection: {
      default: false,
      unit: '',
      doc: 'on: every ELECTION from a lower node makes a node hold an election unless it runs one, the coordinator too (the short textbook rule); after a restart, late ELECTIONs start elections that the announcements end and start again: a storm. Off: a node answers an ELECTION of an election it took part in with OK only, and the coordinator tells the asker alone',
      source:
        'Tanenbaum & van Steen, Distributed Systems, 6.5.1 (the short rule); Garcia-Molina 1982 (one election costs O(n^2) messages)',
    },
  },
  rules: [
    {
      // ELECTION out and OK back are two one-way trips: a shorter timeout lets a live higher node's OK
      // arrive too late, and the lower node wrongly declares itself coordinator (two coordinators).
      id: 'answer-round-trip',
      ok: (p) => knob(p, 'answerTimeoutMs') > 2 * knob(p, 'latencyMaxMs'),
      message: 'answerTimeoutMs must exceed 2 x latencyMaxMs (an OK is a round trip)',
      source: 'Garcia-Molina 1982: the timeout must bound the answer time of a live process',
    },
    {
      // The top live node hears the first ELECTION within latencyMaxMs, waits answerTimeoutMs, and its
      // COORDINATOR takes up to latencyMaxMs more; the waiting node started waiting when its OK arrived.
      id: 'coordinator-after-answer',
      ok: (p) => knob(p, 'coordinatorTimeoutMs') > knob(p, 'answerTimeoutMs') + 2 * knob(p, 'latencyMaxMs'),
      message:
        'coordinatorTimeoutMs must exceed answerTimeoutMs + 2 x latencyMaxMs (the winner needs its own answer timeout)',
      source: "Garcia-Molina 1982 (timeout T' after an answer)",
    },
    {
      id: 'heartbeat-timeout',
      ok: (p) => knob(p, 'heartbeatTimeoutMs') > knob(p, 'heartbeatIntervalMs') + knob(p, 'latencyMaxMs'),
      message:
        'heartbeatTimeoutMs must exceed heartbeatIntervalMs + latencyMaxMs (else a live coordinator is suspected)',
      source: 'Ongaro & Ousterhout 2014, 5.6: broadcastTime << electionTimeout',
    },
  ],
  nodeIds: numberedIds('node'),
  minNodes: 2,
  maxNodes: 200,
  vocabulary: {
    families: { ELECTION: 'election', COORDINATOR: 'election', OK: 'reply', HEARTBEAT: 'heartbeat' },
    chatter: ['HEARTBEAT'],
  },
  leadership: { scope: 'cluster', carries: null, keys: [] },
  topology: { mesh: true },
  failover: {
    leadsThrough: 'peers',
    marks: [leaderMissing],
    leaseExpiry: false,
  },
  sandbox: {
    presets: [{ id: 'bully', params: {} }],
    // Bully fails over in a few hundred ms: a slower pace keeps an election watchable.
    variant: { nodes: 5, timeScale: 0.5, adr: ['matrix.bully'] },
  },
  chaos: {
    base: 'bully',
    infra: [],
    slowInfra: [],
    isolateFromStore: false,
    safety: [],
    liveness: 'bully-agreement',
    // The slowest failure detector (heartbeat timeout + stagger of the highest node) + answer timeout
    // + coordinator timeout + one heartbeat period + 4 one-way trips.
    // The cost bound (2n(n-1) election messages per fault) is the property the design can break: the
    // negative control holds an election on every lower ELECTION, the storm of a restart.
    timing(k, { net, latMax, nodes, unsafe }) {
      const heartbeatIntervalMs = pick(k[0], 100, 400);
      const heartbeatTimeoutMs = heartbeatIntervalMs + latMax + pick(k[1], 50, 800);
      const detectionStaggerMs = pick(k[2], 0, 150);
      const answerTimeoutMs = 2 * latMax + pick(k[3], 10, 300);
      const coordinatorTimeoutMs = answerTimeoutMs + 2 * latMax + pick(k[4], 10, 500);
      const params: Params = {
        ...net,
        heartbeatIntervalMs,
        heartbeatTimeoutMs,
        detectionStaggerMs,
        answerTimeoutMs,
        coordinatorTimeoutMs,
        holdOnEveryElection: unsafe,
      };
      const slowestDetection = heartbeatTimeoutMs + (nodes - 1) * detectionStaggerMs;
      return {
        params,
        unitMs: slowestDetection,
        boundMs: slowestDetection + answerTimeoutMs + coordinatorTimeoutMs + heartbeatIntervalMs + 4 * latMax,
      };
    },
  },
};
