import { expect, openPlayer, test, timeline, watchPage } from './helpers.ts';

/**
 * Fencing's window in the app (src/sim/check/fencingWindow.ts): kubernetes-lease with node-1 frozen for
 * 17 s as it renews. It wakes at 19.19 s and its token-0 write is accepted before node-3's first token-1
 * write reaches the storage. The run marks it on the timeline (a notice, not a violation), the
 * narration tells it, and the metrics' "stale but accepted" links to it.
 */
test('kubernetes-lease with a 17 s pause: the window is marked, told and linked from the metrics', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=kubernetes-lease&fault=2154,pause,node-1,17000&whatif=1');
  const end = Number(await timeline(page).getAttribute('max'));
  await timeline(page).fill(String(end));

  await expect(page.locator('[data-metric="writes-stale"] .mono')).toHaveText('1');
  // A notice on the timeline, and no violation: chaos verdicts and checkers are unchanged.
  await expect(page.locator('.marker.notice')).toHaveCount(1);
  await expect(page.locator('.marker.notice')).toHaveAttribute(
    'title',
    'Fencing window: node-1’s token 0 accepted',
  );
  await expect(page.locator('.marker.violation')).toHaveCount(0);

  await page.locator('[data-link="fencing-window"]').click();
  // At the write (the slider shows it to its own step): from the end of the run back to 19.19 s.
  expect(Math.abs(Number(await timeline(page).inputValue()) - 19_188)).toBeLessThan(50);
  const note = page.locator('[data-step="fencing-window"]');
  await expect(note).toContainText('node-3 already leads with token 1');
  await expect(note).toContainText('accepts node-1’s write with the older token 0');
  // The event log has its line.
  await page.getByRole('tab', { name: 'Event log' }).click();
  await expect(page.getByText('storage: fencing window').first()).toBeVisible();
  watch.assertClean();
});
