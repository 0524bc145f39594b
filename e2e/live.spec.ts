/**
 * Live mode in the browser: `npm run live`'s cluster, control service and app, started here. The page
 * sees a leader, crashes it from the What-if node menu, sees the new leader; the recording stops,
 * exports as JSON and imports back. Needs etcd (ETCD_BIN or PATH); SKIP_ETCD=1 skips it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseLiveArgs } from '../src/live/args.ts';
import type { LiveServer } from '../src/live/server.ts';
import { serveLive } from '../src/live/server.ts';
import type { LiveSession } from '../src/live/session.ts';
import { expect, test, watchPage } from './helpers.ts';

test.skip(process.env.SKIP_ETCD === '1', 'SKIP_ETCD=1');
test.describe.configure({ mode: 'serial' });

let live: { session: LiveSession; server: LiveServer };
test.beforeAll(async () => {
  live = await serveLive(parseLiveArgs(['--set', 'ttlS=3', '--set', 'retryMs=500']));
});
test.afterAll(async () => {
  await live?.session.stop();
  await live?.server.close();
});

const leaderOf = (page: Page) =>
  page.locator('[data-node][data-role="leader"]').first().getAttribute('data-node');

test('live mode: a leader, a crash from the UI, a new leader; the recording exports and imports', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const origin = live.server.url.slice(0, live.server.url.indexOf('/#'));
  const watch = watchPage(page, origin);
  await page.goto(live.server.url);
  const bar = page.getByRole('region', { name: 'Live mode' });
  await expect(bar).toContainText('Live: recording');
  await expect(bar).toContainText('etcd 3.4');
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(1, { timeout: 20_000 });
  const first = (await leaderOf(page)) as string;

  // The What-if panel offers what live mode can do to a real node, now: no knobs, partitions or undo.
  const faults = page.getByRole('region', { name: 'Faults' });
  await expect(faults).toContainText('now');
  await expect(page.getByRole('combobox', { name: 'Algorithm' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Partition' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);

  await page.locator(`[data-node="${first}"]`).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Faults for ${first}, now` });
  await expect(menu.getByRole('menuitem', { name: 'Crash' })).toBeVisible();
  const items = await menu.getByRole('menuitem').allTextContents();
  expect(items.some((i) => /^Crash/.test(i))).toBe(true);
  expect(items.some((i) => /Isolate from the store/.test(i))).toBe(true);
  expect(items.some((i) => /Kill processes|Isolate from everyone/.test(i))).toBe(false);
  await menu.getByRole('menuitem', { name: 'Crash' }).click();
  await expect(page.locator(`[data-node="${first}"]`)).toHaveAttribute('data-role', 'down', {
    timeout: 10_000,
  });
  // The lease runs out (TTL 3 s), then another node's retry takes the key: well within 3 x TTL.
  await expect.poll(() => leaderOf(page), { timeout: 15_000 }).toMatch(/^node-\d$/);
  const second = await leaderOf(page);
  expect(second).not.toBe(first);

  // Two etcd members killed from the bar: quorum is lost and nobody leads; restarted, a leader again.
  await bar.getByRole('button', { name: 'Kill member 1 (SIGKILL)' }).click();
  await bar.getByRole('button', { name: 'Kill member 2 (SIGKILL)' }).click();
  await expect(bar.getByRole('alert')).toContainText('Quorum lost', { timeout: 10_000 });
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(0, { timeout: 15_000 });
  await bar.getByRole('button', { name: 'Restart member 1' }).click();
  await bar.getByRole('button', { name: 'Restart member 2' }).click();
  await expect(bar.getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(1, { timeout: 30_000 });

  await bar.getByRole('button', { name: 'Stop recording' }).click();
  await expect(bar).toContainText('Live: recording stopped', { timeout: 15_000 });
  await bar.getByRole('button', { name: 'Compare with the simulation' }).click();
  await expect(bar.getByRole('table')).toContainText('Real etcd');
  await expect(bar.getByRole('table')).toContainText(`${first} → ${second}`);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('menu', { name: 'Export and import' })
      .getByRole('menuitem', { name: 'Trace as JSON' })
      .click(),
  ]);
  const path = await download.path();
  const exported = JSON.parse(readFileSync(path, 'utf8'));
  expect(exported.source).toBe('etcd');
  expect(exported.etcd.members).toHaveLength(3);
  const leaders = exported.events.filter(
    (e: { k: string; role?: string }) => e.k === 'role' && e.role === 'leader',
  );
  expect(leaders.slice(0, 2).map((e: { node: string }) => e.node)).toEqual([first, second]);
  const tokens = leaders.map((e: { token: number }) => e.token);
  expect(tokens).toEqual([...tokens].sort((x: number, y: number) => x - y));
  expect(tokens[1]).toBeGreaterThan(tokens[0]);

  // Imported back (in a fresh page of the same origin), it is the same recorded run.
  await page.getByRole('button', { name: 'Back to the simulation' }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('menuitem', { name: 'Import trace JSON…' }).click(),
  ]);
  await chooser.setFiles(path);
  await expect(page.getByText('Recorded from etcd')).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Timeline' })).toHaveAttribute(
    'max',
    String(exported.durationMs),
  );
  watch.assertClean();
});
