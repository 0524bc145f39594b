import type { Page } from '@playwright/test';
import { catalogueButton, expect, openPlayer, test } from './helpers.ts';

/**
 * The network goes away after the page has loaded: every chunk fetched on first use (the What-if
 * panels, the event log, the ADR panel, the export actions, the node menu, Present, Share, a language pack) fails to
 * load. The app must keep working and say, in place, that the network is needed, with a Retry that
 * works once the network is back.
 */

const NETWORK = /could not be loaded: it needs the network/;

async function playerStillWorks(page: Page) {
  await expect(catalogueButton(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(page.getByRole('status', { name: 'Narration' })).not.toBeEmpty();
}

test('What if… offline: an inline message with Retry, the app keeps working, Retry loads it online', async ({
  page,
  context,
}) => {
  await openPlayer(page, '?scenario=etcd-lease');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'What if…' }).click();
  const failed = page.getByRole('alert').filter({ hasText: NETWORK });
  await expect(failed).toBeVisible();
  await playerStillWorks(page);
  // Still offline: Retry fails again and says so again.
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NETWORK })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('alert').filter({ hasText: NETWORK }).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: 'Faults' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: NETWORK })).toHaveCount(0);
});

test('the event log and the ADR panel offline each show the message in their place; the node menu, fetched ahead, opens', async ({
  page,
}) => {
  // The node menu's chunk is fetched once the first frame is drawn (Stage.tsx), ahead of a click.
  const nodeMenu = page.waitForResponse(/\/assets\/NodeMenu-[^/]*\.js$/);
  // The sequence diagram is open: the event log's chunk is fetched when its tab is first shown.
  await openPlayer(page, '?scenario=etcd-lease');
  await nodeMenu;
  await page.context().setOffline(true);
  const trace = page.locator('.trace-panel');
  await page.getByRole('tab', { name: 'Event log' }).click();
  await expect(trace.getByRole('alert')).toContainText(NETWORK);
  await page.getByRole('button', { name: 'Open ADR-001: leader election decision record' }).click();
  const alerts = page.getByRole('alert').filter({ hasText: NETWORK });
  await expect(alerts).toHaveCount(2);
  // The drawer's message floats where the drawer would be; Dismiss closes it with the drawer.
  await alerts.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alerts).toHaveCount(1);
  // What if… open: its panels fail too. The node menu, its own chunk, was fetched ahead: it opens.
  await page.getByRole('button', { name: 'What if…' }).click();
  await expect(alerts).toHaveCount(2);
  await page.locator('[data-node="node-1"]').focus();
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu', { name: /node-1/ })).toBeVisible();
  await expect(alerts).toHaveCount(2);
  await page.keyboard.press('Escape');
  await playerStillWorks(page);
  await page.context().setOffline(false);
  // The side column may cover the trace views' right end: Retry by the keyboard.
  await trace.getByRole('button', { name: 'Retry' }).focus();
  await page.keyboard.press('Enter');
  await expect(trace.getByRole('alert')).toHaveCount(0);
  await expect(trace.getByRole('list', { name: 'Event log' })).toBeVisible();
});

test('Export offline: the notice says the network is needed; the run stays', async ({ page, context }) => {
  await openPlayer(page, '?scenario=bully');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Current frame as SVG' }).click();
  await expect(page.getByRole('alert', { name: 'Import problem' })).toContainText(
    'Export failed: a part of the lab could not be loaded (it needs the network)',
  );
  await playerStillWorks(page);
});

test('switching to Português offline says it could not be loaded and keeps English; online it switches', async ({
  page,
  context,
}) => {
  await openPlayer(page, '?scenario=bully');
  await context.setOffline(true);
  const select = page.getByRole('combobox', { name: 'Language' });
  await select.selectOption('pt');
  await expect(page.getByRole('alert')).toContainText(
    'Português could not be loaded: it needs the network. The page stays in English.',
  );
  await expect(select).toHaveValue('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(new URL(page.url()).searchParams.get('lang')).toBeNull();
  await playerStillWorks(page);
  await context.setOffline(false);
  await select.selectOption('pt');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('lang')).toBe('pt');
});

test('the animation dialog and its GIF worker offline: the floating message, then the dialog says the network is needed', async ({
  page,
  context,
}) => {
  await openPlayer(page, '?scenario=fencing-token');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Animation (GIF)…' }).click();
  const failed = page.getByRole('alert').filter({ hasText: NETWORK });
  await expect(failed).toBeVisible();
  await context.setOffline(false);
  await failed.getByRole('button', { name: 'Retry' }).click();
  const dialog = page.getByRole('dialog', { name: /^Export an animation/ });
  await expect(dialog).toBeVisible();
  // The encoder is a worker fetched when the recording starts.
  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'The animation could not be made: a part of the lab could not be loaded (it needs the network)',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await playerStillWorks(page);
});

test('Present and Share offline: a floating message each, Dismiss closes it; online they open', async ({
  page,
}) => {
  await openPlayer(page, '?scenario=fencing-token');
  await page.context().setOffline(true);
  const alerts = page.getByRole('alert').filter({ hasText: NETWORK });
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(alerts).toHaveCount(1);
  await alerts.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alerts).toHaveCount(0);
  await playerStillWorks(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(alerts).toHaveCount(1);
  await alerts.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alerts).toHaveCount(0);
  // Online again: opened again, each says so until Retry fetches it.
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Share' }).click();
  await alerts.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('dialog', { name: 'Share or embed this view' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Present' }).click();
  await alerts.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: /^Presentation: / })).toBeVisible();
  await expect(alerts).toHaveCount(0);
});
