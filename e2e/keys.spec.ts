import type { Page } from '@playwright/test';
import {
  catalogueButton,
  expect,
  openCatalogue,
  openPlayer,
  scenarioOption,
  test,
  timelineValue,
  watchPage,
} from './helpers.ts';

/**
 * The keys a presenter presses after a click, as a user does them: a real click, then the key. A
 * story chosen in the catalogue (a click or Enter) leaves Right and PageDown to the player; Space plays after a click on Step forward
 * (also in Present); PageDown / PageUp step outside Present and do not scroll the page.
 */

const narration = (page: Page) => page.getByRole('status', { name: 'Narration' });

/** The n of "Step n of m" in the narration (0 before the first step). */
async function stepNumber(page: Page): Promise<number> {
  const m = /Step (\d+) of \d+/.exec((await narration(page).textContent()) ?? '');
  return m ? Number(m[1]) : 0;
}

for (const how of ['a click', 'Enter'] as const)
  test(`after a story is chosen in the catalogue with ${how}, Right and PageDown step it instead of moving in the catalogue`, async ({
    page,
  }) => {
    const watch = watchPage(page);
    await openPlayer(page);
    await openCatalogue(page);
    const card = scenarioOption(page, 'Fencing token');
    if (how === 'a click') await card.click();
    else {
      await card.focus();
      await page.keyboard.press('Enter');
    }
    await expect(card).toHaveAttribute('aria-selected', 'true');
    await expect(catalogueButton(page)).toHaveAttribute('aria-expanded', 'false');
    const start = await stepNumber(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => stepNumber(page)).toBe(start + 1);
    await page.keyboard.press('PageDown');
    await expect.poll(() => stepNumber(page)).toBe(start + 2);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => stepNumber(page)).toBe(start + 1);
    await page.keyboard.press('PageUp');
    await expect.poll(() => stepNumber(page)).toBe(start);
    await expect(card).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/scenario=fencing-token/);
    // Inside the open catalogue the arrows are the catalogue's: they move the focus, not the player.
    await openCatalogue(page);
    await page.keyboard.press('ArrowDown');
    const at = await stepNumber(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => stepNumber(page)).toBe(at);
    await expect(card).toHaveAttribute('aria-selected', 'true');
    watch.assertClean();
  });

test('after a click on Step forward, Space plays and pauses instead of stepping again', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=etcd-lease');
  await page.getByRole('button', { name: 'Step forward' }).click();
  const after = await stepNumber(page);
  expect(after).toBeGreaterThan(0);
  const t0 = await timelineValue(page);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => timelineValue(page)).toBeGreaterThan(t0);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // Enter still presses the focused button.
  await page.getByRole('button', { name: 'Step forward' }).focus();
  const before = await stepNumber(page);
  await page.keyboard.press('Enter');
  await expect.poll(() => stepNumber(page)).toBe(before + 1);
  watch.assertClean();
});

test('outside Present, PageDown and PageUp step like a clicker and do not scroll the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=split-brain');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  const start = await stepNumber(page);
  await page.keyboard.press('PageDown');
  await expect.poll(() => stepNumber(page)).toBe(start + 1);
  await page.keyboard.press('PageDown');
  await expect.poll(() => stepNumber(page)).toBe(start + 2);
  await page.keyboard.press('PageUp');
  await expect.poll(() => stepNumber(page)).toBe(start + 1);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The shortcut list says so.
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toContainText('PageDown');
  await expect(dialog).toContainText('PageUp');
  await expect(dialog).toContainText('Space plays or pauses, even on a button');
  watch.assertClean();
});

test('in Present, after a click on Next step, Space plays and pauses', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=fencing-token');
  await page.getByRole('button', { name: 'Present' }).click();
  const layer = page.getByRole('region', { name: /^Presentation: / });
  await expect(layer).toBeVisible();
  const counter = page.locator('.pres-counter');
  const before = await counter.textContent();
  await layer.getByRole('button', { name: 'Next step' }).click();
  await expect(counter).not.toHaveText(before ?? '');
  await page.keyboard.press('Space');
  await expect(layer.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(layer.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(layer).toBeHidden();
  watch.assertClean();
});
