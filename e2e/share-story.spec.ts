import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { scenarios } from '../scenarios/index.ts';
import { storyHash } from '../src/app/link/storyLink.ts';
import { toStoryFile } from '../src/sim/scenario/storyFile.ts';
import { expect, FIRST_RUN_MS, ORIGIN, openPlayer, test, timeline } from './helpers.ts';

/**
 * Issue #44 item 4: a story from elsewhere and a challenge embed like any run. Each snippet of the
 * Share dialog, put on a page (the iframe's src, the element on a host page), shows that story or
 * challenge; the challenge in a 640 × 400 frame says where to play it; the player offers Explore in
 * the lab; Present shows the link's QR code, or says it is too long and offers the file.
 */

const split = scenarios.find((s) => s.id === 'split-brain');
if (!split) throw new Error('split-brain');
const file = toStoryFile(
  split,
  (lang, key) => (key === 'title' ? `Notes (${lang})` : `Told by a teacher (${lang})`),
  'class-notes',
);

/** Opens the lab and imports `file` from `path` as a story this browser made, until it plays. */
async function importStoryFile(page: Page, path: string): Promise<void> {
  await writeFile(path, JSON.stringify(file));
  await openPlayer(page, '?lang=en');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('menuitem', { name: 'Import a trace or a story (JSON)…' }).click(),
  ]);
  await chooser.setFiles(path);
  await expect(page.getByRole('status', { name: 'Narration' })).toContainText('Told by a teacher (en)', {
    timeout: FIRST_RUN_MS,
  });
}

const EN = {
  share: 'Share',
  dialog: 'Share or embed this view',
  controls: 'Controls',
  iframe: 'Embed (iframe)',
  element: 'Custom element (MDX, HTML)',
  react: 'React component (Docusaurus, MDX)',
};
const PT: typeof EN = {
  share: 'Compartilhar',
  dialog: 'Compartilhar ou incorporar esta visualização',
  controls: 'Controles',
  iframe: 'Incorporar (iframe)',
  element: 'Elemento personalizado (MDX, HTML)',
  react: 'Componente React (Docusaurus, MDX)',
};

async function snippets(page: Page, w = EN): Promise<{ iframe: string; element: string; react: string }> {
  await page.getByRole('button', { name: w.share, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: w.dialog });
  await dialog.getByLabel(w.controls).selectOption('full');
  const iframe = await dialog.getByLabel(w.iframe).inputValue();
  const element = await dialog.getByLabel(w.element).inputValue();
  const react = await dialog.getByLabel(w.react).inputValue();
  await page.keyboard.press('Escape');
  return { iframe, element, react };
}

const srcOf = (iframe: string) => (/src="([^"]+)"/.exec(iframe)?.[1] ?? '').replace(/&amp;/g, '&');

/** The element snippet on a docs page of the lab's own origin. */
async function hostPage(page: Page, element: string): Promise<Locator> {
  await page.route(`${ORIGIN}/docs.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title></head><body>${element}</body></html>`,
    }),
  );
  await page.goto(`${ORIGIN}/docs.html`);
  return page.locator('leader-election-player');
}

test('a story from a link: the iframe and the element snippets carry it and show it', async ({
  page,
  context,
}) => {
  await page.goto(`/?lang=en${await storyHash(file)}`);
  await expect(page.getByRole('status', { name: 'Narration' })).toContainText('Told by a teacher (en)');
  const s = await snippets(page);
  expect(srcOf(s.iframe)).toContain('#story=');
  expect(s.element).toMatch(/ story="[A-Za-z0-9_-]+"/);
  expect(s.react).toMatch(/ story="[A-Za-z0-9_-]+"/);

  const frame = await context.newPage();
  await frame.setViewportSize({ width: 640, height: 400 });
  await frame.goto(srcOf(s.iframe));
  await expect(frame.getByRole('status', { name: 'Narration' })).toContainText('Told by a teacher (en)');
  // "Open in the lab" carries the story too.
  const open = await frame.locator('.embed-open').getAttribute('href');
  expect(open).toContain('#story=');

  const host = await context.newPage();
  const player = await hostPage(host, s.element);
  await expect(player.locator('.narration')).toContainText('Told by a teacher (en)');
});

