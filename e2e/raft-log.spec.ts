import type { Page } from '@playwright/test';
import { expect, openPlayer, test, watchPage } from './helpers.ts';

/**
 * Raft's log in the cluster picture (issue #43, item 3): each node's log under it, a cell per entry
 * with its term, the commit mark, and the leader's matchIndex/nextIndex under each follower, at the
 * cursor; the badge says "term N"; the sequence diagram keeps AppendEntries that carry entries and
 * fades the empty ones (heartbeats).
 */

/** The main picture's log of `node` (a link picture's second copy is not the one on screen). */
const log = (page: Page, node: string) =>
  page.locator(`.cluster-canvas .raft-log[data-log="${node}"]`).first();

/** The boxes of every node's circle and every log, in page pixels. */
async function boxes(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x0: r.left, x1: r.right, y0: r.top, y1: r.bottom };
    };
    // The live picture: the one whose nodes carry data-node (a prerendered copy's do not).
    const svg = document.querySelector('.cluster-canvas g.host[data-node]')?.closest('svg');
    if (!svg) return { nodes: [], logs: [] };
    return {
      nodes: [...svg.querySelectorAll('g.host[data-node]')].map((g) => ({
        id: g.getAttribute('data-node') ?? '',
        ...box(g.querySelector('circle.body') as Element),
      })),
      logs: [...svg.querySelectorAll('.raft-log')].map((g) => ({
        id: g.getAttribute('data-log') ?? '',
        ...box(g.querySelector('.log-back') as Element),
      })),
    };
  });
}

type Box = { x0: number; x1: number; y0: number; y1: number };
const overlap = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** No node's log covers another node's circle, or another log. */
async function expectClear(page: Page) {
  const { nodes, logs } = await boxes(page);
  expect(logs.length).toBe(nodes.length);
  for (const l of logs) {
    for (const n of nodes) if (n.id !== l.id) expect(overlap(l, n), `${l.id}'s log over ${n.id}`).toBe(false);
    for (const o of logs)
      if (o.id !== l.id) expect(overlap(l, o), `${l.id}'s log over ${o.id}'s`).toBe(false);
  }
}

test('after the first commit: the leader’s entry committed, the followers’ not yet, and the leader’s progress under each', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=raft&step=5');
  await expect(page.getByRole('status', { name: 'Narration' })).toContainText('node-3 commits it');
  const leader = log(page, 'node-3');
  await expect(leader).toHaveAttribute('data-commit', '1');
  await expect(leader.locator('.log-cell.committed')).toHaveCount(1);
  await expect(leader.locator('.log-cell[data-index="1"]')).toHaveAttribute('data-term', '1');
  await expect(leader.locator('.log-cell[data-index="1"] text')).toHaveText('1');
  await expect(leader.locator('.commit-mark')).toHaveCount(1);
  await expect(leader).toHaveAttribute('aria-label', /node-3 log: 1 entry, committed through index 1/);
  // The badge names the term, never a token.
  await expect(page.locator('.cluster-canvas [data-node="node-3"] .token').first()).toHaveText('term 1');
  // A follower holds the entry but has not heard the new commit index yet; the leader knows it
  // replicated (m = 1) and sends from 2 next (n = 2), or still from 1 where no answer came yet.
  const followers = ['node-1', 'node-2', 'node-4', 'node-5'];
  let replicated = 0;
  for (const f of followers) {
    const l = log(page, f);
    await expect(l).toHaveAttribute('data-commit', '0');
    await expect(l.locator('.log-cell:not(.committed)')).toHaveCount(1);
    const match = Number(await l.getAttribute('data-match'));
    const next = Number(await l.getAttribute('data-next'));
    expect(next).toBe(match + 1);
    if (match === 1) replicated++;
    await expect(l.locator('.log-match')).toHaveCount(1);
  }
  // The commit counted a majority of 5: the leader and at least two followers.
  expect(replicated).toBeGreaterThanOrEqual(2);
  await expectClear(page);
  // The sequence diagram: heartbeats faint, the APPEND_ENTRIES that carried the entry drawn.
  const seq = page.locator('.seq-svg');
  await expect(seq.locator('g.seq-msg[data-type="APPEND_ENTRIES"]:not(.is-chatter)').first()).toBeAttached();
  await expect(seq.locator('g.seq-msg[data-type="APPEND_ENTRIES"].is-chatter').first()).toBeAttached();
  await expect(page.locator('.seq-legend')).toContainText('leads (term)');
  watch.assertClean();
});

