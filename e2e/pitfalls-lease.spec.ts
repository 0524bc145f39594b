import type { Page } from '@playwright/test';
import { expect, openPlayer, roleOf, test, watchPage } from './helpers.ts';

/**
 * The lease pitfalls by deep link, at their key steps, without and with the fix (`fix=on`): the
 * alarm, the roles and what the storage holds at that moment.
 */
const narration = (page: Page) => page.getByRole('status', { name: 'Narration' });
const storage = (page: Page) =>
  page.locator('.resource-panel').filter({ hasText: 'Protected storage: storage' });

test('lease-no-fencing: the stale write is accepted and the storage holds the deposed leader’s value; with the fix, 409', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=lease-no-fencing&step=stale-accepted');
  await expect(narration(page)).toContainText('it holds node-1#1 now');
  await expect(
    page.getByRole('alert').filter({ hasText: 'storage took token 42 from node-1' }),
  ).toBeVisible();
  await expect(storage(page)).toContainText('holds now node-1#1 from node-1, token 42');
  expect(await roleOf(page, 'node-3')).toBe('leader');

  await openPlayer(page, '?scenario=lease-no-fencing&fix=on&step=stale-rejected');
  await expect(page.getByRole('button', { name: 'Show the fix' })).toHaveAttribute('aria-pressed', 'true');
  await expect(narration(page)).toContainText('409 STALE TOKEN');
  await expect(page.getByText('409 STALE TOKEN').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'took token' })).toHaveCount(0);
  await expect(storage(page)).toContainText('holds now node-3#1 from node-3, token 43');
  watch.assertClean();
});

test('check-before-act: without the check node-1’s write lands; with it node-1 steps down, and the pause after node-3’s check still gets through', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=check-before-act&step=stale-unchecked');
  await expect(narration(page)).toContainText('It never looks at its lease');
  await expect(
    page.getByRole('alert').filter({ hasText: 'storage took token 42 from node-1' }),
  ).toBeVisible();
  await expect(storage(page)).toContainText('holds now node-1#1 from node-1, token 42');

  await openPlayer(page, '?scenario=check-before-act&fix=on&step=check-stops-it');
  await expect(narration(page)).toContainText('steps down without writing');
  await expect(page.getByRole('alert').filter({ hasText: 'took token' })).toHaveCount(0);
  expect(await roleOf(page, 'node-1')).not.toBe('leader');
  await expect(storage(page)).toContainText('holds now node-3#1 from node-3, token 43');

  await openPlayer(page, '?scenario=check-before-act&fix=on&step=check-too-early');
  await expect(narration(page)).toContainText('that is why fencing is still needed');
  await expect(
    page.getByRole('alert').filter({ hasText: 'storage took token 43 from node-3' }),
  ).toBeVisible();
  await expect(storage(page)).toContainText('holds now node-3#3 from node-3, token 43');
  expect(await roleOf(page, 'node-4')).toBe('leader');
  watch.assertClean();
});

test('both open in the embed and in Present, in Russian', async ({ page }) => {
  const watch = watchPage(page);
  for (const id of ['lease-no-fencing', 'check-before-act']) {
    await page.goto(`/?embed=1&scenario=${id}&fix=on&step=3&lang=ru`);
    await expect(page.locator('[data-node]').first()).toBeVisible();
    await expect(page.getByRole('status', { name: 'Повествование' })).not.toBeEmpty();
    await openPlayer(page, `?scenario=${id}&step=3&lang=ru`);
    await page.locator('body').press('p');
    await expect(page.getByRole('region', { name: /^Презентация: / })).toBeVisible();
    await page.keyboard.press('Escape');
  }
  watch.assertClean();
});
