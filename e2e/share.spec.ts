import type { Page } from '@playwright/test';
import { expect, ORIGIN, openPlayer, test, watchPage } from './helpers.ts';

/**
 * Share / Embed: the link to the view, an iframe snippet for embed mode (embed=1 and the view's
 * scenario and step, options applied live), Markdown and the custom element; Copy puts the text on
 * the clipboard, or selects it when there is no clipboard.
 */

async function openShare(page: Page) {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share or embed this view' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the iframe snippet embeds this scenario and step; options update it; copying works', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=split-brain&step=4');
  const dialog = await openShare(page);

  const link = dialog.getByLabel('Link to this view');
  await expect(link).toHaveValue(`${ORIGIN}/?lang=en&scenario=split-brain&step=4`);

  const iframe = dialog.getByLabel('Embed (iframe)');
  const snippet = async () => iframe.inputValue();
  const src = async () => {
    const m = /src="([^"]+)"/.exec(await snippet());
    expect(m).not.toBeNull();
    return new URL((m?.[1] ?? '').replace(/&amp;/g, '&'));
  };
  expect(await snippet()).toMatch(
    /^<iframe src="[^"]+" title="Leader Election Lab: Split-brain without quorum"/,
  );
  let url = await src();
  expect(url.origin + url.pathname).toBe(`${ORIGIN}/`);
  expect(url.searchParams.get('embed')).toBe('1');
  expect(url.searchParams.get('scenario')).toBe('split-brain');
  expect(url.searchParams.get('step')).toBe('4');
  // The default (minimal) is left out of the link, as deepLink writes it.
  expect(url.searchParams.get('controls')).toBeNull();
  expect(await snippet()).toContain('width="640" height="400"');

  // Options change the snippet live.
  await dialog.getByLabel('Controls').selectOption('full');
  await dialog.getByLabel('Play automatically').check();
  await dialog.getByLabel('Loop').check();
  await dialog.getByLabel('Start at step').selectOption('2');
  await dialog.getByLabel('End at step').selectOption('6');
  await dialog.getByLabel('Size').selectOption('responsive');
  url = await src();
  expect(url.searchParams.get('controls')).toBe('full');
  expect(url.searchParams.get('autoplay')).toBe('1');
  expect(url.searchParams.get('loop')).toBe('1');
  expect(url.searchParams.get('start')).toBe('2');
  expect(url.searchParams.get('end')).toBe('6');
  expect(await snippet()).toContain('width="100%"');
  // No style attribute: a host page with a strict CSP would block it (#38).
  expect(await snippet()).not.toContain('style=');
  // The library's script line first, then the element with the view's language, as the iframe's link has it.
  await expect(dialog.getByLabel('Custom element (MDX, HTML)')).toHaveValue(
    `<script type="module" src="${ORIGIN}/embed/leader-election-player.js"></script>\n` +
      '<leader-election-player scenario="split-brain" step="4" lang="en" controls="full" autoplay loop start="2" end="6"></leader-election-player>',
  );
  const md = await dialog.getByLabel('Markdown (docs sites)').inputValue();
  expect(md).toContain('[![Split-brain without quorum, step 4](split-brain-');
  expect(md).toContain(`](${ORIGIN}/?lang=en&scenario=split-brain&step=4)`);

  // Copy: the clipboard gets exactly the snippet, and a status says so.
  await dialog.getByRole('button', { name: 'Copy iframe snippet' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Copied to the clipboard: Embed (iframe)');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet());
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${ORIGIN}/?lang=en&scenario=split-brain&step=4`,
  );

  // Nothing from the snippets became markup: one iframe-free dialog.
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeFocused();
  watch.assertClean();
});

test('the embed link opens the same view (scenario and step)', async ({ page }) => {
  await openPlayer(page, '?scenario=fencing-token&step=5');
  const dialog = await openShare(page);
  const m = /src="([^"]+)"/.exec(await dialog.getByLabel('Embed (iframe)').inputValue());
  const src = (m?.[1] ?? '').replace(/&amp;/g, '&');
  const caption = await page.getByRole('status', { name: 'Narration' }).textContent();
  const other = await page.context().newPage();
  await other.goto(src);
  await expect(other.locator('[data-node]').first()).toBeVisible();
  await expect(other.getByRole('status', { name: 'Narration' })).toHaveText(caption ?? '');
});

test('without a clipboard, Copy selects the snippet and says how to copy it', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });
  await openPlayer(page, '?scenario=bully&step=2');
  const dialog = await openShare(page);
  await dialog.getByRole('button', { name: 'Copy Markdown snippet' }).click();
  await expect(dialog.getByRole('status')).toContainText('press Ctrl+C');
  const area = dialog.getByLabel('Markdown (docs sites)');
  await expect(area).toBeFocused();
  const selected = await area.evaluate((el: HTMLTextAreaElement) =>
    el.value.slice(el.selectionStart, el.selectionEnd),
  );
  expect(selected).toBe(await area.inputValue());
});
