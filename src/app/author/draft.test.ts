import { describe, expect, it } from 'vitest';
import type { TimedFault } from '../../sim/scenario/schema.ts';
import { parseStoryFile } from '../../sim/scenario/storyFile.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import { anchorsOf, authorReducer, type Draft, draftFile, idFromTitle, startAuthoring } from './draft.ts';

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

const snapped = (atMs: number) => ({ anchor: { k: 'fault' as const, type: 'crash' }, atMs });

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

  it('keeps a caption at its time when the fault it snapped to moves, and flags it; undo clears the flag', () => {
    let s = startAuthoring(draft);
    s = authorReducer(s, { type: 'addCaption', atMs: 4000, text: { pt: 'node-1 cai' }, snap: snapped(4000) });
    s = authorReducer(s, { type: 'addCaption', atMs: 9000, text: { pt: 'depois' } });
    s = authorReducer(s, { type: 'moveFault', index: 0, atMs: 7000 });
    const [first, second] = s.draft.captions;
    expect(first).toMatchObject({ atMs: 4000, flagged: true });
    expect(second).toMatchObject({ atMs: 9000, flagged: false });
    // Flagged, it is written at its time, not at its (moved) event.
    expect(anchorsOf(s.draft.captions, [])[0]).toEqual({ k: 'start', offsetMs: 4000 });
    s = authorReducer(s, { type: 'undo' });
    expect(s.draft.captions[0]?.flagged).toBe(false);
    // Snapped again at the fault's new moment, the caption goes there and the flag clears.
    s = authorReducer(s, { type: 'redo' });
    s = authorReducer(s, { type: 'snap', id: 'c1', snap: snapped(7000) });
    expect(s.draft.captions[0]).toMatchObject({ atMs: 7000, flagged: false });
  });

  it('flags a snapped caption when the What-if menu takes its fault away, or it is removed', () => {
    let s = startAuthoring({ ...draft, faults: [crash(4000), crash(8000, 'node-2')] });
    s = authorReducer(s, { type: 'addCaption', atMs: 8000, text: { en: 'x' }, snap: snapped(8000) });
    s = authorReducer(s, { type: 'faults', faults: [crash(4000)] });
    expect(s.draft.captions[0]?.flagged).toBe(true);
    s = authorReducer(s, { type: 'undo' });
    s = authorReducer(s, { type: 'removeFault', index: 0 });
    // The crash at 4 s went: the caption at 8 s snapped to another one stays as it was.
    expect(s.draft.captions[0]?.flagged).toBe(false);
  });

  it('writes a story file the schema takes: time anchors, event anchors counted from the previous step', () => {
    let s = startAuthoring({ ...draft, faults: [crash(4000), crash(8000, 'node-2')] });
    s = authorReducer(s, { type: 'addCaption', atMs: 1000, text: { pt: 'Começo', en: 'Start' } });
    s = authorReducer(s, {
      type: 'addCaption',
      atMs: 8000,
      text: { pt: 'A segunda queda' },
      snap: snapped(8000),
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

  it('makes a file id from a title', () => {
    expect(idFromTitle('Minha história: três falhas')).toBe('minha-historia-tres-falhas');
    expect(idFromTitle('Моя история')).toBe('my-story');
  });
});
