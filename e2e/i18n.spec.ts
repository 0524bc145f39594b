import type { Page } from '@playwright/test';
import { adr001Pt } from '../src/adr/adr001.pt.ts';
import { adr001Ru } from '../src/adr/adr001.ru.ts';
import { ptPanels } from '../src/i18n/pt.panels.ts';
import { pt } from '../src/i18n/pt.ts';
import { ruPanels } from '../src/i18n/ru.panels.ts';
import { ru } from '../src/i18n/ru.ts';
import { scenariosPt } from '../src/i18n/scenarios.pt.ts';
import { scenariosRu } from '../src/i18n/scenarios.ru.ts';
import {
  catalogueButton,
  expect,
  ORIGIN,
  openCatalogue,
  SCENARIOS,
  scenarioOption,
  test,
  watchPage,
} from './helpers.ts';

/**
 * Languages: `?lang=pt|ru` opens every scenario in that language (pills, caption, panels, ADR-001),
 * the header's Language select switches at any time and is remembered, and a bad `lang` is a
 * "Link problem" notice while the rest loads in English.
 */
const LANGS = {
  pt: { ui: { ...pt, ...ptPanels }, scenarios: scenariosPt, adr: adr001Pt, name: 'Português' },
  ru: { ui: { ...ru, ...ruPanels }, scenarios: scenariosRu, adr: adr001Ru, name: 'Русский' },
} as const;
type Lang = keyof typeof LANGS;

/** English labels that must not be left on screen once the page is in another language. */
const ENGLISH_LABELS = [
  'Read the whole story',
  'Step forward',
  'Step back',
  'Sequence diagram',
  'Event log',
  'Messages so far',
  'Coordination store',
  'Protected storage',
  'Decision matrix',
  'Consequences',
];

/**
 * The longest run of a caption template without placeholders (`{name}` or a `{name, plural, ...}`
 * choice): what must appear on screen.
 */
function fixedPart(template: string): string {
  return template
    .split(/\{\w+, plural,(?:[^{}]|\{[^{}]*\})*\}|\{\w+\}/)
    .map((s) => s.trim())
    .sort((a, b) => b.length - a.length)[0] as string;
}

/** The page's origin, for watchPage (whatever port the config serves on). */
const origin = (baseURL: string | undefined) => new URL(baseURL ?? ORIGIN).origin;

const str = (lang: Lang, key: string) => {
  const s = LANGS[lang].ui[key];
  if (!s) throw new Error(`no ${lang} string for ${key}`);
  return s;
};

async function open(page: Page, query: string, lang: Lang | 'en') {
  await page.goto(`/${query}`);
  const label = lang === 'en' ? 'Scenarios' : str(lang, 'scenarios.label');
  await expect(catalogueButton(page, label)).toBeVisible();
  await expect(page.locator('[data-node]').first()).toBeVisible();
}

