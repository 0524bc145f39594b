/**
 * Adds entries to the compatibility corpus (src/compat/corpus/, rules in src/compat/README.md): each
 * request is recorded from the code as it is NOW, the decoding in-process and what the user sees from
 * the built app in headless Chromium (dist/, so build first). Append-only: an id already in the corpus
 * is refused and nothing stored is ever rewritten.
 *
 *   npx vite build && npx tsx scripts/corpus.ts < requests.json
 *
 * requests.json (every list optional):
 *   { "links":    [{ "id": "bully-step-3", "note": "a step number", "link": "?scenario=bully&step=3" }],
 *     "broken":   [{ "id": "bad-seed", "note": "…", "link": "?seed=abc" }],
 *     "snippets": [{ "id": "split-brain-full", "link": "?scenario=split-brain&step=4",
 *                    "options": { "controls": "full", "size": "responsive" }, "kinds": ["iframe", "element"] }],
 *     "traces":   [{ "name": "bully", "note": "…", "link": "?scenario=bully" }],
 *     "stories":  [{ "name": "fencing-token", "note": "…", "link": "?scenario=fencing-token" }] }
 *
 * A link is only taken as valid when neither decodeView nor the app reports a problem, and as broken
 * only when one of them does. Snippets are copied from the Share dialog with its options set as asked;
 * traces are the Export menu's "Trace as JSON" download, with their summary and five frames beside them;
 * stories are the Export menu's "This story" as a file (stories/<name>.story.json) and as a link
 * (stories/index.json), each with what parseStoryFile opens from it.
 * CORPUS_PORT (default 4321) is the port the app is served on: it is part of the snippets' URLs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { preview } from 'vite';
import { scenarios } from '../scenarios/index.ts';
import { decodeView } from '../src/app/link/decode.ts';
import { decodeStoryLink, readStoryHash } from '../src/app/link/storyLink.ts';
import { elementAttributes, iframeSrc, markdownLinks } from '../src/compat/snippetParts.ts';
import { storyOpening as opening } from '../src/compat/storyOpening.ts';
import type {
  Decoding,
  FramesFile,
  LinkEntry,
  LinksFile,
  Seen,
  ShareOptions,
  SnippetEntry,
  SnippetKind,
  SnippetsFile,
  StoriesFile,
  TraceEntry,
  TracesFile,
} from '../src/compat/types.ts';
import { searchFromAttributes } from '../src/embed/attributes.ts';
import { locales } from '../src/i18n/index.ts';
import { TraceIndex } from '../src/sim/trace/frame.ts';
import { parseTrace } from '../src/sim/trace/import.ts';
import { summarize } from '../src/sim/trace/summary.ts';
import { launchChromium } from './lib/browser.ts';

interface LinkRequest {
  id: string;
  note: string;
  link: string;
}
interface SnippetRequest {
  id: string;
  link: string;
  options?: Partial<ShareOptions>;
  kinds: SnippetKind[];
}
interface TraceRequest {
  name: string;
  note: string;
  link: string;
}
interface StoryRequest {
  name: string;
  note: string;
  link: string;
}
interface Requests {
  stories?: StoryRequest[];
  links?: LinkRequest[];
  broken?: LinkRequest[];
  snippets?: SnippetRequest[];
  traces?: TraceRequest[];
}

const ROOT = process.cwd();
const DIR = join(ROOT, 'src', 'compat', 'corpus');
const TRACES = join(DIR, 'traces');
const STORIES = join(DIR, 'stories');
const PORT = Number(process.env.CORPUS_PORT ?? 4321);
const DEFAULT_OPTIONS: ShareOptions = {
  size: '640x400',
  controls: 'minimal',
  autoplay: false,
  loop: false,
  start: null,
  end: null,
};

const fail = (msg: string): never => {
  console.error(`corpus: ${msg}`);
  process.exit(2);
};

const requests = JSON.parse(readFileSync(0, 'utf8')) as Requests;
if (!existsSync(join(ROOT, 'dist', 'index.html'))) fail('no dist/: run `npx vite build` first');
const recordedAt = execFileSync('git', ['describe', '--always', '--dirty'], {
  cwd: ROOT,
  encoding: 'utf8',
}).trim();

const readJson = <T>(file: string, empty: T): T =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : empty;
const writeJson = (file: string, data: unknown) => writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);

const linksFile = join(DIR, 'links.json');
const snippetsFile = join(DIR, 'snippets.json');
const tracesFile = join(TRACES, 'index.json');
const storiesFile = join(STORIES, 'index.json');
const links = readJson<LinksFile>(linksFile, {
  about:
    'App links as users have them, with what decodeView (src/app/link/decode.ts) and the app made of them when recorded. Append-only: see src/compat/README.md.',
  valid: [],
  broken: [],
});
const snippets = readJson<SnippetsFile>(snippetsFile, {
  about:
    'Share dialog snippets (src/app/share/shareSnippets.ts), verbatim, with how their URL or attributes decoded when recorded. Append-only: see src/compat/README.md.',
  snippets: [],
});
const traces = readJson<TracesFile>(tracesFile, {
  about:
    'Traces exported by the app (Export > Trace as JSON), verbatim in <name>.json, with their summary and five frames as recorded. Append-only: see src/compat/README.md.',
  traces: [],
});

const stories = readJson<StoriesFile>(storiesFile, {
  about:
    'Story files and story links exported by the app (Export > This story), files verbatim in <name>.story.json, with what each opened when recorded. Append-only: see src/compat/README.md.',
  files: [],
  links: [],
});

const taken = new Set([
  ...stories.files.map((e) => `story:${e.name}`),
  ...links.valid.map((e) => e.id),
  ...links.broken.map((e) => e.id),
  ...snippets.snippets.map((e) => e.id),
  ...traces.traces.map((e) => `trace:${e.name}`),
]);
const claim = (id: string) => {
  if (!/^(trace:|story:)?[a-z0-9][a-z0-9.-]*$/.test(id))
    fail(`"${id}": ids are lowercase words joined by - or .`);
  if (taken.has(id)) fail(`"${id}" is already in the corpus (entries are never rewritten: pick a new id)`);
  taken.add(id);
};
for (const r of [...(requests.links ?? []), ...(requests.broken ?? [])]) claim(r.id);
for (const r of requests.snippets ?? []) for (const k of r.kinds) claim(`${r.id}.${k}`);
for (const r of requests.traces ?? []) claim(`trace:${r.name}`);
for (const r of requests.stories ?? []) claim(`story:${r.name}`);

const ctx = { scenarios, locales };
const decode = (search: string): Decoding => {
  const d = decodeView(search, ctx);
  return JSON.parse(
    JSON.stringify({ hasScenario: d.hasScenario, view: d.view, embed: d.embed, problems: d.problems }),
  ) as Decoding;
};

const server = await preview({
  root: ROOT,
  logLevel: 'warn',
  preview: { port: PORT, strictPort: true, host: '127.0.0.1', open: false },
});
const base = `http://127.0.0.1:${PORT}/`;
const browser = await launchChromium();

/** A fresh context per visit: no saved theme or language from the one before. */
async function visit<T>(b: Browser, link: string, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await b.newContext({
    viewport: { width: 1280, height: 720 },
    colorScheme: 'light',
    // Export > This story > As a link copies it.
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}${link}`);
    await page.locator('[data-node]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const out = await use(page);
    if (errors.length) fail(`${link}: page errors: ${errors.join('; ')}`);
    return out;
  } finally {
    await context.close();
  }
}

async function seenAt(page: Page, moving: boolean): Promise<Seen> {
  // A large run is shown before the engine has finished it: record the finished run.
  await page.waitForFunction(() => document.querySelector('.sim-progress') === null, null, {
    timeout: 60_000,
  });
  const seen = await page.evaluate(() => {
    // The current scenario: the catalogue's selected option (the testing contract in docs/architecture.md).
    const tab = document.querySelector('[role="listbox"] [role="option"][aria-selected="true"]');
    const caption = document.querySelector('.caption[role="status"]');
    const ps = caption ? [...caption.querySelectorAll('p')] : [];
    return {
      tab: tab?.getAttribute('data-scenario') ?? null,
      player: document.querySelector('.embed-player')?.getAttribute('aria-label') ?? null,
      stepNo: caption?.querySelector('.step-no')?.textContent ?? null,
      caption: ps.length > 0 ? (ps[ps.length - 1]?.textContent ?? null) : null,
      notices: [...document.querySelectorAll('.notice[role="status"] p')].map((p) => p.textContent ?? ''),
    };
  });
  // An autoplaying player moves on by itself: where its narration was at that instant is not recorded.
  return moving ? { ...seen, stepNo: null, caption: null } : seen;
}

try {
  for (const [list, valid] of [
    [requests.links ?? [], true],
    [requests.broken ?? [], false],
  ] as const) {
    for (const r of list) {
      const expected = decode(r.link);
      const seen = await visit(browser, r.link, (p) =>
        seenAt(p, expected.embed.embed === true && expected.embed.autoplay === true),
      );
      const problems = expected.problems.length + seen.notices.length;
      if (valid && problems > 0)
        fail(
          `${r.id}: not a valid link (${JSON.stringify(expected.problems)} ${JSON.stringify(seen.notices)})`,
        );
      if (!valid && problems === 0) fail(`${r.id}: loads without a problem, so it is not a broken link`);
      const entry: LinkEntry = { id: r.id, note: r.note, link: r.link, recordedAt, expected, seen };
      (valid ? links.valid : links.broken).push(entry);
      console.log(`link ${r.id}: ${seen.notices.length} notice(s), ${seen.stepNo ?? '-'}`);
    }
  }

  for (const r of requests.snippets ?? []) {
    const options = { ...DEFAULT_OPTIONS, ...r.options };
    const texts = await visit(browser, r.link, async (page) => {
      await page.getByRole('button', { name: /^(Share|Compartilhar|Поделиться)$/ }).click();
      const dialog = page.locator('dialog.share-dialog');
      await dialog.waitFor();
      const selects = dialog.locator('.share-options select');
      await selects.nth(0).selectOption(options.controls);
      if (options.start !== null) await selects.nth(1).selectOption(String(options.start));
      if (options.end !== null) await selects.nth(2).selectOption(String(options.end));
      await selects.nth(3).selectOption(options.size);
      const checks = dialog.locator('.share-checks input[type="checkbox"]');
      await checks.nth(0).setChecked(options.autoplay);
      await checks.nth(1).setChecked(options.loop);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const areas = dialog.locator('.share-snippet textarea');
      return {
        iframe: await areas.nth(0).inputValue(),
        markdown: await areas.nth(1).inputValue(),
        element: await areas.nth(2).inputValue(),
      };
    });
    for (const kind of r.kinds) {
      const text = texts[kind];
      let expected: Decoding;
      let search: string | undefined;
      if (kind === 'iframe') {
        const src = iframeSrc(text) ?? fail(`${r.id}: no iframe in ${text}`);
        expected = decode(src.search);
      } else if (kind === 'markdown') {
        const urls = markdownLinks(text);
        if (urls.length !== 2 || urls[0]?.href !== urls[1]?.href) fail(`${r.id}: odd Markdown ${text}`);
        expected = decode(urls[0]?.search ?? '');
      } else {
        const attrs = elementAttributes(text) ?? fail(`${r.id}: no element in ${text}`);
        search = searchFromAttributes((n) => attrs.get(n) ?? null);
        expected = decode(search);
      }
      if (expected.problems.length > 0) fail(`${r.id}.${kind}: the snippet decodes with problems`);
      const entry: SnippetEntry = {
        id: `${r.id}.${kind}`,
        kind,
        openedAt: r.link,
        options,
        text,
        recordedAt,
        ...(search !== undefined ? { search } : {}),
        expected,
      };
      snippets.snippets.push(entry);
      console.log(`snippet ${entry.id}`);
    }
  }

  mkdirSync(TRACES, { recursive: true });
  for (const r of requests.traces ?? []) {
    const { text, name } = await visit(browser, r.link, async (page) => {
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Trace as JSON' }).click(),
      ]);
      return {
        text: readFileSync(await download.path(), 'utf8'),
        name: download.suggestedFilename(),
      };
    });
    const trace = parseTrace(text);
    const scenario = scenarios.find((s) => s.id === trace.scenario);
    const d = trace.durationMs;
    const times = [0, Math.round(d / 4), Math.round(d / 2), Math.round((3 * d) / 4), d];
    const index = new TraceIndex(trace);
    const frames: FramesFile = { times, frames: times.map((t) => index.frameAt(t)) };
    writeFileSync(join(TRACES, `${r.name}.json`), text);
    writeJson(join(TRACES, `${r.name}.summary.json`), summarize(trace, scenario));
    writeJson(join(TRACES, `${r.name}.frames.json`), frames);
    const entry: TraceEntry = { name: r.name, note: r.note, link: r.link, exportedAs: name, recordedAt };
    traces.traces.push(entry);
    console.log(`trace ${r.name}: ${name}, ${text.length} bytes, ${trace.events.length} events`);
  }

  mkdirSync(STORIES, { recursive: true });
  for (const r of requests.stories ?? []) {
    const got = await visit(browser, r.link, async (page) => {
      // The app's language may be any of the three (a link with lang=).
      const item = async (name: RegExp) => {
        await page.getByRole('button', { name: /^(Export|Exportar|Экспорт)$/ }).click();
        await page.getByRole('menuitem', { name }).click();
      };
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        item(/^(As a story file|Como arquivo de história|Файлом истории) \(JSON\)$/),
      ]);
      const text = readFileSync(await download.path(), 'utf8');
      await item(/^(As a link \(copied\)|Como link \(copiado\)|Ссылкой \(в буфер обмена\))$/);
      await page.getByText(/^(Link copied|Link copiado|Ссылка скопирована)/).waitFor();
      const url = new URL(await page.evaluate(() => navigator.clipboard.readText()));
      return { text, name: download.suggestedFilename(), link: `${url.search}${url.hash}` };
    });
    const fromFile = opening(JSON.parse(got.text), got.name);
    const fromLink = opening(
      await decodeStoryLink(readStoryHash(new URL(got.link, base).hash) ?? ''),
      '#story',
    );
    if (JSON.stringify(fromFile) !== JSON.stringify(fromLink))
      fail(`${r.name}: the file and the link differ`);
    writeFileSync(join(STORIES, `${r.name}.story.json`), got.text);
    stories.files.push({
      name: r.name,
      note: r.note,
      link: r.link,
      exportedAs: got.name,
      recordedAt,
      expected: fromFile,
    });
    stories.links.push({
      id: r.name,
      note: r.note,
      openedAt: r.link,
      link: got.link,
      recordedAt,
      expected: fromLink,
    });
    console.log(`story ${r.name}: ${got.name}, ${got.text.length} bytes; link ${got.link.length} characters`);
  }
} finally {
  await browser.close();
  await new Promise<void>((r) => server.httpServer.close(() => r()));
}

mkdirSync(DIR, { recursive: true });
if (requests.links?.length || requests.broken?.length) writeJson(linksFile, links);
if (requests.snippets?.length) writeJson(snippetsFile, snippets);
if (requests.traces?.length) writeJson(tracesFile, traces);
if (requests.stories?.length) writeJson(storiesFile, stories);
