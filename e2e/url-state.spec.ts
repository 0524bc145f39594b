import type { Browser, Page } from '@playwright/test';
import { expect, ORIGIN, openPlayer, scenarioOption, test, timeline, watchPage } from './helpers.ts';

/** Everything the user sees of one frame, as text: caption, nodes, store, theme, language, panel. */
async function frameOf(page: Page) {
  await expect(page.locator('[data-node]').first()).toBeVisible();
  return {
    caption: await page.locator('[role="status"][aria-label]:not(.notice)').textContent(),
    nodes: await page
      .locator('[data-node]')
      .evaluateAll((els) =>
        els.map(
          (e) =>
            `${e.getAttribute('data-node')} ${e.getAttribute('data-role')} ${e.getAttribute('aria-label')}`,
        ),
      ),
    switches: await page
      .locator('[role="switch"]')
      .evaluateAll((els) =>
        els.map((e) => `${e.getAttribute('aria-label') ?? e.textContent}=${e.getAttribute('aria-checked')}`),
      ),
    interventions: await page.locator('.side').getByRole('listitem').allTextContents(),
    store: await page.locator('.store-panel').textContent(),
    sliders: await page
      .locator('input[type="range"]')
      .evaluateAll((els) =>
        els.map((e) => `${e.getAttribute('aria-label')}=${(e as HTMLInputElement).value}`),
      ),
    theme: await page.locator('html').getAttribute('data-theme'),
    lang: await page.locator('html').getAttribute('lang'),
    selectedTab: await page.locator('[role="tab"][aria-selected="true"]').allInnerTexts(),
    scenario: await page.locator('[role="option"][aria-selected="true"]').getAttribute('data-scenario'),
  };
}

/** A fresh browser context: no saved language or theme, light system theme. */
async function freshPage(browser: Browser, baseURL: string, opts: { clipboard?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL,
    colorScheme: 'light',
    ...(opts.clipboard ? { permissions: ['clipboard-read', 'clipboard-write'] } : {}),
  });
  return { context, page: await context.newPage() };
}

test('Copy link opens the identical frame in a new page (knob, intervention, step, dark, pt)', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? ORIGIN;
  const a = await freshPage(browser, origin, { clipboard: true });
  const page = a.page;
  const watch = watchPage(page, origin);
  await openPlayer(page, '?scenario=fencing-token');

  // A knob and an intervention from the What-if panel.
  await page.getByRole('button', { name: 'What if…' }).click();
  const fencing = page.getByRole('region', { name: 'Knobs' }).getByRole('switch', { name: 'fencing' });
  await fencing.click();
  await expect(fencing).toHaveAttribute('aria-checked', 'false');
  await timeline(page).fill('3000');
  await page.locator('[data-node="node-2"]').click({ button: 'right' });
  await page
    .getByRole('menu', { name: /Faults for node-2/ })
    .getByRole('menuitem', { name: 'Isolate from the store' })
    .click();
  await expect(page.getByRole('region', { name: 'Interventions' })).toContainText(
    'isolate node-2 from the store',
  );

  // A step, the event log, dark theme, Portuguese.
  await page.getByRole('status', { name: 'Narration' }).click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.getByRole('tab', { name: 'Event log' }).click();
  const themeButton = page.getByRole('button', { name: /^Theme:/ });
  // Each click shows the other theme: from the light system, one click is dark.
  await themeButton.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');

  await page.getByRole('button', { name: 'Copiar link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copiado' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link.startsWith(`${origin}/?lang=pt&theme=dark&scenario=fencing-token&`)).toBe(true);
  expect(link).toContain('set=fencing:off');
  expect(link).toMatch(/fault=\d+,isolate,node-2,store/);
  expect(link).toContain('whatif=1');
  expect(link).toContain('panel=log');
  // The address bar follows the view (throttled replaceState).
  await expect(page).toHaveURL(link);
  const before = await frameOf(page);
  watch.assertClean();

  const b = await freshPage(browser, origin);
  const watchB = watchPage(b.page, origin);
  await b.page.goto(link);
  await expect(b.page.getByRole('status', { name: 'Problema no link' })).toHaveCount(0);
  // The What-if panels and the trace views are chunks loaded after the first picture.
  await expect.poll(() => frameOf(b.page), { timeout: 15_000 }).toEqual(before);
  expect(before.theme).toBe('dark');
  expect(before.lang).toBe('pt');
  expect(before.switches.some((x) => x.endsWith('=false'))).toBe(true);
  watchB.assertClean();
  await a.context.close();
  await b.context.close();
});

