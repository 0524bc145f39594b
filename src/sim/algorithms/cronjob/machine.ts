import { setup } from 'xstate';

/**
 * One of the twenty application replicas once the nightly job has left the application: it serves
 * requests and has no scheduler, no election and no job code path. Nothing in it reacts to 03:00; the
 * CronJob controller runs the job in a pod of its own (controller.ts). It never leads, so its role is
 * always follower (machineProcess reads the state's tags: it has none).
 */
export const replicaMachine = setup({}).createMachine({
  id: 'replica',
  initial: 'serving',
  states: { serving: {} },
});
