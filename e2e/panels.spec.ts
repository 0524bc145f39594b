import type { Locator, Page } from '@playwright/test';
import { adr001 } from '../src/adr/adr001.ts';
import { expect, scenarioOption, test, watchPage } from './helpers.ts';

/**
 * The panels beside the player: the sequence diagram, the event log and the ADR-001 drawer, driven
 * through their accessible names.
 */

async function sliderMs(page: Page): Promise<number> {
  return Number(await page.getByRole('slider', { name: 'Timeline' }).inputValue());
}

async function sliderStep(page: Page): Promise<number> {
  return Number((await page.getByRole('slider', { name: 'Timeline' }).getAttribute('step')) ?? 1);
}

/** A point 85% of the way along an arrow: near its target, where it does not overlap its siblings. */
async function pointOnArrow(arrow: Locator): Promise<{ x: number; y: number }> {
  // The diagram may sit below the fold: page.mouse clicks at viewport coordinates and never scrolls.
  await arrow.scrollIntoViewIfNeeded();
  return arrow.evaluate((g) => {
    const line = g.querySelector('line.seq-hit') as SVGLineElement;
    // Through the line's own screen transform, so a viewBox, a zoom or a translated group is honoured.
    const m = line.getScreenCTM() as DOMMatrix;
    const k = 0.85;
    const x = line.x1.baseVal.value + (line.x2.baseVal.value - line.x1.baseVal.value) * k;
    const y = line.y1.baseVal.value + (line.y2.baseVal.value - line.y1.baseVal.value) * k;
    return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
  });
}

test.describe('sequence diagram', () => {
  test('draws the trace and seeks to an arrow’s send time when it is clicked', async ({ page }) => {
    const watch = watchPage(page);
    // Bully, last step: node-4 has sent COORDINATOR to everyone.
    await page.goto('/?scenario=bully&step=9');
    await page.getByRole('tab', { name: 'Sequence' }).click();
    const seq = page.getByRole('region', { name: 'Sequence diagram' });
    await expect(seq).toBeVisible();
    // One lifeline per host, every arrow with a text alternative.
    await expect(seq.locator('[data-lane]')).toHaveCount(5);
    const arrows = seq.locator('g.seq-msg');
    expect(await arrows.count()).toBeGreaterThan(10);
    for (const title of await arrows.locator('title').allTextContents())
      expect(title).toMatch(/→ .+\. Sent at /);
    // Lost messages to the dead coordinator end in an X.
    expect(await seq.locator('g.seq-msg.is-lost').count()).toBeGreaterThan(0);

    const before = await sliderMs(page);
    const arrow = seq.locator('g.seq-msg[data-type="COORDINATOR"]').first();
    const sendAt = Number(await arrow.getAttribute('data-send-at'));
    await expect(arrow.locator('title')).toHaveText(/^node-4 → node-\d COORDINATOR/);
    expect(Math.abs(before - sendAt)).toBeGreaterThan(50);
    const p = await pointOnArrow(arrow);
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => sliderMs(page)).not.toBe(before);
    const step = await sliderStep(page);
    expect(Math.abs((await sliderMs(page)) - sendAt)).toBeLessThanOrEqual(step);
    watch.assertClean();
  });

  test('zooms in and out around the cursor', async ({ page }) => {
    await page.goto('/?scenario=etcd-lease&step=5');
    await page.getByRole('tab', { name: 'Sequence' }).click();
    const seq = page.getByRole('region', { name: 'Sequence diagram' });
    const shown = seq.getByRole('button', { name: /shown/ });
    const initial = await shown.textContent();
    await seq.getByRole('button', { name: 'Zoom in' }).click();
    await expect(shown).not.toHaveText(initial ?? '');
    await shown.click();
    await expect(shown).toHaveText(initial ?? '');
  });

  test("is not redrawn while scrolled away, and shows the cursor's time again on coming back", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/?scenario=bully&step=2');
    await page.getByRole('tab', { name: 'Sequence' }).click();
    const seq = page.getByRole('region', { name: 'Sequence diagram' });
    const tag = seq.locator('.seq-cursor-tag text');
    await seq.scrollIntoViewIfNeeded();
    await expect(tag).toHaveText(/\d/);
    const before = await tag.textContent();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await seq.boundingBox())?.y ?? 0).toBeGreaterThan(844);
    const t0 = await sliderMs(page);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect.poll(() => sliderMs(page)).toBeGreaterThan(t0);
    // Off screen, the diagram keeps the frame it last drew.
    await page.waitForTimeout(400);
    expect(await tag.textContent()).toBe(before);
    await seq.scrollIntoViewIfNeeded();
    await expect(tag).not.toHaveText(before ?? '');
  });
});

