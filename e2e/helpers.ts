import { expect, type Page, type TestInfo } from '@playwright/test';

/** The five scenarios in pill order, with what the end of each run must show. */
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
export async function openPlayer(page: Page, query = ''): Promise<void> {
  await page.goto(`/${query}`);
  await expect(page.getByRole('tablist', { name: 'Scenarios' })).toBeVisible();
  await expect(page.locator('[data-node]').first()).toBeVisible();
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
