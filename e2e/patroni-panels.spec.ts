import { expect, openPlayer, test, watchPage } from './helpers.ts';

test("Patroni's member JSON shows in full in the store panel, and Postgres shows no fencing token", async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=patroni&step=3');
  const member = page.locator('.kv-item', { hasText: '/members/pg-1' }).locator('.value');
  await expect(member).toContainText('"role"');
  // Not cut off with "…": the whole value fits its box.
  const clipped = await member.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(clipped).toBe(false);
  await expect(member).toContainText('xlog_location');
  // The primary says its timeline; a replica, with no writes, says no token at all.
  const primary = page.getByRole('region', { name: 'Database: pg-1' });
  await expect(primary).toContainText('timeline');
  await expect(primary).not.toContainText('token');
  const replica = page.getByRole('region', { name: 'Database: pg-2' });
  await expect(replica).toContainText('accepted');
  await expect(replica).not.toContainText('highest token seen');
  watch.assertClean();
});
