import { describe, expect, it } from 'vitest';
import { eventLimit, goToStep, momentStart, startOf, stepAt, stepBack, stepForward } from './steps.ts';

const steps = [{ atMs: 0 }, { atMs: 1000 }, { atMs: 1000 }, { atMs: 4000 }];
const end = 9000;

describe('step navigation', () => {
  it('finds the step showing at t', () => {
    expect(stepAt(steps, 0)).toBe(0);
    expect(stepAt(steps, 999)).toBe(0);
    expect(stepAt(steps, 1000)).toBe(2);
    expect(stepAt([{ atMs: 500 }], 100)).toBe(-1);
  });

  it('forward lands exactly on the next step, visiting steps that share a moment one by one', () => {
    let c = { t: 0, stepIndex: 0 };
    c = stepForward(steps, c, end);
    expect(c).toEqual({ t: 1000, stepIndex: 1 });
    c = stepForward(steps, c, end);
    expect(c).toEqual({ t: 1000, stepIndex: 2 });
    c = stepForward(steps, c, end);
    expect(c).toEqual({ t: 4000, stepIndex: 3 });
    c = stepForward(steps, c, end);
    expect(c).toEqual({ t: end, stepIndex: 3 });
    expect(stepForward(steps, c, end)).toEqual(c);
  });

  it('back after forward returns to the same cursor', () => {
    const cursors = [{ t: 0, stepIndex: 0 }];
    for (let i = 0; i < 4; i++) cursors.push(stepForward(steps, cursors[cursors.length - 1]!, end));
    for (let i = cursors.length - 1; i > 0; i--) expect(stepBack(steps, cursors[i]!)).toEqual(cursors[i - 1]);
  });

  it('back from the middle of a step goes to its start; at the first step it stays', () => {
    expect(stepBack(steps, { t: 2500, stepIndex: 2 })).toEqual({ t: 1000, stepIndex: 2 });
    expect(stepBack(steps, { t: 0, stepIndex: 0 })).toEqual({ t: 0, stepIndex: 0 });
    expect(stepBack([{ atMs: 500 }], { t: 200, stepIndex: -1 })).toEqual({ t: 0, stepIndex: -1 });
  });

  it('goToStep clamps', () => {
    expect(goToStep(steps, 9)).toEqual({ t: 4000, stepIndex: 3 });
    expect(goToStep(steps, -2)).toEqual({ t: 0, stepIndex: 0 });
    expect(goToStep([], 0)).toEqual({ t: 0, stepIndex: -1 });
  });
});

describe('start and shared moments', () => {
  it('starts on the first step when it is at 0, even if others share that moment', () => {
    expect(startOf([{ atMs: 0 }, { atMs: 0 }, { atMs: 5 }])).toEqual({ t: 0, stepIndex: 0 });
    expect(startOf([{ atMs: 40 }])).toEqual({ t: 0, stepIndex: -1 });
    expect(startOf([])).toEqual({ t: 0, stepIndex: -1 });
  });

  it('finds where a shared moment begins', () => {
    expect(momentStart(steps, 2)).toBe(1);
    expect(momentStart(steps, 1)).toBe(1);
    expect(momentStart(steps, 3)).toBe(3);
    expect(momentStart(steps, 0)).toBe(0);
  });
});

describe('eventLimit', () => {
  const events = [{ t: 0 }, { t: 100 }, { t: 100 }, { t: 100 }, { t: 200 }];
  const steps = [
    { atMs: 100, eventIndex: 1 },
    { atMs: 100, eventIndex: 3 },
    { atMs: 250, eventIndex: 4 },
  ];
  it('on a step that shares its moment with the next, stops before the next step’s event', () => {
    expect(eventLimit(steps, events, { t: 100, stepIndex: 0 })).toBe(3);
  });
  it('shows everything on the last step of a moment, between steps, or on an offset step', () => {
    expect(eventLimit(steps, events, { t: 100, stepIndex: 1 })).toBe(Number.POSITIVE_INFINITY);
    expect(eventLimit(steps, events, { t: 150, stepIndex: 1 })).toBe(Number.POSITIVE_INFINITY);
    expect(eventLimit(steps, events, { t: 250, stepIndex: 2 })).toBe(Number.POSITIVE_INFINITY);
  });
});
