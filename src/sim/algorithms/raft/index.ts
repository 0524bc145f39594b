/**
 * Raft with its log (Ongaro & Ousterhout 2014, "In Search of an Understandable Consensus Algorithm",
 * figure 2): knobs, rules, declaration (hosts: runtime.ts). The election's timing knobs and their rules
 * are heartbeat's (heartbeat is this election without the log); the switches marked "a control" are
 * negative controls, each turning off the rule that guards one of figure 3's safety properties.
 */
import type { Params } from '../../params.ts';
import { type Algorithm, knob, leaderMissing, numberedIds, pick } from '../algorithm.ts';
import { heartbeat } from '../heartbeat/index.ts';

const shared = heartbeat.params;
const sharedRule = (id: string) => {
  const r = heartbeat.rules.find((x) => x.id === id);
  if (!r) throw new Error(`heartbeat has no rule ${id}`);
  return r;
};

export const raft: Algorithm = {
  id: 'raft',
  params: {
    heartbeatIntervalMs: {
      ...(shared.heartbeatIntervalMs as NonNullable<typeof shared.heartbeatIntervalMs>),
      doc: 'the leader sends APPEND_ENTRIES (empty when there is nothing new: a heartbeat) to every follower this often',
      source: 'Ongaro & Ousterhout 2014, 5.2',
    },
    electionTimeoutMinMs: shared.electionTimeoutMinMs as NonNullable<typeof shared.electionTimeoutMinMs>,
    electionTimeoutMaxMs: shared.electionTimeoutMaxMs as NonNullable<typeof shared.electionTimeoutMaxMs>,
    clientIntervalMs: {
      default: 2000,
      min: 0,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'the client sends a new command this often, once the last one is answered (0: no client)',
      source: 'Ongaro & Ousterhout 2014, 8',
    },
    clientRetryMs: {
      default: 1500,
      min: 10,
      max: 600_000,
      integer: true,
      unit: 'ms',
      doc: 'a command unanswered for this long is sent to the next server',
      source: 'Ongaro & Ousterhout 2014, 8',
    },
    clients: {
      default: 1,
      min: 1,
      max: 2,
      integer: true,
      unit: '',
      doc: 'how many clients send commands; a second one tries the servers from the last one first and names its commands y1, y2, …',
      source: 'Ongaro & Ousterhout 2014, 8',
    },
    unsafeCommit: {
      default: false,
      doc: "on (the pitfall): the leader commits any entry stored on a majority, even of an older term; off: only an entry of its own term is committed by counting replicas (figure 8's rule)",
      source: 'Ongaro & Ousterhout 2014, 5.4.2 and figure 8',
    },
    electionRestriction: {
      default: true,
      doc: 'on: a server votes only for a candidate whose log is at least as up-to-date as its own; off (a control): any candidate, so a leader may lack committed entries',
      source: 'Ongaro & Ousterhout 2014, 5.4.1',
    },
    consistencyCheck: {
      default: true,
      doc: 'on: a follower refuses APPEND_ENTRIES whose previous entry (index and term) it does not hold; off (a control): it appends anyway, and logs diverge',
      source: 'Ongaro & Ousterhout 2014, 5.3',
    },
    oneVotePerTerm: {
      default: true,
      doc: 'on: a server grants at most one vote per term; off (a control): a follower votes for every candidate of the term, so a term may get two leaders',
      source: 'Ongaro & Ousterhout 2014, 5.2',
    },
    preVote: {
      default: false,
      doc: 'on: a server whose election timer fires first asks REQUEST_PRE_VOTE for term+1 and raises its term only if a majority would vote for it (granted only by servers that have not heard from a leader within electionTimeoutMinMs, to a log at least as up-to-date); off: it raises its term at once, and a server cut off for a while deposes the leader when it returns',
      // etcd 3.4 runs without it unless --pre-vote is set ("--pre-vote 'false'", etcd --help).
      source: 'Ongaro 2014 (PhD thesis), 9.6; etcd 3.4 --pre-vote, default false',
    },
    checkQuorum: {
      default: false,
      doc: 'on: a leader that has not heard from a majority within electionTimeoutMinMs steps down, so a leader cut off in a minority stops taking commands; off: it leads its minority until it hears a later term',
      // Off in figure 2's Raft, which the stories tell; etcd's server turns raft's CheckQuorum on
      // itself (etcdserver/raft.go), with no flag.
      source: 'Ongaro 2014 (PhD thesis), 6.2; etcd raft Config.CheckQuorum',
    },
    leaderAppendOnly: {
      default: true,
      doc: "on: a leader only appends to its log; off (a control): at each heartbeat it deletes older terms' entries it has not committed",
      source: 'Ongaro & Ousterhout 2014, figure 3 (Leader Append-Only) and 5.3',
    },
    oneChangeAtATime: {
      default: true,
      doc: 'on: a leader takes a membership change only once the previous one is committed and it has committed an entry of its own term; off (a control): it takes each change at once, and two configurations two servers apart can each elect a leader in the same term',
      // The second condition is Ongaro's fix of 10 July 2015 on raft-dev ("bug in single-server
      // membership changes"): without it a new leader's change and an uncommitted one of an older
      // leader, one server each, can make majorities that do not meet.
      source:
        'Ongaro 2014 (PhD thesis), 4.1; Ongaro, raft-dev, 2015, "bug in single-server membership changes"',
    },
  },
  rules: [
    sharedRule('timeout-range'),
    sharedRule('timeout-over-heartbeat'),
    {
      id: 'retry-over-heartbeat',
      ok: (p) => knob(p, 'clientRetryMs') > knob(p, 'heartbeatIntervalMs') + 2 * knob(p, 'latencyMaxMs'),
      message:
        'clientRetryMs must exceed heartbeatIntervalMs + 2 x latencyMaxMs (a command commits one replication round trip after it reaches the leader)',
      source: 'Ongaro & Ousterhout 2014, 5.3 and 5.6',
    },
  ],
  nodeIds: numberedIds('node'),
  minNodes: 1,
  maxNodes: 50,
  vocabulary: {
    families: {
      REQUEST_VOTE: 'election',
      VOTE: 'reply',
      APPEND_ENTRIES: 'data',
      APPEND_REPLY: 'reply',
      CLIENT_REQUEST: 'data',
      CLIENT_REPLY: 'reply',
      REDIRECT: 'reject',
      // A type means one family in every algorithm: heartbeat's, as it has always drawn them.
      REQUEST_PRE_VOTE: 'data',
      PRE_VOTE: 'election',
    },
    chatter: [],
    // §5.2: "heartbeats (AppendEntries RPCs that carry no log entries)"; machine.ts counts them in
    // `entryCount`, echoed by the reply.
    chatterWhenEmpty: { APPEND_ENTRIES: 'entryCount', APPEND_REPLY: 'entryCount' },
  },
  leadership: { scope: 'cluster', carries: 'term', keys: [] },
  topology: { mesh: true },
  failover: { leadsThrough: 'peers', marks: [leaderMissing], leaseExpiry: false },
  sandbox: {
    presets: [
      { id: 'raft', params: { unsafeCommit: false } },
      { id: 'raft-unsafe-commit', params: { unsafeCommit: true } },
    ],
    variant: { nodes: 5, timeScale: 0.5, adr: ['matrix.raft'] },
    compareKnob: 'unsafeCommit',
  },
  chaos: {
    base: 'raft',
    infra: [],
    slowInfra: [],
    isolateFromStore: false,
    membership: true,
    // Figure 3's five properties; the control (`unsafe`) turns the election restriction off, which
    // random schedules break quickly (Leader Completeness). The other controls' counterexamples are
    // in checkers.test.ts (a targeted generator; for oneChangeAtATime a scripted run of two changes),
    // figure8.test.ts (figure 8 scripted on the machine, unsafeCommit) and log.test.ts (figures 7
    // and 8 on the log functions).
    safety: [
      'two-leaders-in-term',
      'leader-append-only',
      'log-matching',
      'leader-completeness',
      'state-machine-safety',
    ],
    liveness: 'quorum-leader',
    timing(k, { net, latMax, unsafe }) {
      const heartbeatIntervalMs = pick(k[0], 100, 500);
      const electionTimeoutMinMs = heartbeatIntervalMs + latMax + pick(k[1], 50, 1000);
      const electionTimeoutMaxMs = electionTimeoutMinMs + pick(k[2], 200, 1500);
      const params: Params = {
        ...net,
        heartbeatIntervalMs,
        electionTimeoutMinMs,
        electionTimeoutMaxMs,
        clientIntervalMs: pick(k[3], 100, 1000),
        clientRetryMs: heartbeatIntervalMs + 2 * latMax + pick(k[4], 50, 1000),
        electionRestriction: !unsafe,
        // The thesis' knobs, each on in half the schedules: neither may cost a safety property.
        preVote: (k[5] ?? 0) >= 500,
        checkQuorum: (k[6] ?? 0) >= 500,
      };
      return {
        params,
        unitMs: electionTimeoutMaxMs,
        boundMs: electionTimeoutMinMs + 4 * (electionTimeoutMaxMs + 4 * latMax),
      };
    },
  },
};
