import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { simulate } from '../../sim/simulate.ts';
import { simulatedFigures } from './compare.ts';
import { compareTable, type Figures, figuresOf, outside, spread } from './figures.ts';
import { PATRONI_LIVE_RUNS, PATRONI_MEASURED, PATRONI_SIGSTOP_MEASURED, widened } from './measured.ts';

const fig = (over: Partial<Figures>): Figures => ({
  killed: 'pg-1',
  keyDeleted: 28.7,
  newKey: 28.8,
  writable: 29.1,
  haproxyDown: 8,
  haproxyUp: 33,
  outage: 34,
  newPrimaries: ['pg-2'],
  failedWrites: 15,
  ...over,
});

describe('--compare for live Patroni', () => {
  it('min / median / max, with an even count the middle two averaged', () => {
    expect(spread([3, 1, null, 2])).toEqual({ min: 1, median: 2, max: 3, n: 3 });
    expect(spread([4, 1, 2, 3])).toEqual({ min: 1, median: 2.5, max: 4, n: 4 });
    expect(spread([null])).toBeNull();
  });

  it('flags a simulated median outside the real range widened by 10 %, at least 0.5 s', () => {
    const real = { min: 28, median: 28.5, max: 29, n: 5 };
    expect(outside(real, 31.9)).toBe(false); // 29 + 2.9
    expect(outside(real, 32)).toBe(true);
    const small = { min: 0.1, median: 0.11, max: 0.12, n: 5 };
    expect(outside(small, 0.6)).toBe(false); // 0.12 + 0.5
    expect(outside(small, 0.7)).toBe(true);
  });

  it('ends the outage at the first write another node accepts, not one the killed primary acknowledged as it died', () => {
    const write = (t: number, resource: string, status: 'accepted' | 'rejected') =>
      ({
        k: 'write',
        t,
        node: 'app',
        resource,
        token: null,
        status,
        code: status === 'accepted' ? 200 : 503,
        seen: null,
      }) as const;
    // A CI run: the INSERT in flight at the kill was acknowledged by pg-1 16 ms after it.
    const events = [
      write(900, 'pg-1', 'accepted'),
      write(1016, 'pg-1', 'accepted'),
      write(5000, 'haproxy', 'rejected'),
      write(33_000, 'pg-2', 'accepted'),
    ];
    expect(figuresOf(events, { t: 1000, node: 'pg-1' }).outage).toBe(32);
  });

  it('reads the deletion-relative figures from the deletion', () => {
    const rows = compareTable([fig({}), fig({ keyDeleted: 28.9, newKey: 29.1 })], [fig({ newKey: 33 })]);
    const key = rows.find((r) => r.figure === 'deletion to new leader key');
    expect(key?.real?.min).toBeCloseTo(0.1);
    expect(key?.real?.max).toBeCloseTo(0.2);
    expect(key?.outside).toBe(true);
    expect(rows.filter((r) => r.outside).map((r) => r.figure)).toEqual(['deletion to new leader key']);
  });

  it("simulates the story's kill per seed: pg-2 the one new primary, every figure there", () => {
    const sim = simulatedFigures(2);
    expect(sim).toHaveLength(2);
    for (const f of sim) {
      expect(f.newPrimaries).toEqual(['pg-2']);
      for (const v of [f.keyDeleted, f.newKey, f.writable, f.haproxyDown, f.haproxyUp, f.outage])
        expect(v).toBeGreaterThan(0);
    }
  });

  it("holds the story's kill to the real figures: HAProxy DOWN and every other median within the 10 % rule", () => {
    const sim = simulatedFigures(5);
    const real = (x: readonly [number, number]): Figures[] => x.map((v) => fig({ haproxyDown: v }));
    // A refused check fails at once: `timeout check` does not move the kill's DOWN.
    const [lo, hi] = widened(PATRONI_MEASURED.down);
    for (const f of sim) {
      expect(f.haproxyDown).toBeGreaterThanOrEqual(lo);
      expect(f.haproxyDown).toBeLessThanOrEqual(hi);
    }
    const down = compareTable(real(PATRONI_MEASURED.down), sim).find((r) => r.figure === 'HAProxy DOWN');
    expect(down?.outside).toBe(false);
  });

  it('holds every simulated median to five live runs of the kill by the 10 % rule, DOWN over the whole check cycle', () => {
    const sim = simulatedFigures(5);
    const rows = compareTable(
      PATRONI_LIVE_RUNS.map((r) => fig(r)),
      sim,
    );
    expect(rows.filter((r) => r.outside).map((r) => r.figure)).toEqual([]);
    // HAProxy starts at a drawn moment (haproxy.ts drawnStart), so the kill falls anywhere in the 3 s
    // check cycle, as it does on a real cluster: with HAProxy started with the run, every seed killed
    // at nearly one phase and DOWN's median was 9.2 s against the live 6.5-7.4 s.
    const downs = sim.map((f) => f.haproxyDown as number);
    expect(Math.max(...downs) - Math.min(...downs)).toBeGreaterThan(1);
  });

  it('a SIGSTOPped Patroni: HAProxy DOWN 21-24 s after the stop, the median within the real 24.3 s widened', () => {
    // scenarios/patroni-watchdog.ts stops pg-1's Patroni (the `agent` fault): its REST API answers
    // nothing, so each check fails `timeout check` (5 s) after it went out and the next starts inter
    // (3 s) later: DOWN 3 x 5 + 2 x 3 = 21 s after the first silent check, which comes up to one inter
    // after the stop. The real stop fell anywhere in pg-1's check cycle: so do these, over one inter.
    // Timing a check out at the next one, the model said about 11.5 s.
    const story = scenarioById('patroni-watchdog');
    if (!story) throw new Error('no patroni-watchdog story');
    const stop = story.faults.find((f) => f.fault.kind === 'agent' && f.fault.act === 'stop');
    if (!stop || !('node' in stop.fault)) throw new Error('the story stops no agent');
    const node = stop.fault.node;
    const downs = [0, 500, 1000, 1500, 2000, 2500].map((shift) => {
      const faults = story.faults.map((f) => (f === stop ? { ...f, atMs: f.atMs + shift } : f));
      const tr = simulate({ ...story, faults });
      return figuresOf(tr.events, { t: stop.atMs + shift, node }).haproxyDown as number;
    });
    for (const d of downs) {
      expect(d).toBeGreaterThanOrEqual(20.9); // a check already on its way when the stop came
      expect(d).toBeLessThanOrEqual(24.5);
    }
    const real = spread(PATRONI_SIGSTOP_MEASURED.down) as NonNullable<ReturnType<typeof spread>>;
    expect(outside(real, spread(downs)?.median as number)).toBe(false);
  });
});