test('at the end: node-5, crashed and restarted, holds the leader’s whole log, committed', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=raft&t=16000');
  const leader = log(page, 'node-3');
  const length = Number(await leader.getAttribute('data-length'));
  expect(length).toBeGreaterThanOrEqual(6);
  await expect(log(page, 'node-5')).toHaveAttribute('data-length', String(length));
  await expect(log(page, 'node-5')).toHaveAttribute('data-match', String(length));
  await expect(leader).toHaveAttribute('data-commit', String(length));
  watch.assertClean();
});

for (const [name, query, size] of [
  ['390 px', '?scenario=raft&t=16000', { width: 390, height: 844 }],
  ['7 nodes at 390 px', '?scenario=sandbox&algorithm=raft&nodes=7&t=40000', { width: 390, height: 844 }],
  ['a 640 x 400 embed', '?embed=1&scenario=raft&step=9', { width: 640, height: 400 }],
] as const)
  test(`${name}: every node's log is drawn, inside the picture, over no other node`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(`/${query}`);
    await expect(page.locator('.cluster-canvas [data-node]').first()).toBeVisible();
    await expect(page.locator('.cluster-canvas .raft-log').first()).toBeVisible();
    // The run at the cursor, not a first piece of it: the logs are as long as the link's moment has them.
    await expect
      .poll(async () => Number(await log(page, 'node-1').getAttribute('data-length')))
      .toBeGreaterThanOrEqual(query.includes('nodes=7') ? 15 : 5);
    await expectClear(page);
    // A long log folds: the sandbox's 7 nodes at 390 px have more entries than cells.
    if (query.includes('nodes=7'))
      await expect(page.locator('.cluster-canvas .log-fold').first()).toBeVisible();
    const svg = await page.locator('.cluster-canvas svg.cluster-svg:has([data-node])').first().boundingBox();
    for (const b of (await boxes(page)).logs) {
      expect(b.x0, b.id).toBeGreaterThanOrEqual((svg?.x ?? 0) - 1);
      expect(b.x1, b.id).toBeLessThanOrEqual((svg?.x ?? 0) + (svg?.width ?? 0) + 1);
    }
  });

for (const n of [5, 6, 7])
  test(`${n} nodes at 1920 px: no log under the legend, every log inside the picture`, async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openPlayer(page, `?scenario=sandbox&algorithm=raft&nodes=${n}&t=20000`);
    await expect(page.locator('.cluster-canvas .raft-log')).toHaveCount(n);
    await expectClear(page);
    const legend = await page.locator('.cluster > .legend').first().boundingBox();
    expect(legend).not.toBeNull();
    const svg = await page.locator('.cluster-canvas svg.cluster-svg:has([data-node])').first().boundingBox();
    const l = { x0: legend?.x ?? 0, x1: (legend?.x ?? 0) + (legend?.width ?? 0) };
    const ly = { y0: legend?.y ?? 0, y1: (legend?.y ?? 0) + (legend?.height ?? 0) };
    for (const b of (await boxes(page)).logs) {
      expect(overlap(b, { ...l, ...ly }), `${b.id}'s log under the legend`).toBe(false);
      expect(b.y1, b.id).toBeLessThanOrEqual((svg?.y ?? 0) + (svg?.height ?? 0) + 1);
    }
  });

test('the story link’s picture, painted before the app runs, draws the logs the app then draws', async ({
  page,
}) => {
  const logsIn = (root: string) =>
    page.$$eval(`${root} .cluster-svg:visible .raft-log`, (xs) =>
      xs.map((x) => ({
        length: x.getAttribute('data-length'),
        commit: x.getAttribute('data-commit'),
        match: x.getAttribute('data-match'),
        next: x.getAttribute('data-next'),
        cells: x.querySelectorAll('.log-cell').length,
      })),
    );
  // Only the classic theme-init.js and the picture's data file run: the build's picture alone.
  await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
  await page.goto('/?scenario=raft&step=5');
  await expect(page.locator('#root [data-picture]')).toBeVisible();
  const before = await logsIn('#root [data-picture]');
  expect(before).toHaveLength(5);
  expect(before.find((l) => l.match === null)).toMatchObject({ length: '1', commit: '1', cells: 1 });
  await page.unroute(/\/assets\/.*\.js$/);
  await openPlayer(page, '?scenario=raft&step=5');
  expect(await logsIn('.cluster-canvas')).toEqual(before);
});

test('the inspector shows the raft machine, its term as the term and no fencing token', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=raft&step=5&inspect=node-3');
  const chart = page.getByRole('region', { name: 'Statechart of node-3' });
  await expect(chart).toBeVisible();
  await expect
    .poll(() =>
      chart
        .locator('[data-active="true"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')).sort()),
    )
    .toContain('leader.waiting');
  const facts = chart.locator('.insp-facts');
  await expect(facts).toContainText('term: 1');
  await expect(facts).not.toContainText('fencing token');
  watch.assertClean();
});
