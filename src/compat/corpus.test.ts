/**
 * The compatibility corpus (README.md beside this file): links, embed snippets and exported traces
 * as users have them, recorded from the app of their day. Every one must keep loading the way it did:
 * an entry that fails here is a user's link, snippet or file that broke. Never edit an entry to make
 * this pass; a format change must keep reading the old entries.
 *
 * What is compared: each stored field of a decoded view and of the embed options exactly (fields
 * added to the view later are not compared, they did not exist then), the problems exactly (a list of
 * what is known, in a reason, may have grown: expectProblems), the
 * summary and the frames of each trace exactly (toEqual: an optional field that an old trace leaves
 * out is undefined there, so adding one does not break an entry).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { type Decoded, decodeView } from '../app/link/decode.ts';
import { FAULT_KINDS } from '../app/link/faults.ts';
import { LINK_PARAMS } from '../app/link/params.ts';
import { decodeStoryLink, readStoryHash } from '../app/link/storyLink.ts';
import { searchFromAttributes } from '../embed/attributes.ts';
import { locales } from '../i18n/index.ts';
import { TraceIndex } from '../sim/trace/frame.ts';
import { parseTrace, TRACE_VERSIONS } from '../sim/trace/import.ts';
import { type Summary, summarize } from '../sim/trace/summary.ts';
import { elementAttributes, iframeSrc, markdownLinks } from './snippetParts.ts';
import { storyOpening as opening } from './storyOpening.ts';
import type { Decoding, FramesFile, LinksFile, SnippetsFile, StoriesFile, TracesFile } from './types.ts';

const text = (path: string): string => readFileSync(new URL(`./corpus/${path}`, import.meta.url), 'utf8');
const json = <T>(path: string): T => JSON.parse(text(path)) as T;

const links = json<LinksFile>('links.json');
const { snippets } = json<SnippetsFile>('snippets.json');
const { traces } = json<TracesFile>('traces/index.json');
const stories = json<StoriesFile>('stories/index.json');

/** The app's own call (App.tsx boot). */
const decode = (search: string): Decoded => decodeView(search, { scenarios, locales });

function expectDecodes(search: string, expected: Decoding): void {
  const d = decode(search);
  expect(d.hasScenario, 'hasScenario').toBe(expected.hasScenario);
  const view = d.view as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(expected.view)) expect(view[k], `view.${k}`).toEqual(v);
  const embed = d.embed as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(expected.embed)) expect(embed[k], `embed.${k}`).toEqual(v);
  expectProblems(d.problems, expected.problems);
}

/**
 * The problems as recorded. A reason may list what is known ("unknown knob \"nope\" (known: ttlS,
 * renewS, …)"): that list grows with every knob or algorithm added since, so it must hold every name
 * recorded, in the recorded order, and may hold more. The rest of each problem is compared exactly.
 */
function expectProblems(actual: Decoded['problems'], expected: Decoded['problems']): void {
  const KNOWN = /^(.*)\(known: ([^)]*)\)(.*)$/s;
  const split = (p: (typeof actual)[number]) => {
    const m = typeof p.reason === 'string' ? KNOWN.exec(p.reason) : null;
    return m
      ? { ...p, reason: `${m[1]}(known: …)${m[3]}`, known: (m[2] ?? '').split(', ') }
      : { ...p, known: null };
  };
  expect(actual.length, 'problems').toBe(expected.length);
  expected.forEach((want, i) => {
    const w = split(want);
    const a = split(actual[i] as (typeof actual)[number]);
    expect({ ...a, known: undefined }, `problems[${i}]`).toEqual({ ...w, known: undefined });
    if (w.known)
      expect(
        a.known?.filter((k) => w.known?.includes(k)),
        `problems[${i}] known`,
      ).toEqual(w.known);
  });
}

describe('corpus: links', () => {
  it.each(links.valid.map((e) => [e.id, e] as const))('%s loads as it did, without a problem', (_id, e) => {
    expect(e.expected.problems).toEqual([]);
    expectDecodes(e.link, e.expected);
  });

  it.each(links.broken.map((e) => [e.id, e] as const))(
    '%s names the same problems and loads the rest',
    (_id, e) => {
      expectDecodes(e.link, e.expected);
    },
  );

  it('covers every link parameter, fault kind and scenario (a new one needs entries here)', () => {
    expect(links.valid.length).toBeGreaterThanOrEqual(40);
    const qs = links.valid.map((e) => new URLSearchParams(e.link));
    const used = new Set(qs.flatMap((q) => [...q.keys()]));
    for (const p of LINK_PARAMS) expect(used, `parameter ${p}`).toContain(p);
    const views = links.valid.map((e) => e.expected.view);
    for (const s of scenarios)
      expect(
        views.map((v) => v.scenario),
        `scenario ${s.id}`,
      ).toContain(s.id);
    const faults = qs.flatMap((q) => q.getAll('fault'));
    const kinds = new Set(faults.map((f) => f.split(',')[1]));
    for (const k of FAULT_KINDS) expect(kinds, `fault ${k}`).toContain(k);
    const groups = faults.filter((f) => f.split(',')[1] === 'partition').map((f) => f.split('|').length);
    expect(new Set(groups)).toEqual(new Set([2, 3]));
    const isolate = faults.filter((f) => f.split(',')[1] === 'isolate').map((f) => f.split(',')[3] ?? '');
    expect(isolate).toContain('');
    expect(isolate).toContain('store');
    const knobs = qs.flatMap((q) => q.getAll('set')).map((s) => s.slice(s.indexOf(':') + 1));
    expect(knobs.some((v) => v === 'on' || v === 'off')).toBe(true);
    expect(knobs.some((v) => /^\d/.test(v))).toBe(true);
    expect(links.broken.length).toBeGreaterThanOrEqual(8);
  });
});

