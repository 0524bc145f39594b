import { describe, expect, it } from 'vitest';
import { adr001 } from '../src/adr/adr001.ts';
import { resolveAdrLink } from '../src/adr/links.ts';
import { run as cli } from '../src/cli/main.ts';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { cliSummary } from '../src/sim/trace/cliSummary.ts';
import { summarize } from '../src/sim/trace/summary.ts';
import input from './external-scheduler.ts';
import { scenarios } from './index.ts';

const scenario = parseScenario(input, 'scenarios/external-scheduler.ts');
const metrics = (args: string[]) =>
  (JSON.parse(cli(['external-scheduler', ...args]).out) as { metrics: Record<string, number | null> })
    .metrics;

describe('scenario external-scheduler', () => {
  const trace = simulate(scenario);
  const missed = simulate(scenario, { params: { startingDeadlineSeconds: 60 } });

  it('within the deadline: one late run of the 03:00 slot, no leader, and the replicas send nothing', () => {
    const sum = cliSummary(trace, scenario);
    expect(sum.metrics).toMatchObject({ jobRuns: 1, missedRuns: 0, concurrentRunsMax: 1 });
    // The controller is back at 130 s, 120 s after the slot at 10 s.
    expect(sum.metrics.lateStartMs).toBeGreaterThanOrEqual(120_000);
    expect(sum.metrics.lateStartMs).toBeLessThan(121_000);
    expect(sum.leaders).toEqual([]);
    expect(sum.violations).toEqual([]);
    expect(trace.events.some((e) => e.k === 'send' && e.from.startsWith('node-'))).toBe(false);
    const told = trace.steps.map((s) => s.id);
    expect(told).toEqual([
      'twenty-up',
      'first-sync',
      'controller-down',
      'controller-back',
      'late-run',
      'pod-runs',
      'one-run',
    ]);
  });

  it('past the deadline: the slot is passed over, no Job is created, and the missed run is told', () => {
    const sum = cliSummary(missed, scenario);
    expect(sum.metrics).toMatchObject({ jobRuns: 0, missedRuns: 1, lateStartMs: null });
    expect(missed.events.some((e) => e.k === 'send' && e.type === 'CREATE_JOB')).toBe(false);
    const told = missed.steps.map((s) => s.id);
    expect(told).toContain('passed-over');
    expect(told).toContain('nothing-ran');
    expect(told).not.toContain('one-run');
    expect(summarize(missed, scenario).violations).toEqual([]);
  });

  it('the CLI prints the figures under metrics and tells either outcome in text', () => {
    expect(metrics([])).toMatchObject({ jobRuns: 1, missedRuns: 0 });
    expect(metrics(['--set', 'startingDeadlineSeconds=60'])).toMatchObject({ jobRuns: 0, missedRuns: 1 });
    const text = cli(['external-scheduler', '--format', 'text']).out;
    expect(text).toContain('the controller creates the Job billing-29540340, late');
    expect(text).toContain('apiserver put /registry/jobs/default/billing-29540340=Complete');
    const late = cli(['external-scheduler', '--format', 'text', '--set', 'startingDeadlineSeconds=60']).out;
    expect(late).toContain('it finds none and creates no Job');
  });

  it('links every cell of its ADR-001 row to one of its steps', () => {
    const row = adr001.matrix.find((r) => r.id === 'matrix.external-scheduler');
    expect(row).toBeDefined();
    for (const id of [row!.id, ...adr001.criteria.map((c) => `${row!.id}.${c.id}`)])
      expect(resolveAdrLink(id, scenarios)?.scenarioId, id).toBe('external-scheduler');
  });
});
