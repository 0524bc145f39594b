import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { algorithmIds } from '../algorithms/registry.ts';
import { withAlgorithm } from '../scenario/sandbox.ts';
import { choicesSchema } from '../scenario/schema.ts';
import { simulate } from '../simulate.ts';
import { recordingChooser } from './choices.ts';

/** Every story, and the sandbox with every algorithm, for a short while (the draws are the point). */
const runs = scenarios.flatMap((s) => (s.freePlay ? algorithmIds.map((a) => withAlgorithm(s, a)) : [s]));
const SHORT = 20_000;

describe('choices: a seeded run is one schedule', () => {
  it.each(runs.map((s) => [`${s.id} ${s.algorithm}`, s] as const))(
    '%s: its recorded draws replay the identical trace, whatever the seed',
    (_name, s) => {
      const durationMs = Math.min(SHORT, s.durationMs);
      const rec = recordingChooser();
      const seeded = simulate(s, { durationMs, chooser: rec, states: false });
      // Recording changes nothing: the trace is the plain seeded run's.
      expect(seeded).toEqual(simulate(s, { durationMs, states: false }));
      const choices = choicesSchema.parse(JSON.parse(JSON.stringify({ version: 1, draws: rec.draws })));
      const replay = simulate(s, { durationMs, choices, seed: s.seed + 1, states: false });
      expect(replay.events).toEqual(seeded.events);
    },
  );

  it('the scenario schema carries a schedule, and the run replays it', () => {
    const s = scenarios.find((x) => x.id === 'bully');
    if (!s) throw new Error('no bully');
    const rec = recordingChooser();
    const seeded = simulate(s, { seed: 9, durationMs: SHORT, chooser: rec });
    const withChoices = { ...s, choices: { version: 1 as const, draws: rec.draws } };
    expect(simulate(withChoices, { durationMs: SHORT }).events).toEqual(seeded.events);
  });

  it('draws past the end take their first value: no loss, the least latency', () => {
    const s = scenarios.find((x) => x.id === 'bully');
    if (!s) throw new Error('no bully');
    const t = simulate(s, {
      durationMs: SHORT,
      choices: { version: 1, draws: [] },
      params: { dropRate: 0.5 },
    });
    const lat = Number(t.params.latencyMinMs);
    for (const e of t.events) if (e.k === 'send') expect(e.deliverAt - e.t).toBe(lat);
    expect(t.events.some((e) => e.k === 'drop' && e.reason === 'loss')).toBe(false);
  });

  it('a value outside its draw stops the run with a SimError naming the draw', () => {
    const s = scenarios.find((x) => x.id === 'bully');
    if (!s) throw new Error('no bully');
    expect(() => simulate(s, { durationMs: SHORT, choices: { version: 1, draws: [1e9] } })).toThrow(
      /choices: draw 0 \(.*\) must be/,
    );
  });

  it('the schema refuses another version and unknown keys', () => {
    expect(choicesSchema.safeParse({ version: 2, draws: [] }).success).toBe(false);
    expect(choicesSchema.safeParse({ version: 1, draws: [], x: 1 }).success).toBe(false);
    expect(choicesSchema.safeParse({ version: 1, draws: [Number.NaN] }).success).toBe(false);
  });
});
