import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { decodeView } from '../../src/app/link/decode.ts';
import { checkFaultHosts } from '../../src/app/link/faults.ts';
import { locales } from '../../src/i18n/index.ts';
import { simulate } from '../../src/sim/simulate.ts';
import { MAX_QUERY_CHARS, SOAK_SCENARIO, soakPlan } from './plan.ts';

const ctx = { scenarios, locales };

describe('soakPlan', () => {
  it('is a link the app reads without a problem, every fault on a host of the cluster', () => {
    const p = soakPlan(24, 1);
    expect(p.query.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
    const d = decodeView(p.query, ctx);
    expect(d.problems).toEqual([]);
    expect(d.view).toMatchObject({
      scenario: SOAK_SCENARIO,
      durationMs: 86_400_000,
      speed: 10,
      whatIf: true,
    });
    expect(d.view.faults).toHaveLength(p.faults.length);
    const hosts = simulate(scenarios.find((s) => s.id === SOAK_SCENARIO) ?? scenarios[0]!).hosts.map(
      (h) => h.id,
    );
    expect(checkFaultHosts(d.view.faults, hosts).problems).toEqual([]);
  });

  it('spreads many kinds of faults over the whole run, the same for the same seed', () => {
    const p = soakPlan(24, 1);
    expect(p.faults.length).toBeGreaterThan(200);
    for (const k of ['crash', 'restart', 'pause', 'partition', 'cut-link', 'clock-drift'])
      expect(p.kinds[k] ?? 0).toBeGreaterThan(5);
    const last = Math.max(...p.faults.map((f) => f.atMs));
    expect(last).toBeGreaterThan(20 * 3_600_000);
    expect(last).toBeLessThan(p.durationMs);
    expect(soakPlan(24, 1).query).toBe(p.query);
    expect(soakPlan(24, 2).query).not.toBe(p.query);
  });

  it('refuses more than 24 h', () => {
    expect(() => soakPlan(25, 1)).toThrow(/24 h/);
  });
});
