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
  // The events of this moment (node-1 takes the lease at 0 s): one stop, on the choice made, none.
  await page.keyboard.press('Tab');
  await expect(editor.getByRole('radio', { name: /^Nenhum: manter a legenda em/ })).toBeFocused();
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

test('a caption snapped to a role change follows it when the fault moves, and is told as not happening without it', async ({
  page,
}) => {
  test.slow();
  await openPlayer(page, '?lang=pt&scenario=sandbox');
  await page.getByRole('button', { name: 'Nova história' }).click();
  const editor = page.getByRole('region', { name: 'Nova história' });
  await expect(editor).toBeVisible({ timeout: FIRST_RUN_MS });
  const faults = editor.getByRole('group', { name: /^Falhas/ });
  await at(page, 5000);
  await page.getByRole('button', { name: 'Derrubar', exact: true }).first().click();
  await expect(faults.getByRole('listitem')).toHaveCount(1, { timeout: FIRST_RUN_MS });

  // Step on (the keyboard's arrows, by the story's moments) until a node becomes leader here.
  const events = editor.getByRole('group', { name: /^Eventos em / });
  const leader = events.getByRole('radio', { name: /agora é o LÍDER/ });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let n = 0; n < 12 && (await leader.count()) === 0; n++) await page.keyboard.press('ArrowRight');
  await expect(leader.first()).toBeVisible();
  const before = await timelineValue(page);
  // Reached and chosen from the keyboard: the first choice keeps the time, the arrows go down the list.
  await events.getByRole('radio', { name: /^Nenhum: manter a legenda em/ }).check();
  await events.getByRole('radio', { name: /^Nenhum/ }).focus();
  const choices = events.getByRole('radio');
  const index = await choices.evaluateAll((els) =>
    els.findIndex((el) => /agora é o LÍDER/.test(el.closest('label')?.textContent ?? '')),
  );
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await expect(leader.first()).toBeChecked();
  await editor.getByLabel(/^Legenda em/).fill('Um novo líder assume.');
  await editor.getByRole('button', { name: 'Adicionar legenda' }).click();
  const row = editor.getByRole('group', { name: /^Legendas/ }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('presa ao evento');
  const timeOf = async () => Number((await row.getByRole('textbox').inputValue()).replace(',', '.')) * 1000;
  expect(Math.abs((await timeOf()) - before)).toBeLessThan(100);

  // The crash later than that takeover: the takeover after it, and the caption with it.
  const faultTime = faults.getByRole('textbox').first();
  await faultTime.fill(String(Math.ceil(before / 1000) + 10));
  await faultTime.press('Enter');
  await expect.poll(timeOf, { timeout: FIRST_RUN_MS }).toBeGreaterThan(before + 10_000);
  await row.getByRole('button', { name: /^Ir para/ }).click();
  await expect(narracao(page)).toContainText('Um novo líder assume.', { timeout: FIRST_RUN_MS });

  // Without the crash nobody takes over: the step is told as not happening.
  await faults.getByRole('button', { name: /^Remover/ }).click();
  await expect(row).toContainText('o evento não acontece nesta execução', { timeout: FIRST_RUN_MS });
  await expect(row).not.toContainText('presa ao evento');
  // Ctrl+Z (the page's, outside a text field) brings the crash back, and the caption on its event.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+z');
  await expect(faults.getByRole('listitem')).toHaveCount(1);
  await expect(row).toContainText('presa ao evento', { timeout: FIRST_RUN_MS });
});

