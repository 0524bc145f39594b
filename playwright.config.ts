import { defineConfig } from '@playwright/test';

// Debian's Chromium here (no browser download on this network); elsewhere `npx playwright install chromium`
// and set CHROMIUM_PATH='' to use Playwright's own build.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// E2E_PORT lets two checkouts run their suites side by side (e2e/helpers.ts reads the same variable).
const port = Number(process.env.E2E_PORT ?? 4174);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // 0 here; .ci/run sets 1, so that one timing race on a loaded 2-core runner does not fail the run.
  // A retried test is listed as flaky in the report: it is a bug to fix, not a pass.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // The built app registers a service worker (src/app/offline). It is blocked in every spec but the
    // one about it (e2e/offline-copy.spec.ts), so the failed-chunk specs see the network as it is.
    serviceWorkers: 'block',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --strictPort --port ${port} --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
