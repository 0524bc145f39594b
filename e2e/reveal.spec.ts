import type { Frame, Page } from '@playwright/test';
import { expect, test, watchPage } from './helpers.ts';

/**
 * A real reveal.js deck (examples/reveal.html, reveal.js from npm) with three players on three
 * slides: the custom element (split-brain), an iframe with `data-src` (fencing-token), which reveal.js
 * loads when its slide comes up and unloads when it is left, and an iframe with `src` (etcd-lease),
 * kept loaded, which reveal.js tells `slide:start` and `slide:stop`. The deck keeps the keyboard: Right
 * and PageDown move it, also after a click into a player; a player plays on its slide only.
 */

const slide = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.reveal .slides > section')].findIndex((s) =>
      s.classList.contains('present'),
    ),
  );
const element = (page: Page) => page.locator('leader-election-player');
const frame = async (page: Page, scenario: string): Promise<Frame> => {
  const is = (f: Frame) => f.url().includes('embed=1') && f.url().includes(`scenario=${scenario}`);
  await expect.poll(() => page.frames().some(is)).toBe(true);
  return page.frames().find(is) as Frame;
};
const stepNo = async (f: Frame) =>
  Number(/\d+/.exec((await f.locator('.step-count').textContent()) ?? '')?.[0]);

test('three players on three slides: each plays on its slide only; the data-src frame comes back from its URL; the deck keeps the keys', async ({
  page,
  baseURL,
}) => {
  const watch = watchPage(page, baseURL);
  await page.goto('/examples/reveal.html');
  await expect(page.locator('.reveal .slides > section.present h2')).toHaveText('Leader election, on slides');
  expect(await slide(page)).toBe(0);
  // The element and the src= frame are on the page already, out of sight: neither plays yet.
  await expect(element(page).getByRole('button', { name: 'Play', includeHidden: true })).toBeAttached();
  const lease = await frame(page, 'etcd-lease');
  await expect(lease.getByRole('button', { name: 'Play', includeHidden: true })).toBeAttached();
  // The data-src frame is not loaded before its slide.
  expect(page.frames().some((f) => f.url().includes('scenario=fencing-token'))).toBe(false);

  await page.keyboard.press('ArrowRight');
  await expect.poll(() => slide(page)).toBe(1);
  await expect(element(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  // A click into the player does what it clicked (pause) and leaves the keyboard with the deck.
  await element(page).getByRole('button', { name: 'Pause' }).click();
  await expect(element(page).getByRole('button', { name: 'Play' })).toBeVisible();
  const step = await element(page).locator('.step-count').textContent();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => slide(page)).toBe(2);
  // One key, one action: the element's step did not move too.
  await expect(element(page).locator('.step-count')).toHaveText(step ?? '');

  // Slide 3: reveal.js loads the data-src frame now; it plays inside its range (start=5).
  const fencing = await frame(page, 'fencing-token');
  await expect(fencing.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect(await stepNo(fencing)).toBeGreaterThanOrEqual(5);
  await fencing.getByRole('button', { name: 'Step forward' }).click();
  // The frame gives the keyboard back to the deck a task after the click (giveKeyboardBack).
  await expect.poll(() => fencing.evaluate(() => document.hasFocus())).toBe(false);
  await page.keyboard.press('PageDown');
  await expect.poll(() => slide(page)).toBe(3);
  // Left its slide: reveal.js unloaded the data-src frame (its src is gone).
  await expect(page.locator('iframe[data-src*="fencing-token"]')).not.toHaveAttribute('src', /./);
  // Slide 4: the src= frame plays on slide:start…
  await expect(lease.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => slide(page)).toBe(4);
  // …and pauses on slide:stop, where it can be seen, since it stays loaded.
  await expect(lease.getByRole('button', { name: 'Play', includeHidden: true })).toBeAttached();
  const leaseAt = await lease.locator('.now').first().textContent();
  await page.waitForTimeout(600);
  expect(await lease.locator('.now').first().textContent()).toBe(leaseAt);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => slide(page)).toBe(3);
  await expect(lease.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => slide(page)).toBe(2);
  // Back on slide 3: the data-src frame is loaded again and the view comes back from its URL.
  const again = await frame(page, 'fencing-token');
  await expect(again.locator('[data-node]').first()).toBeVisible();
  expect(await stepNo(again)).toBeGreaterThanOrEqual(5);
  await expect(again.getByRole('button', { name: 'Pause' })).toBeVisible();
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
