import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { scenarioById } from '../../../scenarios/index.ts';
import { runtimes } from '../../sim/algorithms/runtimes.ts';
import { extractChart } from '../../sim/chart/extract.ts';
import { simulate } from '../../sim/simulate.ts';
import { TraceIndex } from '../../sim/trace/frame.ts';
import { layoutChart } from './layout.ts';
import { recordOf } from './record.ts';
import { Statechart } from './Statechart.tsx';

/** Every state node of the machine, walked from machine.root (XState v5 StateNode.states). */
function ownPaths(m: AnyStateMachine): string[] {
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

const attrs = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) => m[1] as string);

describe('the drawn statechart (the testing contract)', () => {
  for (const [id, alg] of Object.entries(runtimes))
    it(`${id}: the data-state paths drawn are the machine's own state nodes`, async () => {
      const chart = await layoutChart(extractChart(alg.machine));
      const html = renderToStaticMarkup(
        <Statechart chart={chart} node="n" leaves={[]} lastEdges={new Set()} onTransition={() => {}} />,
      );
      expect(attrs(html, 'data-state').sort()).toEqual(ownPaths(alg.machine));
      expect(attrs(html, 'data-active')).toEqual([]);
    });

  it('lights the active leaves and their ancestors, read from the trace at the cursor', async () => {
    const story = scenarioById('fencing-token');
    if (!story) throw new Error('fencing-token missing');
    const trace = simulate(story);
    const index = new TraceIndex(trace);
    const move = recordOf(index, trace.events, 'node-1').at(5100);
    expect(move?.after.leaves).toContain('session.role.leading.work.preparing');
    const chart = await layoutChart(extractChart(runtimes.lease.machine));
    const html = renderToStaticMarkup(
      <Statechart
        chart={chart}
        node="node-1"
        leaves={move?.after.leaves ?? []}
        lastEdges={new Set()}
        onTransition={() => {}}
      />,
    );
    const lit = [...html.matchAll(/data-state="([^"]*)" data-active="true"/g)].map((m) => m[1]);
    expect(lit).toContain('session.role.leading.work.preparing');
    expect(lit).toContain('session.role.leading');
    expect(lit).not.toContain('granting');
  });
});