describe('corpus: Share dialog snippets', () => {
  it.each(snippets.map((e) => [e.id, e] as const))('%s still opens the view it was copied from', (_id, e) => {
    if (e.kind === 'iframe') {
      const src = iframeSrc(e.text);
      expect(src, 'an iframe with a src').not.toBeNull();
      expectDecodes(src?.search ?? '', e.expected);
    } else if (e.kind === 'markdown') {
      const urls = markdownLinks(e.text);
      // The picture links to the view, then the text link does.
      expect(urls.map((u) => u.href)).toEqual([urls[0]?.href, urls[0]?.href]);
      expectDecodes(urls[0]?.search ?? '', e.expected);
    } else {
      const attrs = elementAttributes(e.text);
      expect(attrs, 'a <leader-election-player> element').not.toBeNull();
      const search = searchFromAttributes((n) => attrs?.get(n) ?? null);
      expect(search, 'the query its attributes make').toBe(e.search);
      expectDecodes(search, e.expected);
    }
  });

  it('covers each size, controls option, autoplay, loop, a range and every kind', () => {
    const iframes = snippets.filter((e) => e.kind === 'iframe');
    expect(new Set(iframes.map((e) => e.options.size))).toEqual(
      new Set(['640x400', '800x500', 'responsive']),
    );
    expect(new Set(iframes.map((e) => e.options.controls))).toEqual(new Set(['minimal', 'full', 'none']));
    expect(iframes.some((e) => e.options.autoplay && e.options.loop && e.options.start !== null)).toBe(true);
    expect(new Set(snippets.map((e) => e.kind))).toEqual(new Set(['iframe', 'markdown', 'element']));
  });
});

describe('corpus: exported traces', () => {
  it.each(traces.map((e) => [e.name, e] as const))(
    '%s imports with the same summary and frames',
    (name, _e) => {
      const file = text(`traces/${name}.json`);
      expect(TRACE_VERSIONS).toContain((JSON.parse(file) as { version: unknown }).version);
      const trace = parseTrace(file);
      const scenario = scenarios.find((s) => s.id === trace.scenario);
      expect(scenario, `scenario ${trace.scenario}`).toBeDefined();
      // The steps' captions are the app's words, not the file's: a story's caption may be reworded (to
      // say what its picture shows), and the trace still opens on the same steps at the same moments.
      const wordless = (s: Summary) => ({ ...s, steps: s.steps.map(({ caption: _, ...step }) => step) });
      const summary = summarize(trace, scenario);
      expect(wordless(summary)).toEqual(wordless(json<Summary>(`traces/${name}.summary.json`)));
      for (const step of summary.steps) expect(step.caption.length, step.id).toBeGreaterThan(0);
      const { times, frames } = json<FramesFile>(`traces/${name}.frames.json`);
      expect(times).toHaveLength(5);
      const index = new TraceIndex(trace);
      times.forEach((t, i) => {
        expect(index.frameAt(t), `frame at ${t} ms`).toEqual(frames[i]);
      });
    },
  );

  it('has every scenario and a run with interventions', () => {
    const files = traces.map(
      (e) => JSON.parse(text(`traces/${e.name}.json`)) as { scenario: string; interventions: unknown[] },
    );
    for (const s of scenarios) expect(files.map((f) => f.scenario)).toContain(s.id);
    expect(files.some((f) => f.interventions.length > 1)).toBe(true);
  });
});

describe('corpus: story files and story links', () => {
  it.each(stories.files.map((e) => [e.name, e] as const))('%s.story.json opens the same story', (name, e) => {
    const data = JSON.parse(text(`stories/${name}.story.json`)) as { storyFile: unknown };
    expect(data.storyFile).toBe(1);
    expect(opening(data, e.exportedAs)).toEqual(e.expected);
  });

  it.each(stories.links.map((e) => [e.id, e] as const))(
    'the %s story link opens the same story',
    async (_id, e) => {
      const hash = readStoryHash(new URL(e.link, 'https://lab.example/').hash);
      expect(hash, 'a #story= fragment').not.toBeNull();
      expect(opening(await decodeStoryLink(hash ?? ''), '#story')).toEqual(e.expected);
    },
  );

  it('has files and links in more than one language, and an embed src= link', () => {
    expect(stories.files.length).toBeGreaterThanOrEqual(3);
    expect(stories.links.length).toBeGreaterThanOrEqual(3);
    expect(
      new Set(stories.links.map((e) => new URLSearchParams(e.link.split('#')[0]).get('lang'))).size,
    ).toBeGreaterThan(1);
    expect(links.valid.some((e) => new URLSearchParams(e.link).has('src'))).toBe(true);
  });
});
