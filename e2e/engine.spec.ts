import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, ORIGIN, openPlayer, test, timelineMax, watchPage } from './helpers.ts';

/**
 * The simulation off the page's main thread: the app's changes go to a Web Worker, a long link shows
 * its progress and can be cancelled, and the custom element loaded from another origin starts its
 * worker from a blob of the docs page's origin, or simulates on the page in slices where that page's
 * Content-Security-Policy allows no such worker. Timing budgets are for `npm run bench`.
 */

const workerFetched = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').some((r) => /sim\.worker-[\w-]+\.js$/.test(r.name)),
  );

test('a fault at the cursor is simulated in the worker, and the run after it is the one the CLI gives', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=etcd-lease&whatif=1&t=20000');
  await page.locator('[data-node="node-1"]').click({ button: 'right' });
  await page
    .getByRole('menu', { name: /Faults for node-1/ })
    .getByRole('menuitem', { name: 'Crash' })
    .click();
  const list = page.getByRole('region', { name: 'Interventions' });
  await expect(list).toContainText('crash node-1 at 20.0 s');
  expect(await workerFetched(page)).toBe(true);
  // The leader crashed at 20 s: node-1 is drawn down after the cursor, and another node takes over.
  await expect(page.locator('[data-node="node-1"]')).toHaveAttribute('data-role', 'down');
  watch.assertClean();
});

test('a 24 h link shows its progress while it simulates, the page answers, and Cancel keeps the story', async ({
  page,
}) => {
  // It waits up to 2 min for the 24 h run below: the test's own limit must be above that.
  test.setTimeout(180_000);
  const watch = watchPage(page);
  const faults = Array.from(
    { length: 120 },
    (_, i) => `fault=${(i + 1) * 600_000},pause,node-${(i % 5) + 1},5000`,
  ).join('&');
  const link = `/?scenario=etcd-lease&duration=86400&${faults}`;
  await page.goto(link);
  await expect(page.locator('[data-node]').first()).toBeVisible();
  const progress = page.locator('.sim-progress');
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveCount(0);
  // The story's own run stays: its length, not 24 h, and no fault of the link.
  expect(await timelineMax(page)).toBeLessThan(86_400_000);
  // Again, and this time the page is used while it simulates: Play and Pause answer.
  await page.goto(link);
  await expect(progress).toBeVisible();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(progress).toHaveCount(0, { timeout: 120_000 });
  expect(await timelineMax(page)).toBe(86_400_000);
  watch.assertClean();
});

test('a long run is shown while it fills in: the timeline is hatched beyond what is simulated', async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.goto('/?scenario=etcd-lease&duration=21600');
  await expect(page.locator('.sim-progress')).toBeVisible();
  // Once the first minute is there the long run is on screen, before the rest.
  await expect.poll(() => timelineMax(page), { timeout: 60_000 }).toBe(21_600_000);
  const until = await page
    .locator('input.scrubber')
    .evaluate((el) => (el as HTMLElement).style.getPropertyValue('--until'));
  const progressShown = await page.locator('.sim-progress').count();
  if (progressShown) expect(Number.parseFloat(until)).toBeLessThan(100);
  await expect(page.locator('.sim-progress')).toHaveCount(0, { timeout: 120_000 });
  expect(
    Number.parseFloat(
      await page
        .locator('input.scrubber')
        .evaluate((el) => (el as HTMLElement).style.getPropertyValue('--until')),
    ),
  ).toBe(100);
  watch.assertClean();
});

const host = (src: string, attrs: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Someone else's docs</title>
<script type="module" src="${src}"></script></head>
<body><h1>Docs page on another origin</h1>
<leader-election-player ${attrs}></leader-election-player></body></html>`;

/**
 * Someone else's docs page on its own loopback server (a free port: another origin than the lab's),
 * with the headers given (its Content-Security-Policy).
 */
async function docsServer(
  html: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/docs.html`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Opens the element on someone else's docs page (headers: its policy) and checks it simulates: the
 * attribute's cluster size, then a new one. Returns the simulation scripts the page and its workers
 * fetched, and the page's live workers.
 */
async function elementOnAnotherOrigin(page: Page, headers: Record<string, string> = {}) {
  const docs = await docsServer(
    host(`${ORIGIN}/embed/leader-election-player.js`, 'scenario="bully" nodes="7" controls="full"'),
    headers,
  );
  try {
    const errors: string[] = [];
    const fetched: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // The policy's own report of the worker it refused is the browser's, not the lab's.
      if (m.type() === 'error' && !/Content Security Policy/.test(m.text())) errors.push(m.text());
    });
    // A blob worker's import is its own fetch: seen here, not in the page's resource timing.
    page.on('requestfinished', async (r) => {
      if (/sim\.worker-[\w-]+\.js$/.test(r.url()) && (await r.response())?.ok()) fetched.push(r.url());
    });
    await page.goto(docs.url);
    expect(new URL(docs.url).origin).not.toBe(ORIGIN);
    const player = page.locator('leader-election-player');
    await expect(player.locator('[data-node]')).toHaveCount(7, { timeout: 30_000 });
    await player.evaluate((el) => el.setAttribute('nodes', '8'));
    await expect(player.locator('[data-node]')).toHaveCount(8, { timeout: 30_000 });
    expect(errors).toEqual([]);
    return { origin: new URL(docs.url).origin, fetched, workers: page.workers().map((w) => w.url()) };
  } finally {
    await docs.close();
  }
}

test('the custom element served from another origin starts its worker from a blob of the docs page’s origin, and works', async ({
  page,
}) => {
  const { origin, fetched, workers } = await elementOnAnotherOrigin(page);
  // A worker's script must come from the page's origin: the blob's does, and it imported the lab's
  // script. The worker is still running: one that failed is terminated and the page simulates.
  expect(fetched).toHaveLength(1);
  expect(fetched[0]).toMatch(new RegExp(`^${ORIGIN}/embed/assets/`));
  expect(workers).toHaveLength(1);
  expect(workers[0]).toMatch(new RegExp(`^blob:${origin}/`));
});

test.describe('where the docs page allows no worker', () => {
  // The refused worker is a violation of the docs page's policy, on purpose.
  test.use({ cspViolations: 'expected' });
  test('the custom element served from another origin simulates on the page, and works', async ({ page }) => {
    const { fetched, workers } = await elementOnAnotherOrigin(page, {
      'content-security-policy': "worker-src 'none'",
    });
    expect(fetched).toEqual([]);
    expect(workers).toEqual([]);
  });
});

test('the same element on the lab’s own origin simulates in the worker', async ({ page }) => {
  await page.route(`${ORIGIN}/docs.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: host('/embed/leader-election-player.js', 'scenario="bully" nodes="7"'),
    }),
  );
  await page.goto(`${ORIGIN}/docs.html`);
  await expect(page.locator('leader-election-player [data-node]')).toHaveCount(7, { timeout: 30_000 });
  expect(await workerFetched(page)).toBe(true);
});
