import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openPlayer, test, timelineValue, watchPage } from './helpers.ts';

const chart = (page: Page, node: string) => page.getByRole('region', { name: `Statechart of ${node}` });
const lit = (page: Page, node: string) =>
  chart(page, node)
    .locator('[data-active="true"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')).sort());

/** One step with the keyboard (→): the narration moves on (two steps may share a millisecond). */
async function stepForward(page: Page) {
  const caption = page.getByRole('status', { name: 'Narration' });
  const before = await caption.textContent();
  await page.locator('body').press('ArrowRight');
  await expect.poll(() => caption.textContent()).not.toBe(before);
}

test('fencing-token: node-1 inspected from its menu, lit at the GC pause and at the late write', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=fencing-token&step=4');
  // The node's menu (Enter on the focused node) offers Inspect outside the What-if sandbox too.
  await page.locator('[data-node="node-1"]').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Inspect' }).click();
  const region = chart(page, 'node-1');
  await expect(region).toBeVisible();
  await expect(page).toHaveURL(/inspect=node-1/);
  // Step 4, the GC pause: the lease was checked, the write is being prepared (Kleppmann's gap).
  await expect
    .poll(() => lit(page, 'node-1'))
    .toEqual([
      'session',
      'session.keepalive',
      'session.keepalive.ticking',
      'session.role',
      'session.role.leading',
      'session.role.leading.watch',
      'session.role.leading.watch.armed',
      'session.role.leading.work',
      'session.role.leading.work.preparing',
    ]);
  await expect(
    region.locator('[data-transition="session.role.leading.work.idle|after:untilNextWrite|3"].sc-lit'),
  ).toHaveCount(1);
  await expect(region.getByText(/workDelay · due at/)).toBeVisible();
  await expect(region.getByText(/fencing token: 42/)).toBeVisible();

  // Steps 5-8: the lease expires, node-3 leads and writes, node-1 wakes and sends its late write.
  for (let i = 0; i < 4; i++) await stepForward(page);
  await expect(page.getByRole('status', { name: 'Narration' })).toContainText('node-1 wakes up');
  await expect.poll(() => lit(page, 'node-1')).toContain('session.role.leading.work.idle');
  await expect(
    region.locator('[data-transition="session.role.leading.work.preparing|after:workDelay|0"].sc-lit'),
  ).toHaveCount(1);
  // Woken, its backlog runs in one millisecond: the late write's timer, then the keepalive's.
  await expect(region.locator('dd', { hasText: /^after:workDelay, after:renewDelay at/ })).toBeVisible();
  // The polite live region tells the state and the transitions that led there.
  await expect(region.locator('[aria-live="polite"]')).toContainText('Last transition: after:workDelay');

  // Step 9: its timers run at last, the deadline has passed, it steps down and asks for a new lease.
  await stepForward(page);
  await expect.poll(() => lit(page, 'node-1')).toEqual(['granting']);
  watch.assertClean();
});

test('patroni: pg-2 across the promotion, read from the trace at the cursor', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=patroni&inspect=pg-2');
  const region = chart(page, 'pg-2');
  await expect(region).toBeVisible();
  // Two parallel regions, Postgres and the HA loop: both have a lit state from the start.
  await expect.poll(() => lit(page, 'pg-2')).toEqual(['ha', 'ha.booting', 'pg', 'pg.stopped']);
  // Clicking the promotion's transition seeks to when pg-2 fires it.
  await region.locator('[data-transition="pg.replica|pg.promote|0"] [role="button"]').click();
  await expect.poll(() => lit(page, 'pg-2')).toContain('pg.promoting');
  const promotedAt = await timelineValue(page);
  expect(promotedAt).toBeGreaterThan(0);
  await region.locator('[data-transition="pg.promoting|after:promote|0"] [role="button"]').click();
  await expect.poll(() => lit(page, 'pg-2')).toContain('pg.primary');
  expect(await timelineValue(page)).toBeGreaterThan(promotedAt);
  await expect(region.getByText(/timeline: 2/)).toBeVisible();
  watch.assertClean();
});

test('two nodes side by side from a link; an export downloads a valid SVG', async ({ page }) => {
  await openPlayer(page, '?scenario=fencing-token&step=6&inspect=node-1,node-3');
  await expect(chart(page, 'node-1')).toBeVisible();
  await expect(chart(page, 'node-3')).toBeVisible();
  await expect.poll(() => lit(page, 'node-3')).toContain('session.role.leading');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    chart(page, 'node-3').getByRole('button', { name: 'Export SVG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('statechart-node-3.svg');
  const path = await download.path();
  const text = await import('node:fs').then((fs) => fs.readFileSync(path, 'utf8'));
  expect(text).toMatch(/^<\?xml version="1.0"/);
  // Parsed in a blank page: the app's CSP (style-src 'self') would report the file's own <style>
  // element, which is meant for the file opened alone, as a violation of the app.
  const blank = await page.context().newPage();
  const ok = await blank.evaluate((svg) => {
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    return doc.querySelector('parsererror') === null && doc.documentElement.nodeName === 'svg'
      ? doc.querySelectorAll('[data-state]').length
      : -1;
  }, text);
  await blank.close();
  expect(ok).toBeGreaterThan(10);
});

test('an unknown node in the link is named, the known one still opens', async ({ page }) => {
  await openPlayer(page, '?scenario=fencing-token&inspect=node-1,node-9');
  await expect(chart(page, 'node-1')).toBeVisible();
  await expect(page.getByText(/Ignored “inspect”: “node-9”/)).toBeVisible();
});

for (const theme of ['light', 'dark'] as const)
  test(`axe: the inspector open, ${theme} theme: no WCAG A/AA violations`, async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openPlayer(page, `?scenario=fencing-token&step=4&theme=${theme}&inspect=node-1,node-3`);
    await expect(chart(page, 'node-3')).toBeVisible();
    await expect(chart(page, 'node-1').locator('[data-active="true"]').first()).toBeVisible();
    const r = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('.inspector-pane')
      .analyze();
    expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  });

test('the embed opens the inspector from inspect=, lit at its step', async ({ page }) => {
  await page.goto('/?embed=1&scenario=fencing-token&step=4&inspect=node-1');
  const region = chart(page, 'node-1');
  await expect(region).toBeVisible();
  await expect.poll(() => lit(page, 'node-1')).toContain('session.role.leading.work.preparing');
});
