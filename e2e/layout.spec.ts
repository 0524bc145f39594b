import type { Locator, Page } from '@playwright/test';
import { expect, openPlayer, test, watchPage } from './helpers.ts';

/**
 * The header and what lies below it, measured: the open What-if panel starts below the sticky
 * header and never lies over the Sequence section, wherever the page is scrolled; at 1920 px the
 * catalogue button shares one row with the header's actions in every language, and on a phone it is
 * one row that leaves the picture in the first screen.
 */

type Box = { x: number; y: number; width: number; height: number };

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((to) => window.scrollTo(0, to), y);
  // Two frames: sticky positions settle after the scroll.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`What-if at ${size.width}x${size.height}: below the header, beside the Sequence section, inside the screen`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const watch = watchPage(page);
    await openPlayer(page, '?scenario=sandbox&whatif=1');
    const header = page.locator('.app-header');
    const title = page.getByRole('button', { name: 'What if…' });
    const undo = page.getByRole('button', { name: 'Undo' });
    const redo = page.getByRole('button', { name: 'Redo' });
    const side = page.locator('aside.side');
    const views = page.getByRole('region', { name: 'Trace views' });
    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(max).toBeGreaterThan(200);
    for (const y of [0, 150, 300, Math.round(max / 2), max - 40, max]) {
      await scrollTo(page, y);
      const h = await box(header);
      const headerBottom = h.y + h.height;
      for (const l of [title, undo, redo]) {
        const b = await box(l);
        expect(
          b.y,
          `${(await l.getAttribute('aria-label')) ?? 'title'} at scroll ${y}`,
        ).toBeGreaterThanOrEqual(headerBottom);
      }
      const s = await box(side);
      expect(s.y + s.height, `panel foot at scroll ${y}`).toBeLessThanOrEqual(size.height);
      expect(overlaps(s, await box(views)), `panel over the Sequence section at scroll ${y}`).toBe(false);
    }
    watch.assertClean();
  });
}

test('What-if on a phone: the header does not cover the panel once scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPlayer(page, '?scenario=sandbox&whatif=1');
  const title = page.getByRole('button', { name: 'What if…' });
  await title.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, 40));
  const h = await box(page.locator('.app-header'));
  const u = await box(page.getByRole('button', { name: 'Undo' }));
  // The header scrolled away with the page, or it ends above the panel's bar.
  expect(h.y + h.height <= 0 || h.y + h.height <= u.y).toBe(true);
});

