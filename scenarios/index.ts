import { parseScenario, type Scenario } from '../src/sim/scenario/schema.ts';
import bully from './bully.ts';
import etcdLease from './etcd-lease.ts';
import fencingToken from './fencing-token.ts';
import patroni from './patroni.ts';
import splitBrain from './split-brain.ts';

/** The five scenarios in the brief's order, from classic to production-grade, validated at load. */
export const scenarios: Scenario[] = [bully, etcdLease, splitBrain, fencingToken, patroni].map((s) =>
  parseScenario(s, `scenarios/${s.id}.ts`),
);

export const scenarioIds = scenarios.map((s) => s.id);

export function scenarioById(id: string): Scenario | undefined {
  return scenarios.find((s) => s.id === id);
}
