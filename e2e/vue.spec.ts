import { expect, test, watchPage } from './helpers.ts';

/**
 * The custom element in a Vue 3 app (examples/vue.html, the npm `vue` package, an SFC compiled with
 * `isCustomElement`): Vue binds its attribute, calls its methods through a ref and hears its events;
 * the player pauses while it is scrolled out of sight and goes on when it is back.
 */
test('Vue binds, drives and hears the element; it pauses off screen', async ({ page, baseURL }) => {
  const watch = watchPage(page, baseURL);
  await page.goto('/examples/vue.html');
  const player = page.locator('leader-election-player');
  const status = page.locator('.vue-status');
  await expect(player.locator('[data-node]').first()).toBeVisible();
  await expect(status).toHaveText(/^fencing-token: step \d+ of \d+$/);

  // A bound attribute: the select changes the element's scenario, and its ready event comes back.
  await page.getByRole('combobox', { name: 'Story' }).selectOption('etcd-lease');
  await expect(player).toHaveAttribute('scenario', 'etcd-lease');
  await expect(status).toHaveText(/^etcd-lease: step \d+ of \d+$/);
  await expect(player.locator('[data-node="node-1"]')).toBeVisible();

  // A method through the template ref, and the step event it causes.
  await page.getByRole('button', { name: 'Step 3', exact: true }).click();
  await expect(status).toHaveText(/^etcd-lease: step 3 of \d+$/);

  await page.getByRole('button', { name: 'Play', exact: true }).first().click();
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Scrolled out of sight: it pauses; back in sight: it goes on.
  await page.locator('#below').scrollIntoViewIfNeeded();
  await expect(player.getByRole('button', { name: 'Play', includeHidden: true })).toBeAttached();
  const t = await player.locator('.now').textContent();
  await page.waitForTimeout(500);
  expect(await player.locator('.now').textContent()).toBe(t);
  await player.scrollIntoViewIfNeeded();
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  watch.assertClean();
});
