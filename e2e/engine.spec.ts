import { expect, type Page, test } from '@playwright/test';
import { ORIGIN, openPlayer, timelineMax, timelineValue, watchPage } from './helpers.ts';

/**
 * The simulation off the page's main thread: the app's changes go to a Web Worker, a long link shows
 * its progress and can be cancelled, and the custom element loaded from another origin (where no
 * worker may start) simulates on the page in slices. Timing budgets are for `npm run bench`.
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
  expect(await timelineValue(page)).toBe(20_000);
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
  expect(await timelineValue(page)).toBe(20_000);
  watch.assertClean();
});

test('a 24 h link shows its progress while it simulates, the page answers, and Cancel keeps the story', async ({
  page,
}) => {
  const watch = watchPage(page);
  const faults = Array.from(
    { length: 120 },
    (_, i) => `fault=${(i + 1) * 600_000},pause,node-${(i % 5) + 1},5000`,
  ).join('&');
  await page.goto(`/?scenario=etcd-lease&duration=86400&${faults}`);
  await expect(page.locator('[data-node]').first()).toBeVisible();
  const progress = page.locator('.sim-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar')).toBeVisible();
  // The page is not frozen: the story plays while the long run simulates.
  const play = page.getByRole('button', { name: 'Play', exact: true });
  await play.click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveCount(0);
  // The story's own run stays: its length, not 24 h.
  expect(await timelineMax(page)).toBeLessThan(86_400_000);
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

test('the custom element served from another origin simulates on the page (no worker there) and works', async ({
  page,
}) => {
  // The docs page is on localhost; the element's script comes from the lab's 127.0.0.1 origin.
  const docs = ORIGIN.replace('127.0.0.1', 'localhost');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.route(`${docs}/docs.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: host(`${ORIGIN}/embed/leader-election-player.js`, 'scenario="bully" nodes="7" controls="full"'),
    }),
  );
  await page.goto(`${docs}/docs.html`);
  const player = page.locator('leader-election-player');
  // Seven nodes: the link's cluster size was simulated, on the page.
  await expect(player.locator('[data-node]')).toHaveCount(7, { timeout: 30_000 });
  expect(await workerFetched(page)).toBe(false);
  await player.evaluate((el) => el.setAttribute('nodes', '8'));
  await expect(player.locator('[data-node]')).toHaveCount(8, { timeout: 30_000 });
  expect(errors).toEqual([]);
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
