import { expect, openPlayer, roleOf, test, watchPage } from './helpers.ts';

/** The coordination store as a 3-member Raft group: the story etcd-leader-change, drawn and in What-if. */

const narration = (page: import('@playwright/test').Page) => page.getByRole('status', { name: 'Narration' });
const members = (page: import('@playwright/test').Page) =>
  page.locator('.cluster-svg g.host-store .members').first();

test('etcd-leader-change: the store’s members are drawn with the leader marked, and lost one by one', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=etcd-leader-change&step=store-leader-elected');
  await expect(narration(page)).toContainText('member-2 wins the store’s election');
  await expect(members(page)).toHaveAttribute(
    'aria-label',
    'Members of the store: 1 down, 2 leader, 3 follower',
  );
  await expect(members(page).locator('.member-leader')).toHaveCount(1);
  const panel = page.locator('.store-panel');
  await expect(panel.locator('.store-member.leader')).toHaveText('member-2 leader');
  await expect(panel).toContainText('Members · term 3');
  expect(await roleOf(page, 'node-1')).toBe('leader');

  await openPlayer(page, '?scenario=etcd-leader-change&step=node-1-steps-down');
  await expect.poll(() => roleOf(page, 'node-1')).toBe('follower');
  await expect(members(page).locator('.member-leader')).toHaveCount(0);
  await expect(panel.locator('.store-member.down')).toHaveCount(2);
  await expect(panel).toContainText('/election/leader');
  watch.assertClean();
});

test('What-if offers the store’s members: a killed one restarted, the others killed or stopped', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=etcd-leader-change&step=store-leader-elected');
  await page
    .getByRole('button', { name: /What if/ })
    .first()
    .click();
  // Named as the story names them: members (member-1), not an ensemble's servers.
  const group = page.getByRole('group', { name: 'Members of etcd' });
  await expect(group.getByRole('button', { name: 'Restart member-1' })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Kill member-2 (SIGKILL)' })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Stop member-3 (SIGSTOP)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /member-4|server \d/ })).toHaveCount(0);
  await group.getByRole('button', { name: 'Kill member-2 (SIGKILL)' }).click();
  await expect(page.getByRole('region', { name: 'Interventions' })).toContainText('kill member-2 of etcd');
  watch.assertClean();
});

test('a one-member store (etcd-lease) draws no members', async ({ page }) => {
  await openPlayer(page, '?scenario=etcd-lease&step=3');
  await expect(page.locator('.cluster-svg g.host-store .members .member')).toHaveCount(0);
  await expect(page.locator('.store-panel .store-member')).toHaveCount(0);
});
