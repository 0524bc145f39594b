import type { Scenario } from '../src/sim/scenario/schema.ts';
import bully from './bully.ts';
import etcdLease from './etcd-lease.ts';
import fencingToken from './fencing-token.ts';
import patroni from './patroni.ts';
import splitBrain from './split-brain.ts';

/**
 * The five scenarios in the brief's order, from classic to production-grade. Each file is checked
 * against the schema by its `satisfies ScenarioInput` at compile time and by parseScenario in
 * scenarios/index.test.ts, so the schema (zod) stays out of the app's first download.
 */
export const scenarios: Scenario[] = [bully, etcdLease, splitBrain, fencingToken, patroni];

export const scenarioIds = scenarios.map((s) => s.id);

export function scenarioById(id: string): Scenario | undefined {
  return scenarios.find((s) => s.id === id);
}