test('a challenge: both snippets open it; at 640 × 400 it shows its budget and where to play it', async ({
  page,
  context,
}) => {
  await page.goto('/?lang=pt&scenario=challenge-split-brain&whatif=1');
  await expect(page.locator('.challenge-panel')).toBeVisible();
  const s = await snippets(page, PT);
  expect(srcOf(s.iframe)).toContain('scenario=challenge-split-brain');
  expect(s.element).toContain('scenario="challenge-split-brain"');

  const frame = await context.newPage();
  await frame.setViewportSize({ width: 640, height: 400 });
  await frame.goto(srcOf(s.iframe));
  const box = frame.locator('.embed-challenge');
  await expect(box).toContainText('Orçamento');
  await expect(box).toContainText('não tem o menu “E se…”');
  const play = box.getByRole('link', { name: 'Jogar no laboratório' });
  const href = new URL((await play.getAttribute('href')) ?? '');
  expect(href.searchParams.get('scenario')).toBe('challenge-split-brain');
  expect(href.searchParams.get('whatif')).toBe('1');
  // It fits: the budget, the play link and the transport are all inside the frame.
  for (const el of [box, frame.getByRole('button', { name: /Reproduzir|Pausar/ }).first()]) {
    const b = await el.boundingBox();
    expect(b && b.y + b.height).toBeLessThanOrEqual(400);
  }
  // Explore: a link to the lab, whose page runs the search.
  await expect(
    frame.getByRole('link', { name: 'Explorar todos os escalonamentos no laboratório' }),
  ).toBeVisible();

  // The lab opens the challenge from that link, ready to play.
  const lab = await context.newPage();
  await lab.goto(href.href);
  await expect(lab.locator('.challenge-panel')).toBeVisible();

  const host = await context.newPage();
  const player = await hostPage(host, s.element);
  await expect(player.locator('.embed-challenge')).toContainText('Orçamento');
});

test('Present shows the link as a QR code (Q); a link too long for one offers the story file', async ({
  page,
}) => {
  await page.goto('/?lang=en&scenario=split-brain&step=2');
  await page.getByRole('button', { name: /^Present/ }).click();
  const layer = page.locator('.presentation');
  await expect(layer).toBeVisible();
  await page.keyboard.press('q');
  const code = layer.getByRole('img', { name: /^QR code that opens this story: / });
  await expect(code).toBeVisible();
  const url = await code.getAttribute('data-url');
  expect(url).toBe(`${ORIGIN}/?lang=en&scenario=split-brain&step=2`);
  await page.keyboard.press('q');
  await expect(code).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A story whose link passes version 25's 1,273 bytes: captions long enough to stay long deflated.
  let seed = 1;
  const noise = (n: number) =>
    Array.from({ length: n }, () => {
      seed = (seed * 48271) % 2147483647;
      return String.fromCharCode(97 + (seed % 26));
    }).join('');
  const long = toStoryFile(
    split,
    (lang, key) => (key === 'title' ? `Long (${lang})` : noise(300)),
    'long-notes',
  );
  await page.goto(`/?lang=en${await storyHash(long)}`);
  await expect(page.getByRole('note')).toBeVisible();
  await page.getByRole('button', { name: /^Present/ }).click();
  await expect(layer).toBeVisible();
  await page.keyboard.press('q');
  await expect(layer.getByRole('status').filter({ hasText: 'too long for a QR code' })).toBeVisible();
  const download = page.waitForEvent('download');
  await layer.getByRole('button', { name: 'Download the story file' }).click();
  expect((await download).suggestedFilename()).toBe('long-notes.story.json');
});

