import type { Page } from '@playwright/test';
import { segmentHitsBox } from '../src/views/d3/cluster/layout.ts';
import { expect, openPlayer, test } from './helpers.ts';

/**
 * Things drawn over each other in the pictures, measured on screen (#38): the ADR-001 badge on a
 * node, a message label on a link it does not travel, the split-brain alarm on the partition line,
 * two refusal labels on one line of the sequence diagram.
 */

type R = { x0: number; y0: number; x1: number; y1: number };

const rectOf = (page: Page, selector: string): Promise<R> =>
  page
    .locator(selector)
    .first()
    .evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
    });

const meet = (a: R, b: R) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const centre = (r: R) => ({ x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2 });

/** The SVG lines a selector finds, in screen coordinates. */
const screenLines = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((l) => {
      const line = l as SVGLineElement;
      const m = line.getScreenCTM() as DOMMatrix;
      const a = new DOMPoint(line.x1.baseVal.value, line.y1.baseVal.value).matrixTransform(m);
      const b = new DOMPoint(line.x2.baseVal.value, line.y2.baseVal.value).matrixTransform(m);
      return { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
    }),
  );

for (const size of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`twenty-instances at ${size.width} px: the ADR-001 badge covers no node`, async ({ page }) => {
    await page.setViewportSize(size);
    await openPlayer(page, '?scenario=twenty-instances');
    const badge = await rectOf(page, '.adr-badge rect');
    const circles = await page.locator('[data-node] circle').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
      }),
    );
    expect(circles.length).toBeGreaterThanOrEqual(20);
    // The circle itself, not its bounding box: the badge's nearest point stays outside the radius.
    for (const c of circles) {
      const o = centre(c);
      const r = (c.x1 - c.x0) / 2;
      const nx = Math.max(badge.x0, Math.min(o.x, badge.x1));
      const ny = Math.max(badge.y0, Math.min(o.y, badge.y1));
      expect(Math.hypot(nx - o.x, ny - o.y), JSON.stringify({ badge, c })).toBeGreaterThan(r);
    }
  });
}

/** The message labels the canvas painted in its latest frame, in page pixels. */
async function canvasLabels(page: Page): Promise<Array<{ text: string; x: number; y: number }>> {
  return page.evaluate(() => {
    const w = window as unknown as { __labels: Array<{ text: string; x: number; y: number }> };
    const c = document.querySelector('canvas.cluster-msgs') as HTMLCanvasElement;
    const r = c.getBoundingClientRect();
    return w.__labels.map((l) => ({ text: l.text, x: r.left + l.x, y: r.top + l.y }));
  });
}

/** Distance from p to the segment a-b. */
function toSegment(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

for (const scenario of ['fencing-token', 'lease-no-fencing']) {
  test(`${scenario} step 8: the WRITE label sits on node-1's link to storage, not on its link to etcd`, async ({
    page,
  }) => {
    // What the message canvas writes (its labels are pixels, not elements), frame by frame.
    await page.addInitScript(() => {
      const w = window as unknown as { __labels: Array<{ text: string; x: number; y: number }> };
      w.__labels = [];
      const proto = CanvasRenderingContext2D.prototype;
      const clear = proto.clearRect;
      const fill = proto.fillText;
      proto.clearRect = function (...a: Parameters<typeof clear>) {
        if (this.canvas.classList.contains('cluster-msgs')) w.__labels = [];
        return clear.apply(this, a);
      };
      proto.fillText = function (text: string, x: number, y: number, max?: number) {
        if (this.canvas.classList.contains('cluster-msgs')) {
          // The context is scaled to CSS px (the device ratio is 1 here).
          const m = this.getTransform();
          w.__labels.push({ text, x: m.a * x + m.e, y: m.d * y + m.f });
        }
        return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max);
      };
    });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openPlayer(page, `?scenario=${scenario}&step=8`);
    await expect.poll(async () => (await canvasLabels(page)).some((l) => /^WRITE\b/.test(l.text))).toBe(true);
    const write = (await canvasLabels(page)).find((l) => /^WRITE\b/.test(l.text));
    const n1 = centre(await rectOf(page, '[data-node="node-1"] circle'));
    const storage = centre(await rectOf(page, '[data-host="storage"]'));
    const etcd = centre(await rectOf(page, '[data-host="etcd"]'));
    if (!write) throw new Error('no WRITE label');
    const onStorage = toSegment(write, n1, storage);
    const onEtcd = toSegment(write, n1, etcd);
    expect(onStorage, JSON.stringify({ write, n1, storage, etcd })).toBeLessThan(onEtcd);
    expect(onStorage).toBeLessThan(30);
  });
}

test('split-brain: the BOTH WRITE alarm leaves the partition line in view', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openPlayer(page, '?scenario=split-brain&step=7');
  const alarm = page.getByRole('alert').filter({ hasText: 'BOTH WRITE' });
  await expect(alarm).toBeVisible();
  await expect(page.locator('g.cut line')).not.toHaveCount(0);
  const card = await rectOf(page, '.cluster > .alarm');
  const cuts = await screenLines(page, 'g.cut line');
  for (const c of cuts) expect(segmentHitsBox(c, card), JSON.stringify({ c, card })).toBe(false);
  // Nor does it cover a node.
  const circles = await page.locator('[data-node] circle').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
    }),
  );
  for (const c of circles) expect(meet(card, c)).toBe(false);
});

for (const lang of ['ru', 'en']) {
  test(`sequence diagram, ${lang}, 390 px: the two refusals to node-1 at 38 s do not overprint`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPlayer(page, `?lang=${lang}&scenario=fencing-token&step=9`);
    const labels = page.locator('text.seq-label');
    await expect(labels).not.toHaveCount(0);
    const boxes = await labels.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { text: e.textContent, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
      }),
    );
    expect(boxes.map((b) => b.text)).toEqual(expect.arrayContaining(['409 STALE TOKEN']));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        expect(meet(boxes[i] as R, boxes[j] as R), JSON.stringify([boxes[i], boxes[j]])).toBe(false);
  });
}

for (const scenario of ['fencing-token', 'lease-no-fencing']) {
  test(`${scenario} on a 390 px phone: node-1's link to storage does not run through the etcd box`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPlayer(page, `?scenario=${scenario}`);
    const n1 = centre(await rectOf(page, '[data-node="node-1"] circle'));
    const storage = await rectOf(page, '[data-host="storage"]');
    const etcd = await rectOf(page, '[data-host="etcd"]');
    const lines = await screenLines(page, 'g.links line');
    // The link drawn between node-1 and storage: one end by each.
    const near = (x: number, y: number, p: { x: number; y: number }, d: number) =>
      Math.hypot(x - p.x, y - p.y) < d;
    const s = centre(storage);
    const link = lines.find(
      (l) =>
        (near(l.x1, l.y1, n1, 40) && near(l.x2, l.y2, s, 70)) ||
        (near(l.x2, l.y2, n1, 40) && near(l.x1, l.y1, s, 70)),
    );
    expect(link, JSON.stringify({ n1, s, lines: lines.length })).toBeDefined();
    if (link) expect(segmentHitsBox(link, etcd), JSON.stringify({ link, etcd })).toBe(false);
  });
}
