import type { Page } from '@playwright/test';
import { expect, openPlayer, test, watchPage } from './helpers.ts';

/**
 * The job-and-database pitfalls (twenty-instances, leader-flag, update-without-token), opened by deep
 * link at their key step: the roles in the picture, the alarm, and the database panel's rows and
 * e-mail counts. The fixed runs are opened with the knobs the story's `fix` sets (`set=…`): the links
 * do not take `fix` itself yet (the CLI and scenarios/db-pitfalls.test.ts check `fix=on`).
 */
const narration = (page: Page) => page.getByRole('status', { name: 'Narration' });
const db = (page: Page) => page.locator('.db-panel');
const emailsOf = (page: Page, customer: string) =>
  db(page).locator(`tr[data-customer="${customer}"] td`).last();

test('twenty-instances: twenty instances drawn, twenty e-mails per customer; with a lease, one', async ({
  page,
}) => {
  const w = watchPage(page);
  await openPlayer(page, '?scenario=twenty-instances&step=twenty-updates');
  await expect(page.locator('[data-node]')).toHaveCount(20);
  await expect(narration(page)).toContainText('ran twenty times in parallel');
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(0);
  for (const c of ['acme', 'globex', 'initech']) await expect(emailsOf(page, c)).toHaveText('20');
  await expect(db(page).locator('[data-db="scans"] dd')).toHaveText('20');

  await openPlayer(page, '?scenario=twenty-instances&step=one-email&set=election:true');
  await expect(narration(page)).toContainText('each overdue customer has one e-mail');
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(1);
  for (const c of ['acme', 'globex', 'initech']) await expect(emailsOf(page, c)).toHaveText('1');
  await expect(db(page).locator('[data-db="scans"] dd')).toHaveText('1');
  w.assertClean();
});

test('leader-flag: the leader dies with the flag set, the job-stopped alarm fires; with a TTL, no alarm', async ({
  page,
}) => {
  const w = watchPage(page);
  await openPlayer(page, '?scenario=leader-flag&step=silence');
  await expect(page.getByRole('alert')).toContainText('THE JOB HAS STOPPED');
  await expect(page.locator('[data-node="node-1"]')).toHaveAttribute('data-role', 'down');
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(0);
  await expect(db(page).locator('[data-db="leader"] td').first()).toHaveText('node-1');

  await openPlayer(page, '?scenario=leader-flag&step=job-again&set=leaseTtlS:15');
  await expect(narration(page)).toContainText('runs the job again');
  await expect(page.locator('[data-node="node-4"]')).toHaveAttribute('data-role', 'leader');
  await expect(page.getByRole('alert')).toHaveCount(0);
  w.assertClean();
});

test('update-without-token: both claims answer UPDATE 1 and both lead, BOTH WRITE; with the token, UPDATE 0', async ({
  page,
}) => {
  const w = watchPage(page);
  await openPlayer(page, '?scenario=update-without-token&step=two-leaders');
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(2);
  const sql = db(page).locator('.db-sql li');
  await expect(sql.filter({ hasText: 'WHERE TRUE' }).filter({ hasText: 'UPDATE 1' })).toHaveCount(2);
  await openPlayer(page, '?scenario=update-without-token&step=both-write');
  await expect(page.getByRole('alert')).toContainText('node-1 & node-2');

  await openPlayer(page, '?scenario=update-without-token&step=one-leader&set=casToken:true');
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(1);
  await expect(sql.filter({ hasText: 'WHERE token=0' }).filter({ hasText: 'UPDATE 0' })).toHaveCount(1);
  await expect(sql.filter({ hasText: 'WHERE token=0' }).filter({ hasText: 'UPDATE 1' })).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  w.assertClean();
});

test('the embed plays each of them', async ({ page }) => {
  for (const id of ['twenty-instances', 'leader-flag', 'update-without-token']) {
    await page.goto(`/?embed=1&scenario=${id}&step=2`);
    await expect(page.locator('[data-node]').first()).toBeVisible();
    await expect(page.getByRole('status', { name: 'Narration' })).not.toBeEmpty();
  }
});
