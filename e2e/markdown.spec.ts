import { expect, test, watchPage } from './helpers.ts';

/**
 * A page rendered by markdown-it (examples/markdown.md, built into dist/examples/markdown.html), as a
 * static site generator publishes Markdown with raw HTML: the custom element and an iframe both play.
 */
test('a markdown-it page embeds the player with the custom element and with an iframe', async ({
  page,
  baseURL,
}) => {
  const watch = watchPage(page, baseURL);
  await page.goto('/examples/markdown.html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fencing tokens, in a Markdown page');
  const element = page.locator('leader-election-player');
  await expect(element.locator('[data-node="node-1"]')).toBeVisible();
  await expect(element.locator('.step-no')).toHaveText(/^Step 4 of \d+$/);
  await element.getByRole('button', { name: 'Step forward' }).click();
  await expect(element.locator('.step-no')).toHaveText(/^Step 5 of \d+$/);

  const frame = page.frameLocator('iframe.md-frame');
  await expect(frame.locator('[data-node="node-1"]')).toBeVisible();
  await expect(frame.locator('.step-count')).toHaveText(/^Step 2 \/ \d+$/);
  watch.assertClean();
});
