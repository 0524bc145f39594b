import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
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
});
