/**
 * What the bench, the profiler and the soak share: the built app served by `vite preview` on a free
 * loopback port, and Chromium launched with the e2e suite's flags (playwright.config.ts).
 */
import { createServer } from 'node:net';
import { type Browser, chromium } from '@playwright/test';
import { type PreviewServer, preview } from 'vite';
import playwrightConfig from '../../playwright.config.ts';

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Serves `outDir` (default dist/) of `root` on a free loopback port; `base` is its URL. */
export async function servePreview(
  root: string,
  outDir?: string,
): Promise<{ server: PreviewServer; base: string }> {
  const port = await freePort();
  const server = await preview({
    root,
    logLevel: 'warn',
    ...(outDir ? { build: { outDir } } : {}),
    preview: { port, strictPort: true, host: '127.0.0.1', open: false },
  });
  return { server, base: `http://127.0.0.1:${port}` };
}

/** Debian's Chromium (or CHROMIUM_PATH; empty = Playwright's own) with the e2e flags plus `extraArgs`. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [...(playwrightConfig.use?.launchOptions?.args ?? []), ...extraArgs],
  });
}
