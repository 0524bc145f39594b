import { expect, test } from './helpers.ts';
import { freePort, serve, stop } from './ownServer.ts';

/**
 * The offline copy (src/app/offline): after one visit, the lab works with the server gone. The spec
 * serves the built app itself (ownServer.ts), visits it, stops that server by its pid, and reloads.
 */

test.use({ serviceWorkers: 'allow' });

test('after one visit, with the server stopped: reload, play, switch to Portuguese, export a GIF', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await serve(port);
  try {
    await page.goto(`${origin}/?scenario=fencing-token`);
    await expect(page.locator('[data-node]').first()).toBeVisible();
    // The worker has the build: installed (precache filled), active and in control of the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((done) =>
          navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }),
        );
    });
    expect(
      await page.evaluate(
        async () => (await caches.keys()).filter((k) => k.startsWith('leader-election-lab-')).length,
      ),
    ).toBe(1);
  } finally {
    await stop(server);
  }
  // The server is gone: nothing answers on its port.
  await expect(fetch(`${origin}/`)).rejects.toThrow();

  await page.reload();
  await expect(page.locator('[data-node]').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  // Play: the cursor moves.
  const before = await page.locator('.now').first().textContent();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.locator('.now').first()).not.toHaveText(before ?? '');
  await page.getByRole('button', { name: 'Pause', exact: true }).click();

  // Portuguese: its language pack is a lazy chunk, in the precache.
  await page.getByRole('combobox', { name: /Language/ }).selectOption('pt');
  await expect(page.getByRole('status', { name: 'Narração', exact: true })).toBeVisible();

  // A GIF: the export dialog and its encoder worker are chunks of their own. Steps 1 to 2, to be quick.
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Animação (GIF)…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Exportar uma animação/ });
  await expect(dialog).toBeVisible();
  await dialog.locator('select').nth(0).selectOption('0');
  await dialog.locator('select').nth(1).selectOption('1');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 100_000 }),
    dialog.getByRole('button', { name: 'Exportar', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.gif$/);
});
