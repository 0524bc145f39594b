import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { chooseScenario, expect, openPlayer, roleOf, test, watchPage } from './helpers.ts';

/**
 * The external-scheduler story (issue #14): a CronJob instead of an election. Clicked through in the
 * app from the catalogue, the missed slot from a link (startingDeadlineSeconds=60), the embed and Present.
 */

const narration = (page: Page) => page.getByRole('status', { name: 'Narration' });
const stepForward = (page: Page) => page.getByRole('button', { name: 'Step forward' }).click();

test('from the catalogue: the controller is down at 03:00, back at 03:02, and starts one late run', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page);
  await chooseScenario(page, 'External scheduler: a CronJob runs it once');
  await expect(page.locator('[data-node]')).toHaveCount(20);
  await expect(narration(page)).toContainText('Twenty replicas of the billing service are up');
  const store = page.locator('.store-panel');

  await stepForward(page);
  await expect(narration(page)).toContainText('status.lastScheduleTime is 2026-03-01T03:00:00Z');
  await stepForward(page);
  await expect(narration(page)).toContainText('kube-controller-manager with it');
  await stepForward(page);
  await expect(narration(page)).toContainText('kube-controller-manager is back');
  await stepForward(page);
  await expect(narration(page)).toContainText('creates the Job billing-29540340, late');
  await stepForward(page);
  await expect(narration(page)).toContainText('one run of the billing job');
  await expect(store).toContainText('/registry/jobs/default/billing-29540340');
  await stepForward(page);
  await expect(narration(page)).toContainText('One run for the 03:00 slot: not twenty');
  // The replicas never lead, never run the job: every one of them is a plain follower.
  for (const n of ['node-1', 'node-10', 'node-20']) expect(await roleOf(page, n)).toBe('follower');
  watch.assertClean();
});

test('with startingDeadlineSeconds=60 in the link, the slot is passed over and no Job is created', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=external-scheduler&set=startingDeadlineSeconds:60&step=passed-over');
  await expect(narration(page)).toContainText('it finds none and creates no Job');
  await expect(page.locator('.store-panel')).not.toContainText('/registry/jobs/default/');
  watch.assertClean();
});

test('one click of Compare: the same outage with a 60 s deadline, where the slot is passed over', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=external-scheduler&step=one-run');
  await page.getByRole('button', { name: 'What if…' }).click();
  const section = page.getByRole('region', { name: 'Compare' });
  await expect(section.getByRole('combobox', { name: 'Knob' })).toHaveValue('startingDeadlineSeconds');
  await section.getByRole('button', { name: 'Compare', exact: true }).click();
  const other = page.getByRole('region', { name: 'Comparison run' });
  await expect(other.getByRole('heading', { name: /startingDeadlineSeconds: 60/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]compare=startingDeadlineSeconds:60(&|$)/);
  // The story's own figures, whole runs: one run against none, and the slot counted as missed.
  const jobRuns = other.locator('[data-compare-diff="story-jobRuns"] td');
  await expect(jobRuns).toHaveText(['1', '0', '−1']);
  await expect(other.locator('[data-compare-diff="story-missedRuns"] td')).toHaveText(['0', '1', '+1']);
  // The story's run made its Job; the comparison's controller created none.
  await expect(page.locator('.store-panel').first()).toContainText('/registry/jobs/default/billing-29540340');
  watch.assertClean();
});

test('in the embed, in Portuguese and Russian, and in Present', async ({ page }) => {
  const watch = watchPage(page);
  await page.goto('/?embed=1&scenario=external-scheduler&step=one-run&lang=pt');
  await expect(page.getByRole('status').first()).toContainText('Uma execução para o horário das 3h');
  await page.goto('/?embed=1&scenario=external-scheduler&step=late-run&lang=ru');
  await expect(page.getByRole('status').first()).toContainText('создаёт Job billing-29540340');

  await openPlayer(page, '?scenario=external-scheduler&step=late-run');
  await page.getByRole('button', { name: 'Present' }).click();
  const subtitle = page.getByRole('status', { name: 'Subtitle' });
  await expect(subtitle).toContainText('creates the Job billing-29540340, late');
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(subtitle).toContainText('one run of the billing job');
  await page.keyboard.press('Escape');
  await expect(narration(page)).toContainText('one run of the billing job');
  watch.assertClean();
});

test('axe, both themes: the story with What-if, the event log and the ADR panel at its When not to use section', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const theme of ['light', 'dark'] as const) {
    await openPlayer(page, `?scenario=external-scheduler&step=5&theme=${theme}&whatif=1&panel=log`);
    await page.getByRole('button', { name: /^Open ADR-001:/ }).click();
    const adr = page.getByRole('region', { name: /^ADR-001/ });
    await expect(adr.getByRole('heading', { name: 'When not to use leader election' })).toBeVisible();
    // A case with a story links to it; stateless replicas and CRDTs say the lab has none.
    await expect(adr.locator('[data-adr="when-not.external-scheduler"] .adr-link')).toHaveCount(1);
    await expect(adr.locator('[data-adr="when-not.crdts"] .adr-link')).toHaveCount(0);
    await expect(adr.locator('[data-adr="when-not.crdts"]')).toContainText('The lab has no story');
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});
