import { expect, type Page, test } from '@playwright/test';

/**
 * index.html carries the default view's first frame (src/app/prerender): the page paints the
 * picture and its first caption before any script of the app has run, public/theme-init.js hides
 * it for any other view, and the app's first commit takes it over without a frame lacking a picture.
 */

/** Only theme-init.js runs: what the page shows is what it paints before the app's JavaScript. */
async function withoutApp(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
}

const prerendered = (page: Page) => page.locator('[data-prerendered]');

test.describe('the prerendered first view', () => {
  test('paints the picture, the caption and the controls before the app runs, at every width', async ({
    page,
  }) => {
    await withoutApp(page);
    for (const [width, shown] of [
      [1920, 'pre-wide'],
      [1280, 'pre-mid'],
      [390, 'pre-narrow'],
    ] as const) {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await page.goto('/');
      await expect(prerendered(page)).toBeVisible();
      // One picture, the one laid out for this width.
      const visible = page.locator('.cluster-svg:visible');
      await expect(visible).toHaveCount(1);
      await expect(visible).toHaveClass(new RegExp(shown));
      await expect(visible.locator('g.host')).toHaveCount(5);
      await expect(page.locator('.caption .step-no')).toHaveText(/Step 1 of \d+/i);
      await expect(page.getByText('Everyone believes it is node-5.')).toBeVisible();
      // Hidden from assistive technology and not interactive until the app replaces it.
      await expect(page.getByRole('button', { name: 'Play' })).toHaveCount(0);
      expect(await page.locator('#root').evaluate((r) => r.querySelector('[inert]') !== null)).toBe(true);
    }
  });

  test('is hidden before the first paint for another view, a saved language or live mode', async ({
    page,
  }) => {
    await withoutApp(page);
    for (const q of [
      '/?lang=pt',
      '/?scenario=etcd-lease',
      '/?embed=1',
      '/?t=500',
      '/#live=0123456789abcdef',
    ]) {
      await page.goto(q);
      await expect(prerendered(page), q).toBeHidden();
      expect(await page.locator('html').getAttribute('data-prerender'), q).toBe('off');
    }
    await page.goto('/?theme=dark');
    await expect(prerendered(page)).toBeVisible();
    await page.evaluate(() => localStorage.setItem('leader-election-lab.lang', 'ru'));
    await page.goto('/');
    await expect(prerendered(page)).toBeHidden();
  });

  test('the app takes it over: every frame from the first one has a cluster picture', async ({ page }) => {
    await page.addInitScript(() => {
      const frames: Array<{ picture: boolean; live: boolean }> = [];
      (window as unknown as { __frames: typeof frames }).__frames = frames;
      const tick = () => {
        const picture = [...document.querySelectorAll('.cluster-svg')].some((s) => {
          const r = s.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && s.querySelector('g.host') !== null;
        });
        frames.push({ picture, live: document.querySelector('g.host[data-node]') !== null });
        if (!frames.some((f) => f.live) || frames.filter((f) => f.live).length < 10)
          requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto('/');
    await page.waitForFunction(
      () =>
        (window as unknown as { __frames: { live: boolean }[] }).__frames.filter((f) => f.live).length >= 10,
    );
    const frames = await page.evaluate(
      () => (window as unknown as { __frames: { picture: boolean; live: boolean }[] }).__frames,
    );
    expect(frames.length).toBeGreaterThan(10);
    expect(frames.filter((f) => !f.picture)).toEqual([]);
    // The copy is gone, and the live picture shows the same caption.
    await expect(prerendered(page)).toHaveCount(0);
    await expect(page.locator('.caption p')).toContainText('Everyone believes it is node-5.');
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  });
});
