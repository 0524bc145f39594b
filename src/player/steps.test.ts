import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../scenarios/index.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import { simulate } from '../sim/simulate.ts';
import {
  eventLimit,
  goToStep,
  momentStart,
  navSteps,
  shownStep,
  startOf,
  stepAt,
  stepBack,
  stepForward,
  stepsOf,
} from './steps.ts';

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

describe('navSteps: captions derived after the last scripted step are steps of their own', () => {
  const story = (id: string) => {
    const s = scenarioById(id);
    if (!s) throw new Error(id);
    return s;
  };

  it('fencing-token with fencing off: Step forward from the last scripted step reaches "stale write accepted"', () => {
    const sc = story('fencing-token');
    const trace = simulate(sc, { params: { fencing: false } });
    const nav = stepsOf({ trace, scenario: sc });
    // The story's steps keep their numbers: the same ids, in the same places.
    expect(nav.slice(0, trace.steps.length).map((s) => s.id)).toEqual(trace.steps.map((s) => s.id));
    expect(nav.length).toBeGreaterThan(trace.steps.length);
    const last = trace.steps.length - 1;
    const from = goToStep(nav, last);
    const next = stepForward(nav, from, trace.durationMs);
    expect(next.stepIndex).toBe(last + 1);
    const step = nav[next.stepIndex];
    expect(step?.id).toBe('stale-write');
    expect(step?.derived?.key).toBe('narr.staleAccepted');
    expect(step?.derived?.alarm).toBe(true);
    expect(next.t).toBe(step?.atMs);
    // And back returns to the last scripted step.
    expect(stepBack(nav, next)).toEqual(from);
    // goToStep and a `step=` number past the story's count land on it too.
    expect(goToStep(nav, last + 1)).toEqual(next);
    expect(stepAt(nav, next.t)).toBeGreaterThanOrEqual(last + 1);
  });

  it('a run that tells its story as written adds no step; free play (the sandbox) adds none either', () => {
    for (const id of ['bully', 'fencing-token', 'split-brain']) {
      const sc = story(id);
      const trace = simulate(sc);
      expect(
        navSteps(trace, sc).map((s) => s.id),
        id,
      ).toEqual(trace.steps.map((s) => s.id));
    }
    const sandbox = story('sandbox');
    const trace = simulate(sandbox, {
      durationMs: 20_000,
      interventions: [{ atMs: 5000, fault: { kind: 'crash', node: 'node-1' } }],
    });
    expect(navSteps(trace, sandbox)).toHaveLength(trace.steps.length);
  });

  it('etcd-lease with TTL 5 s / renew 1.5 s: the takeover after the last scripted step is a step', () => {
    const sc = story('etcd-lease');
    const trace = simulate(sc, { params: { ttlS: 5, renewS: 1.5 } });
    const nav = navSteps(trace, sc);
    const extra = nav.slice(trace.steps.length);
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.every((s) => s.derived !== undefined)).toBe(true);
    expect(extra.some((s) => /^(failover|leader)/.test(s.id))).toBe(true);
    // In time order, after the last scripted step.
    const lastAt = trace.steps[trace.steps.length - 1]?.atMs ?? 0;
    for (const s of extra) expect(s.atMs).toBeGreaterThanOrEqual(lastAt);
  });
});

describe('navSteps: the story’s steps keep their numbers when a knob removes one', () => {
  it('split-brain with quorum on: "cannot get a majority" takes the minority-leader’s number, heal stays step 8', () => {
    const sc = scenarioById('split-brain') as Scenario;
    const asWritten = navSteps(simulate(sc), sc).map((s) => s.id);
    const trace = simulate(sc, { params: { quorum: true } });
    const nav = navSteps(trace, sc);
    const ids = nav.map((s) => s.id);
    // The same numbers for the same story steps as in the run as written.
    for (const id of ['partition', 'minority-candidate', 'heal'])
      expect(ids.indexOf(id), id).toBe(asWritten.indexOf(id));
    expect(nav[5]?.derived?.key).toBe('narr.noQuorum');
    // Nothing derived where the old leader stepped down: a "not in this run" step keeps the number.
    expect(nav[asWritten.indexOf('old-leader-deposed')]).toMatchObject({
      id: 'old-leader-deposed',
      skipped: true,
    });
    // Sorted by time, as stepAt needs.
    expect(nav.map((s) => s.atMs)).toEqual([...nav.map((s) => s.atMs)].sort((a, b) => a - b));
    // The closing line of the other outcome takes no number: why-quorum is where both-sides-led was.
    expect(ids.indexOf('why-quorum')).toBe(asWritten.indexOf('both-sides-led'));
  });
});

describe('shownStep: the step on screen', () => {
  const nav = [{ atMs: 0 }, { atMs: 1000 }, { atMs: 5000 }, { atMs: 5000 }];
  it('is the cursor’s own step, whatever the store counts', () => {
    expect(shownStep(nav, 2, { t: 1000, stepIndex: 1 })).toBe(1);
    expect(shownStep(nav, 2, { t: 5000, stepIndex: 3 })).toBe(3);
    // Stepping back from a derived step at the same moment lands on it, not past it.
    expect(shownStep(nav, 2, { t: 1000, stepIndex: 1 })).toBe(1);
  });
  it('past the story’s last step, a store counting only the story shows the derived step reached', () => {
    expect(shownStep(nav, 2, { t: 4999, stepIndex: 1 })).toBe(1);
    expect(shownStep(nav, 2, { t: 6000, stepIndex: 1 })).toBe(3);
  });
});