test.describe('event log', () => {
  test('lists what happened up to the cursor, filters by host and type, and seeks on a line', async ({
    page,
  }) => {
    const watch = watchPage(page);
    await page.goto('/?scenario=bully&step=9');
    await page.getByRole('tab', { name: 'Event log' }).click();
    const log = page.getByRole('region', { name: 'Event log' });
    const lines = log.getByRole('listitem');
    await expect(lines.filter({ hasText: 'node-1 → node-2 ELECTION' })).toHaveCount(1);
    await expect(lines.filter({ hasText: 'node-4 is now the LEADER' })).toHaveCount(1);
    const all = await lines.count();

    // Host filter: only lines that concern node-3.
    await log.getByLabel('Host').selectOption('node-3');
    await expect.poll(() => lines.count()).toBeLessThan(all);
    const texts = await lines.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const line of texts) expect(line).toContain('node-3');

    // Type filter: Leadership off hides the role lines, on brings them back.
    await log.getByLabel('Host').selectOption('');
    const leadership = log.getByRole('button', { name: 'Leadership' });
    await expect(leadership).toHaveAttribute('aria-pressed', 'true');
    await leadership.click();
    await expect(leadership).toHaveAttribute('aria-pressed', 'false');
    await expect(lines.filter({ hasText: /is now the LEADER|is a (follower|candidate)/ })).toHaveCount(0);
    await expect(lines.filter({ hasText: 'ELECTION' }).first()).toBeVisible();
    await leadership.click();
    await expect(lines.filter({ hasText: 'node-4 is now the LEADER' })).toHaveCount(1);

    // One tab stop for the log; arrow keys move between lines and Enter seeks.
    const latest = lines.last().getByRole('button');
    await expect(latest).toHaveAttribute('tabindex', '0');
    await latest.focus();
    await page.keyboard.press('ArrowUp');
    const previous = lines.nth((await lines.count()) - 2).getByRole('button');
    await expect(previous).toBeFocused();
    await page.keyboard.press('Home');
    await expect(lines.first().getByRole('button')).toBeFocused();

    // Clicking a line seeks to its time; later lines disappear.
    const target = lines.filter({ hasText: 'node-1 → node-2 ELECTION' }).getByRole('button');
    const at = Number(await target.getAttribute('data-t'));
    await target.click();
    const step = await sliderStep(page);
    await expect.poll(async () => Math.abs((await sliderMs(page)) - at)).toBeLessThanOrEqual(step);
    await expect(lines.filter({ hasText: 'node-4 is now the LEADER' })).toHaveCount(0);
    watch.assertClean();
  });
});

test.describe('ADR-001 panel', () => {
  test('opens from the header, keeps the cluster in sight, closes with Escape', async ({ page }) => {
    const watch = watchPage(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/?scenario=fencing-token&step=10');
    const open = page.getByRole('button', { name: 'Open ADR-001: leader election decision record' });
    await open.click();
    const adr = page.getByRole('region', { name: /^ADR-001/ });
    await expect(adr).toBeVisible();
    await expect(adr).toHaveAccessibleName('ADR-001: Leader election: one coordinator without split-brain');
    // Focus moved into the panel.
    expect(await adr.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    // The decision matrix: seven approaches on five criteria.
    const matrix = adr.getByRole('table', { name: 'Decision matrix' });
    // The header row and one row per approach of the ADR (the real systems among them).
    await expect(matrix.getByRole('row')).toHaveCount(adr001.matrix.length + 1);
    await expect(matrix.getByRole('rowheader', { name: /^SKIP LOCKED/ })).toHaveCount(1);
    for (const name of [
      'Bully',
      'Ring',
      'Heartbeat only',
      'Gossip',
      'Raft quorum',
      'Lease (etcd)',
      'Lease + fencing token',
    ])
      await expect(
        matrix.getByRole('rowheader', { name: new RegExp(`^${name.replace(/[()+]/g, '\\$&')}`) }),
      ).toHaveCount(1);
    await expect(matrix).toContainText('409 STALE TOKEN');
    // What this scenario illustrates is highlighted.
    await expect(matrix.getByRole('row').filter({ hasText: 'Lease + fencing token' })).toContainText(
      'in this scenario',
    );
    await expect(matrix.getByRole('row').filter({ hasText: 'Bully' })).not.toContainText('in this scenario');

    // A drawer at the right: every node of the cluster stays uncovered at 1280x720.
    const panelBox = await adr.boundingBox();
    expect(panelBox).not.toBeNull();
    const nodes = page.locator('[data-node]');
    expect(await nodes.count()).toBeGreaterThan(0);
    for (const box of await nodes.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON())))
      expect(box.right).toBeLessThanOrEqual(panelBox?.x ?? 0);

    await page.keyboard.press('Escape');
    await expect(adr).toBeHidden();
    await expect(open).toBeFocused();

    // And the Close button.
    await open.click();
    await adr.getByRole('button', { name: 'Close ADR-001' }).click();
    await expect(adr).toBeHidden();
    await expect(open).toBeFocused();
    watch.assertClean();
  });

  test('a link opens the scenario at the step that shows it', async ({ page }) => {
    const watch = watchPage(page);
    await page.goto('/?scenario=bully');
    await page.getByRole('button', { name: 'Open ADR-001: leader election decision record' }).click();
    const adr = page.getByRole('region', { name: /^ADR-001/ });
    const link = adr.getByRole('button', { name: /^See it: Split-brain without quorum, step 7$/ });
    const label = (await link.getAttribute('aria-label')) ?? '';
    await link.click();
    await expect(scenarioOption(page, /Split-brain without quorum/)).toHaveAttribute('aria-selected', 'true');
    // The heartbeat row links "both write": the narration tells that step.
    expect(label).toMatch(/step 7$/);
    await expect(page.getByRole('status', { name: 'Narration' })).toContainText('BOTH WRITE');
    watch.assertClean();
  });
});
