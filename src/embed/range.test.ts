import { describe, expect, it } from 'vitest';
import { confine, rangeEnd, rangeStart } from './range.ts';

// Five steps at 0, 100, 200, 300, 400; the run lasts 500 ms.
const steps = [0, 100, 200, 300, 400].map((atMs) => ({ atMs }));
const D = 500;
const at = (stepIndex: number, t: number, playing = false) => ({ t, stepIndex, playing });

describe('embed step range', () => {
  const r = { first: 1, last: 2 };

  it('starts on the first step and ends just before the step after the last', () => {
    expect(rangeStart(steps, r)).toEqual({ t: 100, stepIndex: 1 });
    expect(rangeEnd(steps, r, D)).toEqual({ t: 299, stepIndex: 2 });
    expect(rangeStart(steps, { first: null, last: null })).toEqual({ t: 0, stepIndex: 0 });
    expect(rangeEnd(steps, { first: null, last: 4 }, D)).toEqual({ t: D, stepIndex: 4 });
  });

  it('holds on the last moment when playback runs past the end, and says ended', () => {
    expect(confine(at(2, 290, true), at(3, 300, true), r, steps, D, false)).toEqual({
      fix: at(2, 299, false),
      ended: true,
    });
  });

  it('loops to the first step, still playing, when loop is on', () => {
    expect(confine(at(2, 290, true), at(3, 300, true), r, steps, D, true)).toEqual({
      fix: at(1, 100, true),
      ended: true,
    });
  });

  it('a step forward past the end stays on the last step; a step back before the start goes to the first', () => {
    expect(confine(at(2, 200), at(3, 300), r, steps, D, false)).toEqual({ fix: at(2, 200), ended: false });
    expect(confine(at(1, 100), at(0, 0), r, steps, D, false)).toEqual({ fix: at(1, 100), ended: false });
  });

  it('Play at the end of the range starts again from its start', () => {
    expect(confine(at(2, 299), at(2, 299, true), r, steps, D, false)).toEqual({
      fix: at(1, 100, true),
      ended: false,
    });
  });

  it('without a range: the run ending is reported, and loop restarts it', () => {
    const none = { first: null, last: null };
    expect(confine(at(4, 490, true), at(4, D, false), none, steps, D, false)).toEqual({
      fix: null,
      ended: true,
    });
    expect(confine(at(4, 490, true), at(4, D, false), none, steps, D, true)).toEqual({
      fix: at(0, 0, true),
      ended: true,
    });
    expect(confine(at(1, 100), at(2, 200), none, steps, D, false)).toEqual({ fix: null, ended: false });
  });

  it('moves inside the range are left alone', () => {
    expect(confine(at(1, 100, true), at(1, 150, true), r, steps, D, false)).toEqual({
      fix: null,
      ended: false,
    });
  });

  it('a last step that shares its instant with the next is shown: the loop holds on it before starting over', () => {
    // Steps 2 and 3 at the same instant: playback passes from step 1 to step 3 in one frame.
    const shared = [0, 100, 200, 200, 300].map((atMs) => ({ atMs }));
    const range = { first: 1, last: 2 };
    expect(rangeEnd(shared, range, D)).toEqual({ t: 200, stepIndex: 2 });
    expect(confine(at(1, 190, true), at(3, 200, true), range, shared, D, true)).toEqual({
      fix: at(2, 200, false),
      ended: true,
      afterHold: at(1, 100, true),
    });
    expect(confine(at(1, 190, true), at(3, 200, true), range, shared, D, false)).toEqual({
      fix: at(2, 200, false),
      ended: true,
    });
  });
});
