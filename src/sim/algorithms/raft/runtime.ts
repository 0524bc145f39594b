/** How a Raft cluster runs: every node hosts the Raft machine with its own disk; one client writes. */
import type { Fault } from '../../faults/table.ts';
import { type AlgorithmRuntime, knob } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { raftCheckers } from './checkers.ts';
import { CLIENT_HOST, raftClientProcess, SECOND_CLIENT_HOST } from './client.ts';
import type { RaftRules } from './log.ts';
import { type RaftDisk, type RaftEvent, type RaftTimes, raftMachine } from './machine.ts';

/** The operator's membership change (thesis §4.1), which every server hears and its leader acts on. */
function configChangeEvent(f: Fault): RaftEvent | null {
  if (f.kind === 'add-server')
    return { type: 'CONFIG_CHANGE', from: 'operator', change: { op: '+', server: f.node } };
  if (f.kind === 'remove-server')
    return { type: 'CONFIG_CHANGE', from: 'operator', change: { op: '-', server: f.node } };
  return null;
}

export const raftRuntime: AlgorithmRuntime = {
  machine: raftMachine,
  checkers: () => raftCheckers(),
  build(ctx) {
    const p = ctx.params;
    const times: RaftTimes = {
      heartbeatIntervalMs: knob(p, 'heartbeatIntervalMs'),
      electionTimeoutMinMs: knob(p, 'electionTimeoutMinMs'),
      electionTimeoutMaxMs: knob(p, 'electionTimeoutMaxMs'),
    };
    const rules: RaftRules = {
      electionRestriction: p.electionRestriction !== false,
      consistencyCheck: p.consistencyCheck !== false,
      ownTermCommit: p.unsafeCommit !== true,
      oneVotePerTerm: p.oneVotePerTerm !== false,
      leaderAppendOnly: p.leaderAppendOnly !== false,
      oneChangeAtATime: p.oneChangeAtATime !== false,
    };
    // Spares (servers an `add-server` names) start outside the configuration, which is the nodes.
    const spares = ctx.spares ?? [];
    const all = [...ctx.nodeIds, ...spares];
    const members = spares.length > 0 ? ctx.nodeIds : undefined;
    for (const id of all) {
      const peers = all.filter((x) => x !== id);
      const disk: RaftDisk = { term: 0, votedFor: null, log: [] };
      ctx.addHost(
        id,
        'node',
        machineProcess(
          raftMachine,
          (env) => ({
            env,
            peers,
            times,
            rules,
            rng: env.rng('election-timeout'),
            disk,
            preVote: p.preVote === true,
            checkQuorum: p.checkQuorum === true,
            ...(members ? { members } : {}),
          }),
          { faultEvent: configChangeEvent },
        ),
      );
    }
    const every = knob(p, 'clientIntervalMs');
    if (every > 0)
      ctx.addHost(CLIENT_HOST, 'client', raftClientProcess(ctx.nodeIds, every, knob(p, 'clientRetryMs')));
    // A second client tries the servers from the last one, with commands of its own (y1, y2, …).
    if (every > 0 && knob(p, 'clients') >= 2)
      ctx.addHost(
        SECOND_CLIENT_HOST,
        'client',
        raftClientProcess([...ctx.nodeIds].reverse(), every, knob(p, 'clientRetryMs'), 'y'),
      );
  },
};
