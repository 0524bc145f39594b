import { describe, expect, it } from 'vitest';
import { withFix } from '../src/sim/scenario/fix.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { summarize } from '../src/sim/trace/summary.ts';
import { scenarioById } from './index.ts';

const found = scenarioById('patroni-watchdog');
if (!found) throw new Error('scenario patroni-watchdog is not registered');
const scenario = found;
const STOP = 21_500;

type Write = Extract<TraceEvent, { k: 'write' }>;
const writes = (events: readonly TraceEvent[], node: string, resource: string) =>
  events.filter(
    (e): e is Write =>
      e.k === 'write' && e.node === node && e.resource === resource && e.status === 'accepted',
  );
const first = (events: readonly TraceEvent[], pred: (e: TraceEvent) => boolean) => events.find(pred)?.t;

describe('scenario patroni-watchdog (a stopped Patroni, no watchdog)', () => {
  const pitfall = simulate(scenario);
  const fixed = simulate(scenario, { params: { fix: true } });

  it("pg-1's Postgres keeps taking the direct app's writes after its Patroni stops, as on the real cluster", () => {
    // Measured (src/live/patroni, the primary's Patroni SIGSTOPped): all 23 direct writes accepted.
    const direct = writes(pitfall.events, 'app-direct', 'pg-1');
    expect(direct.filter((w) => w.t > STOP).length).toBeGreaterThanOrEqual(15);
    const promoted = first(pitfall.events, (e) => e.k === 'role' && e.node === 'pg-2' && e.role === 'leader');
    expect(promoted).toBeDefined();
    // ... and after pg-2 is primary too: two primaries take writes.
    expect(direct.filter((w) => w.t > (promoted as number)).length).toBeGreaterThan(0);
    expect(writes(pitfall.events, 'app', 'pg-2').length).toBeGreaterThan(0);
  });

  it('pg-2 promotes once the leader key expires, about ttl after the last refresh (the real one: 29.3 s after the SIGSTOP)', () => {
    const promoted = first(
      pitfall.events,
      (e) => e.k === 'mark' && e.name === 'promote' && e.node === 'pg-2',
    );
    expect(((promoted as number) - STOP) / 1000).toBeGreaterThan(25);
    expect(((promoted as number) - STOP) / 1000).toBeLessThan(35);
  });

  it('without the watchdog the split-brain checker fires; with it, it does not', () => {
    expect(summarize(pitfall, scenario).violations.map((v) => v.kind)).toContain('split-brain');
    const fix = withFix(scenario, { fix: true }).scenario;
    expect(summarize(fixed, fix).violations).toEqual([]);
  });

  it("the watchdog resets pg-1's host ttl - safety_margin after its last leader-key update, before the key expires", () => {
    const reset = first(fixed.events, (e) => e.k === 'mark' && e.name === 'watchdog-reset');
    const expired = first(fixed.events, (e) => e.k === 'store' && e.change.kind === 'lease-expire');
    expect(reset).toBeDefined();
    expect((expired as number) - (reset as number)).toBeGreaterThan(4000);
    expect((expired as number) - (reset as number)).toBeLessThan(6000);
    // Nothing answers there after the reset: the direct app's writes all fail.
    expect(writes(fixed.events, 'app-direct', 'pg-1').every((w) => w.t < (reset as number))).toBe(true);
    expect(pitfall.events.some((e) => e.k === 'mark' && e.name === 'watchdog-reset')).toBe(false);
  });

  it('resumed, pg-1 finds pg-2 holding the key and demotes itself', () => {
    const demote = pitfall.events.find((e) => e.k === 'mark' && e.name === 'demote' && e.node === 'pg-1');
    expect(demote?.t).toBeGreaterThanOrEqual(62_000);
    expect(writes(pitfall.events, 'app-direct', 'pg-1').every((w) => w.t < (demote?.t as number))).toBe(true);
  });
});
