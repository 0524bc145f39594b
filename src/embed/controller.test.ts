import { describe, expect, it, vi } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { END_HOLD_MS } from '../app/export/exportAnimation.ts';
import { createPlayerStore } from '../player/store.ts';
import { attachEmbed, checkRange, enterRange } from './controller.ts';

describe('embed controller', () => {
  it('drops a start or end beyond the run with a problem naming it (1-based)', () => {
    expect(checkRange({ start: 1, end: 12 }, 10)).toEqual({
      range: { first: 1, last: null },
      problems: [{ param: 'end', value: '13' }],
    });
    expect(checkRange({ start: null, end: null }, 10)).toEqual({
      range: { first: null, last: null },
      problems: [],
    });
  });

  it('opens inside the range: before the start moves to it, past the end moves back to the end', () => {
    const store = createPlayerStore({ scenarios, scenarioId: 'fencing-token' });
    enterRange(store, { first: 3, last: 5 });
    expect(store.getState().stepIndex).toBe(3);
    store.getState().goToStep(8);
    enterRange(store, { first: 3, last: 5 });
    expect(store.getState().stepIndex).toBe(5);
  });

  it('autoplay plays; dispose stops keeping the range', () => {
    const store = createPlayerStore({ scenarios, scenarioId: 'fencing-token' });
    const c = attachEmbed(store, { range: { first: 2, last: 3 }, loop: false, autoplay: true });
    expect(store.getState().playing).toBe(true);
    store.getState().goToStep(0);
    expect(store.getState().stepIndex).toBe(2);
    c.dispose();
    store.getState().goToStep(0);
    expect(store.getState().stepIndex).toBe(0);
  });

  it('a scenario chosen by the host lifts the link range', () => {
    const store = createPlayerStore({ scenarios, scenarioId: 'fencing-token' });
    const c = attachEmbed(store, { range: { first: 2, last: 3 }, loop: false, autoplay: false });
    c.clearRange();
    store.getState().selectScenario('bully');
    store.getState().goToStep(7);
    expect(store.getState().stepIndex).toBe(7);
    expect(c.range()).toEqual({ first: null, last: null });
  });

  it('fencing-token start=5 end=8 with loop: step 8 (same instant as step 9) is shown, then the loop starts over', () => {
    vi.useFakeTimers();
    try {
      const store = createPlayerStore({ scenarios, scenarioId: 'fencing-token' });
      const steps = store.getState().run?.trace.steps ?? [];
      expect(steps[7]?.atMs).toBe(steps[8]?.atMs);
      const c = attachEmbed(store, { range: { first: 4, last: 7 }, loop: true, autoplay: true });
      const seen: number[] = [];
      let ended = 0;
      c.onEnded(() => ended++);
      for (let i = 0; i < 20_000 && ended === 0; i++) {
        store.getState().tick(50);
        const k = store.getState().stepIndex;
        if (seen.at(-1) !== k) seen.push(k);
      }
      expect(seen.at(-1)).toBe(7);
      expect(store.getState()).toMatchObject({ stepIndex: 7, playing: false });
      vi.advanceTimersByTime(END_HOLD_MS);
      expect(store.getState()).toMatchObject({ stepIndex: 4, playing: true });
      c.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('autoplay waits until the player is first seen; hidden pauses it, seen again resumes it', () => {
    const store = createPlayerStore({ scenarios, scenarioId: 'bully' });
    const c = attachEmbed(store, {
      range: { first: null, last: null },
      loop: false,
      autoplay: true,
      visible: false,
    });
    expect(store.getState().playing).toBe(false);
    c.setVisible(true);
    expect(store.getState().playing).toBe(true);
    c.setVisible(false);
    expect(store.getState().playing).toBe(false);
    c.setVisible(true);
    expect(store.getState().playing).toBe(true);
    // Paused by the reader, it stays paused when it comes back into view.
    store.getState().pause();
    c.setVisible(false);
    c.setVisible(true);
    expect(store.getState().playing).toBe(false);
    c.dispose();
  });
});
