import { describe, expect, it } from 'vitest';
import type { TimedFault } from '../../sim/scenario/schema.ts';
import { parseStoryFile } from '../../sim/scenario/storyFile.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import { resolveSteps } from '../../sim/trace/narrate.ts';
import {
  anchorsOf,
  authorReducer,
  type Draft,
  draftFile,
  idFromTitle,
  locate,
  type Snap,
  startAuthoring,
} from './draft.ts';

const crash = (atMs: number, node = 'node-1'): TimedFault => ({ atMs, fault: { kind: 'crash', node } });

const draft: Draft = {
  id: 'minha-historia',
  title: { pt: 'Minha história' },
  algorithm: 'bully',
  nodes: 3,
  seed: 1,
  durationMs: 20_000,
  timeScale: 1,
  params: {},
  faults: [crash(4000)],
  captions: [],
};

const snapped = (atMs: number, ordinal = 1): Snap => ({
  anchor: { k: 'fault', type: 'crash' },
  ordinal,
  atMs,
});

describe('the authoring reducer', () => {
  it('undoes and redoes every action, and a new action clears what was undone', () => {
    let s = startAuthoring(draft);
    s = authorReducer(s, { type: 'addCaption', atMs: 0, text: { pt: 'Começo' } });
    s = authorReducer(s, { type: 'moveFault', index: 0, atMs: 6000 });
    s = authorReducer(s, { type: 'title', lang: 'pt', text: 'Outra' });
    expect(s.past).toHaveLength(3);
    s = authorReducer(s, { type: 'undo' });
    expect(s.draft.title.pt).toBe('Minha história');
    s = authorReducer(s, { type: 'undo' });
    expect(s.draft.faults[0]?.atMs).toBe(4000);
    s = authorReducer(s, { type: 'redo' });
    expect(s.draft.faults[0]?.atMs).toBe(6000);
    s = authorReducer(s, { type: 'removeCaption', id: 'c1' });
    expect(s.future).toEqual([]);
    expect(authorReducer(s, { type: 'redo' })).toBe(s);
    s = authorReducer(s, { type: 'undo' });
    expect(s.draft.captions.map((c) => c.text.pt)).toEqual(['Começo']);
  });

  it('says what an undo or a redo did, and nothing after another action', () => {
    let s = startAuthoring(draft);
    s = authorReducer(s, { type: 'addCaption', atMs: 0, text: { en: 'a' } });
    s = authorReducer(s, { type: 'moveFault', index: 0, atMs: 6000 });
    expect(s.last).toBeNull();
    s = authorReducer(s, { type: 'undo' });
    expect(s.last).toEqual({ undid: true, change: 'moveFault' });
    s = authorReducer(s, { type: 'undo' });
    expect(s.last).toEqual({ undid: true, change: 'addCaption' });
    s = authorReducer(s, { type: 'redo' });
    expect(s.last).toEqual({ undid: false, change: 'addCaption' });
    s = authorReducer(s, { type: 'title', lang: 'en', text: 'x' });
    expect(s.last).toBeNull();
  });

  it('a caption snapped to a fault follows it when the fault moves, and is told as not happening when it goes', () => {
    let s = startAuthoring(draft);
    s = authorReducer(s, { type: 'addCaption', atMs: 4000, text: { pt: 'node-1 cai' }, snap: snapped(4000) });
    s = authorReducer(s, { type: 'addCaption', atMs: 6000, text: { pt: 'depois' } });
    s = authorReducer(s, { type: 'moveFault', index: 0, atMs: 7000 });
    const moved = [
      { k: 'fault', t: 7000, fault: { kind: 'crash', node: 'node-1' }, source: 'intervention' },
    ] as TraceEvent[];
    // In the run with the fault moved, the snapped caption is at the fault's new time, after the other one.
    const placed = anchorsOf(s.draft.captions, moved);
    expect(placed.map((p) => [p.caption.text.pt, p.atMs, p.missing])).toEqual([
      ['depois', 6000, false],
      ['node-1 cai', 7000, false],
    ]);
    expect(placed[1]?.anchor).toEqual({ k: 'fault', type: 'crash' });
    // Its fault removed, the event is not in the run: its anchor cannot be met there (told as not happening).
    s = authorReducer(s, { type: 'removeFault', index: 0 });
    const gone = anchorsOf(s.draft.captions, []);
    expect(gone.find((p) => p.caption.text.pt === 'node-1 cai')).toMatchObject({ missing: true, atMs: 4000 });
    // Undone, the fault is back and the caption on it again.
    s = authorReducer(s, { type: 'undo' });
    expect(anchorsOf(s.draft.captions, moved).map((p) => p.missing)).toEqual([false, false]);
  });

  it('a caption moved by hand leaves its event for its new time', () => {
    let s = startAuthoring(draft);
    s = authorReducer(s, { type: 'addCaption', atMs: 4000, text: { en: 'x' }, snap: snapped(4000) });
    s = authorReducer(s, { type: 'editCaption', id: 'c1', atMs: 5000 });
    expect(s.draft.captions[0]).toMatchObject({ atMs: 5000, snap: null });
  });

  it('writes a story file the schema takes: time anchors, event anchors counted from the previous step', () => {
    let s = startAuthoring({ ...draft, faults: [crash(4000), crash(8000, 'node-2')] });
    s = authorReducer(s, { type: 'addCaption', atMs: 1000, text: { pt: 'Começo', en: 'Start' } });
    s = authorReducer(s, {
      type: 'addCaption',
      atMs: 8000,
      text: { pt: 'A segunda queda' },
      snap: snapped(8000, 2),
    });
    const events = [
      { k: 'fault', t: 4000, fault: { kind: 'crash', node: 'node-1' }, source: 'scenario' },
      { k: 'fault', t: 8000, fault: { kind: 'crash', node: 'node-2' }, source: 'scenario' },
    ] as TraceEvent[];
    const file = draftFile(s.draft, events, 'pt');
    expect(file.steps.map((x) => x.anchor)).toEqual([
      { k: 'start', offsetMs: 1000 },
      { k: 'fault', type: 'crash', nth: 2 },
    ]);
    const { scenario } = parseStoryFile(file, 'draft');
    expect(scenario.texts?.pt?.['step.step-2']).toBe('A segunda queda');
    // English falls back to the language the author wrote in.
    expect(scenario.texts?.en?.['step.step-2']).toBe('A segunda queda');
  });

  it('snaps to a role change, an alarm, a write and a lease as built-in stories anchor steps', () => {
    const events = [
      { k: 'role', t: 1000, node: 'node-1', role: 'leader', token: 1 },
      { k: 'store', t: 1000, change: { kind: 'lease-grant', lease: 7, ttlSec: 10, deadlineMs: 11000 } },
      {
        k: 'write',
        t: 2000,
        node: 'node-1',
        resource: 'storage',
        token: 1,
        status: 'accepted',
        code: 200,
        seen: null,
      },
      { k: 'role', t: 3000, node: 'node-2', role: 'leader', token: 2 },
      { k: 'role', t: 5000, node: 'node-1', role: 'leader', token: 3 },
      {
        k: 'write',
        t: 5000,
        node: 'node-2',
        resource: 'storage',
        token: 2,
        status: 'rejected',
        code: 409,
        seen: 3,
      },
      { k: 'store', t: 11000, change: { kind: 'lease-expire', lease: 7, revision: 4 } },
      {
        k: 'violation',
        t: 12000,
        violation: { kind: 'split-brain', nodes: ['node-1', 'node-2'], detail: 'both' },
      },
    ] as TraceEvent[];
    const snaps: Snap[] = [
      { anchor: { k: 'role', node: 'node-1', role: 'leader' }, ordinal: 2, atMs: 5000 },
      { anchor: { k: 'write', node: 'node-2', status: 'rejected' }, ordinal: 1, atMs: 5000 },
      { anchor: { k: 'store', type: 'lease-expire' }, ordinal: 1, atMs: 11000 },
      { anchor: { k: 'violation', type: 'split-brain' }, ordinal: 1, atMs: 12000 },
      { anchor: { k: 'role', node: 'node-2', role: 'leader' }, ordinal: 1, atMs: 3000 },
    ];
    let s = startAuthoring({ ...draft, faults: [] });
    for (const [i, snap] of snaps.entries())
      s = authorReducer(s, { type: 'addCaption', atMs: snap.atMs, text: { en: `c${i}` }, snap });
    const file = draftFile(s.draft, events, 'en');
    expect(file.steps.map((x) => x.anchor)).toEqual([
      { k: 'role', node: 'node-2', role: 'leader' },
      { k: 'role', node: 'node-1', role: 'leader' },
      { k: 'write', node: 'node-2', status: 'rejected' },
      { k: 'store', type: 'lease-expire' },
      { k: 'violation', type: 'split-brain' },
    ]);
    // The narration finds each step at its event, as it finds a built-in story's.
    const { scenario } = parseStoryFile(file, 'draft');
    const told = resolveSteps(scenario, events, 20_000);
    expect(told.map((x) => [x.atMs, x.eventIndex])).toEqual([
      [3000, 3],
      [5000, 4],
      [5000, 5],
      [11000, 6],
      [12000, 7],
    ]);
    for (const snap of snaps) expect(locate(snap, events)?.t).toBe(snap.atMs);
  });

  it('makes a file id from a title', () => {
    expect(idFromTitle('Minha história: três falhas')).toBe('minha-historia-tres-falhas');
    expect(idFromTitle('Моя история')).toBe('my-story');
  });
});
