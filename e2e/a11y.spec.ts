import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openPlayer, SCENARIOS } from './helpers.ts';

/** WCAG 2.0 and 2.1, levels A and AA: the bar issue 6 sets. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's findings, one readable block per rule: id, impact, summary, then each element's selector and why. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      return `${v.id} (${v.impact ?? 'n/a'}, ${v.nodes.length}): ${v.help}\n${nodes}`;
    })
    .join('\n\n');
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations;
}

for (const theme of ['light', 'dark'] as const) {
  for (const s of SCENARIOS) {
    test(`axe: ${s.id}, ${theme} theme, mid-story, What-if, ADR panel and event log: no WCAG A/AA violations`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await openPlayer(page, `?scenario=${s.id}&step=4&theme=${theme}&whatif=1&panel=log`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.getByRole('button', { name: /^Open ADR-001:/ }).click();
      await expect(page.getByRole('region', { name: /^ADR-001/ })).toBeVisible();
      const violations = await axe(page);
      expect(
        violations.map((v) => v.id),
        describe(violations),
      ).toEqual([]);
    });
  }
}
