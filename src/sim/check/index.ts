export type { Checker } from './checker.ts';
export { LeaderBeliefs } from './checker.ts';
export { jobNotRunningChecker } from './jobNotRunning.ts';
export { leaderlessChecker } from './leaderless.ts';
export { leaseHoldersChecker } from './leaseHolders.ts';
export { splitBrainChecker } from './splitBrain.ts';
export { staleWriteChecker } from './staleWrite.ts';
export { termLeadersChecker } from './termLeaders.ts';
