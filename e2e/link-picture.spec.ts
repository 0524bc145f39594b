import type { Page } from '@playwright/test';
import { expect, test } from './helpers.ts';

/**
 * A cold story link or embed paints its story's picture at its step before the app's modules run
 * (src/app/prerender/linkViews.tsx, public/theme-init.js), and a link the build has no true picture for
 * shows a neutral placeholder, never another frame. The app then takes the picture over.
 */

/** Every module script aborted: only the classic theme-init.js and the picture's data file run. */
async function withoutModules(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
}

const picture = (page: Page) => page.locator('#root [data-picture]');

test.describe('a link paints its picture before the app', () => {
  test('a story link at its step, in its language', async ({ page }) => {
    await withoutModules(page);
    await page.goto('/?scenario=etcd-lease&step=5');
    await expect(picture(page)).toBeVisible();
    await expect(picture(page).locator('.caption .step-no')).toHaveText('Step 5 of 9');
    await expect(picture(page).locator('.caption p')).toContainText('node-1 crashes');
    await expect(picture(page).locator('.catalogue-current')).toHaveText('Lease-based election (etcd)');
    await expect(picture(page).locator('.cluster-svg:visible g.host')).not.toHaveCount(0);
    // Not the default view's copy, and nothing of the app ran.
    await expect(page.locator('[data-prerendered]')).toBeHidden();
    await expect(page.locator('[data-node]')).toHaveCount(0);
    expect(await page.locator('html').getAttribute('data-picture')).toBe('shown');

    await page.goto('/?scenario=patroni&step=3&lang=ru');
    await expect(picture(page).locator('.caption .step-no')).toHaveText('Шаг 3 из 12');
    // No step: the story before its first one, as the app opens it.
    await page.goto('/?scenario=etcd-lease');
    await expect(picture(page).locator('.caption .step-no')).toHaveText('9 steps');
  });

  test('an embed at its step', async ({ page }) => {
    await withoutModules(page);
    await page.setViewportSize({ width: 480, height: 300 });
    await page.goto('/?embed=1&scenario=fencing-token&step=3');
    await expect(picture(page)).toBeVisible();
    await expect(picture(page).locator('.caption .step-no')).toHaveText('Step 3 of 10');
    await expect(picture(page).locator('.caption p')).toContainText('It checks its lease first');
    // The embed's player, not the app's header; its picture scales into the frame.
    await expect(picture(page).locator('.app-header')).toHaveCount(0);
    const box = await picture(page).locator('.cluster-svg').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(0);
    expect(box?.width ?? 0).toBeLessThanOrEqual(480);
    // Drawn with the embed's own sheet: the player fits the frame, its caption inside it.
    const caption = await picture(page).locator('.caption').boundingBox();
    expect((caption?.y ?? 1e9) + (caption?.height ?? 0)).toBeLessThanOrEqual(300);
    expect(
      await picture(page)
        .locator('.embed-open')
        .evaluate((n) => getComputedStyle(n).position),
    ).toBe('absolute');
  });

  test('a link with faults, knobs or a moment shows a neutral placeholder, not the story frame', async ({
    page,
  }) => {
    await withoutModules(page);
    for (const q of [
      '/?scenario=etcd-lease&step=5&fault=12000,crash,node-2',
      '/?scenario=etcd-lease&step=5&set=ttlMs:5000',
      '/?scenario=etcd-lease&t=4000',
      '/?scenario=etcd-lease&step=99',
      '/?scenario=no-such-story',
    ]) {
      await page.goto(q);
      await expect(page.locator('.pre-wait'), q).toBeVisible();
      await expect(page.locator('.cluster-svg:visible'), q).toHaveCount(0);
      await expect(page.locator('.caption:visible'), q).toHaveCount(0);
    }
  });

  test('the app takes the picture over: the same step, no frame without a picture', async ({ page }) => {
    await page.addInitScript(() => {
      const frames: Array<{ picture: boolean; live: boolean; step: string }> = [];
      (window as unknown as { __frames: typeof frames }).__frames = frames;
      const tick = () => {
        const svg = [...document.querySelectorAll('.cluster-svg')].find((s) => {
          const r = s.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && s.querySelector('g.host') !== null;
        });
        const live = document.querySelector('g.host[data-node]') !== null;
        frames.push({
          picture: svg !== undefined,
          live,
          step: document.querySelector('.caption .step-no')?.textContent ?? '',
        });
        if (frames.filter((f) => f.live).length < 10) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto('/?scenario=etcd-lease&step=5');
    await page.waitForFunction(
      () =>
        (window as unknown as { __frames: { live: boolean }[] }).__frames.filter((f) => f.live).length >= 10,
    );
    const frames = await page.evaluate(
      () => (window as unknown as { __frames: { picture: boolean; live: boolean; step: string }[] }).__frames,
    );
    expect(frames.filter((f) => !f.picture)).toEqual([]);
    expect(frames.filter((f) => f.step !== 'Step 5 of 9')).toEqual([]);
    await expect(picture(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  });
});

/** The centres of the visible cluster picture's hosts, in page px, in drawing order. */
async function hostCentres(page: Page, hosts: string): Promise<Array<[number, number]>> {
  return page.locator(hosts).evaluateAll((gs) =>
    gs
      .filter((g) => (g.closest('svg')?.getBoundingClientRect().width ?? 0) > 0)
      .map((g) => {
        const r = (g.querySelector('.body') ?? g).getBoundingClientRect();
        return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] as [number, number];
      }),
  );
}

test.describe('the picture is true to the link at its step', () => {
  test('on a 390 px phone the picture is the portrait layout the app then draws: no jump', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const q of ['/?scenario=etcd-lease&step=5', '/?scenario=fencing-token&step=3&lang=ru']) {
      await withoutModules(page);
      await page.goto(q);
      await expect(picture(page).locator('.cluster-svg.pre-narrow')).toBeVisible();
      await expect(picture(page).locator('.cluster-svg:not(.pre-narrow)')).toBeHidden();
      const before = await hostCentres(page, '#root [data-picture] .cluster-svg g.host');
      await page.unrouteAll();
      await page.goto(q);
      await expect(page.locator('g.host[data-node]').first()).toBeVisible();
      await expect(picture(page)).toHaveCount(0);
      const after = await hostCentres(page, '.cluster-svg g.host');
      expect(before.length, q).toBeGreaterThan(2);
      expect(after.length, q).toBe(before.length);
      for (const [i, [x, y]] of before.entries()) {
        const [x2, y2] = after[i] as [number, number];
        expect(Math.abs(x - x2), `${q}: host ${i} x`).toBeLessThanOrEqual(4);
        expect(Math.abs(y - y2), `${q}: host ${i} y`).toBeLessThanOrEqual(4);
      }
    }
  });

  test("the step's messages in flight are in the picture, with their labels", async ({ page }) => {
    const q = '/?scenario=bully&step=3';
    await page.goto(q);
    const live = page.getByTestId('in-flight').locator('li');
    await expect(live.first()).toBeAttached();
    const lines = await live.allTextContents();
    // "ELECTION node-3 → node-4": the types the app paints on its canvas.
    const types = [...new Set(lines.map((l) => l.split(' ')[0] as string))];
    expect(lines.length).toBeGreaterThan(0);
    await withoutModules(page);
    await page.goto(q);
    const svg = picture(page).locator('.cluster-svg:visible');
    await expect(svg.locator('.msgs-svg .msg-glyph')).toHaveCount(lines.length);
    const labels = (await svg.locator('.msgs-svg text').allTextContents()).join(' ');
    for (const type of types) expect(labels).toContain(type);
    // Drawn in the message's colour, not black: prerender.css has the canvas's palette.
    const fill = await svg
      .locator('.msgs-svg .msg-glyph')
      .first()
      .evaluate((n) => getComputedStyle(n).fill);
    expect(fill).not.toBe('rgb(0, 0, 0)');
  });

  test("the theme button names the link's theme, or the system's", async ({ page }) => {
    await withoutModules(page);
    await page.goto('/?scenario=etcd-lease&step=5&theme=dark');
    await expect(picture(page).locator('.theme-toggle')).toHaveAttribute('aria-label', 'Theme: dark');
    await page.goto('/?scenario=etcd-lease&step=5&theme=light&lang=pt');
    await expect(picture(page).locator('.theme-toggle')).toHaveAttribute('aria-label', 'Tema: claro');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/?scenario=etcd-lease&step=5');
    await expect(picture(page).locator('.theme-toggle')).toHaveAttribute(
      'aria-label',
      'Theme: system (dark)',
    );
  });
});
