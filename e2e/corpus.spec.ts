import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { LinkEntry, LinksFile } from '../src/compat/types.ts';
import { catalogueButton, expect, scenarioOptions, selectedScenario, test, watchPage } from './helpers.ts';

/**
 * A sample of the compatibility corpus (src/compat/README.md) in the built app: links users already
 * have open on the scenario, step and caption they opened on when recorded, with no link-problem
 * notice; a broken one still names what is wrong in the same words. The unit test checks every link's
 * decoding; this checks that the app shows it.
 */
const corpus = JSON.parse(
  readFileSync(new URL('../src/compat/corpus/links.json', import.meta.url), 'utf8'),
) as LinksFile;

/** Accessible names of the landmarks read here, per link language. */
const NAMES: Record<string, { catalogue: string; narration: string; notice: string }> = {
  en: { catalogue: 'Scenarios', narration: 'Narration', notice: 'Link problem' },
  pt: { catalogue: 'Cenários', narration: 'Narração', notice: 'Problema no link' },
  ru: { catalogue: 'Сценарии', narration: 'Повествование', notice: 'Проблема со ссылкой' },
};

const APP = [
  'bully-step-9-en',
  'etcd-lease-clock-drift-t',
  'split-brain-quorum-on',
  'split-brain-partition-3',
  'fencing-token-docs-example',
  'fencing-token-set-t',
  'patroni-step',
  'sandbox-canonical',
];
const EMBED = ['fencing-token-embed-minimal-loop', 'etcd-lease-embed-full-range'];
const BROKEN = ['bad-seed-nodes'];

function entry(list: LinkEntry[], id: string): LinkEntry {
  const e = list.find((x) => x.id === id);
  if (!e) throw new Error(`no corpus link "${id}"`);
  return e;
}

async function open(page: Page, e: LinkEntry) {
  const lang = (e.expected.view.lang as string | null) ?? 'en';
  const names = NAMES[lang];
  if (!names) throw new Error(`no landmark names for "${lang}"`);
  await page.goto(`/${e.link}`);
  await expect(page.locator('[data-node]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return names;
}

/**
 * "Step 3 of 7" as recorded: the same words and the same step number, so the link points at the same
 * moment. The total may only have grown: a run that ends off the story's script now counts the
 * captions derived after its last step as steps of their own (src/player/steps.ts, navSteps), after
 * the story's, which keep their numbers.
 */
async function expectStepNo(loc: Locator, recorded: string) {
  const parts = (s: string) => {
    const m = /^(\D*)(\d+)(\D+)(\d+)(\D*)$/.exec(s.trim());
    return m ? { words: `${m[1]}#${m[3]}#${m[5]}`, n: Number(m[2]), total: Number(m[4]) } : null;
  };
  const want = parts(recorded);
  if (!want) return expect(loc).toHaveText(recorded);
  await expect(loc).toHaveText(/\d/);
  const got = parts((await loc.textContent()) ?? '');
  expect(got, `step line for "${recorded}"`).not.toBeNull();
  expect(got?.words).toBe(want.words);
  expect(got?.n).toBe(want.n);
  expect(got?.total).toBeGreaterThanOrEqual(want.total);
}

async function expectNarration(page: Page, e: LinkEntry, name: string) {
  // A large run (99 nodes) is shown before the engine has finished it: compare the finished run.
  await expect(page.locator('.sim-progress')).toHaveCount(0, { timeout: 60_000 });
  const narration = page.getByRole('status', { name, exact: true });
  if (e.seen.stepNo !== null) await expectStepNo(narration.locator('.step-no'), e.seen.stepNo);
  if (e.seen.caption !== null) await expect(narration.locator('p').last()).toHaveText(e.seen.caption);
}

for (const id of APP) {
  test(`corpus link ${id}: the same scenario and caption, no problem`, async ({ page }) => {
    const e = entry(corpus.valid, id);
    const watch = watchPage(page);
    const names = await open(page, e);
    await expect(page.getByRole('status', { name: names.notice })).toHaveCount(0);
    await expect(catalogueButton(page, names.catalogue)).toBeVisible();
    // The catalogue's current card (its lists stay in the page while it is closed).
    const card = page.getByRole('listbox', { includeHidden: true }).getByRole('option', {
      selected: true,
      includeHidden: true,
    });
    await expect(card).toHaveAttribute('data-scenario', e.seen.tab ?? '');
    await expect(card).toHaveAttribute('aria-selected', 'true');
    await expectNarration(page, e, names.narration);
    watch.assertClean();
  });
}

for (const id of EMBED) {
  test(`corpus embed link ${id}: the same player and caption, no problem`, async ({ page }) => {
    const e = entry(corpus.valid, id);
    const watch = watchPage(page);
    const names = await open(page, e);
    await expect(page.getByRole('status', { name: names.notice })).toHaveCount(0);
    await expect(page.getByRole('main', { name: e.seen.player ?? '' })).toBeVisible();
    await expect(scenarioOptions(page)).toHaveCount(0);
    await expectNarration(page, e, names.narration);
    watch.assertClean();
  });
}

for (const id of BROKEN) {
  test(`corpus broken link ${id}: names what is wrong as it did, the rest loads`, async ({ page }) => {
    const e = entry(corpus.broken, id);
    const names = await open(page, e);
    await expect(page.getByRole('status', { name: names.notice }).locator('p')).toHaveText(e.seen.notices);
    const card = selectedScenario(page);
    await expect(card).toHaveAttribute('data-scenario', e.seen.tab ?? '');
    await expectNarration(page, e, names.narration);
  });
}
