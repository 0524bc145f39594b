export type { Checker } from './checker.ts';
export { LeaderBeliefs } from './checker.ts';
export { jobNotRunningChecker } from './jobNotRunning.ts';
export { leaderlessChecker } from './leaderless.ts';
export { leaseHoldersChecker } from './leaseHolders.ts';
export { splitBrainChecker } from './splitBrain.ts';
export { staleWriteChecker } from './staleWrite.ts';
export { termLeadersChecker } from './termLeaders.ts';

import type { Checker } from './checker.ts';
import { leaseHoldersChecker } from './leaseHolders.ts';
import { splitBrainChecker } from './splitBrain.ts';
import { staleWriteChecker } from './staleWrite.ts';
import { termLeadersChecker } from './termLeaders.ts';

/**
 * The safety checkers every run has, whatever its algorithm: simulate() runs them beside the
 * algorithm's own (`AlgorithmRuntime.checkers`); `leadershipKeys` are the store keys that name a leader.
 */
export function safetyCheckers(leadershipKeys: readonly string[]): Checker[] {
  return [
    splitBrainChecker(),
    staleWriteChecker(),
    leaseHoldersChecker([...leadershipKeys]),
    termLeadersChecker(),
  ];
}
