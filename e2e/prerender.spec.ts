import type { Page } from '@playwright/test';
import { expect, test } from './helpers.ts';

/**
 * index.html carries the default view's first frame (src/app/prerender): the page paints the
 * picture and its first caption before any script of the app has run, public/theme-init.js hides
 * it for any other view, and the app's first commit takes it over without a frame lacking a picture.
 */

/** Only theme-init.js runs: what the page shows is what it paints before the app's JavaScript. */
async function withoutApp(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
}

const prerendered = (page: Page) => page.locator('[data-prerendered]');

test.describe('the prerendered first view', () => {
  test('paints the picture, the caption and the controls before the app runs, at every width', async ({
    page,
  }) => {
    await withoutApp(page);
    for (const [width, shown] of [
      [1920, 'pre-wide'],
      [1280, 'pre-mid'],
      [390, 'pre-narrow'],
    ] as const) {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await page.goto('/');
      await expect(prerendered(page)).toBeVisible();
      // One picture, the one laid out for this width.
      const visible = page.locator('.cluster-svg:visible');
      await expect(visible).toHaveCount(1);
      await expect(visible).toHaveClass(new RegExp(shown));
      await expect(visible.locator('g.host')).toHaveCount(5);
      await expect(page.locator('.caption .step-no')).toHaveText(/Step 1 of \d+/i);
      await expect(page.getByText('Everyone believes it is node-5.')).toBeVisible();
      // Hidden from assistive technology and not interactive until the app replaces it.
      await expect(page.getByRole('button', { name: 'Play' })).toHaveCount(0);
      expect(await page.locator('#root').evaluate((r) => r.querySelector('[inert]') !== null)).toBe(true);
    }
  });

  test('is hidden before the first paint for another view, a saved language or live mode', async ({
    page,
  }) => {
    await withoutApp(page);
    for (const q of [
      '/?lang=pt',
      '/?scenario=etcd-lease',
      '/?embed=1',
      '/?t=500',
      '/#live=0123456789abcdef',
    ]) {
      await page.goto(q);
      await expect(prerendered(page), q).toBeHidden();
      expect(await page.locator('html').getAttribute('data-prerender'), q).toBe('off');
    }
    await page.goto('/?theme=dark');
    await expect(prerendered(page)).toBeVisible();
    await page.evaluate(() => localStorage.setItem('leader-election-lab.lang', 'ru'));
    await page.goto('/');
    await expect(prerendered(page)).toBeHidden();
  });

  test('the app takes it over: every frame from the first one has a cluster picture', async ({ page }) => {
    await page.addInitScript(() => {
      const frames: Array<{ picture: boolean; live: boolean }> = [];
      (window as unknown as { __frames: typeof frames }).__frames = frames;
      const tick = () => {
        const picture = [...document.querySelectorAll('.cluster-svg')].some((s) => {
          const r = s.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && s.querySelector('g.host') !== null;
        });
        frames.push({ picture, live: document.querySelector('g.host[data-node]') !== null });
        if (!frames.some((f) => f.live) || frames.filter((f) => f.live).length < 10)
          requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto('/');
    await page.waitForFunction(
      () =>
        (window as unknown as { __frames: { live: boolean }[] }).__frames.filter((f) => f.live).length >= 10,
    );
    const frames = await page.evaluate(
      () => (window as unknown as { __frames: { picture: boolean; live: boolean }[] }).__frames,
    );
    expect(frames.length).toBeGreaterThan(10);
    expect(frames.filter((f) => !f.picture)).toEqual([]);
    // The copy is gone, and the live picture shows the same caption.
    await expect(prerendered(page)).toHaveCount(0);
    await expect(page.locator('.caption p')).toContainText('Everyone believes it is node-5.');
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  });

  test('the picture paints before the app is fetched, and the app brings no stylesheet of its own', async ({
    page,
  }) => {
    const sheets = () =>
      page.evaluate(() =>
        [...document.styleSheets].map((s) => new URL(s.href ?? 'inline:', location.href).pathname).sort(),
      );
    await page.goto('/');
    await expect(page.locator('g.host[data-node]')).toHaveCount(5);
    const t = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      app: performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/start-[\w-]+\.js$/.test(r.name))
        .map((r) => r.startTime),
      entry:
        (
          performance.getEntriesByType('resource').find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.name)) as
            | PerformanceResourceTiming
            | undefined
        )?.responseEnd ?? Number.NaN,
    }));
    // The app's module is requested once, after the first contentful paint (main.tsx waits for it),
    // or, on a machine so loaded that the paint comes later, once the entry's 1 s bound on that wait
    // has passed (afterPaint.ts maxMs: the entry runs after its own response ends).
    expect(t.app).toHaveLength(1);
    expect(t.app[0]).toBeGreaterThanOrEqual(Math.min(t.fcp, t.entry + 1000));
    // Every rule the first view uses was render-blocking: the takeover adds no sheet that would
    // restyle the picture (a CSS import that only the app's chunk brings would show up here).
    const after = await sheets();
    await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
    await page.goto('/');
    await expect(prerendered(page)).toBeVisible();
    expect(await sheets()).toEqual(after);
  });

  test("the app's chunk cannot be fetched: the picture says so, in the page's language", async ({ page }) => {
    await page.route(/\/assets\/start-[\w-]+\.js$/, (r) => r.abort());
    await page.goto('/');
    await expect(page.getByRole('alert')).toContainText('The lab could not be loaded');
    await expect(prerendered(page)).toBeVisible();
    await page.goto('/?lang=pt');
    await expect(page.getByRole('alert')).toContainText('Não foi possível carregar o laboratório');
    await page.unroute(/\/assets\/start-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Recarregar' }).click();
    await expect(page.locator('g.host[data-node]').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("the default view plays the build's run: no simulator is fetched until a change needs one", async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('g.host[data-node]')).toHaveCount(5);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    expect(await scriptsFetched(page)).not.toContainEqual(expect.stringMatching(SIMULATOR));
    // Resting, the player warms the worker for a fault at the cursor; the page itself never simulates.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.keyboard.press('Home');
    await expect(page.locator('.caption .step-no')).toHaveText(/Step 1 of/);
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.caption .step-no')).toHaveText(/Step 2 of/);
    expect(await scriptsFetched(page)).not.toContainEqual(expect.stringMatching(ON_PAGE));
    // Nor the panels of a store or a storage: Bully has neither. Nor the event log: its tab is closed.
    expect(await scriptsFetched(page)).not.toContainEqual(expect.stringMatching(PANELS));
    expect(await scriptsFetched(page)).not.toContainEqual(
      expect.stringMatching(/\/assets\/EventLog-[\w-]+\.js$/),
    );
    // The guards can fail: another story's link simulates its first run on the page, with its panels.
    await page.goto('/?scenario=etcd-lease');
    await expect(page.locator('g.host[data-node]').first()).toBeVisible();
    await expect(page.getByText('Coordination store').first()).toBeVisible();
    expect(await scriptsFetched(page)).toContainEqual(expect.stringMatching(ON_PAGE));
    expect(await scriptsFetched(page)).toContainEqual(expect.stringMatching(PANELS));
  });

  test('a deep link, the embed and a broken first-run block each still open on a picture', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    for (const q of ['/?scenario=split-brain&t=4000', '/?embed=1', '/?lang=ru']) {
      await page.goto(q);
      await expect(page.locator('g.host[data-node]').first(), q).toBeVisible();
    }
    // The block rewritten (a proxy, a page saved by hand): the page simulates its first run instead.
    await page.route(/\/(index\.html)?(\?.*)?$/, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(
        /(<script type="application\/json" id="first-run">)[\s\S]*?(<\/script>)/,
        '$1{"key": 1}$2',
      );
      await route.fulfill({ response: res, body: html });
    });
    await page.goto('/');
    await expect(page.locator('g.host[data-node]')).toHaveCount(5);
    await expect(page.locator('.caption p')).toContainText('Everyone believes it is node-5.');
    expect(warnings.join('\n')).toMatch(/first-run block is not a run .*; simulating the first run/);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  });
});

