import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { treeShare } from '../../sim/explore/explore.ts';
import { simulate } from '../../sim/simulate.ts';
import { EXPLORE_NODES, type FromExplorer, runExploreJob } from './exploreCore.ts';

const story = scenarios.find((s) => s.id === 'split-brain');
if (!story) throw new Error('split-brain is gone');

/** A clock that moves 300 ms at each read: progress is due at every schedule. */
function fakeClock() {
  let t = 0;
  return () => (t += 300);
}

describe('the explorer as the app runs it', () => {
  it('finds split-brain with quorum off, tells its progress, and the schedule replays to the alarm', () => {
    const got: FromExplorer[] = [];
    runExploreJob(
      { scenario: story, params: {}, faults: 1, losses: 0, horizonMs: 6000, timeLimitMs: 1e9 },
      (m) => got.push(m),
      fakeClock(),
    );
    const progress = got.filter((m) => m.type === 'progress');
    const done = got.at(-1);
    expect(progress.length).toBeGreaterThan(10);
    const shares = progress.map((m) => (m.type === 'progress' ? (m.stats.progress ?? -1) : -1));
    // Monotone within the search, and inside [0, 1].
    expect(shares.every((x, i) => x >= 0 && x <= 1 && (i === 0 || x >= (shares[i - 1] as number)))).toBe(
      true,
    );
    if (done?.type !== 'done') throw new Error(`expected done, got ${done?.type}`);
    expect(done.outcome).toBe('violation');
    expect(done.bounds).toMatchObject({ nodes: EXPLORE_NODES, faults: 1, losses: 0, deviations: 0 });
    const c = done.counterexample;
    if (!c) throw new Error('no counterexample');
    // What the panel opens: the draws, the faults as interventions, whole seconds past the alarm.
    const trace = simulate(story, {
      withoutScript: true,
      nodes: EXPLORE_NODES,
      durationMs: Math.ceil((c.atMs + 1) / 1000) * 1000,
      interventions: c.choices.faults ?? [],
      choices: { version: 1, draws: c.choices.draws },
    });
    const alarm = trace.events.find((e) => e.k === 'violation');
    expect(alarm?.k === 'violation' && alarm.violation.kind).toBe(c.violation.kind);
    expect(alarm?.t).toBe(c.atMs);
  });

  it('stops at its time limit and says so; refuses bounds past the app limits', () => {
    const got: FromExplorer[] = [];
    runExploreJob(
      { scenario: story, params: { quorum: true }, faults: 9, losses: 9, horizonMs: 1e9, timeLimitMs: 200 },
      (m) => got.push(m),
      fakeClock(),
    );
    const done = got.at(-1);
    if (done?.type !== 'done') throw new Error(`expected done, got ${done?.type}`);
    expect(done.outcome).toBe('stopped');
    expect(done.bounds).toMatchObject({ faults: 2, losses: 1, horizonMs: 120_000 });
  });

  it('treeShare: where a depth-first walk is in its tree', () => {
    expect(treeShare([])).toBe(0);
    expect(treeShare([{ size: 2, pick: 1 }])).toBe(0.5);
    expect(
      treeShare([
        { size: 4, pick: 1 },
        { size: 2, pick: 1 },
      ]),
    ).toBe(0.25 + 0.125);
  });
});
