import type { Scenario } from '../src/sim/scenario/schema.ts';
import bully from './bully.ts';
import bullyAtScale from './bully-at-scale.ts';
import etcdLease from './etcd-lease.ts';
import evenQuorum from './even-quorum.ts';
import fencingToken from './fencing-token.ts';
import patroni from './patroni.ts';
import sandbox from './sandbox.ts';
import shortTimeout from './short-timeout.ts';
import splitBrain from './split-brain.ts';

/**
 * The five stories in order, from classic to production-grade, then the sandbox (free
 * play, no script: pills 1-5 and the sixth). Each file is checked
 * against the schema by its `satisfies ScenarioInput` at compile time and by parseScenario in
 * scenarios/index.test.ts, so the schema (zod) stays out of the app's first download.
 */
export const stories: Scenario[] = [bully, etcdLease, splitBrain, fencingToken, patroni];
/** The pitfall stories (group 'pitfalls'), each with its `fix` knob. */
export const pitfalls: Scenario[] = [
  // even-quorum (issue #13)
  evenQuorum,
  // short-timeout (issue #13)
  shortTimeout,
  // bully-at-scale (issue #13)
  bullyAtScale,
];
export const scenarios: Scenario[] = [...stories, sandbox, ...pitfalls];

export const scenarioIds = scenarios.map((s) => s.id);

export function scenarioById(id: string): Scenario | undefined {
  return scenarios.find((s) => s.id === id);
}
