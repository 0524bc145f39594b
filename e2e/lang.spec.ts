import type { Page } from '@playwright/test';
import { expect, ORIGIN, test, watchPage } from './helpers.ts';

/**
 * Languages read as the language does: the split-brain alarm in words of the language, numbers with
 * the language's decimal comma, and plurals by the language's rules (Russian has one, few and many
 * forms). Split-brain's step 7 is its BOTH WRITE step (scenarios/split-brain.ts: both-write).
 */
test.use({ viewport: { width: 1366, height: 768 } });

const origin = (baseURL: string | undefined) => new URL(baseURL ?? ORIGIN).origin;

async function open(page: Page, query: string) {
  await page.goto(`/${query}`);
  await expect(page.locator('[data-node]').first()).toBeVisible();
}

test('ru: ОБА ПИШУТ, a decimal comma, and 5 узлов / 3 узла', async ({ page, baseURL }) => {
  const watch = watchPage(page, origin(baseURL));
  await open(page, '?lang=ru&scenario=split-brain&step=7');
  const alarm = page.getByRole('alert').filter({ hasText: 'Split-brain' });
  await expect(alarm).toContainText('ОБА ПИШУТ');
  await expect(alarm).not.toContainText('BOTH WRITE');
  await expect(page.getByRole('status', { name: 'Повествование' })).toContainText(
    'ОБА ПИШУТ: node-1, node-5',
  );
  await expect(page.locator('.controls .now')).toHaveText('6,6 с');
  await expect(page.getByRole('slider', { name: 'Шкала времени' })).toHaveAttribute(
    'aria-valuetext',
    /^6,6 с \/ 12,0 с/,
  );

  await open(page, '?lang=ru&scenario=bully&step=1');
  await expect(page.getByRole('status', { name: 'Повествование' })).toContainText(
    '5 узлов, и правило простое',
  );
  await open(page, '?lang=ru&scenario=bully&step=1&nodes=3');
  await expect(page.getByRole('status', { name: 'Повествование' })).toContainText(
    '3 узла, и правило простое',
  );
  watch.assertClean();
});

test('pt: AMBOS ESCREVEM, a decimal comma, and 1 perdida / 2 perdidas', async ({ page, baseURL }) => {
  const watch = watchPage(page, origin(baseURL));
  await open(page, '?lang=pt&scenario=split-brain&step=7');
  const alarm = page.getByRole('alert').filter({ hasText: 'Split-brain' });
  await expect(alarm).toContainText('AMBOS ESCREVEM');
  await expect(alarm).not.toContainText('BOTH WRITE');
  await expect(page.locator('.controls .now')).toHaveText('6,6 s');

  // The partition's first lost HEARTBEAT (4.131 s), then its second (4.138 s).
  await open(page, '?lang=pt&scenario=split-brain&t=4135');
  await expect(page.locator('.lost-count')).toHaveText('1 perdida no caminho');
  await open(page, '?lang=pt&scenario=split-brain&t=4140');
  await expect(page.locator('.lost-count')).toHaveText('2 perdidas no caminho');
  watch.assertClean();
});
