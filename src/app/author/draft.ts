/**
 * "New story": the story being written, as a reducer with undo and redo (every action is one step of
 * the history), and the story file it makes. Framework-free: AuthorPanel.tsx draws it.
 *
 * A caption is anchored to its time (`{k: 'start', offsetMs}` in the file: narrate.ts resolveSteps).
 * Snapped to an event at that time (a fault, a role change, an alarm, a write, a lease), the file
 * anchors it to that event as the built-in stories anchor their steps, so it follows the event: a
 * fault moved, or a knob, moves the caption with it. When the event no longer happens in the run,
 * the step is told as one that does not happen (player/steps.ts navSteps), as on any changed run.
 */
import type { Params } from '../../sim/params.ts';
import type { Anchor, TimedFault } from '../../sim/scenario/schema.ts';
import type { Localized, StoryFile, StoryLang } from '../../sim/scenario/storyFile.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import { matches } from '../../sim/trace/narrate.ts';

export type Texts = Partial<Record<StoryLang, string>>;

/**
 * The event a caption is snapped to: what an anchor matches, which of the run's matches it is
 * (1-based, from the start: the same event when a fault before it moves), and its time when snapped.
 */
export interface Snap {
  anchor: Pick<Anchor, 'k' | 'node' | 'role' | 'type' | 'status'>;
  ordinal: number;
  atMs: number;
}

export interface Caption {
  id: string;
  atMs: number;
  text: Texts;
  snap: Snap | null;
}

export interface Draft {
  id: string;
  title: Texts;
  algorithm: string;
  nodes: number;
  seed: number;
  durationMs: number;
  timeScale: number;
  params: Partial<Params>;
  faults: TimedFault[];
  captions: Caption[];
}

/** What an action did, for the history's announcement ("Undone: caption added"). */
export type Change = Exclude<AuthorAction['type'], 'undo' | 'redo'>;

/** A draft in the history, with the change that leads from it (past) or to it (future). */
export interface Entry {
  draft: Draft;
  change: Change;
}

export interface AuthorState {
  draft: Draft;
  past: Entry[];
  future: Entry[];
  /** What the last undo or redo did, for screen readers; null after any other action. */
  last: { undid: boolean; change: Change } | null;
  /** The next caption's id number (never reused, so an undone caption's id is not taken again). */
  next: number;
}

export type AuthorAction =
  | { type: 'title'; lang: StoryLang; text: string }
  | { type: 'setup'; algorithm?: string; nodes?: number; params?: Partial<Params>; durationMs?: number }
  | { type: 'faults'; faults: TimedFault[] }
  | { type: 'moveFault'; index: number; atMs: number }
  | { type: 'removeFault'; index: number }
  | { type: 'addCaption'; atMs: number; text: Texts; snap?: Snap | null }
  | { type: 'editCaption'; id: string; text?: Texts; atMs?: number }
  | { type: 'snap'; id: string; snap: Snap | null }
  | { type: 'removeCaption'; id: string }
  | { type: 'undo' }
  | { type: 'redo' };

/** At most this many drafts are kept to undo: a session of authoring, not a whole day. */
export const HISTORY = 200;

export function startAuthoring(draft: Draft): AuthorState {
  return { draft, past: [], future: [], last: null, next: draft.captions.length + 1 };
}

const byTime = (a: { atMs: number }, b: { atMs: number }) => a.atMs - b.atMs;

/** The draft after one action (undo and redo aside). */
function apply(d: Draft, a: AuthorAction, id: string): Draft {
  switch (a.type) {
    case 'title':
      return { ...d, title: { ...d.title, [a.lang]: a.text } };
    case 'setup':
      return {
        ...d,
        ...(a.algorithm !== undefined && a.algorithm !== d.algorithm
          ? { algorithm: a.algorithm, params: {} }
          : {}),
        ...(a.nodes !== undefined ? { nodes: a.nodes } : {}),
        ...(a.params !== undefined ? { params: a.params } : {}),
        ...(a.durationMs !== undefined ? { durationMs: a.durationMs } : {}),
      };
    // A caption snapped to a fault's event follows it (anchorsOf): moving the fault moves no caption here.
    case 'faults':
      return { ...d, faults: [...a.faults].sort(byTime) };
    case 'moveFault': {
      const f = d.faults[a.index];
      if (!f || f.atMs === a.atMs) return d;
      const faults = d.faults.map((x, i) => (i === a.index ? { ...x, atMs: Math.max(0, a.atMs) } : x));
      return { ...d, faults: faults.sort(byTime) };
    }
    case 'removeFault':
      if (!d.faults[a.index]) return d;
      return { ...d, faults: d.faults.filter((_, i) => i !== a.index) };
    case 'addCaption':
      return {
        ...d,
        captions: [
          ...d.captions,
          { id, atMs: a.snap ? a.snap.atMs : a.atMs, text: a.text, snap: a.snap ?? null },
        ].sort(byTime),
      };
    case 'editCaption':
      return {
        ...d,
        captions: d.captions
          .map((c) =>
            c.id !== a.id
              ? c
              : {
                  ...c,
                  ...(a.text ? { text: { ...c.text, ...a.text } } : {}),
                  // A caption moved by hand leaves its event: it is anchored to its new time.
                  ...(a.atMs !== undefined && (a.atMs !== c.atMs || c.snap)
                    ? { atMs: a.atMs, snap: null }
                    : {}),
                },
          )
          .sort(byTime),
      };
    case 'snap':
      return {
        ...d,
        captions: d.captions.map((c) =>
          c.id === a.id ? { ...c, snap: a.snap, ...(a.snap ? { atMs: a.snap.atMs } : {}) } : c,
        ),
      };
    case 'removeCaption':
      return { ...d, captions: d.captions.filter((c) => c.id !== a.id) };
    default:
      return d;
  }
}