test('a crash added in What if… while the editor is still opening its story is the draft’s, and stays', async ({
  page,
}) => {
  test.slow();
  // The engine's messages reach the page 1.5 s late while `__slowRuns` is set, as under load: the
  // story's opening (its run, then the What-if inputs) is still under way when the crash is clicked.
  // That click was lost once the opening settled (seen in CI). In order, as a worker's messages are:
  // one let through at once after a held one would break the run's pieces (a digest's types before
  // the piece that names them), which no real worker does.
  await page.addInitScript(() => {
    const W = globalThis.Worker;
    globalThis.Worker = class extends W {
      override set onmessage(fn: ((e: MessageEvent) => void) | null) {
        // One queue, read from its head: timers alone may fire out of order (their delays are whole ms).
        const queue: Array<{ e: MessageEvent; at: number }> = [];
        const pump = () => {
          while (queue.length > 0 && (queue[0] as { at: number }).at <= performance.now())
            fn?.call(this, (queue.shift() as { e: MessageEvent }).e);
          if (queue.length > 0) setTimeout(pump, (queue[0] as { at: number }).at - performance.now() + 1);
        };
        super.onmessage = fn
          ? (e: MessageEvent) => {
              const slow = (globalThis as { __slowRuns?: boolean }).__slowRuns;
              const at = Math.max(queue.at(-1)?.at ?? 0, performance.now() + (slow ? 1_500 : 0));
              queue.push({ e, at });
              if (queue.length === 1) setTimeout(pump, at - performance.now());
            }
          : null;
      }
    } as typeof Worker;
  });
  await openPlayer(page, '?lang=pt&scenario=sandbox');
  await page.evaluate(() => {
    (globalThis as { __slowRuns?: boolean }).__slowRuns = true;
  });
  await page.getByRole('button', { name: 'Nova história' }).click();
  const editor = page.getByRole('region', { name: 'Nova história' });
  await expect(editor).toBeVisible({ timeout: FIRST_RUN_MS });
  await at(page, 5000);
  await page.getByRole('button', { name: 'Derrubar', exact: true }).first().click();
  await page.evaluate(() => {
    (globalThis as { __slowRuns?: boolean }).__slowRuns = false;
  });
  const faults = editor.getByRole('group', { name: /^Falhas/ }).getByRole('listitem');
  await expect(faults).toHaveCount(1, { timeout: FIRST_RUN_MS });
  // Still there once everything has settled, and simulated: the crash is in the run's interventions.
  await page.waitForTimeout(1_500);
  await expect(faults).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Intervenções' }).getByRole('listitem')).toHaveCount(1);
});

test('a crash clicked the moment the editor shows is the draft’s', async ({ page }) => {
  // A click as soon as the editor is in the page, before React's passive effects have run: the
  // story is opened, and the player watched, in the commit that shows it, so nothing visible is
  // the old story's. With those in passive effects, which run a task later under load, the crash
  // went to the sandbox and was lost.
  await openPlayer(page, '?lang=pt&scenario=sandbox');
  await page.evaluate(() => {
    new MutationObserver((_, o) => {
      const editor = document.querySelector('section.author');
      const crash = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Derrubar');
      if (!editor || !crash) return;
      o.disconnect();
      crash.click();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Nova história' }).click();
  const editor = page.getByRole('region', { name: 'Nova história' });
  const faults = editor.getByRole('group', { name: /^Falhas/ }).getByRole('listitem');
  await expect(faults).toHaveCount(1, { timeout: FIRST_RUN_MS });
  await page.waitForTimeout(1_000);
  await expect(faults).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Intervenções' }).getByRole('listitem')).toHaveCount(1);
});

test('Ctrl+Z and Ctrl+Shift+Z undo and redo the draft, said aloud; in a caption field they are the field’s own', async ({
  page,
}) => {
  await openPlayer(page, '?lang=ru&scenario=sandbox');
  await page.getByRole('button', { name: 'Новая история' }).click();
  const editor = page.getByRole('region', { name: 'Новая история' });
  await expect(editor).toBeVisible({ timeout: FIRST_RUN_MS });
  const field = editor.getByLabel(/^Подпись на/);
  const rows = editor.getByRole('group', { name: /^Подписи/ }).getByRole('listitem');
  await field.fill('Первая подпись.');
  await editor.getByRole('button', { name: 'Добавить подпись' }).click();
  await expect(rows).toHaveCount(1);
  const said = editor.locator('[aria-live="polite"]');

  // In the caption field, Ctrl+Z undoes the typing, not the caption added.
  await field.focus();
  await page.keyboard.type('Вторая');
  await page.keyboard.press('Control+z');
  await expect(rows).toHaveCount(1);
  await expect(said).toHaveText('');

  // Elsewhere it undoes the draft, and says so.
  await editor.getByRole('button', { name: 'Закрыть редактор' }).focus();
  await page.keyboard.press('Control+z');
  await expect(rows).toHaveCount(0);
  await expect(said).toContainText('Отменено: добавление подписи');
  await page.keyboard.press('Control+Shift+z');
  await expect(rows).toHaveCount(1);
  await expect(said).toContainText('Повторено: добавление подписи');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  await expect(rows).toHaveCount(1);
  // Cmd on macOS.
  await page.keyboard.press('Meta+z');
  await expect(rows).toHaveCount(0);
});
