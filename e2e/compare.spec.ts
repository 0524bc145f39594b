import type { Page } from '@playwright/test';
import { expect, openPlayer, roleOf, test, timeline, timelineMax, watchPage } from './helpers.ts';

/** Opens a scenario with the What-if sandbox shown. */
async function openSandbox(page: Page, scenario: string) {
  await openPlayer(page, `?scenario=${scenario}`);
  await page.getByRole('button', { name: 'What if…' }).click();
  await expect(page.getByRole('region', { name: 'Compare' })).toBeVisible();
}

async function seek(page: Page, ms: number): Promise<number> {
  await timeline(page).fill(String(ms));
  return Number(await timeline(page).inputValue());
}

/** data-role of a node in the comparison picture. */
async function compareRoleOf(page: Page, node: string): Promise<string | null> {
  return page
    .getByRole('region', { name: 'Comparison run' })
    .locator(`[data-compare-node="${node}"]`)
    .getAttribute('data-role');
}

test.use({ viewport: { width: 1280, height: 720 } });

test('split-brain: quorum off (main) vs on (comparison) on one cursor', async ({ page }) => {
  const watch = watchPage(page);
  await openSandbox(page, 'split-brain');
  const section = page.getByRole('region', { name: 'Compare' });
  await expect(section.getByRole('combobox', { name: 'Knob' })).toHaveValue('quorum');
  await expect(section.getByRole('combobox', { name: 'Value in the second run' })).toHaveValue('true');
  await section.getByRole('button', { name: 'Compare', exact: true }).click();

  const other = page.getByRole('region', { name: 'Comparison run' });
  await expect(other.getByRole('heading', { name: 'Comparison · quorum: on' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This run · quorum: off' })).toBeVisible();
  // Both pictures fit a 1280x720 screen; the main one keeps the testing contract's data-node.
  await expect(page.locator('[data-node="node-1"]')).toHaveCount(1);
  await expect(page.locator('[data-node="node-1"]')).toBeInViewport();
  await expect(other.locator('[data-compare-node="node-1"]')).toBeInViewport();

  const end = await timelineMax(page);
  for (let ms = 0; ms <= end; ms += 500) {
    await seek(page, ms);
    expect(await compareRoleOf(page, 'node-1')).not.toBe('leader');
    expect(await compareRoleOf(page, 'node-2')).not.toBe('leader');
  }
  await seek(page, end);
  const alerts = page.getByRole('alert');
  await expect(alerts).toHaveCount(1);
  await expect(alerts).toContainText('BOTH WRITE');
  await expect(other.getByRole('alert')).toHaveCount(0);
  await expect(other.locator('[data-compare-metric="violations"] b')).toHaveText('0');
  await expect(other.locator('[data-compare-metric="leaders"] b')).toHaveText('1');

  await other.getByRole('button', { name: 'Close compare' }).click();
  await expect(other).toHaveCount(0);
  watch.assertClean();
});

test('fencing-token: fencing on (main) refuses the stale write with 409, fencing off (comparison) accepts it', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openSandbox(page, 'fencing-token');
  const section = page.getByRole('region', { name: 'Compare' });
  await expect(section.getByRole('combobox', { name: 'Knob' })).toHaveValue('fencing');
  await expect(section.getByRole('combobox', { name: 'Value in the second run' })).toHaveValue('false');
  await section.getByRole('button', { name: 'Compare', exact: true }).click();

  const other = page.getByRole('region', { name: 'Comparison run' });
  await expect(other.getByRole('heading', { name: 'Comparison · fencing: off' })).toBeVisible();
  await seek(page, await timelineMax(page));
  // Main: the late write is refused.
  await expect(page.getByText('409 STALE TOKEN').first()).toBeVisible();
  await expect(page.locator('[data-metric="writes-rejected"] .mono')).toHaveText('1');
  await expect(page.locator('[data-metric="writes-stale"] .mono')).toHaveText('0');
  // Comparison: the same write is accepted, and flagged.
  await expect(other.locator('[data-compare-metric="rejected"] b')).toHaveText('0');
  await expect(other.locator('[data-compare-metric="stale"] b')).toHaveText('1');
  await expect(other.locator('[data-compare-metric="stale"]')).toHaveClass(/danger/);
  expect(await roleOf(page, 'node-3')).toBe('leader');
  watch.assertClean();
});

test('etcd-lease: TTL 10 s vs 30 s keeps renewS valid; a refused value shows the rule', async ({ page }) => {
  const watch = watchPage(page);
  await openSandbox(page, 'etcd-lease');
  const section = page.getByRole('region', { name: 'Compare' });
  await expect(section.getByRole('combobox', { name: 'Knob' })).toHaveValue('ttlS');
  const value = section.getByRole('spinbutton', { name: 'Value in the second run' });
  await expect(value).toHaveValue('10');
  await section.getByRole('button', { name: 'Compare', exact: true }).click();
  const other = page.getByRole('region', { name: 'Comparison run' });
  await expect(other.getByRole('heading')).toHaveText('Comparison · ttlS: 10 s · renewS 3 s to stay valid');
  await expect(other.locator('[data-compare-node]')).toHaveCount(5);

  await section.getByRole('combobox', { name: 'Knob' }).selectOption('renewS');
  await value.fill('40');
  await section.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(section.getByRole('status')).toContainText('renewS < ttlS');
  await expect(other.getByRole('status')).toContainText('renewS < ttlS');
  watch.assertClean();
});

test('a copied link reopens the compare view', async ({ browser, baseURL }) => {
  const origin = baseURL ?? '';
  const a = await browser.newContext({ baseURL: origin });
  const page = await a.newPage();
  // No clipboard: Copy link shows the link in a field to copy by hand.
  await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  const watch = watchPage(page);
  await openSandbox(page, 'etcd-lease');
  const section = page.getByRole('region', { name: 'Compare' });
  await section.getByRole('button', { name: 'Compare', exact: true }).click();
  const heading = 'Comparison · ttlS: 10 s · renewS 3 s to stay valid';
  await expect(page.getByRole('region', { name: 'Comparison run' }).getByRole('heading')).toHaveText(heading);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByRole('textbox', { name: /Copy this link/ }).inputValue();
  expect(new URL(link).searchParams.get('compare')).toBe('ttlS:10');
  watch.assertClean();

  const b = await browser.newContext({ baseURL: origin });
  const again = await b.newPage();
  const watchAgain = watchPage(again);
  await again.goto(link);
  // A cold page: the simulator and the catalogue are fetched, then both runs are simulated in the
  // worker before the comparison shows (over 5 s once in 270 tests on a slow 2-core machine).
  await expect(again.getByRole('region', { name: 'Comparison run' }).getByRole('heading')).toHaveText(
    heading,
    { timeout: 15_000 },
  );
  await expect(
    again.getByRole('region', { name: 'Compare' }).getByRole('combobox', { name: 'Knob' }),
  ).toHaveValue('ttlS');
  // Closing it takes compare out of the link.
  await again.getByRole('button', { name: 'Close compare' }).click();
  await expect.poll(() => new URL(again.url()).searchParams.get('compare')).toBeNull();
  watchAgain.assertClean();
  await a.close();
  await b.close();
});

test('split-brain: the run with its scripted partition vs the same run without it', async ({ page }) => {
  const watch = watchPage(page);
  await openSandbox(page, 'split-brain');
  const section = page.getByRole('region', { name: 'Compare' });
  await section.getByRole('radio', { name: 'one fault' }).check();
  const leaveOut = section.getByRole('combobox', { name: 'Leave out' });
  await expect(leaveOut.locator('option:checked')).toHaveText(
    'partition node-1, node-2 | node-3, node-4, node-5 at 4.0 s (the story’s)',
  );
  // The heal only ends the partition: it is left out with it, not offered on its own.
  await expect(leaveOut.locator('option')).toHaveText([/^partition /, 'every fault']);
  await section.getByRole('button', { name: 'Compare', exact: true }).click();

  const other = page.getByRole('region', { name: 'Comparison run' });
  await expect(
    other.getByRole('heading', { name: /^Comparison · without partition .* \+ heal at 10\.0 s$/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^This run · with partition node-1, node-2/ }),
  ).toBeVisible();
  await expect(page).toHaveURL(/[?&]compare=without:0(&|$)/);

  await seek(page, await timelineMax(page));
  await expect(page.getByRole('alert')).toContainText('BOTH WRITE');
  await expect(other.getByRole('alert')).toHaveCount(0);
  await expect(other.locator('[data-compare-metric="violations"] b')).toHaveText('0');
  await expect(other.locator('[data-compare-diff="violations"] td').nth(1)).toHaveText('0');
  // No partition line in the comparison picture, and node-5 is its only leader.
  expect(await compareRoleOf(page, 'node-5')).toBe('leader');
  expect(await compareRoleOf(page, 'node-1')).not.toBe('leader');

  // The link reopens the same comparison.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Comparison run' }).getByRole('heading', { name: /without partition/ }),
  ).toBeVisible();
  watch.assertClean();
});
