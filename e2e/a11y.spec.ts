import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  catalogueButton,
  expect,
  openCatalogue,
  openPlayer,
  SCENARIOS,
  selectedScenario,
  test,
  timeline,
} from './helpers.ts';

/** WCAG 2.0 and 2.1, levels A and AA: the bar issue 6 sets. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's findings, one readable block per rule: id, impact, summary, then each element's selector and why. */
function readable(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      return `${v.id} (${v.impact ?? 'n/a'}, ${v.nodes.length}): ${v.help}\n${nodes}`;
    })
    .join('\n\n');
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations;
}

for (const theme of ['light', 'dark'] as const) {
  for (const s of SCENARIOS) {
    test(`axe: ${s.id}, ${theme} theme, mid-story, What-if, ADR panel and event log: no WCAG A/AA violations`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await openPlayer(page, `?scenario=${s.id}&step=4&theme=${theme}&whatif=1&panel=log`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.getByRole('button', { name: /^Open ADR-001:/ }).click();
      await expect(page.getByRole('region', { name: /^ADR-001/ })).toBeVisible();
      const violations = await axe(page);
      expect(
        violations.map((v) => v.id),
        readable(violations),
      ).toEqual([]);
    });
  }
}

/** The catalogue open, in each theme, wide and on a phone, in English and Russian, with and without a filter. */
for (const theme of ['light', 'dark'] as const)
  for (const [lang, label, width] of [
    ['en', 'Scenarios', 1280],
    ['ru', 'Сценарии', 390],
  ] as const)
    test(`axe: the scenario catalogue open, ${theme}, ${lang} at ${width} px, filtered and not: no WCAG A/AA violations`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await openPlayer(page, `?scenario=fencing-token&step=2&theme=${theme}&lang=${lang}`);
      await openCatalogue(page, label);
      // One listbox per group, each card an option; the current one selected.
      await expect(page.getByRole('listbox').first()).toBeVisible();
      await expect(selectedScenario(page)).toHaveCount(1);
      let violations = await axe(page);
      expect(
        violations.map((v) => v.id),
        readable(violations),
      ).toEqual([]);
      // Down to a card: its focus ring shows.
      await page.keyboard.press('ArrowDown');
      const f = await focused(page);
      expect(f?.what).toMatch(/\[role=option\]/);
      expect(f?.shown).toBe(true);
      expect(f?.contrast ?? 0).toBeGreaterThanOrEqual(3);
      // A filter that matches nothing says so.
      await page.getByRole('searchbox').fill('zzzz');
      await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(0);
      await expect(page.getByRole('region', { name: label }).getByRole('status')).toContainText('zzzz');
      violations = await axe(page);
      expect(
        violations.map((v) => v.id),
        readable(violations),
      ).toEqual([]);
    });

