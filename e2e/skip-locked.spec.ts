import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { chooseScenario, expect, openPlayer, roleOf, test, watchPage } from './helpers.ts';

/**
 * The skip-locked story (issue #14): no leader, four workers taking jobs with SELECT … FOR UPDATE SKIP
 * LOCKED. Clicked through in the app from the catalogue (the job queue's table, the row a dead worker
 * still locks, the duplicate e-mail alarm, the outbox fix), then in the embed in pt and ru, and in Present.
 */
const narration = (page: Page) => page.getByRole('status', { name: 'Narration' });
const db = (page: Page) => page.locator('.db-panel');
const row = (page: Page, job: string) => db(page).locator(`tr[data-job="${job}"]`);
const cell = (page: Page, job: string, col: number) => row(page, job).locator('td').nth(col);
const forward = (page: Page) => page.getByRole('button', { name: 'Step forward' }).click();

test('the app: four rows locked at once, a dead worker’s row released by keepalive, the e-mail sent twice; the outbox sends it once', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=bully');
  await chooseScenario(page, 'SELECT … FOR UPDATE SKIP LOCKED');
  await expect(page).toHaveURL(/scenario=skip-locked/);
  await expect(page.locator('[data-node]')).toHaveCount(4);

  await forward(page);
  await expect(narration(page)).toContainText('take job-2, job-3 and job-4. Nobody waits for anybody.');
  for (const job of ['job-1', 'job-2', 'job-3', 'job-4'])
    await expect(row(page, job)).toHaveAttribute('data-state', 'locked');
  await expect(row(page, 'job-5')).toHaveAttribute('data-state', 'pending');
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(0);

  for (let i = 0; i < 3; i++) await forward(page);
  await expect(narration(page)).toContainText('node-2 crashes in the middle of job-5');
  expect(await roleOf(page, 'node-2')).toBe('down');
  await expect(row(page, 'job-5')).toHaveAttribute('data-state', 'locked');
  await expect(cell(page, 'job-5', 2)).toContainText('node-2/101');

  await forward(page);
  await forward(page);
  await expect(narration(page)).toContainText('The lock on job-5 is released and the job is pending again.');
  await expect(row(page, 'job-5')).toHaveAttribute('data-state', 'pending');
  await expect(cell(page, 'job-5', 2)).toHaveText('—');

  await forward(page);
  await expect(narration(page)).toContainText('SKIP LOCKED no longer skips job-5: attempt 2.');
  await expect(cell(page, 'job-5', 4)).toHaveText('2');

  await forward(page);
  await expect(page.getByRole('alert')).toContainText('E-MAIL SENT TWICE');
  await expect(page.getByRole('alert')).toContainText('job-5: sent by node-2, node-4');
  await expect(cell(page, 'job-5', 5)).toHaveText('2');

  await forward(page);
  await expect(narration(page)).toContainText('Every job is committed exactly once');
  await expect(db(page).locator('[data-db="done"] dd')).toHaveText('12/12');
  await expect(db(page).locator('[data-db="emails"] dd')).toHaveText('13');

  await page.getByRole('button', { name: 'Show the fix' }).click();
  await expect(page).toHaveURL(/[?&]fix=on(&|$)/);
  await openPlayer(page, '?scenario=skip-locked&step=one-email&fix=on');
  await expect(narration(page)).toContainText('The relay sends job-5’s e-mail once.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(cell(page, 'job-5', 4)).toHaveText('2');
  await expect(cell(page, 'job-5', 5)).toHaveText('1');
  await expect(db(page).locator('[data-db="emails"] dd')).toHaveText('12');
  watch.assertClean();
});

test('the embed, in Portuguese and Russian', async ({ page }) => {
  const watch = watchPage(page);
  await page.goto('/?embed=1&scenario=skip-locked&step=duplicate-email&lang=pt');
  await expect(page.locator('[data-node="node-2"]')).toHaveAttribute('data-role', 'down');
  await expect(page.getByRole('alert')).toContainText('E-MAIL ENVIADO DUAS VEZES');
  await expect(page.getByRole('status').first()).toContainText('o cliente o recebe duas vezes');
  await page.goto('/?embed=1&scenario=skip-locked&step=session-terminated&lang=ru');
  await expect(page.getByRole('status').first()).toContainText('Блокировка job-5 снята');
  await expect(page.getByRole('alert')).toHaveCount(0);
  watch.assertClean();
});

test('Present: the subtitle tells the story step by step', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=skip-locked&step=keepalive-probe');
  await page.getByRole('button', { name: 'Present' }).click();
  const layer = page.getByRole('region', { name: /^Presentation: / });
  await expect(layer).toBeVisible();
  await expect(layer).toContainText('tcp_keepalives_idle (5 s)');
  await page.keyboard.press('PageDown');
  await expect(layer).toContainText('3 probes unanswered');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expect(layer.getByRole('alert')).toContainText('E-MAIL SENT TWICE');
  await page.keyboard.press('Escape');
  await expect(layer).toHaveCount(0);
  watch.assertClean();
});

for (const theme of ['light', 'dark'] as const)
  test(`axe, ${theme} theme: the job queue's table, a locked row and the alarm meet WCAG A/AA`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const axe = async () => {
      const r = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    await openPlayer(page, `?scenario=skip-locked&step=duplicate-email&theme=${theme}`);
    await expect(page.getByRole('alert')).toContainText('E-MAIL SENT TWICE');
    expect(await axe()).toEqual([]);
    await openPlayer(page, `?scenario=skip-locked&step=worker-crashes&theme=${theme}`);
    await expect(row(page, 'job-5')).toHaveAttribute('data-state', 'locked');
    expect(await axe()).toEqual([]);
  });
