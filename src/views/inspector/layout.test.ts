import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { runtimes } from '../../sim/algorithms/runtimes.ts';
import { extractChart } from '../../sim/chart/extract.ts';
import { ANY } from './laidChart.ts';
import { layoutChart } from './layout.ts';

/** The machine's own state nodes, walked from machine.root (XState v5 StateNode.states). */
function ownStatePaths(m: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (n: AnyStateMachine['root']) => {
    for (const c of Object.values(n.states) as Array<AnyStateMachine['root']>) {
      out.push(c.path.join('.'));
      walk(c);
    }
  };
  walk(m.root);
  return out.sort();
}

describe('the inspector charts: drawn from each registered machine, laid out by ELK', () => {
  for (const [id, alg] of Object.entries(runtimes)) {
    it(`${id}: the drawn states are the machine's own state nodes, every transition is drawn`, async () => {
      const chart = extractChart(alg.machine);
      const laid = await layoutChart(chart);
      const drawn = laid.states
        .map((s) => s.path)
        .filter((p) => p !== ANY)
        .sort();
      expect(drawn).toEqual(ownStatePaths(alg.machine));
      // Every transition with a target is an edge with a route; the others are listed in place.
      for (const t of chart.transitions) {
        if (t.targets.length > 0) {
          const edges = laid.transitions.filter((e) => e.transition === t.id);
          expect(edges.length).toBe(t.targets.length);
          for (const e of edges) expect(e.points.length).toBeGreaterThanOrEqual(2);
        } else {
          const where =
            t.source === '' ? laid.anywhere : laid.states.find((s) => s.path === t.source)?.inPlace;
          expect(where).toContain(t.guard ? `${t.event} [${t.guard}]` : t.event);
        }
      }
      // Children sit inside their parents.
      const at = new Map(laid.states.map((s) => [s.path, s]));
      for (const s of chart.states) {
        const p = s.parent ? at.get(s.parent) : null;
        const c = at.get(s.path);
        if (!p || !c) continue;
        expect(c.x).toBeGreaterThanOrEqual(p.x);
        expect(c.y + c.h).toBeLessThanOrEqual(p.y + p.h);
      }
    });
  }

  it('names the delays and guards of the lease machine as its definition does', () => {
    const t = extractChart(runtimes.lease.machine).transitions;
    expect(t).toContainEqual(
      expect.objectContaining({
        source: 'session.keepalive.ticking',
        event: 'after:renewDelay',
        targets: ['session.keepalive.ticking'],
      }),
    );
    expect(t).toContainEqual(
      expect.objectContaining({
        source: 'granting',
        event: 'LEASE_GRANTED',
        guard: 'isOurGrant',
        targets: ['session'],
      }),
    );
    const patroni = extractChart(runtimes.patroni.machine).states.filter((s) => s.parent === null);
    expect(patroni.map((s) => s.path).sort()).toEqual(['ha', 'pg']);
  });
});
