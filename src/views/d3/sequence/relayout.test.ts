import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../../scenarios/index.ts';
import { simulate } from '../../../sim/simulate.ts';
import { TraceIndex } from '../../../sim/trace/frame.ts';
import { messageFamily } from '../glyphs.ts';
import { createSequence } from './index.ts';
import type { SequenceText } from './types.ts';

const text = new Proxy({ label: 'sequence', partitionTag: 'partition' } as unknown as SequenceText, {
  get: (o, k) => (k in o ? o[k as keyof SequenceText] : () => String(k)),
});

/** A diagram of a Bully run with `nodes` nodes, in a happy-dom document of its own. */
function diagram(nodes: number) {
  const index = new TraceIndex(simulate(scenarioById('bully')!, { nodes }));
  const doc = new Window().document as unknown as Document;
  const el = doc.createElement('div');
  doc.body.append(el);
  return { index, el, seq: createSequence(el, { onSeek() {}, text }) };
}

describe('the sequence diagram while the cursor moves', () => {
  // Re-placing every arrow is a long task with thousands of them (a 50-node Bully election): it must
  // happen only when the layout changes, never because the window slid.
  it('writes an arrow once while the window slides, at any cursor time', () => {
    const { index, el, seq } = diagram(12);
    const state = { index, windowMs: 500, width: 900, height: 400 };
    const start = index.messages[Math.floor(index.messages.length / 3)]?.sendAt ?? 0;
    seq.update({ ...state, t: start });
    const lines = () => [...el.querySelectorAll<SVGLineElement>('.seq-line')];
    expect(lines().length).toBeGreaterThan(20);
    // Each placed arrow gets a mark that place() would overwrite if it ran again.
    const first = lines();
    for (const l of first) l.setAttribute('x1', '-1');
    // Slide as the player does at 1x and 10x: cursor times that are not round numbers.
    for (let i = 1; i <= 60; i++) seq.update({ ...state, t: start + i * 16.7 * 0.37 });
    const still = first.filter((l) => l.isConnected);
    expect(still.length).toBeGreaterThan(10);
    expect(still.filter((l) => l.getAttribute('x1') !== '-1')).toEqual([]);
    // A new size is a new layout: then every arrow is placed again.
    seq.update({ ...state, width: 700, t: start + 61 * 16.7 * 0.37 });
    expect(still.filter((l) => l.isConnected && l.getAttribute('x1') === '-1')).toEqual([]);
    seq.destroy();
  });

  // Every arrow in flight in the window has its packet, each in its family's one path: however many
  // fly, the frame writes at most six attributes for them.
  it('draws one packet per arrow in flight, in one path per family', () => {
    const { index, el, seq } = diagram(40);
    const state = { index, windowMs: 2000, width: 900, height: 400 };
    const byId = new Map(index.messages.map((m) => [String(m.id), m]));
    const dots = (fam: string) =>
      ((el.querySelector(`.seq-packets .fam-${fam}`)?.getAttribute('d') ?? '').match(/M/g) ?? []).length;
    const inFlight = (t: number) => index.messages.filter((m) => t >= m.sendAt && t < m.deliverAt).length;
    // The busiest moments (a burst of ELECTION and OK), then a quiet one and the start.
    // Each moment counted once: counting inside the sort's comparator was O(n^2 log n), seconds of CPU.
    const bursts = index.messages
      .map((m) => ({ t: m.sendAt + 0.5, n: inFlight(m.sendAt + 0.5) }))
      .sort((a, b) => b.n - a.n)
      .slice(0, 3)
      .map((b) => b.t);
    let busiest = 0;
    for (const t of [0, ...bursts, 20_000]) {
      seq.update({ ...state, t });
      // The arrows drawn in flight: a lost one shows its packet only until it reaches its X.
      const sure = new Map<string, number>();
      const lost = new Map<string, number>();
      for (const g of el.querySelectorAll('g.seq-msg')) {
        const m = byId.get(g.getAttribute('data-msg') ?? '');
        if (!m || t < m.sendAt || t >= m.deliverAt) continue;
        const into = m.fate === 'dropped' ? lost : sure;
        into.set(messageFamily(m.type), (into.get(messageFamily(m.type)) ?? 0) + 1);
      }
      let drawn = 0;
      for (const fam of ['election', 'heartbeat', 'reply', 'store', 'data', 'reject']) {
        drawn += dots(fam);
        expect(dots(fam), `${fam} at ${t}`).toBeGreaterThanOrEqual(sure.get(fam) ?? 0);
        expect(dots(fam), `${fam} at ${t}`).toBeLessThanOrEqual((sure.get(fam) ?? 0) + (lost.get(fam) ?? 0));
      }
      busiest = Math.max(busiest, drawn);
      expect(el.querySelectorAll('.seq-packets path').length).toBe(6);
      expect(el.querySelectorAll('g.seq-msg circle').length).toBe(0);
    }
    expect(busiest).toBeGreaterThan(100);
    seq.destroy();
  });
});
