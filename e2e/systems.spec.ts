import { expect, openPlayer, roleOf, test, watchPage } from './helpers.ts';

/** Real systems (issue #14): client-go's Lease election and ZooKeeper's recipe, opened by deep link. */

const narration = (page: import('@playwright/test').Page) => page.getByRole('status', { name: 'Narration' });

test('kubernetes-lease: the standbys race for the Lease, one gets 409 Conflict, the winner leads with leaseTransitions 1', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=kubernetes-lease&step=expired');
  await expect(narration(page)).toContainText('on its own clock');
  expect(await roleOf(page, 'node-1')).toBe('down');
  expect(await roleOf(page, 'node-2')).toBe('follower');
  const store = page.locator('.store-panel');
  await expect(store).toContainText('/registry/leases/kube-system/kube-controller-manager');
  await expect(store).toContainText('leaseTransitions: 0');

  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(narration(page)).toContainText('bumped leaseTransitions to 1');
  await expect.poll(() => roleOf(page, 'node-2')).toBe('leader');
  await expect(page.locator('[data-node="node-2"]')).toHaveAttribute('aria-label', /token 1/);
  await expect(store).toContainText('leaseTransitions: 1');

  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(narration(page)).toContainText('409 Conflict');
  expect(await roleOf(page, 'node-3')).toBe('follower');
  expect(await roleOf(page, 'node-2')).toBe('leader');
  watch.assertClean();
});

test('zookeeper: only the next in line is told; with herd=on in the link, all four are', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=zookeeper&step=watch-fires');
  await expect(narration(page)).toContainText('Watch events for that deletion: 1, to node-2.');
  const store = page.locator('.store-panel');
  await expect(store).toContainText('/election/n_0000000001');
  await expect(store).not.toContainText('/election/n_0000000000');

  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect.poll(() => roleOf(page, 'node-2')).toBe('leader');
  await expect(page.locator('[data-node="node-2"]')).toHaveAttribute('aria-label', /token 1/);
  for (const n of ['node-3', 'node-4', 'node-5']) expect(await roleOf(page, n)).toBe('follower');

  await openPlayer(page, '?scenario=zookeeper&step=watch-fires&set=herd:on');
  await expect(narration(page)).toContainText(
    'Watch events for that deletion: 4, to node-2, node-3, node-4, node-5.',
  );
  watch.assertClean();
});

test('both run in the embed, in another language', async ({ page }) => {
  const watch = watchPage(page);
  await page.goto('/?embed=1&scenario=zookeeper&step=next-leads&lang=pt');
  await expect(page.locator('[data-node="node-2"]')).toHaveAttribute('data-role', 'leader');
  await expect(page.getByRole('status').first()).toContainText('lidera com o token 1');
  await page.goto('/?embed=1&scenario=kubernetes-lease&step=conflict&lang=ru');
  await expect(page.locator('[data-node="node-2"]')).toHaveAttribute('data-role', 'leader');
  await expect(page.getByRole('status').first()).toContainText('409 Conflict');
  watch.assertClean();
});