/** The simulator's own chunk (src/player/simulator.ts loads it) or the worker that carries it. */
const SIMULATOR = /\/assets\/(simulate|sim\.worker)-[\w-]+\.js$/;
/** The chunk of the store, storage, proxy and database panels (src/app/shell/StoryPanels.tsx). */
const PANELS = /\/assets\/StoryPanels-[\w-]+\.js$/;
/** The simulator's chunk on the page. */
const ON_PAGE = /\/assets\/simulate-[\w-]+\.js$/;

const scriptsFetched = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((r) => r.name)
      .filter((n) => n.endsWith('.js')),
  );

/** Text only the scenario catalogue's chunk has (a ZooKeeper story's caption): how a test knows it. */
const CATALOGUE_MARK = 'creates an ephemeral sequential znode under /election';
/** Text only the lease algorithm's declaration has (a knob's doc): the default view (Bully) needs none of it. */
const LEASE_MARK = 'etcd raises anything under 2 s to 2 s';

/**
 * Holds the catalogue's chunk and the lease declaration's (fulfils every other script) until `release`,
 * or aborts them. `requested` counts the catalogue's.
 */
async function holdCatalogue(page: Page, abort = false) {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  let seen = 0;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    const res = await route.fetch();
    const body = await res.text();
    const catalogue = body.includes(CATALOGUE_MARK);
    if (!catalogue && !body.includes(LEASE_MARK)) return route.fulfill({ response: res, body });
    if (catalogue) seen++;
    if (abort) return route.abort();
    await released;
    return route.fulfill({ response: res, body });
  });
  return { release: () => release(), requested: () => seen };
}

