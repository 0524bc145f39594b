import { scenarios } from '../scenarios/index.ts';
import { storyHash } from '../src/app/link/storyLink.ts';
import { toStoryFile } from '../src/sim/scenario/storyFile.ts';
import { expect, test, watchPage } from './helpers.ts';

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