test('without a clipboard the link is shown selected in a popover, and it opens the same frame', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? ORIGIN;
  const a = await freshPage(browser, origin);
  await a.page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  const watch = watchPage(a.page, origin);
  await openPlayer(a.page, '?scenario=etcd-lease&step=4&speed=2');
  await a.page.getByRole('button', { name: 'Copy link' }).click();
  const field = a.page.getByRole('textbox', { name: /Copy this link/ });
  await expect(field).toBeFocused();
  const link = await field.inputValue();
  expect(link).toBe(`${origin}/?lang=en&scenario=etcd-lease&step=4&speed=2`);
  expect(
    await field.evaluate((el: HTMLInputElement) => (el.selectionEnd ?? 0) - (el.selectionStart ?? 0)),
  ).toBe(link.length);
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(a.page.getByRole('button', { name: 'Copy link' })).toBeFocused();
  const before = await frameOf(a.page);
  watch.assertClean();

  const b = await freshPage(browser, origin);
  await b.page.goto(link);
  // The What-if panels and the trace views are chunks loaded after the first picture.
  await expect.poll(() => frameOf(b.page), { timeout: 15_000 }).toEqual(before);
  await a.context.close();
  await b.context.close();
});

test('malformed parameters each get a notice naming them and what was expected; the rest loads', async ({
  page,
  baseURL,
}) => {
  const watch = watchPage(page, baseURL ?? ORIGIN);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await openPlayer(
    page,
    '?scenario=fencing-token&step=3&seed=abc&fault=999,explode,node-9&speed=1000&set=nope:1&set=fencing:off&theme=dark',
  );
  const notice = page.getByRole('status', { name: 'Link problem' });
  await expect(notice).toContainText('Ignored “seed”: “abc”. Expected a whole number from 0 to 4294967295.');
  await expect(notice).toContainText('Ignored “fault”: “999,explode,node-9” (unknown kind "explode")');
  await expect(notice).toContainText('Expected <ms>,<kind>,<arguments>');
  await expect(notice).toContainText('Ignored “speed”: “1000”. Expected a number from 0.1 to 10.');
  await expect(notice).toContainText('Ignored “set”: “nope:1”');
  await expect(notice).toContainText('unknown knob "nope"');
  // The rest loaded: scenario, step, the good knob, the theme.
  await expect(scenarioOption(page, 'Fencing token')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status', { name: 'Narration' })).toContainText('Step 3 of');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'What if…' }).click();
  await expect(
    page.getByRole('region', { name: 'Knobs' }).getByRole('switch', { name: 'fencing' }),
  ).toHaveAttribute('aria-checked', 'false');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);

  // A fault on a host the run does not have, a rule-breaking knob, an unknown parameter.
  await openPlayer(page, '?scenario=bully&fault=1500,crash,node-9&set=latencyMinMs:900&zoom=3');
  await expect(notice).toContainText('no host "node-9"');
  await expect(notice).toContainText('latencyMaxMs must be >= latencyMinMs');
  await expect(notice).toContainText('Unknown parameter “zoom” ignored');

  // Nothing from the URL is rendered as HTML.
  const evil = '<img src=x onerror=alert(1)>';
  await openPlayer(page, `?scenario=${encodeURIComponent(evil)}&set=${encodeURIComponent('<b>x</b>:1')}`);
  await expect(notice).toContainText(evil);
  await expect(notice).toContainText('<b>x</b>:1');
  await expect(page.locator('img[src="x"], b:text("x")')).toHaveCount(0);
  await expect(scenarioOption(page, 'Bully algorithm (legacy)')).toHaveAttribute('aria-selected', 'true');
  expect(dialogs).toBe(0);
  watch.assertClean();
});
