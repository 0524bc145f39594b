import type { Page } from '@playwright/test';
import { expect, openPlayer, test, timeline, watchPage } from './helpers.ts';

/**
 * Raft membership changes from the What-if menu (issue #43, item 2; Ongaro 2014, PhD thesis, chapter
 * 4): in the raft story, add a new server, then remove it; the picture draws a server outside the
 * configuration dimmed and labelled, and the configuration entries in the logs.
 */

const faults = (page: Page) => page.getByRole('region', { name: 'Faults' });
const host = (page: Page, node: string) =>
  page.locator(`.cluster-canvas g.host[data-node="${node}"]`).first();
const log = (page: Page, node: string) =>
  page.locator(`.cluster-canvas .raft-log[data-log="${node}"]`).first();

async function seek(page: Page, ms: number): Promise<void> {
  await timeline(page).fill(String(ms));
}

test('raft: add node-6 from the What-if menu, it catches up and joins; then remove it', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=raft');
  await page.getByRole('button', { name: 'What if…' }).click();
  await expect(faults(page)).toBeVisible();

  // Add: the cluster-wide button names the next server.
  await seek(page, 8000);
  await faults(page).getByRole('button', { name: 'Add a new server node-6' }).click();
  await expect(host(page, 'node-6')).toBeVisible();

  // The narration tells the configuration entry appended and committed (derived steps).
  await seek(page, 8200);
  const narration = page.getByRole('status', { name: 'Narration' });
  await expect(narration).toContainText('appends a configuration entry at index 4 that adds node-6');
  await expect(narration).toContainText('The configuration entry at index 4 is committed');

  // Before the change node-6 is a spare: dimmed, labelled, and its log empty.
  await seek(page, 4000);
  await expect(host(page, 'node-6')).toHaveClass(/outside-config/);
  await expect(page.locator('.cluster-canvas .outside-label[data-outside="node-6"]').first()).toHaveText(
    'not in the cluster',
  );
  await expect(log(page, 'node-6')).toHaveAttribute('data-length', '0');

  // After it: the leader's log holds the configuration entry, node-6 has caught up and is a member.
  await seek(page, 11_000);
  await expect(host(page, 'node-6')).not.toHaveClass(/outside-config/);
  const entry = page.locator('.cluster-canvas .raft-log .log-cell.config[data-config="+node-6"]');
  await expect(entry.first()).toBeVisible();
  await expect(entry.first().locator('text')).toHaveText('+');
  const leaderLength = await log(page, 'node-3').getAttribute('data-length');
  await expect(log(page, 'node-6')).toHaveAttribute('data-length', leaderLength ?? '');
  await expect(log(page, 'node-6').locator('.log-cell.config[data-config="+node-6"]')).toHaveCount(1);

  // Remove it: the node menu offers it for a member only.
  await faults(page).getByRole('combobox', { name: 'Node' }).selectOption('node-6');
  await faults(page).getByRole('button', { name: 'Remove from the cluster' }).click();
  await seek(page, 14_000);
  await expect(host(page, 'node-6')).toHaveClass(/outside-config/);
  await expect(
    page.locator('.cluster-canvas .raft-log .log-cell.config[data-config="-node-6"]').first(),
  ).toBeVisible();
  await expect(faults(page).getByRole('button', { name: 'Add to the cluster' })).toBeVisible();
  await expect(faults(page).getByRole('button', { name: 'Remove from the cluster' })).toHaveCount(0);

  // The inspector shows the node's configuration.
  await page.locator('.cluster-canvas [data-node="node-3"]').first().click();
  await page.getByRole('menuitem', { name: 'Inspect' }).click();
  await expect(
    page.getByRole('region', { name: /node-3/ }).getByText(/configuration \(its latest in the log\)/),
  ).toContainText('node-1, node-2, node-3, node-4, node-5');
  watch.assertClean();
});
