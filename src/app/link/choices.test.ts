import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { createPlayerStore } from '../../player/store.ts';
import { canonicalFaults } from '../../sim/inputs.ts';
import { type Choices, recordingChooser } from '../../sim/kernel/choices.ts';
import type { TimedFault } from '../../sim/scenario/schema.ts';
import { simulate } from '../../sim/simulate.ts';
import { choicesFromText, choicesToText } from './choices.ts';
import { decodeView } from './decode.ts';
import { encodeView, type LinkView, plainView } from './view.ts';

const ctx = { scenarios, locales: ['en', 'pt', 'ru'] };
const story = scenarios.find((s) => s.id === 'heartbeat-no-confirm');
if (!story) throw new Error('heartbeat-no-confirm is gone');
const pause: TimedFault = { atMs: 4000, fault: { kind: 'pause', node: 'node-1', durationMs: 16_500 } };

/** A schedule as the explorer writes one: a no-script run's draws, and a fault it chose. */
function schedule(): Choices {
  const rec = recordingChooser();
  simulate(story as never, {
    withoutScript: true,
    nodes: 3,
    durationMs: 8000,
    interventions: [pause],
    chooser: rec,
  });
  return { version: 1, draws: [...rec.draws], faults: [pause] };
}

describe('choices in a link', () => {
  it('round-trips a schedule: draws in `choices`, its faults as `fault=`', () => {
    const c = schedule();
    expect(c.draws.length).toBeGreaterThan(20);
    const v: LinkView = {
      ...plainView('heartbeat-no-confirm'),
      nodes: 3,
      durationMs: 8000,
      faults: c.faults ?? [],
      choices: { version: 1, draws: c.draws },
    };
    const url = encodeView(v);
    expect(url).toContain(`&fault=4000,pause,node-1,16500&choices=1:${c.draws.slice(0, 3).join(',')},`);
    const d = decodeView(url, ctx);
    expect(d.problems).toEqual([]);
    expect(d.view).toEqual({ ...v, faults: canonicalFaults(v.faults) });
  });

  it('keeps every float exactly (a unit draw) and an empty schedule', () => {
    const draws = [0.123456789012345, 1e-7, 0.99, 26, 0];
    expect(choicesFromText(choicesToText({ draws }))).toEqual({ version: 1, draws });
    expect(choicesFromText('1:')).toEqual({ version: 1, draws: [] });
  });

  it('the player replays the linked schedule without the story script: the explorer run, event for event', () => {
    const c = schedule();
    const d = decodeView(
      encodeView({
        ...plainView('heartbeat-no-confirm'),
        nodes: 3,
        durationMs: 8000,
        faults: c.faults ?? [],
        choices: { version: 1, draws: c.draws },
      }),
      ctx,
    );
    const store = createPlayerStore({ scenarios, scenarioId: 'heartbeat-no-confirm' });
    store.getState().setInputs({
      nodes: d.view.nodes ?? undefined,
      durationMs: d.view.durationMs ?? undefined,
      interventions: d.view.faults,
      choices: d.view.choices,
    });
    const want = simulate(story as never, { withoutScript: true, nodes: 3, durationMs: 8000, choices: c });
    const run = store.getState().run;
    expect(store.getState().error).toBeNull();
    expect(run?.trace.events).toEqual(want.events);
    // The run's scenario has no script either, so Compare and Branch here count only the schedule's faults.
    expect(story.faults.length).toBeGreaterThan(0);
    expect(run?.scenario.faults).toEqual([]);
    // Not the story's own run: its script would have faults the schedule does not.
    const scripted = simulate(story as never, { nodes: 3, durationMs: 8000 });
    expect(run?.trace.events).not.toEqual(scripted.events);
  });

  it('names what is wrong and where, and loads the rest of the link', () => {
    const cases: Array<[string, string]> = [
      ['2:1,2', 'version "2" is not read: this lab reads choices version 1'],
      ['1:26,0,x,0', 'draw 2 is "x", not a number'],
      ['1:26,,0', 'draw 1 is "", not a number'],
      ['26,0,57', 'expected <version>:<draws separated by commas>, as 1:26,0,57'],
      [`1:${'1,'.repeat(40_000)}1`, 'longer than 60000 characters'],
    ];
    for (const [raw, reason] of cases) {
      const d = decodeView(`?scenario=heartbeat-no-confirm&seed=5&choices=${raw}`, ctx);
      expect(d.problems.map((p) => [p.param, p.reason])).toEqual([['choices', reason]]);
      expect(d.view.choices).toBeUndefined();
      expect(d.view.seed).toBe(5);
    }
  });
});