/** What has the focus, and whether it shows: an outline or a box-shadow ring (computed style). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== 'none' && Number.parseFloat(cs.outlineWidth) >= 1;
    const ring = cs.boxShadow !== 'none' && cs.boxShadow !== '';
    const labelled = el.getAttribute('aria-labelledby');
    const labels = 'labels' in el ? (el as HTMLInputElement).labels : null;
    const name = (
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (labels?.length ? labels[0]?.textContent : null) ??
      el.getAttribute('title') ??
      el.textContent ??
      ''
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 50);
    const what = `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}"`;
    // The ring's contrast with what is behind it: the element itself for an inset ring, else the
    // first ancestor with an opaque background.
    const rgb = (c: string): number[] | null => {
      const srgb = c.match(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/);
      if (srgb) return Number(srgb[4] ?? 1) < 1 ? null : srgb.slice(1, 4).map((x) => Number(x) * 255);
      const m = c.match(/rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/);
      if (!m || Number(m[4] ?? 1) < 1) return null;
      return m.slice(1, 4).map(Number);
    };
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let behind: number[] | null = null;
    for (
      let n: Element | null = Number.parseFloat(cs.outlineOffset) < 0 ? el : el.parentElement;
      n && !behind;
      n = n.parentElement
    )
      behind = rgb(getComputedStyle(n).backgroundColor);
    const ringColor = rgb(outline ? cs.outlineColor : '') ?? [0, 0, 0];
    const [hi, lo] = [lum(ringColor), lum(behind ?? [255, 255, 255])].sort((a, b) => b - a) as [
      number,
      number,
    ];
    const contrast = (hi + 0.05) / (lo + 0.05);
    return { what, shown: outline || ring, contrast: outline ? contrast : 3, el: el.outerHTML.slice(0, 80) };
  });
}

for (const theme of ['light', 'dark'] as const)
  test(`keyboard: Tab reaches every control of the player and the What-if sandbox with a visible focus ring (${theme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openPlayer(page, `?scenario=fencing-token&step=4&whatif=1&theme=${theme}`);
    const seen: string[] = [];
    const hidden: string[] = [];
    let first: string | null = null;
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (!f) continue;
      if (f.el === first) break;
      first ??= f.el;
      seen.push(f.what);
      if (!f.shown) hidden.push(f.what);
      else if (f.contrast < 3) hidden.push(`${f.what}: ring contrast ${f.contrast.toFixed(2)}:1`);
    }
    expect(hidden, `focused without a visible ring:\n${hidden.join('\n')}`).toEqual([]);
    const all = seen.join('\n');
    for (const control of [
      /button "Scenarios ?Fencing token"/,
      /\[role=tab\]/,
      /button "Play"/,
      /button "Step forward"/,
      /"Timeline"/,
      /"Speed"/,
      /button "Open ADR-001:/,
      /\[role=button\] "Open ADR-001"/,
      /\[role=button\] "node-1: /,
      /\[role=button\] "node-3: /,
    ])
      expect(all, `${control} is not reachable by Tab; reached:\n${all}`).toMatch(control);
  });

/** Plays for a while and collects the text of the messages-in-flight list while messages are listed. */
async function inFlightWhilePlaying(page: Page, ms: number) {
  await page.getByRole('button', { name: 'Play' }).click();
  const texts = await page.evaluate(
    (ms) =>
      new Promise<string[]>((resolve) => {
        const out: string[] = [];
        const t0 = performance.now();
        const tick = () => {
          const list = document.querySelector('[data-testid="in-flight"]');
          if (list) out.push(list.textContent ?? '');
          if (performance.now() - t0 < ms) requestAnimationFrame(tick);
          else resolve(out);
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
  await page.getByRole('button', { name: 'Pause' }).click();
  return texts;
}

// Where a dot stands (sender side, then receiver side, under reduced motion) is drawn on a canvas:
// messageStop is unit-tested in src/views/d3/cluster.test.ts; here, the mode reaches the renderer, the
// CSS transitions stop, and the messages are still told in words.
test('reduced motion: the renderer is told, no CSS transitions, messages in flight still listed', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPlayer(page, '?scenario=bully&step=3');
  await expect(page.locator('svg.cluster-svg').first()).toHaveAttribute('data-motion', 'reduced');
  const texts = await inFlightWhilePlaying(page, 2500);
  expect(texts.some((x) => /ELECTION node-\d → node-\d/.test(x))).toBe(true);
  const transition = await page
    .getByRole('button', { name: 'Play' })
    .evaluate((b) => Number.parseFloat(getComputedStyle(b).transitionDuration));
  expect(transition).toBeLessThan(0.001);
});

test('full motion (the control case): the renderer animates, buttons keep their transitions', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await openPlayer(page, '?scenario=bully&step=3');
  await expect(page.locator('svg.cluster-svg').first()).toHaveAttribute('data-motion', 'full');
  const transition = await page
    .getByRole('button', { name: 'Play' })
    .evaluate((b) => Number.parseFloat(getComputedStyle(b).transitionDuration));
  expect(transition).toBeGreaterThan(0);
});

test('the narration is a live region named Narration, and it follows the steps', async ({ page }) => {
  await openPlayer(page, '?scenario=bully&step=2');
  const narration = page.getByRole('status', { name: 'Narration' });
  await expect(narration).toBeVisible();
  const before = await narration.textContent();
  expect(before?.trim()).not.toBe('');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(narration).not.toHaveText(before ?? '');
});

test('text alternatives: every node says its role in words; the messages in flight are listed', async ({
  page,
}) => {
  for (const s of SCENARIOS) {
    await openPlayer(page, `?scenario=${s.id}&step=3`);
    for (const n of await page.locator('[data-node]').all()) {
      const role = (await n.getAttribute('data-role')) ?? '';
      const id = (await n.getAttribute('data-node')) ?? '';
      const label = (await n.getAttribute('aria-label')) ?? '';
      expect(label, `${s.id} ${id}`).toMatch(new RegExp(`^${id}: .*\\b${role}\\b`));
    }
    // The dots are painted on a canvas (hidden from screen readers); the list tells them in words.
    const list = page.getByRole('list', { name: 'Messages in flight' });
    await expect(list.getByRole('listitem').first()).toHaveText(
      /^(no messages in flight|[A-Z_ ]+ \S+ → \S+)/,
    );
  }
});

test('zoom: the viewport allows it, and at 200% (640x360) no control is lost or cut off', async ({
  page,
}) => {
  await openPlayer(page, '?scenario=fencing-token&step=4');
  const viewport = (await page.locator('meta[name="viewport"]').getAttribute('content')) ?? '';
  expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?\b/);
  await page.setViewportSize({ width: 640, height: 360 });
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const control of [
    catalogueButton(page),
    page.getByRole('button', { name: 'Play' }),
    page.getByRole('button', { name: 'Step forward' }),
    page.getByRole('slider', { name: 'Timeline' }),
    page.getByRole('slider', { name: 'Speed' }),
    page.getByRole('status', { name: 'Narration' }),
    page.getByRole('button', { name: /^Open ADR-001:/ }),
    page.locator('[data-node="node-3"]'),
  ]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeVisible();
    const box = await control.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width + 1, `${control} is cut off`).toBe(true);
  }
});

