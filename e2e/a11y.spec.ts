import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openPlayer, SCENARIOS } from './helpers.ts';

/** WCAG 2.0 and 2.1, levels A and AA: the bar issue 6 sets. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's findings, one readable block per rule: id, impact, summary, then each element's selector and why. */
function readable(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
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
        readable(violations),
      ).toEqual([]);
    });
  }
}

/** What has the focus, and whether it shows: an outline or a box-shadow ring (computed style). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== 'none' && Number.parseFloat(cs.outlineWidth) >= 1;
    const ring = cs.boxShadow !== 'none' && cs.boxShadow !== '';
    const labelled = el.getAttribute('aria-labelledby');
    const labels = 'labels' in el ? (el as HTMLInputElement).labels : null;
    const name = (
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (labels?.length ? labels[0]?.textContent : null) ??
      el.getAttribute('title') ??
      el.textContent ??
      ''
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 50);
    const what = `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}"`;
    return { what, shown: outline || ring, el: el.outerHTML.slice(0, 80) };
  });
}

for (const theme of ['light', 'dark'] as const)
  test(`keyboard: Tab reaches every control of the player and the What-if sandbox with a visible focus ring (${theme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openPlayer(page, `?scenario=fencing-token&step=4&whatif=1&theme=${theme}`);
    const seen: string[] = [];
    const hidden: string[] = [];
    let first: string | null = null;
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (!f) continue;
      if (f.el === first) break;
      first ??= f.el;
      seen.push(f.what);
      if (!f.shown) hidden.push(f.what);
    }
    expect(hidden, `focused without a visible ring:\n${hidden.join('\n')}`).toEqual([]);
    const all = seen.join('\n');
    for (const control of [
      /\[role=tab\]/,
      /button "Play"/,
      /button "Step forward"/,
      /"Timeline"/,
      /"Speed"/,
      /button "Open ADR-001:/,
      /\[role=button\] "Open ADR-001"/,
      /\[role=button\] "node-1: /,
      /\[role=button\] "node-3: /,
    ])
      expect(all, `${control} is not reachable by Tab; reached:\n${all}`).toMatch(control);
  });
