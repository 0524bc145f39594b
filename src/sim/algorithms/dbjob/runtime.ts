/** How the database-job story runs: a database and nodes that each run the job machine. */
import { jobNotRunningChecker } from '../../check/jobNotRunning.ts';
import { type AlgorithmRuntime, knob } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { jobRanTwiceChecker } from './checkers.ts';
import { dbProcess } from './db.ts';
import { dbJobConfig } from './index.ts';
import { DB_HOST, JOB_RUN_MARK } from './keys.ts';
import { dbJobMachine } from './machine.ts';

export const dbjobRuntime: AlgorithmRuntime = {
  machine: dbJobMachine,
  checkers: (p) => [jobNotRunningChecker(knob(p, 'jobAlarmMs'), JOB_RUN_MARK), jobRanTwiceChecker()],
  build(ctx) {
    const cfg = dbJobConfig(ctx.params);
    ctx.addHost(DB_HOST, 'resource', dbProcess());
    for (const id of ctx.nodeIds)
      ctx.addHost(
        id,
        'node',
        machineProcess(dbJobMachine, (env) => ({ env, cfg })),
      );
  },
};
