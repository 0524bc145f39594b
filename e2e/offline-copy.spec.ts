import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test } from './helpers.ts';

/**
 * The offline copy (src/app/offline): after one visit, the lab works with the server gone. The spec
 * serves the built app itself, on 127.0.0.1 on a free port, visits it, stops that server by its pid,
 * and reloads. Going "offline" in the browser would not do: Playwright's setOffline does not stop a
 * service worker's own fetches in Chromium (microsoft/playwright#2311), so only a server that is
 * really gone shows the precache at work.
 */

test.use({ serviceWorkers: 'allow' });

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

function serve(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--strictPort',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error('vite preview did not start')), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes(`${port}`)) {
        clearTimeout(timer);
        done(child);
      }
    });
    child.once('exit', (code) => fail(new Error(`vite preview exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const gone = new Promise<void>((done) => child.once('exit', () => done()));
  process.kill(child.pid, 'SIGTERM');
  await gone;
}

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
