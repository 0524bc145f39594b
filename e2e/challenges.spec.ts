import type { Page } from '@playwright/test';
import { scenarios } from '../scenarios/index.ts';
import { expect, FIRST_RUN_MS, openPlayer, test, timeline, timelineMax, watchPage } from './helpers.ts';

/**
 * "Try to break it" (src/app/challenge): each of the six challenges is played to success through the
 * What-if menu, as a student would (the fault at its moment, then on to the alarm); the budget
 * disables a kind at its max; "You broke it" comes with a replay link. With the fix on, the page
 * answers: a proof where the explorer's bounds fit the budget, a sample of 1,000 schedules elsewhere.
 */
const panel = (page: Page) => page.locator('.challenge-panel');

async function startChallenge(page: Page, id: string): Promise<void> {
  await openPlayer(page, `?scenario=${id}`);
  await page.getByRole('button', { name: 'Try to break it' }).click();
  await expect(panel(page)).toBeVisible({ timeout: FIRST_RUN_MS });
}

/** Applies a fault from the What-if menu at `ms` (the panel is open in a challenge). */
async function at(page: Page, ms: number, act: () => Promise<void>): Promise<void> {
  await timeline(page).fill(String(ms));
  await act();
  await expect(panel(page).locator('.challenge-total')).toContainText('In all: 1 of', {
    timeout: FIRST_RUN_MS,
  });
}

/** node-1 leads first; paused just after its lease check, past the TTL, and awake before the end. */
const pauseNode1 = (page: Page, seconds: string, spent: boolean) => async () => {
  const length = page.getByRole('spinbutton', { name: 'GC pause' });
  await length.fill(seconds);
  await length.press('Enter');
  await page.getByRole('button', { name: `Pause ${seconds} s` }).click();
  // One pause is the budget: another node's pause is offered, disabled (node-1 itself is paused now).
  await page.getByRole('combobox', { name: 'Node', exact: true }).selectOption('node-2');
  await expect(page.getByRole('button', { name: `Pause ${seconds} s` })).toBeDisabled({
    timeout: FIRST_RUN_MS,
  });
  // fencing-token's budget is that one pause; lease-no-fencing's has a crash left.
  // Exact: Branch here's buttons say "crash node-1".
  const crash = page.getByRole('button', { name: 'Crash', exact: true });
  if (spent) await expect(crash).toBeDisabled();
  else await expect(crash).toBeEnabled();
  // A branch is a fault too: the budget holds there as well.
  if (spent) await expect(page.getByRole('button', { name: 'crash node-2' })).toBeDisabled();
};

/** What the student does in each challenge; none where the design breaks by itself. */
const plays: Record<string, (page: Page) => Promise<void>> = {
  'split-brain': (page) => at(page, 4000, () => page.getByRole('button', { name: 'Partition 2|3' }).click()),
  'fencing-token': (page) => at(page, 5112, pauseNode1(page, '38.2', true)),
  'lease-no-fencing': (page) => at(page, 5100, pauseNode1(page, '33', false)),
  'heartbeat-no-confirm': (page) =>
    at(page, 7000, () => page.getByRole('button', { name: 'Isolate from the store' }).click()),
  'update-without-token': async () => {},
  'twenty-instances': async () => {},
};

test('the six challenges are the stories that carry one', () => {
  expect(
    scenarios
      .filter((s) => s.challenge)
      .map((s) => s.id)
      .sort(),
  ).toEqual(Object.keys(plays).sort());
});

for (const [id, play] of Object.entries(plays)) {
  test(`${id}: played to success through the What-if menu, with the alarm and a replay link`, async ({
    page,
  }) => {
    const watch = watchPage(page);
    await startChallenge(page, id);
    // The defence's knobs are locked, visibly.
    await expect(page.locator('.knobs-locked')).toContainText('Locked by the challenge');
    await expect(panel(page).locator('.challenge-broke')).toHaveCount(0);
    await play(page);
    await timeline(page).fill(String(await timelineMax(page)));
    await expect(panel(page).locator('.challenge-broke')).toContainText(/You broke it|It broke by itself/, {
      timeout: FIRST_RUN_MS,
    });
    // The alarm is on the picture at the same moment.
    await expect(page.locator('.cluster.alarmed .alarm[role="alert"]').first()).toBeVisible();
    await expect(panel(page).getByRole('link', { name: 'Replay link' })).toHaveAttribute('href', /#story=/);
    watch.assertClean();
  });
}

test('with the fix on, UPDATE without a token: no way to break it within the bounds (the explorer decides)', async ({
  page,
}) => {
  await startChallenge(page, 'update-without-token');
  await page.getByRole('switch', { name: 'Turn the fix on' }).click();
  await expect(panel(page).locator('.challenge-answer')).toContainText(
    'No way to break it within these bounds',
    {
      timeout: FIRST_RUN_MS,
    },
  );
});

test('with the fix on, split-brain: no break in 1000 schedules, a sample, not a proof', async ({ page }) => {
  await startChallenge(page, 'split-brain');
  await page.getByRole('switch', { name: 'Turn the fix on' }).click();
  await expect(panel(page).locator('.challenge-answer')).toContainText(
    /No break found in 1000 schedules: a sample, not a proof/,
    { timeout: FIRST_RUN_MS },
  );
});

test('a challenge’s link reopens it on reload, with the student’s fault, in the page and in the embed', async ({
  page,
}) => {
  await startChallenge(page, 'split-brain');
  await plays['split-brain']?.(page);
  // The address bar names the challenge and carries the fault (UrlSync, throttled).
  await expect
    .poll(() => page.url(), { timeout: FIRST_RUN_MS })
    .toMatch(/scenario=challenge-split-brain.*fault=/);
  const url = new URL(page.url());
  await page.reload();
  await expect(panel(page)).toBeVisible({ timeout: FIRST_RUN_MS });
  await expect(panel(page).locator('.challenge-total')).toContainText('In all: 1 of', {
    timeout: FIRST_RUN_MS,
  });
  await expect(page.locator('.knobs-locked')).toContainText('Locked by the challenge');
  await expect(page.getByRole('alert').filter({ hasText: 'challenge-split-brain' })).toHaveCount(0);
  // The embed of the same link (at its first step) opens the challenge too: its task is the
  // narration, with no link problem.
  url.searchParams.set('step', '1');
  await page.goto(`/?embed=1&${url.searchParams.toString()}`);
  await expect(page.getByRole('status', { name: 'Narration' })).toContainText(
    'Make both sides of the cluster lead',
    {
      timeout: FIRST_RUN_MS,
    },
  );
  await expect(page.getByText('challenge-split-brain')).toHaveCount(0);
});
