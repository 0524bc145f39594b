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
 * story chosen in the catalogue (a click or Enter) leaves Right and PageDown to the player; Space on a focused button presses it
 * (also in Present), and plays or pauses with nothing focused; PageDown / PageUp step outside Present and do not scroll the page.
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

test('Space presses the focused button, as Enter does; with nothing focused it plays and pauses', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=etcd-lease');
  await page.getByRole('button', { name: 'Step forward' }).click();
  const after = await stepNumber(page);
  expect(after).toBeGreaterThan(0);
  // Space on the focused Step forward steps again: it does not play.
  await page.keyboard.press('Space');
  await expect.poll(() => stepNumber(page)).toBe(after + 1);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // Enter too.
  await page.keyboard.press('Enter');
  await expect.poll(() => stepNumber(page)).toBe(after + 2);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // With nothing focused, Space is the player's.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  const t0 = await timelineValue(page);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => timelineValue(page)).toBeGreaterThan(t0);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
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
  await expect(dialog).toContainText('on a focused button, Space presses it');
  watch.assertClean();
});

test('in Present, Space presses the focused Next step; with nothing focused it plays and pauses', async ({
  page,
}) => {
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
  const one = await counter.textContent();
  await page.keyboard.press('Space');
  await expect(counter).not.toHaveText(one ?? '');
  await expect(layer.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await layer.getByRole('button', { name: 'Next step' }).evaluate((b) => (b as HTMLElement).blur());
  await page.keyboard.press('Space');
  await expect(layer.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(layer.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(layer).toBeHidden();
  watch.assertClean();
});
