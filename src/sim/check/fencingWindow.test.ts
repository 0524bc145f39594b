import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { navSteps } from '../../player/steps.ts';
import { createMetricsIndex } from '../metrics/metrics.ts';
import { simulate } from '../simulate.ts';
import { deriveSteps } from '../trace/derive.ts';
import { FENCING_WINDOW_MARK } from './fencingWindow.ts';

const kubernetes = scenarioById('kubernetes-lease');
if (!kubernetes) throw new Error('no kubernetes-lease story');
/** `?scenario=kubernetes-lease&fault=2154,pause,node-1,17000&whatif=1`: node-1 freezes just as it renews. */
const paused = () =>
  simulate(kubernetes, {
    interventions: [{ atMs: 2154, fault: { kind: 'pause', node: 'node-1', durationMs: 17_000 } }],
  });
const windows = (trace: ReturnType<typeof simulate>) =>
  trace.events.filter((e) => e.k === 'mark' && e.name === FENCING_WINDOW_MARK);

describe('fencing’s window is marked and told, as a notice', () => {
  it('kubernetes-lease with a 17 s pause: node-1’s token-0 write, accepted before node-3’s first token-1 write', () => {
    const trace = paused();
    const marks = windows(trace);
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({
      node: 'storage',
      data: { node: 'node-1', token: 0, newer: 1, newerNode: 'node-3', seen: null },
    });
    // The write it marks, and node-3's first write after it.
    const at = trace.events.indexOf(marks[0] as (typeof trace.events)[number]);
    expect(trace.events[at - 1]).toMatchObject({ k: 'write', node: 'node-1', token: 0, status: 'accepted' });
    const newer = trace.events.find((e) => e.k === 'write' && e.node === 'node-3');
    expect(newer?.t).toBeGreaterThan(marks[0]?.t ?? Number.POSITIVE_INFINITY);
    // The metrics count it as stale but accepted; no checker calls it a violation.
    expect(createMetricsIndex(trace).at(trace.durationMs).writes.staleAccepted).toBe(1);
    expect(trace.events.filter((e) => e.k === 'violation')).toEqual([]);
    // A derived caption tells it at that moment, a note of the step before it.
    const told = navSteps(trace, kubernetes);
    const derived = deriveSteps(trace, kubernetes).find((d) => d.id === 'fencing-window');
    expect(derived).toMatchObject({ key: 'narr.fencingWindow', atMs: marks[0]?.t, alarm: false });
    expect(derived?.vars).toMatchObject({
      node: 'node-1',
      token: 0,
      newer: 1,
      newerNode: 'node-3',
      resource: 'storage',
    });
    expect(told.some((s) => s.id === 'fencing-window')).toBe(false); // a note, not a numbered step
  });

  it('is told even where the story tells the run as written', () => {
    // No scripted step of any story tells a window: a run whose steps all happen still gets its note.
    const trace = paused();
    const story = { ...kubernetes, steps: kubernetes.steps.slice(0, 1) };
    expect(deriveSteps(trace, story).map((d) => d.id)).toEqual(['fencing-window']);
  });

  it('is not the stale write over a token the storage has seen, nor a story run', () => {
    const lnf = scenarioById('lease-no-fencing');
    if (!lnf) throw new Error('no lease-no-fencing story');
    // 42 after 43: the storage had seen 43, so that is the stale-write violation, not the window.
    expect(windows(simulate(lnf))).toEqual([]);
    expect(windows(simulate(kubernetes))).toEqual([]);
  });
});