for (const theme of ['light', 'dark'] as const)
  test(`axe: split-brain at its end (alarm, split-brain nodes, sequence diagram), the shortcuts dialog and the export menu (${theme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openPlayer(page, `?scenario=split-brain&theme=${theme}`);
    await timeline(page).focus();
    await page.keyboard.press('End');
    await expect(page.getByRole('alert').first()).toBeVisible();
    let violations = await axe(page);
    expect(
      violations.map((v) => v.id),
      readable(violations),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    violations = await axe(page);
    expect(
      violations.map((v) => v.id),
      readable(violations),
    ).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    violations = await axe(page);
    expect(
      violations.map((v) => v.id),
      readable(violations),
    ).toEqual([]);
  });

test('keyboard: a node opens its fault menu with Enter and the ContextMenu key; the focused item stands out; axe finds nothing', async ({
  page,
}) => {
  await openPlayer(page, '?scenario=etcd-lease&step=4&whatif=1');
  const node = page.locator('[data-node="node-2"]');
  await node.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: /Faults for node-2/ });
  await expect(menu).toBeVisible();
  const item = menu.getByRole('menuitem').first();
  await expect(item).toBeFocused();
  const [focusedBg, menuBg] = await item.evaluate((el) => [
    getComputedStyle(el).backgroundColor,
    getComputedStyle(el.closest('[role="menu"]') as Element).backgroundColor,
  ]);
  expect(focusedBg).not.toBe(menuBg);
  const violations = await axe(page);
  expect(
    violations.map((v) => v.id),
    readable(violations),
  ).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(node).toBeFocused();
  await page.keyboard.press('ContextMenu');
  await expect(menu).toBeVisible();
});

test('keyboard: the ADR panel, the event log and the sequence diagram controls show a focus ring too (dark)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPlayer(page, '?scenario=split-brain&step=5&panel=log&theme=dark');
  await expect(page.getByRole('button', { name: 'Heartbeats' })).toBeVisible();
  const seen: string[] = [];
  const hidden: string[] = [];
  const tabs = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (!f) continue;
      seen.push(f.what);
      if (!f.shown) hidden.push(f.what);
      else if (f.contrast < 3) hidden.push(`${f.what}: ring contrast ${f.contrast.toFixed(2)}:1`);
    }
  };
  await tabs(40);
  await page.getByRole('tab', { name: 'Sequence' }).click();
  // The sequence diagram is a chunk of its own, fetched on first show.
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sequence' }).focus();
  await tabs(4);
  await page.getByRole('button', { name: /^Open ADR-001:/ }).click();
  await expect(page.getByRole('region', { name: /^ADR-001/ })).toBeVisible();
  await tabs(12);
  expect(hidden, `focused without a visible ring:\n${hidden.join('\n')}`).toEqual([]);
  const all = seen.join('\n');
  for (const control of [
    /button "Heartbeats"/,
    /button "[\d.]+ ?node-/,
    /button "Zoom in"/,
    /button "Close ADR-001"/,
    /button "See it: /,
  ])
    expect(all, `${control} is not reachable by Tab; reached:\n${all}`).toMatch(control);
});

for (const theme of ['light', 'dark'] as const)
  test(`axe: the What-if comparison (two pictures side by side) (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openPlayer(page, `?scenario=split-brain&step=5&whatif=1&theme=${theme}`);
    const section = page.getByRole('region', { name: 'Compare' });
    await section.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Comparison run' })).toBeVisible();
    const violations = await axe(page);
    expect(
      violations.map((v) => v.id),
      readable(violations),
    ).toEqual([]);
  });

for (const lang of ['pt', 'ru'] as const)
  test(`axe: in ${lang}, the What-if sandbox open (translated labels keep the visible words in the name)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/?scenario=fencing-token&step=6&whatif=1&lang=${lang}`);
    await expect(page.locator('[data-node]').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const violations = await axe(page);
    expect(
      violations.map((v) => v.id),
      readable(violations),
    ).toEqual([]);
  });
