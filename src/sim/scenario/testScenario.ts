import { parseScenario, type Scenario, type ScenarioInput } from './schema.ts';

/** A minimal valid scenario for tests of one algorithm: no script, one start step, no expectations. */
export function testScenario(
  algorithm: Scenario['algorithm'],
  overrides: Partial<ScenarioInput> = {},
): Scenario {
  return parseScenario({
    id: `${algorithm}-test`,
    title: `${algorithm} test`,
    summary: 'test',
    algorithm,
    nodes: 5,
    seed: 1,
    durationMs: 10_000,
    timeScale: 1,
    params: {},
    faults: [],
    steps: [{ id: 'start', anchor: { k: 'start' }, caption: 'start' }],
    adr: [],
    expect: {},
    ...overrides,
  });
}
