import { readFileSync } from 'node:fs';
import { scenarios } from '../scenarios/index.ts';
import type { storyFileOf } from '../src/app/export/storyExport.ts';
import { storyHash } from '../src/app/link/storyLink.ts';
import { toStoryFile } from '../src/sim/scenario/storyFile.ts';
import { catalogueButton, expect, test, watchPage } from './helpers.ts';
import { freePort, serve, stop } from './ownServer.ts';

/**
 * Stories from elsewhere (issue #44): a story link (`#story=`), a story file at `src=` in the iframe
 * embed and on the custom element (the lab's own site only), each said to be someone else's.
 */

const split = scenarios.find((s) => s.id === 'split-brain');
if (!split) throw new Error('split-brain');
const file = toStoryFile(
  split,
  (lang, key) => (key === 'title' ? `Notes (${lang})` : `Told by a teacher (${lang})`),
  'class-notes',
);
const narration = (s: { getByRole: import('@playwright/test').Page['getByRole'] }) =>
  s.getByRole('status', { name: 'Narration' });

test('a story link opens the story it carries and says someone else wrote it', async ({ page, baseURL }) => {
  const watch = watchPage(page, baseURL);
  await page.goto(`/?lang=en${await storyHash(file)}`);
  await expect(page.getByRole('note')).toHaveText(/Someone else wrote this story and sent it in a link/);
  await expect(narration(page)).toContainText('Told by a teacher (en)');
  // A reload keeps it (the address bar names the story's run; the fragment still carries it).
  await expect(page).toHaveURL(/scenario=file-class-notes/);
  await page.reload();
  await expect(narration(page)).toContainText('Told by a teacher (en)');
  await expect(page.locator('.notice')).toHaveCount(0);
  watch.assertClean();
});

test('script in a story’s captions and title is shown as text, never run or rendered as HTML', async ({
  page,
}) => {
  const evil = "<img src=x onerror=\"document.title='pwned'\"><script>document.title='pwned'</script>";
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(
    `/?lang=en${await storyHash({ ...file, title: evil, steps: file.steps.map((s) => ({ ...s, caption: evil })) })}`,
  );
  await expect(narration(page)).toContainText(evil);
  await expect(page.locator('.stage img, .narration img, .narration script')).toHaveCount(0);
  await expect(page.getByRole('region', { name: evil })).toBeVisible();
  expect(await page.title()).not.toBe('pwned');
  expect(dialogs).toEqual([]);
});

test('a broken story link says what is wrong and the lab keeps working', async ({ page }) => {
  await page.goto('/?lang=en#story=AAAA-not-a-story');
  await expect(page.locator('.notice')).toContainText(
    'The story in this link could not be opened (#story: not a deflated story',
  );
  await expect(narration(page)).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.locator('.notice')).toHaveCount(0);
});

test.describe('src=', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/stories/class-notes.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify(file) }),
    );
  });

  test('the iframe embed opens a story file on the lab’s site', async ({ page }) => {
    await page.goto('/?embed=1&lang=pt&src=stories/class-notes.json');
    await expect(page.getByRole('note')).toHaveText(
      /Esta história foi escrita por outra pessoa \(um arquivo/,
    );
    await expect(page.locator('.narration')).toContainText('Told by a teacher (pt)');
  });

  test('the custom element opens one, and refuses a URL on another site with a message', async ({ page }) => {
    await page.goto('/examples/elements.html');
    await expect(page.locator('#first [data-node]').first()).toBeVisible();
    await page.evaluate(() => {
      for (const [id, src] of [
        ['own', 'stories/class-notes.json'],
        ['away', 'https://elsewhere.example/class-notes.json'],
      ] as const) {
        const el = document.createElement('leader-election-player');
        el.id = id;
        el.setAttribute('src', src);
        document.body.append(el);
      }
    });
    const own = page.locator('#own');
    await expect(own.getByRole('note')).toHaveText(
      /Someone else wrote this story \(a story file on this site\)/,
    );
    await expect(own.locator('.narration')).toContainText('Told by a teacher (en)');
    const away = page.locator('#away');
    await expect(away.locator('.embed-notice')).toContainText(
      'src "https://elsewhere.example/class-notes.json": on https://elsewhere.example, not on the lab\'s own site',
    );
    await expect(away.locator('[data-node]').first()).toBeVisible();
  });
});

/** The same edit as the CLI's round trip (src/app/export/storyExport.test.ts). */
const EDITS = {
  en: 'EDITED: the first step, as the teacher tells it.',
  pt: 'EDITADO: o primeiro passo, como a professora conta.',
  ru: 'ИЗМЕНЕНО: первый шаг, как его рассказывает преподаватель.',
} as const;
const NARRATION = { en: 'Narration', pt: 'Narração', ru: 'Повествование' } as const;

