import type { Page } from '@playwright/test';
import { expect, openCatalogue, openPlayer, test, watchPage } from './helpers.ts';

/**
 * What fits on the screen, and what says it does not: the catalogue at a laptop's 1366×768, the
 * ADR opened at its top, presentation mode's subtitle and title on a projector and a phone, and
 * the whole story in a small embed (#38).
 */

test('the catalogue at 1366x768: its last card is in view, or a fade says there is more, and scrolling shows it', async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await openPlayer(page);
  await openCatalogue(page);
  const panel = page.locator('.catalogue-panel');
  const box = await panel.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(768);
  const last = panel.locator('.catalogue-card').last();
  const inView = () =>
    last.evaluate((el) => {
      const p = (el.closest('.catalogue-panel') as HTMLElement).getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return r.top >= p.top && r.bottom <= p.bottom;
    });
  if (!(await inView())) {
    // Hidden below the fold: the fade at the panel's bottom edge is the sign, inside the window.
    const more = panel.locator('.catalogue-more');
    await expect(more).toBeVisible();
    const m = await more.boundingBox();
    expect(m && m.y + m.height).toBeLessThanOrEqual(768);
    await panel.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect.poll(inView).toBe(true);
    // At the end the fade goes: nothing more below, and the last card is not dimmed.
    await expect(more).toBeHidden();
  }
  watch.assertClean();
});

for (const size of [
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
]) {
  test(`the ADR opens at its top, Context in view, at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    // Split-brain marks rows far below the Context (the matrix, the consequences).
    await openPlayer(page, '?scenario=split-brain');
    await page.locator('.adr-badge').click();
    const adr = page.getByRole('region', { name: /^ADR-001/ });
    await expect(adr).toBeVisible();
    await expect(adr.locator('.is-lit').first()).toBeAttached();
    const context = adr.getByRole('heading', { name: 'Context', level: 3 });
    const where = await context.evaluate((h) => {
      const body = h.closest('.adr-body') as HTMLElement;
      const b = body.getBoundingClientRect();
      const r = h.getBoundingClientRect();
      return { scrollTop: body.scrollTop, top: r.top - b.top, bottom: b.bottom - r.bottom };
    });
    expect(where.scrollTop).toBe(0);
    expect(where.top).toBeGreaterThanOrEqual(0);
    expect(where.bottom).toBeGreaterThanOrEqual(0);
  });
}

/** The subtitle's visible lines, and the picture's and the title's boxes, in presentation mode. */
async function presentMeasure(page: Page) {
  return page.evaluate(() => {
    const p = document.querySelector('.pres-subtitle p') as HTMLElement;
    const lh = Number.parseFloat(getComputedStyle(p).lineHeight);
    const pic = (
      document.querySelector('.presentation .cluster-canvas') as HTMLElement
    ).getBoundingClientRect();
    const title = document.querySelector('.pres-title') as HTMLElement;
    return {
      lines: Math.round(p.clientHeight / lh),
      clipped: p.scrollHeight > p.clientHeight + 1,
      picture: pic.height,
      titleCut: title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1,
      titleWidth: title.getBoundingClientRect().width,
    };
  });
}

for (const { width, height, lang, share } of [
  { width: 1920, height: 1080, lang: 'en', share: 0.6 },
  { width: 390, height: 844, lang: 'en', share: 0.4 },
  { width: 390, height: 844, lang: 'ru', share: 0.4 },
]) {
  test(`presentation at ${width} px (${lang}): Patroni's long step 6 keeps to three lines and the picture its share; the title reads whole`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openPlayer(page, `?lang=${lang}&scenario=patroni&step=6`);
    await page.keyboard.press('p');
    const layer = page.locator('.presentation');
    await expect(layer).toBeVisible();
    const caption = (await page.locator('.pres-subtitle p').textContent()) ?? '';
    expect(caption.length).toBeGreaterThan(300);
    const m = await presentMeasure(page);
    expect(m.lines).toBeLessThanOrEqual(3);
    expect(m.picture / height).toBeGreaterThan(share);
    // Not "S…": the whole title, on up to two lines.
    expect(m.titleCut).toBe(false);
    expect(m.titleWidth).toBeGreaterThan(width / 3);
    // The rest of the caption is one press away, and Escape still leaves after it.
    const more = layer.locator('.pres-more');
    await expect(more).toBeVisible();
    expect(m.clipped).toBe(true);
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    expect((await presentMeasure(page)).clipped).toBe(false);
    // The next step starts closed again.
    await page.keyboard.press('PageDown');
    await expect(page.locator('.pres-counter')).toHaveText(/^7 \//);
    expect((await presentMeasure(page)).lines).toBeLessThanOrEqual(3);
  });
}

test('a 640x400 embed: the whole story opens over the picture, not under it, and lists only steps start to end', async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto('/?embed=1&scenario=fencing-token&start=3&end=6');
  const canvas = page.locator('.cluster-canvas');
  await expect(page.locator('[data-node]').first()).toBeVisible();
  const before = (await canvas.boundingBox())?.height ?? 0;
  expect(before).toBeGreaterThan(150);
  await page.getByRole('button', { name: 'Read the whole story' }).click();
  const story = page.getByRole('list', { name: 'The whole story' });
  await expect(story).toBeVisible();
  const after = (await canvas.boundingBox())?.height ?? 0;
  expect(after).toBeGreaterThanOrEqual(before - 1);
  // Steps 3 to 6 only: a step outside would be moved back into the range without a word.
  await expect(story.locator(':scope > li .n')).toHaveText(['3', '4', '5', '6']);
  // The sheet is inside the frame, and its steps can be reached.
  const s = await story.boundingBox();
  expect(s && s.y >= 0 && s.y + s.height <= 400).toBe(true);
  await story.getByRole('button', { name: /^Jump to step 5: / }).click();
  await expect(page.getByRole('status', { name: 'Narration' })).toContainText('Step 5 of');
  watch.assertClean();
});
