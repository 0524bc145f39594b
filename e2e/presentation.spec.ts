import type { Page } from '@playwright/test';
import { catalogueButton, expect, openPlayer, test, watchPage } from './helpers.ts';

/**
 * Presentation mode at the two projector sizes: the Present button (and P) opens a full-screen layer
 * with the picture, a subtitle equal to the narration caption, a step counter, and visible
 * Previous / Next / Exit buttons; a clicker's PageDown / PageUp move one step; Escape leaves.
 */

const subtitle = (page: Page) => page.getByRole('status', { name: 'Subtitle' });
const counter = (page: Page) => page.locator('.pres-counter');
const layer = (page: Page) => page.getByRole('region', { name: /^Presentation: / });

/** The narration caption's own sentence (the step label "Step n of m" is not part of it). */
async function narrationCaption(page: Page): Promise<string> {
  return (await page.getByRole('status', { name: 'Narration' }).locator('p').last().textContent()) ?? '';
}

for (const size of [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
]) {
  test(`presentation at ${size.width}x${size.height}: PageDown steps, subtitle = caption, Escape leaves`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const watch = watchPage(page);
    await openPlayer(page, '?scenario=fencing-token&step=2');
    const captionAt2 = await narrationCaption(page);

    await page.getByRole('button', { name: 'Present' }).click();
    await expect(layer(page)).toBeVisible();
    // One picture on the page: the stage steps aside while presenting.
    await expect(page.locator('[data-node]')).toHaveCount(
      await page.locator('.presentation [data-node]').count(),
    );
    await expect(page.locator('.presentation [data-node]').first()).toBeVisible();
    await expect(subtitle(page)).toHaveText(captionAt2);
    await expect(counter(page)).toHaveText(/^2 \/ \d+$/);
    const total = Number((await counter(page).textContent())?.split('/')[1]);
    for (const name of ['Previous step', 'Next step', 'Exit presentation', 'Play'])
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();

    // The picture fills the screen: most of the viewport's width or height.
    const box = await page.locator('.presentation .cluster-canvas').boundingBox();
    expect(box).not.toBeNull();
    if (box) expect(Math.max(box.width / size.width, box.height / size.height)).toBeGreaterThan(0.6);

    await page.keyboard.press('PageDown');
    await expect(counter(page)).toHaveText(`3 / ${total}`);
    const captionAt3 = (await subtitle(page).textContent()) ?? '';
    expect(captionAt3).not.toBe(captionAt2);
    await page.keyboard.press('PageUp');
    await expect(counter(page)).toHaveText(`2 / ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText(`3 / ${total}`);
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(counter(page)).toHaveText(`4 / ${total}`);
    await page.getByRole('button', { name: 'Previous step' }).click();
    await expect(counter(page)).toHaveText(`3 / ${total}`);
    await expect(subtitle(page)).toHaveText(captionAt3);

    // The buttons stay on screen (no hover-only controls).
    for (const name of ['Previous step', 'Next step', 'Exit presentation']) {
      const b = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(b && b.y + b.height <= size.height && b.x + b.width <= size.width).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(layer(page)).toHaveCount(0);
    // Back in the app on the step the talk ended on, its caption the subtitle's.
    await expect(page.getByRole('status', { name: 'Narration' })).toContainText(`Step 3 of ${total}`);
    expect(await narrationCaption(page)).toBe(captionAt3);
    await expect(page.getByRole('button', { name: 'Present' })).toBeFocused();
    watch.assertClean();
  });
}

test('P opens presentation mode, Home goes to the start, the Exit button leaves', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=bully&step=4&theme=dark');
  await page.locator('body').press('p');
  await expect(layer(page)).toBeVisible();
  await expect(counter(page)).toHaveText(/^4 \/ /);
  await page.keyboard.press('Home');
  await expect(counter(page)).toHaveText(/^[01] \/ /);
  await page.getByRole('button', { name: 'Exit presentation' }).click();
  await expect(layer(page)).toHaveCount(0);
  await expect(catalogueButton(page)).toBeVisible();
  watch.assertClean();
});