test('round trip: built-in stories exported as story files, renamed and one caption edited, open in the app in en, pt and ru and tell the edit', async ({
  page,
}) => {
  for (const id of ['fencing-token', 'patroni', 'bully']) {
    // Exported by the app: Export > This story > As a story file.
    await page.goto(`/?scenario=${id}&lang=en`);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'As a story file (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${id}.story.json`);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as Awaited<
      ReturnType<typeof storyFileOf>
    >;
    const [first, second, ...rest] = file.steps;
    if (!first || !second) throw new Error(id);
    const edited = { ...file, id: `my-${id}`, steps: [{ ...first, caption: EDITS }, second, ...rest] };
    for (const lang of ['en', 'pt', 'ru'] as const) {
      await page.goto(`/?lang=${lang}`);
      await expect(page.locator('[data-node]').first()).toBeVisible();
      await page.locator('input[type="file"]').setInputFiles({
        name: `my-${id}.story.json`,
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(edited)),
      });
      const told = page.getByRole('status', { name: NARRATION[lang] });
      await expect(page).toHaveURL(new RegExp(`scenario=file-my-${id}`));
      // A story whose first step comes later opens before it ("Press Play"): one step forward.
      if (!(await told.textContent())?.includes(EDITS[lang])) await page.keyboard.press('ArrowRight');
      await expect(told, `${id} ${lang}`).toContainText(EDITS[lang]);
      // The rest of the story is its own, in that language: the next step's caption.
      await page.keyboard.press('ArrowRight');
      const next = typeof second.caption === 'string' ? second.caption : (second.caption[lang] ?? '');
      await expect(told, `${id} ${lang} step 2`).toContainText(next.split('{')[0]?.trim() ?? '');
    }
  }
});

test('My stories: save the open story, find it in the catalogue after a reload, open it, remove it', async ({
  page,
}) => {
  await page.goto(`/?lang=en${await storyHash(file)}`);
  await expect(narration(page)).toContainText('Told by a teacher (en)');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save in My stories' }).click();
  await expect(page.getByText('Saved in My stories, in this browser.')).toBeVisible();

  // A reload opens it from the library (the address bar names it; this time without its fragment).
  await page.goto('/?lang=en&scenario=file-class-notes');
  await expect(narration(page)).toContainText('Told by a teacher (en)');
  await expect(page.locator('.notice')).toHaveCount(0);
  // The reader's own: no "someone else wrote it" note.
  await expect(page.locator('.foreign-story')).toHaveCount(0);

  await page.goto('/?lang=en&scenario=bully');
  await catalogueButton(page).click();
  const mine = page.locator('.catalogue-group-mine');
  await expect(mine.getByRole('heading', { name: /My stories/ })).toBeVisible();
  await mine.getByRole('button', { name: 'Notes (en)', exact: true }).click();
  await expect(narration(page)).toContainText('Told by a teacher (en)');
  await catalogueButton(page).click();
  await mine.getByRole('button', { name: 'Remove Notes (en) from My stories' }).click();
  await expect(mine.getByRole('button', { name: 'Notes (en)', exact: true })).toHaveCount(0);
  await expect(mine).toContainText('Nothing here yet');

  await page.goto('/?lang=en&scenario=file-class-notes');
  await expect(page.locator('.notice')).toContainText(
    'The story “file-class-notes” is not in My stories in this browser',
  );
});

test('an embed says a story missing from My stories may be in the lab’s own, partitioned storage', async ({
  page,
}) => {
  await page.goto('/?embed=1&lang=pt&scenario=file-class-notes');
  await expect(page.locator('.embed-notice')).toContainText(
    'um player incorporado em outro site tem armazenamento próprio, separado do laboratório',
  );
  await expect(page.locator('[data-node]').first()).toBeVisible();
});

/**
 * Offline: the app's own server (ownServer.ts), started here and stopped by its pid after one visit.
 */
test.describe('My stories offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a story saved in My stories opens after a reload with the server gone', async ({ page }) => {
    test.setTimeout(120_000);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = await serve(port);
    try {
      await page.goto(`${origin}/?lang=en${await storyHash(file)}`);
      await expect(narration(page)).toContainText('Told by a teacher (en)');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise((done) =>
            navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }),
          );
      });
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Save in My stories' }).click();
      await expect(page.getByText('Saved in My stories, in this browser.')).toBeVisible();
    } finally {
      await stop(server);
    }
    await expect(fetch(`${origin}/`)).rejects.toThrow();
    await page.goto(`${origin}/?lang=en&scenario=file-class-notes`);
    await expect(narration(page)).toContainText('Told by a teacher (en)');
    await expect(page.locator('.notice')).toHaveCount(0);
    await catalogueButton(page).click();
    await expect(
      page.locator('.catalogue-group-mine').getByRole('button', { name: 'Notes (en)', exact: true }),
    ).toBeVisible();
  });
});
