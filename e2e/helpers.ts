import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

export { expect };

/**
 * Every spec's `test`: Playwright's, with an automatic fixture that watches each page of the test's
 * browser context for Content-Security-Policy violations (the `securitypolicyviolation` event, from
 * the first script on, and Chromium's console report of one) and fails the test if any was seen. A
 * violation zod's caught eval probe raises is reported here even though nothing on screen breaks.
 * A test that provokes violations on purpose says so with `test.use({ cspViolations: 'expected' })`
 * and reads them from the `csp` fixture.
 */
export const test = base.extend<{ cspViolations: 'fail' | 'expected'; csp: string[] }>({
  cspViolations: ['fail', { option: true }],
  csp: [
    async ({ context, cspViolations }, use) => {
      const seen: string[] = [];
      await context.exposeBinding('__lelCspViolation', (_source, line: string) => {
        seen.push(line);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __lelCspViolation?: (line: string) => void })
            .__lelCspViolation;
          report?.(
            `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
          );
        });
      });
      context.on('console', (m) => {
        if (/Content[- ]Security[- ]Policy/i.test(m.text())) seen.push(`console: ${m.text()}`);
      });
      await use(seen);
      if (cspViolations === 'fail') expect(seen, `CSP violations:\n${seen.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

/** The five stories in catalogue order, with the key (1-5) that opens each. */
export const SCENARIOS = [
  { id: 'bully', title: 'Bully algorithm (legacy)', key: '1' },
  { id: 'etcd-lease', title: 'Lease-based election (etcd)', key: '2' },
  { id: 'split-brain', title: 'Split-brain without quorum', key: '3' },
  { id: 'fencing-token', title: 'Fencing token', key: '4' },
  { id: 'patroni', title: 'Patroni failover behind HAProxy', key: '5' },
] as const;

export type ScenarioId = (typeof SCENARIOS)[number]['id'];

/**
 * Watches a page for console errors and warnings, uncaught exceptions and any request that leaves
 * the page's origin; `assertClean()` fails the test if any happened.
 */
export const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 4174}`;

export function watchPage(page: Page, origin = ORIGIN) {
  const problems: string[] = [];
  page.on('console', (m) => {
    // Playwright's own word when it blocks the app's service worker (serviceWorkers: 'block' in
    // playwright.config.ts), not the app's.
    if (m.text() === 'Service Worker registration blocked by Playwright') return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:'))
      problems.push(`request outside the origin: ${url}`);
  });
  return {
    problems,
    assertClean() {
      expect(problems, problems.join('\n')).toEqual([]);
    },
  };
}

/**
 * Opens the player and waits until it has drawn its first frame and fetched the chunks the view
 * asks for (the trace views, the What-if panels and a language load after the first picture).
 */
/**
 * How long a test waits for a page's first run: the worker simulates it before the cluster is drawn
 * (an hour-long story, Bully at 200 nodes), which takes seconds on a loaded 2-core machine.
 */
export const FIRST_RUN_MS = 30_000;

export async function openPlayer(page: Page, query = ''): Promise<void> {
  await page.goto(`/${query}`);
  const lang = new URLSearchParams(query).get('lang') ?? 'en';
  await expect(catalogueButton(page, CATALOGUE_LABEL[lang] ?? 'Scenarios')).toBeVisible({
    timeout: FIRST_RUN_MS,
  });
  await expect(page.locator('[data-node]').first()).toBeVisible({ timeout: FIRST_RUN_MS });
  await page.waitForLoadState('networkidle');
}

export function timeline(page: Page) {
  return page.getByRole('slider', { name: 'Timeline' });
}

export async function timelineValue(page: Page): Promise<number> {
  return Number(await timeline(page).inputValue());
}

export async function timelineMax(page: Page): Promise<number> {
  return Number(await timeline(page).getAttribute('max'));
}

/** data-role of a node (node-N or pg-N). */
export async function roleOf(page: Page, node: string): Promise<string | null> {
  return page.locator(`[data-node="${node}"]`).getAttribute('data-role');
}

/** What is on screen, in words: every node's role and label, the caption and the side panels' text. */
export async function frameSnapshot(page: Page): Promise<string> {
  return page.evaluate(() => {
    const nodes = [...document.querySelectorAll('[data-node]')].map(
      (n) =>
        `${n.getAttribute('data-node')}=${n.getAttribute('data-role')} | ${n.getAttribute('aria-label')}`,
    );
    const caption = document.querySelector('[role="status"][aria-label="Narration"]')?.textContent ?? '';
    const side = [...document.querySelectorAll('aside .panel')].map((p) => p.textContent ?? '');
    const time =
      (document.querySelector('input[aria-label="Timeline"]') as HTMLInputElement | null)?.value ?? '';
    return [...nodes, `caption: ${caption}`, ...side, `t=${time}`].join('\n');
  });
}

/** Presses → until the run is at its end (the keyboard only). Returns how many steps it took. */
export async function stepToEnd(page: Page, onStep?: (n: number) => Promise<void>): Promise<number> {
  const max = await timelineMax(page);
  let n = 0;
  while ((await timelineValue(page)) < max) {
    const before = await frameSnapshot(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => frameSnapshot(page)).not.toBe(before);
    n++;
    await onStep?.(n);
    if (n > 50) throw new Error('more than 50 steps: Step forward does not reach the end');
  }
  return n;
}

/** Saves a screenshot into the test's folder under test-results/ and attaches it to the report. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * The scenario catalogue (docs/architecture.md, testing contract): a button named
 * "Scenarios <title>" (its text: the word, then the title) opens a region named "Scenarios" with a searchbox and one listbox per group;
 * each scenario is an option named by its title, the current one aria-selected. `label` is the
 * language's word for "Scenarios".
 */
const CATALOGUE_LABEL: Record<string, string> = { en: 'Scenarios', pt: 'Cenários', ru: 'Сценарии' };

export function catalogueButton(page: Page, label = 'Scenarios') {
  return page.getByRole('button', { name: new RegExp(`^${label} `) });
}

/** The catalogue's cards: the options of its listboxes (a <select>'s options are not among them). */
export function scenarioOptions(page: Page) {
  return page.getByRole('listbox', { includeHidden: true }).getByRole('option', { includeHidden: true });
}

/**
 * A scenario's option in the catalogue, open or closed. Open, it is the option named by the title;
 * closed, the lists stay in the page, hidden, where no accessible name is computed: the option is
 * found by its title's text.
 */
export function scenarioOption(page: Page, title: string | RegExp) {
  return scenarioOptions(page).filter({
    has: page.locator('.catalogue-card-title').filter({
      hasText:
        typeof title === 'string' ? new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : title,
    }),
  });
}

/** The catalogue's selected option (open or closed). */
export function selectedScenario(page: Page) {
  return page
    .getByRole('listbox', { includeHidden: true })
    .getByRole('option', { selected: true, includeHidden: true });
}

/** Opens the catalogue if it is closed. */
export async function openCatalogue(page: Page, label = 'Scenarios'): Promise<void> {
  const button = catalogueButton(page, label);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(page.getByRole('region', { name: label })).toBeVisible();
}

/** Picks a scenario with the pointer: opens the catalogue and clicks the scenario's card. */
export async function chooseScenario(page: Page, title: string | RegExp, label = 'Scenarios'): Promise<void> {
  await openCatalogue(page, label);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: title, exact: typeof title === 'string' })
    .click();
  await expect(scenarioOption(page, title)).toHaveAttribute('aria-selected', 'true');
}
