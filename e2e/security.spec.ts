import type { Page } from '@playwright/test';
import { CSP } from '../vite.config.ts';
import { expect, openPlayer, SCENARIOS, test, timelineValue, watchPage } from './helpers.ts';

/**
 * The built app runs under its strict Content-Security-Policy (vite.config.ts) without a single
 * violation: every scenario plays, the What-if sandbox and the ADR-001 panel open. The negative
 * checks prove the collector would see one (eval, an inline script, a style attribute).
 */

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Collects `securitypolicyviolation` events (from the first script on) and CSP console messages. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
      );
    });
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) console.push(m.text());
  });
  return {
    console,
    violations: () => page.evaluate(() => window.__cspViolations),
  };
}

const HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

test('the policy is strict: no unsafe-inline, no unsafe-eval, embeddable', () => {
  expect(CSP).not.toContain('unsafe-inline');
  expect(CSP).not.toContain('unsafe-eval');
  expect(CSP).toContain("script-src 'self'");
  expect(CSP).toContain("object-src 'none'");
  expect(CSP).toContain('frame-ancestors *');
});

for (const s of SCENARIOS) {
  test(`${s.id}: plays, opens What-if and ADR-001 with no CSP violation`, async ({ page, baseURL }) => {
    const watch = watchPage(page, baseURL);
    const csp = await watchCsp(page);
    const response = await page.goto(`/?scenario=${s.id}`);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    for (const [k, v] of Object.entries(HEADERS)) expect(headers[k], k).toBe(v);
    await openPlayer(page, `?scenario=${s.id}`);

    // play a bit
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => timelineValue(page), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.keyboard.press('ArrowRight');

    // the sandbox (zod-checked faults and knobs) and the ADR panel
    await page.getByRole('button', { name: 'What if…' }).click();
    await expect(page.getByRole('region', { name: 'Faults' })).toBeVisible();
    await page
      .getByRole('button', { name: /^Open ADR-001/ })
      .first()
      .click();
    await expect(page.getByRole('region', { name: /^ADR-001/ })).toBeVisible();
    await page.keyboard.press('Escape');

    // the keyboard dialog closes through <form method="dialog"> under form-action 'none'
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await dialog.locator('form[method="dialog"] button[type="submit"]').click();
    await expect(dialog).toBeHidden();

    expect(await csp.violations()).toEqual([]);
    expect(csp.console).toEqual([]);
    watch.assertClean();
  });
}

test('static assets carry the headers too', async ({ request }) => {
  for (const path of ['/theme-init.js', '/favicon.svg']) {
    const r = await request.get(path);
    expect(r.status()).toBe(200);
    expect(r.headers()['content-security-policy']).toBe(CSP);
    expect(r.headers()['x-content-type-options']).toBe('nosniff');
  }
});

test.describe('the probe', () => {
  // Violations on purpose: the shared fixture (e2e/helpers.ts) must see them, and not fail this test.
  test.use({ cspViolations: 'expected' });

  test('the collectors see violations: eval, an inline script and a style attribute are blocked', async ({
    page,
    csp: shared,
  }) => {
    const csp = await watchCsp(page);
    await openPlayer(page, '?scenario=bully');
    // A same-origin script (allowed by script-src 'self') that tries what the policy forbids. It has to
    // be page code: Playwright's own evaluate() runs through DevTools, which CSP does not restrict.
    await page.route('**/csp-probe.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `
        try { window.__evalResult = String(eval('1 + 1')); } catch (e) { window.__evalResult = e.name; }
        const el = document.createElement('script');
        el.textContent = 'window.__inlineRan = true;';
        document.body.append(el);
        const div = document.createElement('div');
        div.id = 'csp-probe';
        div.setAttribute('style', 'color: rgb(255, 0, 0)');
        document.body.append(div);`,
      }),
    );
    await page.evaluate(() => {
      const probe = document.createElement('script');
      probe.src = './csp-probe.js';
      document.head.append(probe);
    });
    await page.waitForFunction(() => document.getElementById('csp-probe') !== null);
    const outcome = await page.evaluate(() => {
      const w = window as unknown as { __evalResult?: string; __inlineRan?: boolean };
      const div = document.getElementById('csp-probe') as HTMLElement;
      return {
        evalResult: w.__evalResult,
        inlineRan: w.__inlineRan === true,
        styled: getComputedStyle(div).color,
      };
    });
    expect(outcome.evalResult).toBe('EvalError');
    expect(outcome.inlineRan).toBe(false);
    expect(outcome.styled).not.toBe('rgb(255, 0, 0)');
    await expect.poll(async () => (await csp.violations()).length).toBeGreaterThanOrEqual(3);
    const seen = (await csp.violations()).join('\n');
    expect(seen).toContain('script-src blocked eval');
    expect(seen).toContain('script-src-elem blocked inline');
    expect(seen).toContain('style-src-attr blocked inline');
    expect(csp.console.length).toBeGreaterThan(0);
    // The fixture every spec runs under saw the same three.
    const all = shared.join('\n');
    expect(all).toContain('script-src blocked eval');
    expect(all).toContain('script-src-elem blocked inline');
    expect(all).toContain('style-src-attr blocked inline');
  });
});