test('the element on another site than the lab’s links Explore to the lab, with no excuse: a worker may start there', async ({
  page,
}) => {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<script type="module" src="${ORIGIN}/embed/leader-election-player.js"></script></head>
<body><leader-election-player scenario="challenge-split-brain" controls="full" app-url="${ORIGIN}/"></leader-election-player></body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/docs.html`);
    const player = page.locator('leader-election-player');
    await expect(player.locator('.embed-challenge')).toContainText('Budget');
    const explore = player.getByRole('link', { name: 'Explore every schedule in the lab' });
    await expect(explore).toBeVisible();
    expect(new URL((await explore.getAttribute('href')) ?? '').origin).toBe(ORIGIN);
    // The panel is the lab's page's for its size, not for want of a worker: the element starts one
    // from a blob of this page's origin (engine.spec.ts), so nothing here says it cannot.
    await expect(player.locator('.embed-explore')).toHaveText('Explore every schedule in the lab');
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
  // On the lab's own site (the iframe), the same.
  await page.goto('/?embed=1&controls=full&scenario=challenge-split-brain');
  await expect(page.getByRole('link', { name: 'Explore every schedule in the lab' })).toBeVisible();
  await expect(page.locator('.embed-explore')).toHaveText('Explore every schedule in the lab');
});

test('a challenge of a story made in this browser is shared with its story, and opens as the challenge', async ({
  page,
  context,
}, testInfo) => {
  test.slow();
  // A story this browser made (imported from a file, not from a link): nothing names it but its data.
  await importStoryFile(page, testInfo.outputPath('class-notes.story.json'));
  await page.getByRole('button', { name: 'Try to break it' }).click();
  const panel = page.locator('.challenge-panel');
  await expect(panel).toBeVisible({ timeout: FIRST_RUN_MS });
  await timeline(page).fill('4000');
  await page.getByRole('button', { name: 'Partition 2|3' }).click();
  await expect(panel.locator('.challenge-total')).toContainText('In all: 1 of', { timeout: FIRST_RUN_MS });

  const s = await snippets(page);
  const src = srcOf(s.iframe);
  expect(src).toContain('scenario=challenge-file-class-notes');
  expect(src).toContain('#story=');
  expect(s.element).toContain('scenario="challenge-file-class-notes"');

  // The iframe opens the challenge (its budget, the student's partition spent), not the story.
  const frame = await context.newPage();
  await frame.setViewportSize({ width: 640, height: 400 });
  await frame.goto(src);
  const box = frame.locator('.embed-challenge');
  await expect(box).toContainText('In all: 1 of', { timeout: FIRST_RUN_MS });
  const play = box.getByRole('link', { name: 'Play it in the lab' });
  const href = (await play.getAttribute('href')) ?? '';
  expect(href).toContain('#story=');

  // Played in the lab from that link: the challenge again, ready to play, said to be someone else's.
  const lab = await context.newPage();
  await lab.goto(href);
  await expect(lab.locator('.challenge-panel')).toBeVisible({ timeout: FIRST_RUN_MS });
  await expect(lab.locator('.challenge-panel .challenge-total')).toContainText('In all: 1 of');
  await expect(lab.getByRole('note').first()).toBeVisible();

  // The element on a page of the lab's site opens it too.
  const host = await context.newPage();
  const player = await hostPage(host, s.element);
  await expect(player.locator('.embed-challenge')).toContainText('Budget', { timeout: FIRST_RUN_MS });
});

test('a challenge of a story in My stories reopens as the challenge on reload', async ({
  page,
}, testInfo) => {
  test.slow();
  await importStoryFile(page, testInfo.outputPath('class-notes.story.json'));
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save in My stories' }).click();
  await page.getByRole('button', { name: 'Try to break it' }).click();
  const panel = page.locator('.challenge-panel');
  await expect(panel).toBeVisible({ timeout: FIRST_RUN_MS });
  await timeline(page).fill('4000');
  await page.getByRole('button', { name: 'Partition 2|3' }).click();
  await expect(panel.locator('.challenge-total')).toContainText('In all: 1 of', { timeout: FIRST_RUN_MS });
  await expect
    .poll(() => page.url(), { timeout: FIRST_RUN_MS })
    .toMatch(/scenario=challenge-file-class-notes.*fault=/);
  // No fragment: the story is read from My stories, then its challenge opens with the partition.
  expect(new URL(page.url()).hash).toBe('');
  await page.reload();
  await expect(panel).toBeVisible({ timeout: FIRST_RUN_MS });
  await expect(panel.locator('.challenge-total')).toContainText('In all: 1 of', { timeout: FIRST_RUN_MS });
  await expect(page.getByRole('alert').filter({ hasText: 'challenge-file-class-notes' })).toHaveCount(0);
});
