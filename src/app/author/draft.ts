/**
 * "New story": the story being written, as a reducer with undo and redo (every action is one step of
 * the history), and the story file it makes. Framework-free: AuthorPanel.tsx draws it.
 *
 * A caption is anchored to its time (`{k: 'start', offsetMs}` in the file: narrate.ts resolveSteps).
 * Snapped to an event at that time, the file anchors it to the event instead, so it follows the event
 * when a knob moves it. When a fault moves or is removed, a caption snapped to that fault's event stays
 * at its time and is flagged: its event is no longer there, and the author says where it belongs (snap
 * again, or keep the time).
 */
import type { Params } from '../../sim/params.ts';
import type { Anchor, TimedFault } from '../../sim/scenario/schema.ts';
import type { Localized, StoryFile, StoryLang } from '../../sim/scenario/storyFile.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';

export type Texts = Partial<Record<StoryLang, string>>;

/** The event a caption is snapped to: what an anchor matches, and its time when snapped. */
export interface Snap {
  anchor: Pick<Anchor, 'k' | 'node' | 'type'>;
  atMs: number;
}

export interface Caption {
  id: string;
  atMs: number;
  text: Texts;
  snap: Snap | null;
  /** The event it snapped to moved or went away (a fault moved): it stays at its time until told. */
  flagged: boolean;
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

export interface AuthorState {
  draft: Draft;
  past: Draft[];
  future: Draft[];
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
  return { draft, past: [], future: [], next: draft.captions.length + 1 };
}

const byTime = (a: { atMs: number }, b: { atMs: number }) => a.atMs - b.atMs;

/** Captions snapped to this fault's event (its kind, at its time) are flagged: the event moved. */
function flagFault(captions: Caption[], moved: TimedFault): Caption[] {
  return captions.map((c) =>
    c.snap &&
    c.snap.anchor.k === 'fault' &&
    c.snap.anchor.type === moved.fault.kind &&
    c.snap.atMs === moved.atMs
      ? { ...c, flagged: true }
      : c,
  );
}

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
    case 'faults': {
      // The What-if menu's list: a fault gone from it is like one removed.
      const kept = new Set(a.faults.map((f) => JSON.stringify(f)));
      let captions = d.captions;
      for (const f of d.faults) if (!kept.has(JSON.stringify(f))) captions = flagFault(captions, f);
      return { ...d, faults: [...a.faults].sort(byTime), captions };
    }
    case 'moveFault': {
      const f = d.faults[a.index];
      if (!f || f.atMs === a.atMs) return d;
      const faults = d.faults.map((x, i) => (i === a.index ? { ...x, atMs: Math.max(0, a.atMs) } : x));
      return { ...d, faults: faults.sort(byTime), captions: flagFault(d.captions, f) };
    }
    case 'removeFault': {
      const f = d.faults[a.index];
      if (!f) return d;
      return { ...d, faults: d.faults.filter((_, i) => i !== a.index), captions: flagFault(d.captions, f) };
    }
    case 'addCaption':
      return {
        ...d,
        captions: [
          ...d.captions,
          { id, atMs: a.atMs, text: a.text, snap: a.snap ?? null, flagged: false },
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
                  ...(a.atMs !== undefined && a.atMs !== c.atMs
                    ? { atMs: a.atMs, snap: null, flagged: false }
                    : {}),
                },
          )
          .sort(byTime),
      };
    case 'snap':
      return {
        ...d,
        captions: d.captions.map((c) =>
          c.id === a.id
            ? { ...c, snap: a.snap, flagged: false, ...(a.snap ? { atMs: a.snap.atMs } : {}) }
            : c,
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
    return prev ? { ...s, draft: prev, past: s.past.slice(0, -1), future: [s.draft, ...s.future] } : s;
  }
  if (a.type === 'redo') {
    const next = s.future[0];
    return next ? { ...s, draft: next, past: [...s.past, s.draft], future: s.future.slice(1) } : s;
  }
  const id = `c${s.next}`;
  const draft = apply(s.draft, a, id);
  if (draft === s.draft) return s;
  return {
    draft,
    past: [...s.past, s.draft].slice(-HISTORY),
    future: [],
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

/**
 * The anchor of each caption, in time order: its time, or its event's. resolveSteps takes a step's
 * event as the nth match after the previous step's event, so the nth is counted from there in the
 * preview's events (a flagged caption, or one whose event is not in them, keeps its time).
 */
export function anchorsOf(captions: readonly Caption[], events: readonly TraceEvent[]): Anchor[] {
  let from = 0;
  return captions.map((c) => {
    const timeAnchor: Anchor = { k: 'start', offsetMs: Math.round(c.atMs) };
    if (!c.snap || c.flagged) return timeAnchor;
    const a = c.snap.anchor;
    const match = (e: TraceEvent) => {
      if (e.k !== a.k) return false;
      const r = e as unknown as Record<string, unknown>;
      if (a.node !== undefined && r.node !== a.node) return false;
      if (a.type !== undefined && a.k === 'fault')
        return (e as Extract<TraceEvent, { k: 'fault' }>).fault.kind === a.type;
      return true;
    };
    let nth = 0;
    for (let i = from; i < events.length; i++) {
      const e = events[i] as TraceEvent;
      if (!match(e)) continue;
      nth++;
      if (e.t === c.snap.atMs) {
        from = i + 1;
        return { ...a, ...(nth > 1 ? { nth } : {}) } as Anchor;
      }
      if (e.t > c.snap.atMs) break;
    }
    return timeAnchor;
  });
}

/** The draft as a story file. A story has one step at least: with no caption yet, its title at the start. */
export function draftFile(d: Draft, events: readonly TraceEvent[], lang: StoryLang): StoryFile {
  const title = localized(d.title, d.id);
  const anchors = anchorsOf(d.captions, events);
  const steps =
    d.captions.length > 0
      ? d.captions.map((c, i) => ({
          id: `step-${i + 1}`,
          anchor: anchors[i] as Anchor,
          caption: localized(c.text, textIn(d.title, lang) || d.id),
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
