/**
 * Leadership spread by gossip (push epidemics, Demers et al. 1987; gossip-style failure detection,
 * van Renesse et al. 1998; memberlist's defaults for the interval and the fanout): knobs, rules,
 * declaration (hosts: runtime.ts). Eventually consistent leadership: fine for service discovery,
 * split-brain for a primary database (machine.ts).
 */
import type { Params } from '../../params.ts';
import { type Algorithm, knob, leaderMissing, numberedIds, pick } from '../algorithm.ts';

export const gossip: Algorithm = {
  id: 'gossip',
  params: {
    gossipIntervalMs: {
      default: 200,
      min: 10,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'every node pushes its view of the leader to `fanout` random peers this often (one gossip round)',
      source: 'hashicorp/memberlist DefaultLANConfig: GossipInterval 200 ms',
    },
    fanout: {
      default: 3,
      min: 1,
      max: 50,
      integer: true,
      unit: '',
      doc: 'how many random peers each node pushes its view to every round',
      source:
        'hashicorp/memberlist DefaultLANConfig: GossipNodes 3; Demers et al., "Epidemic Algorithms for Replicated Database Maintenance", PODC 1987 (rumor mongering)',
    },
    suspectTimeoutMs: {
      default: 3000,
      min: 10,
      max: 3_600_000,
      integer: true,
      unit: 'ms',
      doc: 'a node that has seen the leader’s heartbeat counter stand still this long suspects it and claims the leadership for the next epoch',
      source:
        'van Renesse, Minsky & Hayden, "A Gossip-Style Failure Detection Service", Middleware 1998 (T_fail); memberlist: SuspicionMult 4 x log10(n) x ProbeInterval 1 s = 2.8 s at 5 nodes',
    },
    writeIntervalMs: {
      default: 500,
      min: 10,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'a node that believes it leads takes a client write into its own copy of the data this often (a primary database)',
      source: 'Kleppmann, Designing Data-Intensive Applications, ch. 8 (the leader and the lock)',
    },
    takesWrites: {
      default: true,
      unit: '',
      doc: 'on: the leader is a primary database that takes client writes into its own copy; off: service discovery, the leader is only advertised (two leaders for a round then cost a retried lookup, not diverged data)',
      source:
        'Kleppmann, DDIA ch. 8 and 9: eventually consistent leadership suits discovery, not a single writer; memberlist/Serf spread membership this way',
    },
  },
  rules: [
    {
      id: 'suspect-over-rounds',
      ok: (p) => knob(p, 'suspectTimeoutMs') > 2 * knob(p, 'gossipIntervalMs') + knob(p, 'latencyMaxMs'),
      message:
        'suspectTimeoutMs must exceed 2 x gossipIntervalMs + latencyMaxMs (else a live leader is suspected between two rounds)',
      source:
        'van Renesse et al. 1998: T_fail is chosen so that the chance of a false suspicion is small, many gossip rounds',
    },
  ],
  nodeIds: numberedIds('node'),
  minNodes: 2,
  maxNodes: 200,
  vocabulary: {
    families: { GOSSIP: 'heartbeat' },
    chatter: ['GOSSIP'],
  },
  // No token nor term: an epoch is a node's local claim, nothing orders the writes.
  leadership: { scope: 'cluster', carries: null, keys: [] },
  topology: { mesh: true },
  failover: {
    leadsThrough: 'peers',
    marks: [leaderMissing],
    leaseExpiry: false,
  },
  sandbox: {
    presets: [{ id: 'gossip', params: {} }],
    variant: { nodes: 5, timeScale: 0.5, adr: ['matrix.heartbeat'] },
  },
  chaos: {
    base: 'gossip-leader',
    infra: [],
    slowInfra: [],
    isolateFromStore: false,
    // Gossip is safe only where two leaders for a round cost nothing: service discovery (no writes).
    // The negative control is the primary database of the gossip-leader story (writes on).
    safety: ['split-brain'],
    liveness: 'quorum-leader',
    // Knobs in the range a deployment uses: fanout 2-4 (memberlist GossipNodes 3) and a suspicion
    // timeout of 12-30 rounds (memberlist: 4 x log10(n) probe intervals of 5 gossip rounds, 14 rounds
    // at 5 nodes), so that a live leader's heartbeat outruns the timeout. Once the faults stop: a
    // suspicion timeout, then claims settle within a few rounds of the epidemic (Demers et al.:
    // O(log n) rounds); twice that, plus 30 rounds, is the bound.
    timing(k, { net, latMax, unsafe }) {
      const gossipIntervalMs = pick(k[0], 50, 500);
      const suspectTimeoutMs = pick(k[1], 12, 30) * gossipIntervalMs + 2 * latMax;
      const params: Params = {
        ...net,
        gossipIntervalMs,
        fanout: pick(k[2], 2, 4),
        suspectTimeoutMs,
        writeIntervalMs: pick(k[3], 50, 1000),
        takesWrites: unsafe,
      };
      return {
        params,
        unitMs: suspectTimeoutMs,
        boundMs: 2 * suspectTimeoutMs + 30 * (gossipIntervalMs + latMax),
      };
    },
  },
};