for (const lang of ['en', 'pt', 'ru']) {
  test(`at 1920 px the header is one row with the whole scenario title, and the open catalogue fits (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    // The longest title of the five in every language.
    await page.goto(`/?lang=${lang}&scenario=patroni`);
    await expect(page.locator('[data-node]').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const toggle = page.locator('.catalogue-toggle');
    const actions = page.locator('.header-actions');
    const [t, a] = [await box(toggle), await box(actions)];
    // One row: the button and the actions share it, side by side.
    expect(Math.abs(t.y + t.height / 2 - (a.y + a.height / 2))).toBeLessThan(8);
    expect(t.x + t.width).toBeLessThanOrEqual(a.x);
    // The title is not cut by an ellipsis.
    const current = page.locator('.catalogue-current');
    expect(await current.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Open, every card is on screen, and the player still starts under the header.
    await toggle.click();
    const cards = page.getByRole('listbox').getByRole('option');
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    for (const c of await cards.all()) {
      const r = await box(c);
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(1920);
      expect(r.y + r.height).toBeLessThanOrEqual(1080);
    }
  });
}

test('on a phone the closed catalogue is one row and the picture starts in the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lang=ru&scenario=fencing-token');
  await expect(page.locator('[data-node]').first()).toBeVisible();
  const t = await box(page.locator('.catalogue-toggle'));
  expect(t.height).toBeLessThan(60);
  const canvas = await box(page.locator('.cluster-svg').first());
  expect(canvas.y).toBeLessThan(844 / 3);
});

/** How many canvas pixels (message glyphs and labels) lie over node's token pill in Present. */
async function inkOverToken(page: Page, node: string): Promise<number> {
  return page.evaluate((id) => {
    const pill = document.querySelector(`.presentation [data-node="${id}"] .token rect`);
    const canvas = document.querySelector<HTMLCanvasElement>('.presentation canvas');
    if (!pill || !canvas) throw new Error('no token pill or canvas');
    const p = pill.getBoundingClientRect();
    const c = canvas.getBoundingClientRect();
    const sx = canvas.width / c.width;
    const sy = canvas.height / c.height;
    const x = Math.round((p.left - c.left) * sx);
    const y = Math.round((p.top - c.top) * sy);
    const w = Math.max(1, Math.round(p.width * sx));
    const h = Math.max(1, Math.round(p.height * sy));
    const data = canvas.getContext('2d')?.getImageData(x, y, w, h).data ?? [];
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 128) n++;
    return n;
  }, node);
}

test('Present: the message label does not cover the token pill, and ids do not break in the subtitle', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=split-brain');
  await page.getByRole('button', { name: 'Present' }).click();
  const counter = page.locator('.pres-counter');
  await expect(counter).toHaveText(/^\d+ \/ 10$/);
  // Step 7: node-1 leads term 2 and sends HEARTBEAT to four peers at once ("HEARTBEAT ×4"). The pill
  // names what heartbeat's leaders carry: the term (its writes use it as their token).
  while (!/^7 \//.test((await counter.textContent()) ?? '')) await page.keyboard.press('PageDown');
  await expect(page.locator('.presentation [data-node="node-1"] .token')).toContainText('term 2');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await inkOverToken(page, 'node-1')).toBeLessThan(20);
  // A subtitle that wraps keeps node-1, node-5 whole: each hyphenated piece is on one line.
  let seen = 0;
  for (const s of ['1280x720', '1920x1080']) {
    const [width, height] = s.split('x').map(Number) as [number, number];
    await page.setViewportSize({ width, height });
    for (let i = 0; i < 10; i++) {
      const pieces = await page
        .locator('.pres-subtitle p .pres-nobreak')
        .evaluateAll((els) => els.map((e) => [e.textContent, e.getClientRects().length]));
      seen += pieces.length;
      for (const [text, lines] of pieces) expect(lines, `${text} at ${s}`).toBe(1);
      if (/^1 \//.test((await counter.textContent()) ?? '')) break;
      await page.keyboard.press('PageUp');
    }
    await page.keyboard.press('End');
  }
  expect(seen).toBeGreaterThan(10);
  watch.assertClean();
});

test('Present says which knobs differ from the story (en, pt, ru)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPlayer(page, '?scenario=fencing-token&nodes=4&set=fencing:off&set=ttlS:20');
  await page.getByRole('button', { name: 'Present' }).click();
  const note = page.locator('.presentation .pres-changed');
  await expect(note).toHaveText('changed: ttlS 20 s, fencing off, nodes 4');
  const top = await page.locator('.pres-top').boundingBox();
  const b = await note.boundingBox();
  expect(b && top && b.y >= top.y && b.y + b.height <= top.y + top.height).toBe(true);
  await page.keyboard.press('Escape');
  // The story as it is: no note.
  await page.goto('/?scenario=fencing-token');
  await expect(page.locator('[data-node]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(page.locator('.presentation')).toBeVisible();
  await expect(note).toHaveCount(0);
  for (const [lang, text] of [
    ['pt', 'alterado: ttlS 20 s, fencing desligado'],
    ['ru', 'изменено: ttlS 20 с, fencing выкл.'],
  ] as const) {
    await page.goto(`/?lang=${lang}&scenario=fencing-token&set=fencing:off&set=ttlS:20`);
    await expect(page.locator('[data-node]').first()).toBeVisible();
    await page.keyboard.press('p');
    await expect(note).toHaveText(text);
  }
});
