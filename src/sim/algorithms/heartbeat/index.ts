/**
 * Heartbeats and votes, with or without a quorum (Ongaro & Ousterhout 2014, "In Search of an
 * Understandable Consensus Algorithm", sections 5.2 and 9.6): knobs, rules, declaration (hosts: runtime.ts).
 */
import type { Params } from '../../params.ts';
import { type Algorithm, knob, leaderMissing, numberedIds, numOf, pick } from '../algorithm.ts';

export const heartbeat: Algorithm = {
  id: 'heartbeat',
  params: {
    quorum: {
      default: false,
      doc: 'off: a candidate needs a majority of the nodes that answered (split-brain under a partition); on: a majority of the whole cluster, floor(n/2)+1 (Raft)',
      source: 'Ongaro & Ousterhout 2014, 5.2',
    },
    heartbeatIntervalMs: {
      default: 500,
      min: 10,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'the leader sends HEARTBEAT to every peer this often',
    },
    electionTimeoutMinMs: {
      default: 1500,
      min: 10,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'shortest randomized election timeout: no HEARTBEAT for this long makes a follower a candidate',
      source: 'Ongaro & Ousterhout 2014, 9.3: 150-300 ms, scaled x10 here so the messages can be watched',
    },
    electionTimeoutMaxMs: {
      default: 3000,
      min: 10,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'longest randomized election timeout (the spread keeps candidates from colliding)',
      source: 'Ongaro & Ousterhout 2014, 9.3: 150-300 ms, scaled x10',
    },
    voteTimeoutMs: {
      default: 300,
      min: 1,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'without quorum, a candidate counts the nodes that answered within this long as "the cluster"',
    },
    writeIntervalMs: {
      default: 1000,
      min: 10,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'a leader accepts a client write to its own copy of the data this often',
    },
  },
  rules: [
    {
      id: 'timeout-range',
      ok: (p) => knob(p, 'electionTimeoutMaxMs') >= knob(p, 'electionTimeoutMinMs'),
      message: 'electionTimeoutMaxMs must be >= electionTimeoutMinMs',
      source: 'Raft 5.2: timeouts are drawn from [min, max]',
    },
    {
      id: 'timeout-over-heartbeat',
      ok: (p) => knob(p, 'electionTimeoutMinMs') > knob(p, 'heartbeatIntervalMs') + knob(p, 'latencyMaxMs'),
      message:
        'electionTimeoutMinMs must exceed heartbeatIntervalMs + latencyMaxMs (else followers revolt against a live leader)',
      source: 'Raft 5.6: broadcastTime << electionTimeout',
    },
    {
      // A healthy leader must renew its lease (electionTimeoutMinMs - heartbeatIntervalMs) before it
      // runs out: a heartbeat every interval plus the ACK's round trip.
      id: 'quorum-lease',
      ok: (p) =>
        p.quorum !== true ||
        knob(p, 'electionTimeoutMinMs') > 2 * knob(p, 'heartbeatIntervalMs') + 2 * knob(p, 'latencyMaxMs'),
      message:
        'with quorum on, electionTimeoutMinMs must exceed 2 x heartbeatIntervalMs + 2 x latencyMaxMs (else a healthy leader loses its lease)',
      source: 'Ongaro, Consensus: Bridging Theory and Practice (Raft thesis, 2014), 6.4.1 (leader lease)',
    },
    {
      id: 'vote-round-trip',
      ok: (p) => knob(p, 'voteTimeoutMs') > 2 * knob(p, 'latencyMaxMs'),
      message: 'voteTimeoutMs must exceed 2 x latencyMaxMs (a vote is a round trip)',
      source: 'Ongaro & Ousterhout 2014, 5.6: broadcastTime, the time of one RPC round trip',
    },
    {
      id: 'vote-before-candidacy',
      ok: (p) => knob(p, 'voteTimeoutMs') < knob(p, 'electionTimeoutMinMs'),
      message: 'voteTimeoutMs must be below electionTimeoutMinMs (count the votes before the next candidacy)',
      source:
        'Ongaro & Ousterhout 2014, 5.2: a candidate that has not won by its election timeout starts a new election',
    },
  ],
  nodeIds: numberedIds('node'),
  minNodes: 2,
  maxNodes: 200,
  vocabulary: {
    // As drawn since the first release: REQUEST_PRE_VOTE in the data family, PRE_VOTE (the answer) as an election message.
    families: {
      HEARTBEAT: 'heartbeat',
      HEARTBEAT_ACK: 'heartbeat',
      REQUEST_PRE_VOTE: 'data',
      PRE_VOTE: 'election',
      REQUEST_VOTE: 'election',
      VOTE: 'reply',
    },
    chatter: ['HEARTBEAT', 'HEARTBEAT_ACK'],
  },
  leadership: { scope: 'cluster', carries: 'term', keys: [] },
  topology: { mesh: true },
  failover: {
    leadsThrough: 'peers',
    marks: [
      leaderMissing,
      {
        // A quorum leader's lease is electionTimeoutMinMs - heartbeatIntervalMs of fresh ACKs (machine.ts).
        name: 'lost-quorum',
        kind: 'lost-quorum',
        windowMs: (_d, p) => Math.max(0, numOf(p.electionTimeoutMinMs) - numOf(p.heartbeatIntervalMs)),
        suspect: (n) => n,
      },
    ],
    leaseExpiry: false,
  },
  sandbox: {
    presets: [
      { id: 'heartbeat', params: { quorum: false } },
      { id: 'heartbeat-quorum', params: { quorum: true } },
    ],
    variant: { nodes: 5, timeScale: 0.5, adr: ['matrix.heartbeat', 'matrix.raft'] },
    compareKnob: 'quorum',
  },
  chaos: {
    base: 'split-brain',
    infra: [],
    slowInfra: [],
    isolateFromStore: false,
    safety: ['two-leaders-in-term'],
    liveness: 'quorum-leader',
    // A node restarted when the faults stop refuses votes for electionTimeoutMin, then randomized
    // timeouts elect a leader: 4 election rounds (split votes) of electionTimeoutMax plus the round trips.
    timing(k, { net, latMax, unsafe }) {
      const heartbeatIntervalMs = pick(k[0], 100, 500);
      const electionTimeoutMinMs = 2 * heartbeatIntervalMs + 2 * latMax + pick(k[1], 50, 1000);
      const electionTimeoutMaxMs = electionTimeoutMinMs + pick(k[2], 200, 1500);
      const params: Params = {
        ...net,
        quorum: !unsafe,
        heartbeatIntervalMs,
        electionTimeoutMinMs,
        electionTimeoutMaxMs,
        voteTimeoutMs: 2 * latMax + pick(k[3], 10, 200),
        writeIntervalMs: pick(k[4], 100, 1000),
      };
      return {
        params,
        unitMs: electionTimeoutMaxMs,
        boundMs: electionTimeoutMinMs + 4 * (electionTimeoutMaxMs + 4 * latMax),
      };
    },
  },
};
