import { expect, test, watchPage } from './helpers.ts';

/**
 * Narrate every run: when a knob changes the outcome, the trace tells what the story's own steps do not
 * (src/sim/trace/derive.ts), and the picture raises the alarm. A caption derived after the story's
 * last step is numbered after it (src/player/steps.ts); the story's own steps keep their numbers.
 */
test('fencing off: the accepted stale write is told and alarmed, as step 10 after the story’s 9', async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.goto('/?scenario=fencing-token&set=fencing:off&t=45000');
  await expect(page.locator('[data-node]').first()).toBeVisible();
  const narration = page.getByRole('status', { name: 'Narration', exact: true });
  await expect(narration.locator('.step-no')).toHaveText('Step 10 of 10');
  await expect(narration).toContainText(
    'The stale write is accepted: 200 OK. The storage took token 42 from node-1 after token 43, so it now holds node-1’s data after node-3’s.',
  );
  await expect(page.getByRole('alert')).toContainText('STALE WRITE ACCEPTED');
  await expect(page.getByRole('alert')).toContainText('storage took token 42 from node-1 after token 43');
  // In Russian the storage is a word, and the alarm's sentence starts with its capital.
  await page.goto('/?lang=ru&scenario=fencing-token&set=fencing:off&t=45000');
  await expect(page.getByRole('alert')).toContainText(
    'Хранилище принимает token 42 от node-1 после token 43',
  );
  watch.assertClean();
});

test('etcd-lease with a 5 s TTL in Portuguese: who took over, with its token and the failover time', async ({
  page,
}) => {
  await page.goto('/?lang=pt&scenario=etcd-lease&set=ttlS:5&set=renewS:1.5&t=75000');
  await expect(page.locator('[data-node]').first()).toBeVisible();
  const narration = page.getByRole('status', { name: 'Narração', exact: true });
  await expect(narration.locator('.step-no')).toHaveText('Passo 8 de 8');
  await expect(narration).toContainText(
    'O node-5 assume no lugar do node-1 com o fencing token 43: o failover levou 4,7 s.',
  );
  // the default story tells itself: nothing derived, no alarm
  await page.goto('/?scenario=etcd-lease&t=75000');
  await expect(page.locator('.narration .derived')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a link names a step by its id: step=stale-write opens the 409 STALE TOKEN step', async ({ page }) => {
  await page.goto('/?scenario=fencing-token&step=stale-write');
  await expect(page.locator('[data-node]').first()).toBeVisible();
  const narration = page.getByRole('status', { name: 'Narration', exact: true });
  await expect(narration.locator('.step-no')).toHaveText('Step 10 of 10');
  await expect(narration.locator('p').last()).toContainText('409 STALE TOKEN');
  await expect(page.getByRole('status', { name: 'Link problem' })).toHaveCount(0);
});
