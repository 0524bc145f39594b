import { expect, openPlayer, test, watchPage } from './helpers.ts';

// Captions derived from the trace after the story's last scripted step are steps of their own
// (src/player/steps.ts, navSteps): Step forward reaches them, the counter counts them, `step=` opens them.
// With fencing off, fencing-token has 9 scripted steps; the accepted stale write is step 10.

test.use({ viewport: { width: 1280, height: 800 } });

test('app: Step forward from the last scripted step reaches "the stale write is accepted"', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=fencing-token&set=fencing:off&step=9');
  const narration = page.getByRole('status', { name: 'Narration', exact: true });
  await expect(narration.locator('.step-no')).toHaveText('Step 9 of 10');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(narration.locator('.step-no')).toHaveText('Step 10 of 10');
  await expect(narration).toContainText('The stale write is accepted: 200 OK');
  await expect(page).toHaveURL(/[?&]step=10(&|$)/);
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect(narration.locator('.step-no')).toHaveText('Step 9 of 10');
  // The link to it opens it again, by number and by id.
  for (const step of ['10', 'stale-write']) {
    await openPlayer(page, `?scenario=fencing-token&set=fencing:off&step=${step}`);
    await expect(narration.locator('.step-no')).toHaveText('Step 10 of 10');
    await expect(narration).toContainText('The stale write is accepted');
  }
  watch.assertClean();
});

test('the story as written keeps its numbers: fencing on, step 10 is the 409', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=fencing-token&step=10');
  const narration = page.getByRole('status', { name: 'Narration', exact: true });
  await expect(narration.locator('.step-no')).toHaveText('Step 10 of 10');
  await expect(narration).toContainText('409');
  watch.assertClean();
});

test('Present: Next step from the last scripted step shows the accepted stale write', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=fencing-token&set=fencing:off&step=9');
  await page.getByRole('button', { name: 'Present' }).click();
  const layer = page.getByRole('region', { name: /^Presentation: / });
  await expect(layer.locator('.pres-counter')).toHaveText('9 / 10');
  await layer.getByRole('button', { name: 'Next step' }).click();
  await expect(layer.locator('.pres-counter')).toHaveText('10 / 10');
  await expect(layer.getByRole('status', { name: 'Subtitle' })).toContainText('The stale write is accepted');
  watch.assertClean();
});

test('embed: Step forward counts and reaches the derived step', async ({ page }) => {
  const watch = watchPage(page);
  await page.goto('/?scenario=fencing-token&set=fencing:off&embed=1&step=9');
  await expect(page.locator('.step-count')).toHaveText('Step 9 / 10');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(page.locator('.step-count')).toHaveText('Step 10 / 10');
  await expect(page.getByRole('status', { name: 'Narration', exact: true })).toContainText(
    'The stale write is accepted',
  );
  watch.assertClean();
});