test.describe('the scenario catalogue comes after the first picture', () => {
  test('the default view draws and plays without it or another algorithm; a key for another story waits for them', async ({
    page,
  }) => {
    const held = await holdCatalogue(page);
    await page.goto('/');
    await expect(page.locator('g.host[data-node]')).toHaveCount(5);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.getByRole('button', { name: 'Pause' }).click();
    // Fetched once the page is idle after its first frame, so the next story opens at once.
    await expect.poll(held.requested).toBe(1);
    await page.keyboard.press('2');
    await page.waitForTimeout(300);
    await expect(page.locator('.catalogue-current')).toHaveText('Bully algorithm (legacy)');
    held.release();
    await expect(page.locator('.catalogue-current')).toHaveText('Lease-based election (etcd)');
    await expect(page.getByText('Coordination store').first()).toBeVisible();
    // The catalogue lists every story once it has come.
    await page.getByRole('button', { name: /^Scenarios/ }).click();
    await expect(page.getByRole('option', { name: 'ZooKeeper election recipe' })).toBeVisible();
  });

  test('when it cannot be fetched, the story stays and the page says so; Retry fetches it again', async ({
    page,
  }) => {
    const held = await holdCatalogue(page, true);
    await page.goto('/');
    await expect(page.locator('g.host[data-node]')).toHaveCount(5);
    await expect.poll(held.requested).toBeGreaterThan(0);
    await page.keyboard.press('2');
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'This scenario could not be loaded: it needs the network.' });
    await expect(alert).toBeVisible();
    await expect(page.locator('.catalogue-current')).toHaveText('Bully algorithm (legacy)');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);
    // The catalogue's panel says it too, with Retry; once the network is back, Retry lists the stories.
    await page.getByRole('button', { name: /^Scenarios/ }).click();
    const failed = page.locator('.catalogue-panel').getByRole('alert');
    await expect(failed).toBeVisible();
    // A handler still in flight (a script it was fetching when the test moved on) finishes first.
    await page.unrouteAll({ behavior: 'wait' });
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('option', { name: 'ZooKeeper election recipe' })).toBeVisible();
    await page.getByRole('option', { name: 'ZooKeeper election recipe' }).click();
    await expect(page.locator('.catalogue-current')).toHaveText('ZooKeeper election recipe');
  });
});

/** The parts the default view's first frame does not need (src/app/boot/firstFrame.ts), by their chunks. */
const AFTER_FIRST_FRAME = /\/assets\/(SequenceDiagram|en\.later|decode)-[\w-]+\.js$/;

test.describe('what the first frame does not show comes after it', () => {
  test('the default view draws and plays without the trace views, the later English or the link decoder', async ({
    page,
  }) => {
    const { strings } = await import('../src/i18n/en.later.ts');
    let release: () => void = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    const held: string[] = [];
    // When the app's own cluster is first in the page (the prerender's picture has no data-node).
    await page.addInitScript(() => {
      const mo = new MutationObserver(() => {
        if (document.querySelector('[data-node]')) {
          (window as unknown as { __cluster: number }).__cluster = performance.now();
          mo.disconnect();
        }
      });
      mo.observe(document, { childList: true, subtree: true });
    });
    await page.route(AFTER_FIRST_FRAME, async (route) => {
      held.push(new URL(route.request().url()).pathname.replace(/^.*\//, '').replace(/-[\w-]+\.js$/, ''));
      await released;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.locator('g.host[data-node]')).toHaveCount(5);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.getByRole('button', { name: 'Pause' }).click();
    // Fetched once the page is idle after its first frame (the decoder never: this URL has no query).
    await expect.poll(() => [...new Set(held)].sort()).toEqual(['SequenceDiagram', 'en.later']);
    // Meanwhile the trace views' place keeps its height, and no string of the later English shows as its key.
    const box = await page.locator('.trace-panel .trace-loading').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(300);
    const shown = await page.evaluate(() => {
      const out = [document.body.textContent ?? ''];
      for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]'))
        for (const a of ['aria-label', 'title', 'placeholder']) out.push(el.getAttribute(a) ?? '');
      return out.join('\n');
    });
    const keys = Object.keys(strings).filter((k) => shown.includes(k));
    expect(keys).toEqual([]);
    // The header's Export menu opens once its items' strings are in.
    release();
    await expect(page.getByRole('region', { name: 'Sequence diagram' })).toBeVisible();
    // Each was asked for after the cluster was drawn, not held from before it.
    const order = await page.evaluate((source) => {
      const re = new RegExp(source);
      const cluster = (window as unknown as { __cluster: number }).__cluster;
      return performance
        .getEntriesByType('resource')
        .filter((r) => re.test(r.name))
        .map((r) => ({ chunk: r.name.replace(/^.*\//, ''), after: r.startTime > cluster }));
    }, AFTER_FIRST_FRAME.source);
    expect(order.length).toBe(2);
    expect(order.filter((o) => !o.after)).toEqual([]);
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('menuitem', { name: /GIF/ })).toBeVisible();
  });

  test('a link with a query has the decoder and the trace views before its first render', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (AFTER_FIRST_FRAME.test(r.url())) fetched.push(r.url());
    });
    await page.goto('/?scenario=etcd-lease&panel=sequence');
    // Loaded before the first render, as the simulator and the catalogue are for such a view.
    await expect(page.getByRole('region', { name: 'Sequence diagram' })).toBeVisible();
    expect(fetched.length).toBeGreaterThanOrEqual(3);
    await expect(page.locator('.trace-loading')).toHaveCount(0);
  });
});