for (const lang of Object.keys(LANGS) as Lang[]) {
  const L = LANGS[lang];
  for (const s of SCENARIOS) {
    test(`${lang}: ${s.id} opens in ${L.name}: catalogue, caption, panels and ADR-001`, async ({
      page,
      baseURL,
    }) => {
      const watch = watchPage(page, origin(baseURL));
      await open(page, `?scenario=${s.id}&step=1&lang=${lang}`, lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue(lang);

      // Every card of the catalogue carries its translated title and tagline, under a translated group.
      const label = str(lang, 'scenarios.label');
      await expect(catalogueButton(page, label)).toHaveAccessibleName(
        `${label} ${L.scenarios[`scenario.${s.id}.title`]}`,
      );
      await openCatalogue(page, label);
      await expect(page.getByRole('listbox', { name: str(lang, 'catalogue.group.stories') })).toBeVisible();
      for (const other of SCENARIOS) {
        const title = L.scenarios[`scenario.${other.id}.title`] as string;
        await expect(scenarioOption(page, title)).toBeVisible();
        await expect(scenarioOption(page, title)).toHaveAccessibleDescription(
          L.scenarios[`scenario.${other.id}.tagline`] as string,
        );
      }
      await expect(scenarioOption(page, L.scenarios[`scenario.${s.id}.title`] as string)).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.keyboard.press('Escape');
      await expect(page.getByRole('region', { name: label })).toBeHidden();

      // The caption of step 1, in this language.
      const stepPrefix = `scenario.${s.id}.step.`;
      const firstStep = Object.keys(L.scenarios).find((k) => k.startsWith(stepPrefix)) as string;
      const caption = page.getByRole('status', { name: str(lang, 'narration.label') });
      await expect(caption).toContainText(fixedPart(L.scenarios[firstStep] as string));
      await expect(page.getByRole('button', { name: str(lang, 'narration.readAll') })).toBeVisible();

      // ADR-001 in this language.
      await page.getByRole('button', { name: str(lang, 'app.adrButtonLabel') }).click();
      const adr = page.getByRole('region', { name: /^ADR-001/ });
      await expect(adr).toHaveAccessibleName(`ADR-001: ${L.adr.title}`);
      await expect(adr).toContainText(str(lang, 'adr.matrix'));
      await expect(adr).toContainText(L.adr.decision.summary);
      await expect(adr).toContainText(L.adr.consequences[0]?.title as string);

      const text = (await page.locator('body').textContent()) ?? '';
      for (const label of ENGLISH_LABELS) expect(text, `“${label}” left in English`).not.toContain(label);
      watch.assertClean();
    });
  }
}

test('the Language select switches everything at once, keeps the place, and is remembered', async ({
  page,
  baseURL,
}) => {
  const watch = watchPage(page, origin(baseURL));
  await open(page, '?scenario=fencing-token&step=3', 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const select = page.getByRole('combobox', { name: 'Language' });
  await expect(select).toHaveValue('en');
  await expect(catalogueButton(page)).toHaveAccessibleName('Scenarios Fencing token');

  await select.selectOption('ru');
  await expect(catalogueButton(page, 'Сценарии')).toHaveAccessibleName('Сценарии Защита через fencing token');
  await expect(scenarioOption(page, 'Защита через fencing token')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status', { name: 'Повествование' })).toContainText('Шаг 3 из');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  // The link keeps the scenario and the step and gains lang.
  expect(new URL(page.url()).searchParams.get('lang')).toBe('ru');
  expect(new URL(page.url()).searchParams.get('scenario')).toBe('fencing-token');
  expect(new URL(page.url()).searchParams.get('step')).toBe('3');

  // An open ADR panel follows the switch.
  await page.getByRole('button', { name: str('ru', 'app.adrButtonLabel') }).click();
  const adr = page.getByRole('region', { name: /^ADR-001/ });
  await expect(adr).toHaveAccessibleName(`ADR-001: ${adr001Ru.title}`);
  await select.selectOption('pt');
  await expect(adr).toHaveAccessibleName(`ADR-001: ${adr001Pt.title}`);
  await expect(scenarioOption(page, 'Fencing token')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Ler a história inteira' })).toBeVisible();

  // Remembered: a plain visit opens in Portuguese.
  await page.goto('/');
  await expect(catalogueButton(page, 'Cenários')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  // And back to English.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('en');
  await expect(catalogueButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read the whole story' })).toBeVisible();
  watch.assertClean();
});

test('a bad lang is a Link problem naming the parameter and what it expects; the rest loads', async ({
  page,
  baseURL,
}) => {
  const watch = watchPage(page, origin(baseURL));
  await open(page, '?scenario=split-brain&lang=de', 'en');
  const notice = page.getByRole('status', { name: 'Link problem' });
  await expect(notice).toContainText('“lang”');
  await expect(notice).toContainText('“de”');
  await expect(notice).toContainText('en, pt, ru');
  await expect(scenarioOption(page, 'Split-brain without quorum')).toHaveAttribute('aria-selected', 'true');
  watch.assertClean();
});