export function authorReducer(s: AuthorState, a: AuthorAction): AuthorState {
  if (a.type === 'undo') {
    const prev = s.past[s.past.length - 1];
    if (!prev) return s;
    return {
      ...s,
      draft: prev.draft,
      past: s.past.slice(0, -1),
      future: [{ draft: s.draft, change: prev.change }, ...s.future],
      last: { undid: true, change: prev.change },
    };
  }
  if (a.type === 'redo') {
    const next = s.future[0];
    if (!next) return s;
    return {
      ...s,
      draft: next.draft,
      past: [...s.past, { draft: s.draft, change: next.change }],
      future: s.future.slice(1),
      last: { undid: false, change: next.change },
    };
  }
  const id = `c${s.next}`;
  const draft = apply(s.draft, a, id);
  if (draft === s.draft) return s;
  return {
    draft,
    past: [...s.past, { draft: s.draft, change: a.type }].slice(-HISTORY),
    future: [],
    last: null,
    next: a.type === 'addCaption' ? s.next + 1 : s.next,
  };
}

/** A caption's text in a language: that one, else the first given (as a story file falls back). */
export function textIn(t: Texts, lang: StoryLang): string {
  return t[lang] ?? t.en ?? Object.values(t).find((x) => x) ?? '';
}

function localized(t: Texts, fallback: string): Localized {
  const given = Object.fromEntries(Object.entries(t).filter(([, v]) => v && v.trim() !== '')) as Texts;
  return Object.keys(given).length > 0 ? given : fallback;
}

/** Where a snapped caption's event is in these events (its time and index), or null: not in this run. */
export function locate(snap: Snap, events: readonly TraceEvent[]): { t: number; i: number } | null {
  let n = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as TraceEvent;
    if (matches(snap.anchor as Anchor, e) && ++n === snap.ordinal) return { t: e.t, i };
  }
  return null;
}

/** A caption where this run tells it: its event's time, or its own; `missing`: its event is not in the run. */
export interface Placed {
  caption: Caption;
  atMs: number;
  missing: boolean;
  anchor: Anchor;
}

/**
 * Each caption placed in these events, in the order the story tells them, with its anchor in the
 * file. resolveSteps takes a step's event as the nth match after the previous step's event, so the
 * snapped event's ordinal (from the run's start) is counted from there. A caption whose event is not
 * in the run keeps its ordinal, which this run then cannot reach: told as not happening, it comes back
 * if a run has the event again.
 */
export function anchorsOf(captions: readonly Caption[], events: readonly TraceEvent[]): Placed[] {
  const at = captions.map((c) => ({ c, hit: c.snap ? locate(c.snap, events) : null }));
  const order = at
    .map((x) => ({ ...x, t: x.hit ? x.hit.t : x.c.atMs }))
    // Same moment: a time step before an event, events in the run's order (resolveSteps' sort is stable).
    .sort((x, y) => x.t - y.t || (x.hit?.i ?? -1) - (y.hit?.i ?? -1));
  let from = 0;
  const count = (a: Anchor, lo: number, hi: number) => {
    let n = 0;
    for (let i = lo; i < hi; i++) if (matches(a, events[i] as TraceEvent)) n++;
    return n;
  };
  return order.map(({ c, hit, t }) => {
    if (!c.snap)
      return { caption: c, atMs: t, missing: false, anchor: { k: 'start', offsetMs: Math.round(t) } };
    const a = c.snap.anchor as Anchor;
    const nth = hit ? count(a, from, hit.i + 1) : c.snap.ordinal - count(a, 0, from);
    if (hit) from = hit.i + 1;
    return { caption: c, atMs: t, missing: !hit, anchor: { ...a, ...(nth > 1 ? { nth } : {}) } as Anchor };
  });
}

/** The draft as a story file. A story has one step at least: with no caption yet, its title at the start. */
export function draftFile(d: Draft, events: readonly TraceEvent[], lang: StoryLang): StoryFile {
  const title = localized(d.title, d.id);
  const placed = anchorsOf(d.captions, events);
  const steps =
    placed.length > 0
      ? placed.map((p, i) => ({
          id: `step-${i + 1}`,
          anchor: p.anchor,
          caption: localized(p.caption.text, textIn(d.title, lang) || d.id),
        }))
      : [{ id: 'start', anchor: { k: 'start' as const }, caption: title }];
  return {
    // storyFile.ts STORY_FILE_VERSION, spelt out: its module (zod, every algorithm) stays out of the
    // page's first view, which has the "New story" button and this session. draft.test.ts parses it.
    storyFile: 1,
    id: d.id,
    title,
    summary: title,
    algorithm: d.algorithm,
    nodes: d.nodes,
    seed: d.seed,
    durationMs: d.durationMs,
    ...(d.timeScale !== 1 ? { timeScale: d.timeScale } : {}),
    params: d.params,
    faults: d.faults,
    steps,
  } as StoryFile;
}

/** A story id from its title: lowercase words joined by dashes (a file's id rule), else "my-story". */
export function idFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^[^a-z]+/, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'my-story';
}
