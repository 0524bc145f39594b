import type { Page } from '@playwright/test';
import { scenarios } from '../scenarios/index.ts';
import { expect, FIRST_RUN_MS, frameSnapshot, openPlayer, stepToEnd, test, watchPage } from './helpers.ts';

/**
 * "Show the fix", for every scenario with a `fix` block in scenarios/index.ts (the pitfall stories,
 * whoever wrote them): open it, step to its end, toggle the fix and see the narration and the picture
 * change; the link says `fix=on` and reopens the fixed run; the knobs panel has the `fix` switch with
 * its effect in words; Compare puts the other side of the fix beside it in one click; Present says
 * "fix on".
 */
const pitfalls = scenarios.filter((s) => s.fix);

const narration = (page: Page) => page.getByRole('status', { name: 'Narration' });
const fixButton = (page: Page) => page.getByRole('button', { name: 'Show the fix' });

test('every pitfall story has a fix, so this spec covers something', () => {
  expect(pitfalls.length).toBeGreaterThan(0);
});

for (const s of pitfalls) {
  test(`${s.id}: at the end of the story, Show the fix tells and draws the fixed run; the link keeps it`, async ({
    page,
  }) => {
    // An hour-long story (short-timeout: 300k events) is simulated three times here; on a loaded
    // 2-core machine each takes 10 s or more.
    if (s.durationMs > 600_000) test.slow();
    const watch = watchPage(page);
    await openPlayer(page, `?scenario=${s.id}`);
    await expect(fixButton(page)).toHaveAttribute('aria-pressed', 'false');
    await stepToEnd(page);
    const without = await frameSnapshot(page);
    const caption = (await narration(page).textContent()) ?? '';

    await fixButton(page).click();
    // The fixed run is on screen (and the switch pressed) once it is simulated past the cursor, the
    // story's end: short-timeout's hour takes the worker seconds on a loaded machine.
    await expect(fixButton(page)).toHaveAttribute('aria-pressed', 'true', { timeout: FIRST_RUN_MS });
    await expect(page).toHaveURL(/[?&]fix=on(&|$)/);
    await expect.poll(() => frameSnapshot(page), { timeout: FIRST_RUN_MS }).not.toBe(without);
    // The fixed run is on screen to its end too: its last caption differs from the story's.
    await stepToEnd(page);
    await expect
      .poll(async () => (await narration(page).textContent()) ?? '', { timeout: FIRST_RUN_MS })
      .not.toBe(caption);
    const withFix = await frameSnapshot(page);
    expect(withFix).not.toBe(without);

    // The link reopens the fixed run.
    await openPlayer(page, new URL(page.url()).search);
    await expect(fixButton(page)).toHaveAttribute('aria-pressed', 'true', { timeout: FIRST_RUN_MS });
    // And the toggle goes back.
    await fixButton(page).click();
    await expect(fixButton(page)).toHaveAttribute('aria-pressed', 'false', { timeout: FIRST_RUN_MS });
    await expect(page).not.toHaveURL(/fix=on/);
    watch.assertClean();
  });

  test(`${s.id}: the knobs panel has the fix switch with its effect; Compare shows the other side; Present says fix on`, async ({
    page,
  }) => {
    if (s.durationMs > 600_000) test.slow();
    const watch = watchPage(page);
    await openPlayer(page, `?scenario=${s.id}&whatif=1`);
    const knobs = page.getByRole('region', { name: 'Knobs' });
    const sw = knobs.getByRole('switch', { name: 'fix' });
    await expect(sw).toHaveAttribute('aria-checked', 'false');
    await expect(sw).toHaveAccessibleDescription(
      /^The defence the sources recommend for this pitfall\. On: .+\.$/,
    );
    await sw.click();
    await expect(sw).toHaveAttribute('aria-checked', 'true');
    await expect(fixButton(page)).toHaveAttribute('aria-pressed', 'true', { timeout: FIRST_RUN_MS });
    await expect(page).toHaveURL(/[?&]fix=on(&|$)/);

    // Compare in one click: this run with the fix, the comparison without it.
    await page
      .getByRole('region', { name: 'Compare' })
      .getByRole('button', { name: 'Without and with the fix' })
      .click();
    const other = page.getByRole('region', { name: 'Comparison run' });
    // The comparison is simulated in the engine: an hour-long pitfall (short-timeout) takes seconds.
    await expect(other.getByRole('heading', { name: 'Comparison · fix: off' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText('This run · fix: on')).toBeVisible();
    await expect(page).toHaveURL(/[?&]compare=fix:off(&|$)/);
    await page.getByRole('button', { name: 'Close compare' }).click();

    // Present keeps it, and says so.
    await page.locator('body').press('p');
    const layer = page.getByRole('region', { name: /^Presentation: / });
    await expect(layer).toBeVisible();
    await expect(layer).toContainText('fix on');
    await page.getByRole('button', { name: 'Exit presentation' }).click();
    await expect(page).toHaveURL(/[?&]fix=on(&|$)/);
    watch.assertClean();
  });
}

test('a bad fix in a link is a Link problem naming it; the story still opens, without the fix', async ({
  page,
}) => {
  const watch = watchPage(page);
  const id = pitfalls[0]?.id ?? 'bully';
  await openPlayer(page, `?scenario=${id}&fix=maybe&step=2`);
  const notice = page.getByRole('status', { name: 'Link problem' });
  await expect(notice).toContainText('Ignored “fix”: “maybe”. Expected on or off.');
  await expect(fixButton(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(narration(page)).toContainText('Step 2 of');
  await openPlayer(page, '?scenario=bully&fix=on');
  await expect(page.getByRole('status', { name: 'Link problem' })).toContainText('has no fix');
  await expect(fixButton(page)).toHaveCount(0);
  watch.assertClean();
});
