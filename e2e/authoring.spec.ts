import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, FIRST_RUN_MS, openPlayer, test } from './helpers.ts';

/**
 * "New story" (src/app/author): a story written from scratch in Portuguese, from the sandbox, with
 * three faults from the What-if menu and four captions at the cursor; saved as a file and as a link,
 * and each reopened and played to the end with its captions told.
 */
const CAPTIONS = [
  'Cinco nós, nenhuma falha ainda: o maior id lidera.',
  'Derrubamos o líder: começa uma eleição.',
  'O antigo líder volta e retoma o posto.',
  'Fim: um líder só, como no começo.',
];

const narracao = (page: Page) => page.getByRole('status', { name: 'Narração' });
const timeline = (page: Page) => page.getByRole('slider', { name: 'Linha do tempo' });
const timelineValue = async (page: Page) => Number(await timeline(page).inputValue());
const timelineMax = async (page: Page) => Number(await timeline(page).getAttribute('max'));

async function at(page: Page, ms: number): Promise<void> {
  await timeline(page).fill(String(ms));
  // The slider moves in its own steps (tens of ms): near enough is the moment.
  await expect.poll(async () => Math.abs((await timelineValue(page)) - ms)).toBeLessThan(100);
}

/** Steps to the end with the keyboard, gathering every caption the narration shows. */
async function captionsToEnd(page: Page): Promise<string> {
  await at(page, 0);
  // The arrows step the story once the timeline slider has let the focus go.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const seen: string[] = [(await narracao(page).textContent()) ?? ''];
  const max = await timelineMax(page);
  for (let n = 0; n < 60 && (await timelineValue(page)) < max; n++) {
    await page.keyboard.press('ArrowRight');
    seen.push((await narracao(page).textContent()) ?? '');
  }
  expect(await timelineValue(page)).toBe(max);
  return seen.join('\n');
}

test('a story authored from scratch in pt: 3 faults, 4 captions, saved as a file and a link, both replayed', async ({
  page,
}, testInfo) => {
  test.slow();
  await openPlayer(page, '?lang=pt&scenario=sandbox');
  await page.getByRole('button', { name: 'Nova história' }).click();
  const editor = page.getByRole('region', { name: 'Nova história' });
  await expect(editor).toBeVisible({ timeout: FIRST_RUN_MS });
  await editor.getByLabel('Título').fill('Minha eleição');
  await editor.getByLabel('Nós').fill('5');
  // The preview has the draft (its title in the header) before the cursor moves.
  await expect(page.getByRole('button', { name: /^Cenários/ })).toContainText('Minha eleição', {
    timeout: FIRST_RUN_MS,
  });

  // Three faults from the What-if menu, at the cursor.
  const faults = editor.getByRole('group', { name: /^Falhas/ });
  await at(page, 5000);
  await page.getByRole('button', { name: 'Derrubar', exact: true }).first().click();
  await expect(faults.getByRole('listitem')).toHaveCount(1, { timeout: FIRST_RUN_MS });
  await at(page, 15000);
  await page.getByRole('button', { name: 'Reiniciar', exact: true }).first().click();
  await expect(faults.getByRole('listitem')).toHaveCount(2, { timeout: FIRST_RUN_MS });
  await at(page, 30000);
  await page.getByRole('button', { name: 'Derrubar', exact: true }).first().click();
  await expect(faults.getByRole('listitem')).toHaveCount(3, { timeout: FIRST_RUN_MS });
  // Moved from the list (the keyboard's way), and undone.
  const firstTime = faults.getByRole('textbox').first();
  await firstTime.fill('6');
  await firstTime.press('Enter');
  await expect(faults.getByRole('textbox').first()).toHaveValue('6.0');
  await editor.getByRole('button', { name: 'Desfazer' }).click();
  await expect(faults.getByRole('textbox').first()).toHaveValue('5.0');

  // Four captions at four moments.
  const caption = editor.getByLabel(/^Legenda em/);
  for (const [i, ms] of [0, 5000, 15000, 40000].entries()) {
    await at(page, ms);
    await caption.fill(CAPTIONS[i] as string);
    await editor.getByRole('button', { name: 'Adicionar legenda' }).click();
  }
  await expect(editor.getByRole('group', { name: /^Legendas/ }).getByRole('listitem')).toHaveCount(4);
  // The preview tells the captions as the story will.
  await at(page, 15000);
  await expect(narracao(page)).toContainText(CAPTIONS[2] as string, { timeout: FIRST_RUN_MS });

  // Saved as a file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    editor.getByRole('button', { name: 'Baixar o arquivo da história' }).click(),
  ]);
  const path = testInfo.outputPath('minha-eleicao.story.json');
  await download.saveAs(path);
  const file = JSON.parse(await readFile(path, 'utf8'));
  expect(download.suggestedFilename()).toBe('minha-eleicao.story.json');
  expect(file.faults).toHaveLength(3);
  expect(file.steps).toHaveLength(4);

  // Saved in My stories, and listed in the catalogue there.
  await editor.getByRole('button', { name: 'Salvar em Minhas histórias' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Salva em Minhas histórias' })).toBeVisible();
  await page.getByRole('button', { name: /^Cenários/ }).click();
  await expect(
    page.locator('.catalogue-mine').getByRole('button', { name: 'Minha eleição', exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // Saved as a link.
  await editor.getByRole('button', { name: 'Copiar um link' }).click();
  const link = editor.getByRole('link', { name: 'Abrir o link' });
  await expect(link).toHaveAttribute('href', /#story=/);
  const href = (await link.getAttribute('href')) as string;

  // The link, reopened: someone else's story, told to the end.
  await page.goto(href);
  await expect(page.getByRole('note').first()).toBeVisible({ timeout: FIRST_RUN_MS });
  const told = await captionsToEnd(page);
  for (const c of CAPTIONS) expect(told).toContain(c);

  // The file, imported and told to the end.
  await openPlayer(page, '?lang=pt');
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('menuitem', { name: 'Importar trace ou história (JSON)…' }).click(),
  ]);
  await chooser.setFiles(path);
  await expect(page.getByText('Minha eleição').first()).toBeVisible({ timeout: FIRST_RUN_MS });
  const fromFile = await captionsToEnd(page);
  for (const c of CAPTIONS) expect(fromFile).toContain(c);
});

test('at 390 px, from the keyboard: the editor opens, takes a caption, undoes it, and fits the width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPlayer(page, '?lang=pt&scenario=sandbox');
  // Each control is reached and worked with keys only (focus, typing, Enter, Space).
  await page.getByRole('button', { name: 'Nova história' }).focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('region', { name: 'Nova história' });
  await expect(editor).toBeVisible({ timeout: FIRST_RUN_MS });
  await editor.getByLabel(/^Legenda em/).focus();
  await page.keyboard.type('Uma legenda escrita só com o teclado.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(editor.getByRole('button', { name: 'Adicionar legenda' })).toBeFocused();
  await page.keyboard.press('Enter');
  const captions = editor.getByRole('group', { name: /^Legendas/ }).getByRole('listitem');
  await expect(captions).toHaveCount(1);
  await editor.getByRole('button', { name: 'Desfazer' }).focus();
  await page.keyboard.press('Space');
  await expect(captions).toHaveCount(0);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
});
