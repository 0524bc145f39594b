import { expect, type Frame, type Page, test } from '@playwright/test';
import { watchPage } from './helpers.ts';

/**
 * A real reveal.js deck (examples/reveal.html, reveal.js from npm): slide 2 holds the custom
 * element, slide 3 an iframe (data-src, data-preload). The deck keeps the keyboard: Right and
 * PageDown move it, also after a click into a player; a player starts when its slide is shown and
 * pauses when it leaves.
 */

const slide = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.reveal .slides > section')].findIndex((s) =>
      s.classList.contains('present'),
    ),
  );
const element = (page: Page) => page.locator('leader-election-player');
const frame = async (page: Page): Promise<Frame> => {
  await expect.poll(() => page.frames().some((f) => f.url().includes('embed=1'))).toBe(true);
  return page.frames().find((f) => f.url().includes('embed=1')) as Frame;
};

test('the deck moves with Right and PageDown, also after a click into either player; players play only on their slide', async ({
  page,
  baseURL,
}) => {
  const watch = watchPage(page, baseURL);
  await page.goto('/examples/reveal.html');
  await expect(page.locator('.reveal .slides > section.present h2')).toHaveText('Leader election, on slides');
  expect(await slide(page)).toBe(0);
  // Slide 2's element is on the page already, out of sight: autoplay has not started.
  await expect(element(page).getByRole('button', { name: 'Play', includeHidden: true })).toBeAttached();

  await page.keyboard.press('ArrowRight');
  await expect.poll(() => slide(page)).toBe(1);
  // The iframe of the next slide is preloaded (data-preload) but not playing.
  const f = await frame(page);
  await expect(f.getByRole('button', { name: 'Play', includeHidden: true })).toBeAttached();
  await expect(element(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  // A click into the player does what it clicked (pause) and leaves the keyboard with the deck.
  await element(page).getByRole('button', { name: 'Pause' }).click();
  await expect(element(page).getByRole('button', { name: 'Play' })).toBeVisible();
  const step = await element(page).locator('.step-count').textContent();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => slide(page)).toBe(2);
  // One key, one action: the element's step did not move too.
  await expect(element(page).locator('.step-count')).toHaveText(step ?? '');

  // Slide 3: the iframe starts now.
  await expect(f.getByRole('button', { name: 'Pause' })).toBeVisible();
  await f.getByRole('button', { name: 'Step forward' }).click();
  await page.keyboard.press('PageDown');
  await expect.poll(() => slide(page)).toBe(3);
  // Left its slide: the iframe paused (reveal.js posted slide:stop; it is out of sight).
  await expect(f.getByRole('button', { name: 'Play', includeHidden: true })).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => slide(page)).toBe(2);
  await page.keyboard.press('PageUp');
  await expect.poll(() => slide(page)).toBe(1);
  watch.assertClean();
});

test('with the keyboard focus in the element (Tab), Right steps the player only; PageDown still moves the deck', async ({
  page,
}) => {
  await page.goto('/examples/reveal.html#/1');
  await expect.poll(() => slide(page)).toBe(1);
  const pause = element(page).getByRole('button', { name: 'Pause' });
  await expect(pause).toBeVisible();
  await pause.click();
  await element(page).getByRole('button', { name: 'Step forward' }).focus();
  const before = await element(page).locator('.step-count').textContent();
  await page.keyboard.press('ArrowRight');
  await expect(element(page).locator('.step-count')).not.toHaveText(before ?? '');
  expect(await slide(page)).toBe(1);
  await page.keyboard.press('PageDown');
  await expect.poll(() => slide(page)).toBe(2);
});
