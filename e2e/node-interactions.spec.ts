import { expect, openPlayer, test, watchPage } from './helpers.ts';

/**
 * What users hit with the nodes and their tools (#38 item 5): the node inspector shows its whole chart
 * and closes on Escape, a click on a node opens its menu as the README says, and the sandbox's 2|3
 * partition says which side the store is on.
 */

test('the inspector shows its whole chart, and Escape closes it with the focus back on the node', async ({
  page,
}) => {
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const watch = watchPage(page);
    await openPlayer(page, '?scenario=fencing-token&step=4');
    const node = page.locator('[data-node="node-1"]');
    await node.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Inspect' }).press('Enter');
    const region = page.getByRole('region', { name: 'Statechart of node-1' });
    await expect(region.locator('.sc-svg')).toBeVisible();
    // The chart's box is inside the inspector's: nothing of it cut off on either side.
    const box = await region.boundingBox();
    const chart = await region.locator('.sc-svg').boundingBox();
    expect(box && chart).toBeTruthy();
    if (!box || !chart) return;
    expect(chart.x, `${size.width}: left`).toBeGreaterThanOrEqual(box.x);
    expect(chart.x + chart.width, `${size.width}: right`).toBeLessThanOrEqual(box.x + box.width);
    // At its actual size it scrolls, and shows the state entered last.
    await region.getByRole('button', { name: 'Actual size' }).click();
    await expect(region.getByRole('button', { name: 'Actual size' })).toHaveAttribute('aria-pressed', 'true');
    const shown = () =>
      region.locator('.insp-chart').evaluate((box) => {
        const st = box.querySelector('[data-state="session.role.leading.work.preparing"]');
        const a = box.getBoundingClientRect();
        const b = st?.getBoundingClientRect();
        return !!b && b.left >= a.left && b.right <= a.right && b.top >= a.top && b.bottom <= a.bottom;
      });
    await expect.poll(shown).toBe(true);
    // Escape closes it, and the focus is where it was: on the node.
    await region.getByRole('button', { name: 'Actual size' }).focus();
    await page.keyboard.press('Escape');
    await expect(region).toBeHidden();
    await expect(node).toBeFocused();
    watch.assertClean();
  }
});

test('a click on a node opens its menu, as Enter does and as the README says', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=etcd-lease&step=3');
  await page.locator('[data-node="node-2"]').click();
  const menu = page.getByRole('menu', { name: /node-2/ });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Inspect' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // The keyboard: Enter on the focused node.
  await page.locator('[data-node="node-3"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu', { name: /node-3/ })).toBeVisible();
  watch.assertClean();
});

for (const [lang, button, note, log] of [
  ['en', 'Partition 2|3', 'leave etcd reachable from both sides', 'etcd reachable from both sides'],
  ['pt', 'Partição 2|3', 'deixam etcd acessível dos dois lados', 'etcd acessível dos dois lados'],
  ['ru', 'Разделение 2|3', 'оставляют etcd доступным с обеих сторон', 'etcd доступен с обеих сторон'],
] as const)
  test(`${lang}: the 2|3 partition says etcd stays reachable from both sides`, async ({ page }) => {
    const watch = watchPage(page);
    await openPlayer(page, `?scenario=sandbox&lang=${lang}&whatif=1`);
    const preset = page.getByRole('button', { name: button });
    await expect(preset).toBeVisible();
    // Told before the click: the preset's description says where the store is.
    await expect(preset).toHaveAccessibleDescription(new RegExp(note));
    await preset.click();
    // And in the event log, on the partition's line.
    await page.locator('.trace-views [role="tab"]').nth(1).click();
    await expect(page.getByText(log).first()).toBeAttached();
    watch.assertClean();
  });
