import { readdirSync, readFileSync } from 'node:fs';
import { expect, openCatalogue, openPlayer, test, watchPage } from './helpers.ts';

/**
 * The Content-Security-Policy holds in every corner of the app: one walk opens every menu and dialog
 * (the catalogue, Share, the Export menu and its animation dialog, the keyboard shortcuts, ADR-001,
 * the What-if sandbox and a node's fault menu, the inspector, the presentation). Each lazy chunk loads
 * on the way; the shared fixture of e2e/helpers.ts fails the test on any violation. Opening Export
 * is what loads zod in the browser (exportActions): its eval probe must not run there.
 */

test('every menu and dialog opens with no CSP violation', async ({ page, csp }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=fencing-token&step=4');

  await openCatalogue(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Scenarios' })).toBeHidden();

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Share or embed this view' });
  await expect(share).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();

  // Export: the menu, then the animation dialog (both load the export chunks and zod).
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportMenu = page.getByRole('menu', { name: 'Export and import' });
  await expect(exportMenu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(exportMenu).toBeHidden();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Animation (GIF)…' }).click();
  const animation = page.getByRole('dialog', { name: /^Export an animation/ });
  await expect(animation).toBeVisible();
  await animation.getByRole('button', { name: 'Close' }).click();
  await expect(animation).toBeHidden();

  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(keys).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(keys).toBeHidden();

  await page
    .getByRole('button', { name: /^Open ADR-001/ })
    .first()
    .click();
  await expect(page.getByRole('region', { name: /^ADR-001/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // A node's menu outside the sandbox offers Inspect: the statechart inspector.
  await page.locator('[data-node="node-1"]').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Inspect' }).click();
  await expect(page.getByRole('region', { name: 'Statechart of node-1' })).toBeVisible();

  // The What-if sandbox, and a node's fault menu in it.
  await page.getByRole('button', { name: 'What if…' }).click();
  await expect(page.getByRole('region', { name: 'Faults' })).toBeVisible();
  await page.locator('[data-node="node-2"]').focus();
  await page.keyboard.press('Shift+F10');
  const faults = page.getByRole('menu', { name: /Faults for node-2/ });
  await expect(faults).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(faults).toBeHidden();

  await page.getByRole('button', { name: 'Present', exact: true }).click();
  const presentation = page.getByRole('region', { name: /^Presentation: / });
  await expect(presentation).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(presentation).toBeHidden();

  await page.waitForLoadState('networkidle');
  // Read here too, so a violation is named by this test (the fixture checks again at the end).
  expect(csp).toEqual([]);
  watch.assertClean();
});

test('every spec runs under the CSP fixture: none takes `test` from Playwright directly', () => {
  const specs = readdirSync('e2e').filter((f) => f.endsWith('.spec.ts'));
  expect(specs.length).toBeGreaterThan(40);
  const direct = specs.filter((f) =>
    /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/.test(readFileSync(`e2e/${f}`, 'utf8')),
  );
  expect(direct).toEqual([]);
});
