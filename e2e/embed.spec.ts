import AxeBuilder from '@axe-core/playwright';
import type { Frame, FrameLocator, Locator, Page } from '@playwright/test';
import { expect, scenarioOptions, test, watchPage } from './helpers.ts';

/**
 * Embed mode (`?embed=1`), the postMessage API through the iframe example, the custom element and
 * the React component (examples/, built into dist/ by `npm run build:embed`): each renders, is
 * driven, keeps its own state, and runs without a console error or a CSP violation.
 */

declare global {
  interface Window {
    __cspViolations: string[];
    __steps: string[];
  }
}

/** Collects `securitypolicyviolation` events in every frame of the page (init script). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
  return async () => {
    const all: string[] = [];
    for (const f of page.frames()) all.push(...(await f.evaluate(() => window.__cspViolations ?? [])));
    return all;
  };
}

type Scope = Page | FrameLocator | Locator;
const narration = (s: Scope) => s.getByRole('status', { name: 'Narration' });
const button = (s: Scope, name: string) => s.getByRole('button', { name, exact: true });

async function openEmbed(page: Page, query: string) {
  await page.goto(`/?embed=1&${query}`);
  await expect(page.locator('[data-node]').first()).toBeVisible();
}

test.describe('embed mode', () => {
  test('at 320 x 240: the cluster and the caption, no app chrome, no horizontal scroll', async ({
    page,
    baseURL,
  }) => {
    const watch = watchPage(page, baseURL);
    const csp = await watchCsp(page);
    await page.setViewportSize({ width: 320, height: 240 });
    await openEmbed(page, 'scenario=fencing-token&step=3');
    await expect(page.locator('.cluster-svg')).toBeVisible();
    await expect(narration(page)).toContainText('node-1’s job is due');
    await expect(scenarioOptions(page)).toHaveCount(0);
    await expect(page.locator('header, aside')).toHaveCount(0);
    await expect(page.getByRole('slider', { name: 'Timeline' })).toHaveCount(0);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
    const svg = await page.locator('.cluster-svg').boundingBox();
    expect(svg?.height ?? 0).toBeGreaterThan(60);
    // the link to the full app: same view, new tab, no opener
    const open = page.getByRole('link', { name: 'Open in Leader Election Lab' });
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener');
    expect(await open.getAttribute('href')).toMatch(/\?lang=en&scenario=fencing-token&step=3$/);
    expect(await csp()).toEqual([]);
    watch.assertClean();
  });

  test('640 x 400 in a real iframe of that size fills it', async ({ page, baseURL }) => {
    const watch = watchPage(page, baseURL);
    await page.goto('/examples/iframe.html');
    const frame = page.frameLocator('#player');
    await expect(frame.locator('[data-node]').first()).toBeVisible();
    const box = await page.locator('#player').boundingBox();
    const player = await frame.locator('.embed-player').boundingBox();
    expect(Math.abs((player?.height ?? 0) - ((box?.height ?? 0) - 2))).toBeLessThan(3);
    expect(Math.abs((player?.width ?? 0) - ((box?.width ?? 0) - 2))).toBeLessThan(3);
    watch.assertClean();
  });

  test('controls=none, minimal and full show the right controls', async ({ page, baseURL }) => {
    const watch = watchPage(page, baseURL);
    await openEmbed(page, 'scenario=bully&controls=none');
    await expect(button(page, 'Play')).toHaveCount(0);
    await expect(page.getByRole('slider')).toHaveCount(0);
    // still driven by the keyboard once focused
    await page.getByRole('main', { name: /^Leader election player/ }).focus();
    const before = await narration(page).textContent();
    await page.keyboard.press('ArrowRight');
    await expect(narration(page)).not.toHaveText(before ?? '');

    await openEmbed(page, 'scenario=bully');
    for (const name of ['Play', 'Step back', 'Step forward']) await expect(button(page, name)).toBeVisible();
    for (const name of ['Restart']) await expect(button(page, name)).toHaveCount(0);
    await expect(page.getByRole('slider')).toHaveCount(0);
    await expect(page.locator('.step-count')).toHaveText('Step 1 / 9');
    await button(page, 'Step forward').click();
    await expect(page.locator('.step-count')).toHaveText('Step 2 / 9');

    await openEmbed(page, 'scenario=bully&controls=full');
    for (const name of ['Play', 'Step back', 'Step forward', 'Restart'])
      await expect(button(page, name)).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Timeline' })).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Speed' })).toBeVisible();
    watch.assertClean();
  });

  test('start and end keep the player inside the range', async ({ page, baseURL }) => {
    const watch = watchPage(page, baseURL);
    await openEmbed(page, 'scenario=fencing-token&start=2&end=3');
    const count = page.locator('.step-count');
    await expect(count).toHaveText('Step 2 / 10');
    await button(page, 'Step back').click();
    await expect(count).toHaveText('Step 2 / 10');
    await button(page, 'Step forward').click();
    await expect(count).toHaveText('Step 3 / 10');
    await button(page, 'Step forward').click();
    await expect(count).toHaveText('Step 3 / 10');
    // playing stops at the end of step 3, not in step 4
    await button(page, 'Play').click();
    await expect(button(page, 'Play')).toBeVisible({ timeout: 20_000 });
    await expect(count).toHaveText('Step 3 / 10');
    watch.assertClean();
  });

  test('autoplay and loop: plays by itself and starts the range over at its end', async ({
    page,
    baseURL,
  }) => {
    const watch = watchPage(page, baseURL);
    await page.addInitScript(() => {
      window.__steps = [];
      new MutationObserver(() => {
        const s = document.querySelector('.step-count')?.textContent ?? '';
        if (s && window.__steps.at(-1) !== s) window.__steps.push(s);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await openEmbed(page, 'scenario=bully&start=8&end=9&autoplay=1&loop=1&speed=10');
    await expect(button(page, 'Pause')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => window.__steps.join(' > ')), { timeout: 30_000 })
      .toContain('Step 8 / 9 > Step 9 / 9 > Step 8 / 9');
    await expect(button(page, 'Pause')).toBeVisible();
    const seen = await page.evaluate(() => window.__steps);
    expect(seen.every((s) => s === 'Step 8 / 9' || s === 'Step 9 / 9')).toBe(true);
    watch.assertClean();
  });

  test('bad embed parameters: a compact notice naming them, dismissible; the player works', async ({
    page,
    baseURL,
  }) => {
    const watch = watchPage(page, baseURL);
    await openEmbed(page, 'scenario=bully&controls=lots&start=99&origin=<b>x</b>');
    const notice = page.getByRole('status', { name: 'Link problem' });
    await expect(notice).toContainText('“controls”: “lots”');
    await expect(notice).toContainText('“start”: “99”');
    await expect(notice).toContainText('“origin”: “<b>x</b>”');
    await expect(notice.locator('b')).toHaveCount(0);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await button(page, 'Step forward').click();
    await expect(page.locator('.step-count')).toHaveText('Step 2 / 9');
    watch.assertClean();
  });
});

test.describe('a run past its budget', () => {
  // Bully with the short textbook rule (holdOnEveryElection) storms after a restart: past 200,000
  // messages in flight at 821 ms. The embed says so and shows the story's own run. Reaching the budget
  // is real work (about 250,000 events, 3 s in Node at idle), so the first wait is for that run, not
  // for the page.
  const RUN = { timeout: 30_000 };
  const STORM = 'set=holdOnEveryElection:true&fault=700,crash,node-1&fault=700,restart,node-1';

  test('the embed says why in its notice and plays the story without the link’s settings', async ({
    page,
    baseURL,
  }) => {
    const watch = watchPage(page, baseURL);
    await openEmbed(page, `scenario=bully-at-scale&${STORM}`);
    const notice = page.getByRole('status', { name: 'Link problem' });
    await expect(notice).toContainText(
      'the run stopped at 821 ms: more than 200,000 messages in flight (its budget)',
      RUN,
    );
    await expect(notice).toContainText('showing the run without them');
    await expect(page.locator('.step-count')).toHaveText('Step 1 / 7');
    await button(page, 'Step forward').click();
    await expect(page.locator('.step-count')).toHaveText('Step 2 / 7');
    watch.assertClean();
  });

  test('the app says it once, in the link’s notice', async ({ page, baseURL }) => {
    const watch = watchPage(page, baseURL);
    await page.goto(`/?scenario=bully-at-scale&${STORM}`);
    await expect(page.getByText(/more than 200,000 messages in flight/)).toBeVisible(RUN);
    await expect(page.getByText(/more than 200,000 messages in flight/)).toHaveCount(1);
    watch.assertClean();
  });
});

test.describe('embed accessibility', () => {
  for (const theme of ['light', 'dark'] as const)
    for (const controls of ['minimal', 'full', 'none'] as const)
      test(`axe finds nothing: ${theme}, controls=${controls}`, async ({ page }) => {
        await page.setViewportSize({ width: 640, height: 400 });
        await openEmbed(page, `scenario=fencing-token&step=7&theme=${theme}&controls=${controls}`);
        const result = await new AxeBuilder({ page }).analyze();
        expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
          [],
        );
      });
});

test.describe('embed API through the iframe example', () => {
  async function events(page: Page): Promise<Array<Record<string, unknown>>> {
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#log li')].map((li) => JSON.parse(li.dataset.json ?? '{}')),
    );
  }
  const types = async (page: Page) => (await events(page)).map((e) => e.type);

  async function captionOfStep(page: Page, scenario: string, step: number): Promise<string> {
    const other = await page.context().newPage();
    await other.goto(`/?embed=1&scenario=${scenario}&step=${step}`);
    const text = (await narration(other).locator('p').last().textContent()) ?? '';
    await other.close();
    return text;
  }

  test('seek, play to the end, select: the player follows and its events come back', async ({
    page,
    baseURL,
  }) => {
    const watch = watchPage(page, baseURL);
    const csp = await watchCsp(page);
    const caption3 = await captionOfStep(page, 'fencing-token', 3);
    await page.goto('/examples/iframe.html');
    const frame = page.frameLocator('#player');
    await expect.poll(() => types(page)).toContain('ready');

    await page.getByLabel('Step').fill('3');
    await page.getByRole('button', { name: 'Seek' }).click();
    await expect(narration(frame)).toContainText(caption3);
    await expect.poll(async () => (await events(page)).at(-1)).toMatchObject({ type: 'step', step: 3 });

    await page.getByLabel('Step').fill('10');
    await page.getByRole('button', { name: 'Seek' }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => types(page), { timeout: 30_000 }).toContain('ended');
    const ended = (await events(page)).find((e) => e.type === 'ended');
    expect(ended).toMatchObject({ scenario: 'fencing-token', step: 10, stepCount: 10, playing: false });

    await page.getByRole('combobox', { name: 'Scenario' }).selectOption('bully');
    await page.getByRole('button', { name: 'Select' }).click();
    await expect(frame.getByRole('main', { name: /Bully algorithm/ })).toBeVisible();
    await page.getByRole('button', { name: 'Get state' }).click();
    await expect
      .poll(async () => (await events(page)).at(-1))
      .toMatchObject({ type: 'state', scenario: 'bully', stepCount: 9 });

    expect(await csp()).toEqual([]);
    watch.assertClean();
  });

  test('malformed messages are ignored (answered with an error) and the player still works', async ({
    page,
    baseURL,
  }) => {
    const watch = watchPage(page, baseURL);
    await page.goto('/examples/iframe.html');
    const frame = page.frameLocator('#player');
    await expect.poll(() => types(page)).toContain('ready');
    const before = await narration(frame).textContent();

    await page.getByRole('button', { name: 'Send a malformed message' }).click();
    await page.evaluate(() => {
      const player = (document.getElementById('player') as HTMLIFrameElement).contentWindow as Window;
      const S = 'leader-election-lab';
      const junk: unknown[] = [
        null,
        'play',
        42,
        [S, 1, 'play'],
        { type: 'seek', step: 3 },
        { source: S, v: 2, type: 'play' },
        { source: S, v: 1, type: 'seek', step: 1e9 },
        { source: S, v: 1, type: 'seek', step: -1 },
        { source: S, v: 1, type: 'select', scenario: '<img src=x onerror=alert(1)>' },
        { source: S, v: 1, type: 'play', extra: { deep: [1, 2, 3] } },
        JSON.parse(`{"source":"${S}","v":1,"type":"play","__proto__":{"polluted":true}}`),
      ];
      for (const j of junk) player.postMessage(j, window.location.origin);
    });
    await expect.poll(async () => (await events(page)).filter((e) => e.type === 'error').length).toBe(7);
    const errors = (await events(page)).filter((e) => e.type === 'error').map((e) => String(e.error));
    expect(errors[0]).toContain('got "3; alert(1)"');
    expect(errors.some((e) => e.includes('forbidden key "__proto__"'))).toBe(true);
    expect(await narration(frame).textContent()).toBe(before);
    await expect(button(frame, 'Play')).toBeVisible();
    expect(await frame.locator('img').count()).toBe(0);
    const polluted = await page.frames()[1]?.evaluate(() => ({}) as Record<string, unknown>);
    expect(polluted?.polluted).toBeUndefined();

    // and it still obeys
    await page.getByLabel('Step').fill('4');
    await page.getByRole('button', { name: 'Seek' }).click();
    await expect.poll(async () => (await events(page)).at(-1)).toMatchObject({ type: 'step', step: 4 });
    await expect(frame.locator('.controls')).toBeVisible();
    watch.assertClean();
  });
});

test.describe('library build', () => {
  test('two custom elements on one page keep separate state and their own theme', async ({
    page,
    baseURL,
  }) => {
    const watch = watchPage(page, baseURL);
    const csp = await watchCsp(page);
    await page.goto('/examples/elements.html');
    const first = page.locator('#first');
    const second = page.locator('#second');
    await expect(first.locator('[data-node]').first()).toBeVisible();
    await expect(second.locator('[data-node]').first()).toBeVisible();
    await expect(first.locator('.step-no')).toHaveText('Step 3 of 10');
    await expect(second.locator('.step-count')).toHaveText('Step 2 / 10');
    const secondCaption = await narration(second).textContent();

    await button(first, 'Step forward').click();
    await expect(first.locator('.step-no')).toHaveText('Step 4 of 10');
    await expect(second.locator('.step-count')).toHaveText('Step 2 / 10');
    expect(await narration(second).textContent()).toBe(secondCaption);

    // keyboard shortcuts act on the focused player only
    await button(second, 'Step forward').focus();
    await page.keyboard.press('ArrowRight');
    await expect(second.locator('.step-count')).toHaveText('Step 3 / 10');
    await expect(first.locator('.step-no')).toHaveText('Step 4 of 10');

    // the theme is the element's, not the page's
    await expect(second).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-theme'))).toBe(false);
    const bg = (l: Locator) =>
      l.locator('.embed-player').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bg(first)).not.toBe(await bg(second));

    // lang restyles without a new run (the step stays); the language is one per page
    await second.evaluate((el) => el.setAttribute('lang', 'pt'));
    await expect(second.locator('.step-count')).toHaveText('Passo 3 / 10');
    await expect(first.locator('.step-no')).toHaveText('Passo 4 de 10');
    await second.evaluate((el) => el.setAttribute('lang', 'en'));
    await expect(second.locator('.step-count')).toHaveText('Step 3 / 10');

    // attributes are observed: a new scenario on the first only
    await first.evaluate((el) => el.setAttribute('scenario', 'bully'));
    await expect(first.getByRole('region', { name: /Bully algorithm/ })).toBeVisible();
    await expect(second.getByRole('region', { name: /Split-brain/ })).toBeVisible();

    expect(await csp()).toEqual([]);
    watch.assertClean();
  });

  test('a player with no theme of its own follows the system setting, live; the iframe too', async ({
    page,
    baseURL,
  }) => {
    const watch = watchPage(page, baseURL);
    const csp = await watchCsp(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/examples/elements.html');
    const first = page.locator('#first');
    const second = page.locator('#second');
    await expect(first.locator('[data-node]').first()).toBeVisible();
    await expect(second.locator('[data-node]').first()).toBeVisible();
    const bg = (l: Locator) => () =>
      l.locator('.embed-player').evaluate((el) => getComputedStyle(el).backgroundColor);
    const dark = await bg(second)();
    // No attribute is put on the host page's element, nor on its <html>: the stylesheet follows the system.
    await expect(first).not.toHaveAttribute('data-theme', /./);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-theme'))).toBe(false);
    await expect.poll(bg(first)).toBe(dark);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(bg(first)).not.toBe(dark);
    await expect.poll(bg(second)).toBe(dark);

    // The iframe embed follows the system too, not the lab's saved choice.
    await page.evaluate(() => localStorage.setItem('leader-election-lab.theme', 'light'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await openEmbed(page, 'scenario=bully&step=2');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.evaluate(() => localStorage.removeItem('leader-election-lab.theme'));
    expect(await csp()).toEqual([]);
    watch.assertClean();
  });

  test('the React component renders its own player', async ({ page, baseURL }) => {
    const watch = watchPage(page, baseURL);
    const csp = await watchCsp(page);
    await page.goto('/examples/react.html');
    const player = page.locator('.react-player');
    await expect(player.locator('[data-node]').first()).toBeVisible();
    // The page runs what its code shows: fencing-token at step 3.
    const code = (await page.locator('pre code').textContent()) ?? '';
    expect(code).toContain('scenario="fencing-token"');
    expect(code).toContain('step={3}');
    await expect(player.locator('.step-no')).toHaveText('Step 3 of 10');
    await button(player, 'Step forward').click();
    await expect(player.locator('.step-no')).toHaveText('Step 4 of 10');
    await page.getByRole('button', { name: 'Theme: light' }).click();
    await expect(player).toHaveAttribute('data-theme', 'dark');
    await expect(player.locator('.step-no')).toHaveText('Step 4 of 10');
    // No code line is cut off: the block does not scroll sideways.
    const pre = page.locator('pre').last();
    expect(await pre.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await csp()).toEqual([]);
    watch.assertClean();
  });

  test('the examples index and the slides page load cleanly', async ({ page, baseURL }) => {
    const watch = watchPage(page, baseURL);
    const csp = await watchCsp(page);
    await page.goto('/examples/');
    for (const name of [/iframe driven/, /Two custom elements/, /React component/, /Slides and Markdown/])
      await expect(page.getByRole('link', { name })).toBeVisible();
    await page.getByRole('link', { name: /Slides and Markdown/ }).click();
    const small = page.frameLocator('#small');
    await expect(small.locator('[data-node]').first()).toBeVisible();
    const frame = page.frames().find((f: Frame) => f.url().includes('embed=1'));
    const widths = await frame?.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths?.[0]).toBeLessThanOrEqual(widths?.[1] ?? 0);
    expect(await csp()).toEqual([]);
    watch.assertClean();
  });
});
