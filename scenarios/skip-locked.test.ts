import { describe, expect, it } from 'vitest';
import { adr001 } from '../src/adr/adr001.ts';
import { resolveAdrLink } from '../src/adr/links.ts';
import { run as cli } from '../src/cli/main.ts';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { cliSummary } from '../src/sim/trace/cliSummary.ts';
import { scenarios } from './index.ts';
import input from './skip-locked.ts';

const scenario = parseScenario(input, 'scenarios/skip-locked.ts');
const every = (o: unknown, n: number) => Object.values(o as Record<string, number>).every((v) => v === n);

describe('scenario skip-locked', () => {
  const trace = simulate(scenario);
  const fixed = simulate(scenario, { params: { fix: true } });

  it('tells every step of the story, and of the fixed run', () => {
    expect(trace.steps.map((s) => s.id)).toEqual(scenario.steps.map((s) => s.id));
    expect(fixed.steps.map((s) => s.id)).toEqual(scenario.fix?.steps?.map((s) => s.id));
  });

  it('without the fix: every job commits once, job-5 is taken twice, and its e-mail goes out twice', () => {
    const m = cliSummary(trace, scenario).metrics;
    expect(every(m.jobRunsPerJob, 1)).toBe(true);
    expect(Object.keys(m.jobRunsPerJob as object)).toHaveLength(12);
    expect(m.attemptsPerJob).toMatchObject({ 'job-4': 1, 'job-5': 2, 'job-6': 1 });
    expect(m.duplicateEmails).toBe(1);
    const kinds = trace.events.flatMap((e) => (e.k === 'violation' ? [e.violation.kind] : []));
    expect(kinds).toEqual(['duplicate-email']);
    expect(cliSummary(trace, scenario).leaders).toEqual([]);
  });

  it('with the fix (the transactional outbox): the same crash and retry, and one e-mail per job', () => {
    const m = cliSummary(fixed, scenario).metrics;
    expect(every(m.jobRunsPerJob, 1)).toBe(true);
    expect((m.attemptsPerJob as Record<string, number>)['job-5']).toBe(2);
    expect(m.duplicateEmails).toBe(0);
    expect(m.emailsSent).toBe(12);
    expect(fixed.events.some((e) => e.k === 'violation')).toBe(false);
  });

  it('the CLI prints the figures under metrics, with and without --set fix=on', () => {
    const m = (args: string[]) =>
      (JSON.parse(cli(['skip-locked', ...args]).out) as { metrics: Record<string, unknown> }).metrics;
    const plain = m([]);
    expect(plain.duplicateEmails).toBe(1);
    expect(every(plain.jobRunsPerJob, 1)).toBe(true);
    expect(plain.jobsPerWorker).toEqual({ 'node-1': 3, 'node-2': 1, 'node-3': 4, 'node-4': 4 });
    expect(m(['--set', 'fix=on']).duplicateEmails).toBe(0);
    const text = cli(['skip-locked', '--format', 'text']).out;
    expect(text).toContain('!! DUPLICATE-EMAIL: job-5 e-mailed 2 times (by node-2, node-4)');
    expect(text).toContain('The lock on job-5 is released and the job is pending again.');
    expect(text).toContain('node-4 polls, and SKIP LOCKED no longer skips job-5: attempt 2.');
    const fixedText = cli(['skip-locked', '--format', 'text', '--set', 'fix=on']).out;
    expect(fixedText).toContain('postgres -> mail  SEND_EMAIL  job=job-5 by=relay');
    expect(fixedText).toContain('violations: none');
  });

  it('links every cell of its ADR-001 row to one of its steps', () => {
    const row = adr001.matrix.find((r) => r.id === 'matrix.skip-locked');
    expect(row).toBeDefined();
    for (const id of [row!.id, ...adr001.criteria.map((c) => `${row!.id}.${c.id}`)])
      expect(resolveAdrLink(id, scenarios)?.scenarioId, id).toBe('skip-locked');
  });
});
