import type { Page } from '@playwright/test';
import { chooseScenario, expect, openPlayer, roleOf, test, watchPage } from './helpers.ts';

/**
 * Sharded leadership (issue #14): a leader per shard. Chosen from the catalogue, stepped through:
 * every node leads its own shards, node-2 crashes, its two keys expire, and each moves to its own next
 * candidate while the other shards keep their leader. Then one click of Compare puts a single leader
 * for the cluster beside it, and the story opens in the embed and in Present.
 */

const narration = (page: Page) => page.getByRole('status', { name: 'Narration' });
const pill = (page: Page, node: string) => page.locator(`[data-node="${node}"]`);
const step = (page: Page) => page.getByRole('button', { name: 'Step forward' }).click();

test('the catalogue opens it; only node-2’s shards move, each to its own next candidate', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=zookeeper');
  await chooseScenario(page, 'Sharded leadership');
  await step(page);
  await expect(narration(page)).toContainText('node-1 takes shard 08');
  await step(page);
  await expect(narration(page)).toContainText('The storage keeps the highest token per shard');
  for (const [node, shards] of [
    ['node-1', 'shards 03 08'],
    ['node-2', 'shards 01 10'],
    ['node-3', 'shards 07 09 12'],
    ['node-4', 'shards 02 04 05'],
    ['node-5', 'shards 06 11'],
  ] as const) {
    await expect.poll(() => roleOf(page, node)).toBe('leader');
    await expect(pill(page, node)).toHaveAttribute('aria-label', `${node}: leader, ${shards}`);
  }
  const store = page.locator('.store-panel');
  for (const n of ['01', '06', '12']) await expect(store).toContainText(`/shards/${n}/leader`);

  await step(page);
  await expect(narration(page)).toContainText('node-2 crashes');
  expect(await roleOf(page, 'node-2')).toBe('down');
  // Until its lease expires, node-2's keys still name it.
  await expect(pill(page, 'node-2')).toHaveAttribute('aria-label', /shards 01 10/);
  await step(page);
  await expect(narration(page)).toContainText('as before the crash');
  await step(page);
  await expect(narration(page)).toContainText('only those, have no leader now');
  await expect(store).not.toContainText('/shards/01/leader');
  await step(page);
  await expect(narration(page)).toContainText('node-5 takes shard 10');
  await step(page);
  await expect(narration(page)).toContainText('node-1 takes shard 01');
  await expect(pill(page, 'node-1')).toHaveAttribute('aria-label', 'node-1: leader, shards 01 03 08');
  await expect(pill(page, 'node-5')).toHaveAttribute('aria-label', 'node-5: leader, shards 06 10 11');
  // The others kept theirs.
  await expect(pill(page, 'node-3')).toHaveAttribute('aria-label', 'node-3: leader, shards 07 09 12');
  await expect(pill(page, 'node-4')).toHaveAttribute('aria-label', 'node-4: leader, shards 02 04 05');
  watch.assertClean();
});

test('one click of Compare: a single leader for the cluster (shards=1) beside the twelve shards', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=sharded-leadership&step=only-its-shards');
  await page.getByRole('button', { name: 'What if…' }).click();
  const section = page.getByRole('region', { name: 'Compare' });
  await expect(section.getByRole('combobox', { name: 'Knob' })).toHaveValue('shards');
  await section.getByRole('button', { name: 'Compare', exact: true }).click();
  const other = page.getByRole('region', { name: 'Comparison run' });
  await expect(other.getByRole('heading', { name: /shards: 1/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]compare=shards:1(&|$)/);
  // With one shard, node-1 took the cluster's only shard after node-2 died.
  await expect(other.locator('[data-compare-node="node-1"]')).toHaveAttribute('aria-label', /shard 01$/);
  watch.assertClean();
});

test('it runs in the embed and in Present, in Portuguese and Russian', async ({ page }) => {
  const watch = watchPage(page);
  await page.goto('/?embed=1&scenario=sharded-leadership&step=second-shard-moves&lang=pt');
  await expect(page.locator('[data-node="node-1"]')).toHaveAttribute('aria-label', /shards 01 03 08/);
  await expect(page.getByRole('status').first()).toContainText('O node-1 assume o shard 01');
  await page.getByRole('button', { name: 'Próximo passo' }).click();
  await expect(page.getByRole('status').first()).toContainText('unavailableShardFraction 1');

  await openPlayer(page, '?scenario=sharded-leadership&step=node-2-crashes&lang=ru');
  await page.locator('body').press('p');
  const layer = page.getByRole('region', { name: /^Презентация: / });
  await expect(layer).toBeVisible();
  await expect(layer.locator('[data-node="node-2"]')).toHaveAttribute('data-role', 'down');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expect(layer).toContainText('только они');
  await page.keyboard.press('Escape');
  await expect(layer).toHaveCount(0);
  watch.assertClean();
});
