import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  chooseScenario,
  expect,
  FIRST_RUN_MS,
  frameSnapshot,
  ORIGIN,
  openPlayer,
  scenarioOption,
  test,
  watchPage,
} from './helpers.ts';

async function exportItem(page: Page, name: string) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Export and import' });
  await expect(menu).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('menuitem', { name }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), path, text: () => readFileSync(path, 'utf8') };
}

async function importFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | string) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('menuitem', { name: 'Import a trace or a story (JSON)…' }).click(),
  ]);
  await chooser.setFiles(file);
}

/**
 * watchPage flags every URL that does not start with the origin; a blob: URL of the page itself
 * (the PNG export draws the SVG through one) is the page's own, so it is let through here.
 */
function assertClean(watch: ReturnType<typeof watchPage>) {
  const own = `request outside the origin: blob:${ORIGIN}/`;
  const rest = watch.problems.filter((p) => !p.startsWith(own));
  expect(rest, rest.join('\n')).toEqual([]);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(b: Buffer) {
  expect([...b.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

test('the Export menu opens from the keyboard and closes with Escape', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page);
  const button = page.getByRole('button', { name: 'Export', exact: true });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const items = page.getByRole('menu', { name: 'Export and import' }).getByRole('menuitem');
  await expect(items).toHaveText([
    'Current frame as SVG',
    'Current frame as PNG',
    'Animation (GIF)…',
    'Animation (WebM)…',
    'Run as Mermaid (.mmd)',
    'Copy run as Mermaid',
    'Trace as JSON',
    'Import a trace or a story (JSON)…',
    'As a story file (JSON)',
    'As a link (copied)',
    'Save in My stories',
  ]);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();
  assertClean(watch);
});

/** Holds the Export menu's chunk until `release` (under load it comes late). */
async function holdExportMenu(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/ExportMenu-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** openPlayer, short of its wait for the network to be idle: the held chunk keeps it busy. */
async function openWithMenuHeld(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('[data-node]').first()).toBeVisible({ timeout: FIRST_RUN_MS });
  await expect(page.locator('[data-stand-in]')).toHaveCount(1);
}

test('a press on the Export button before its menu is in opens the menu once it is in', async ({ page }) => {
  const watch = watchPage(page);
  const release = await holdExportMenu(page);
  await openWithMenuHeld(page);
  const button = page.getByRole('button', { name: 'Export', exact: true });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const items = page.getByRole('menu', { name: 'Export and import' }).getByRole('menuitem');
  await expect(items).toHaveCount(0);
  release();
  await expect(items.first()).toBeFocused();
  await expect(page.locator('[data-stand-in]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();
  assertClean(watch);
});

test('a focus on the Export button before its menu is in stays on the button when the menu comes', async ({
  page,
}) => {
  const watch = watchPage(page);
  const release = await holdExportMenu(page);
  await openWithMenuHeld(page);
  const button = page.getByRole('button', { name: 'Export', exact: true });
  await button.focus();
  release();
  await expect(page.locator('[data-stand-in]')).toHaveCount(0);
  await expect(button).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(
    page.getByRole('menu', { name: 'Export and import' }).getByRole('menuitem').first(),
  ).toBeFocused();
  assertClean(watch);
});

test('the current frame exports as a standalone SVG and a 2x PNG', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=fencing-token&step=4');
  await page.waitForTimeout(400); // let the picture's transitions settle
  const t = await page.getByRole('slider', { name: 'Timeline' }).inputValue();
  const svg = await exportItem(page, 'Current frame as SVG');
  const ms = Number(/^fencing-token-(\d+)ms\.svg$/.exec(svg.name)?.[1]);
  expect(Math.abs(ms - Number(t))).toBeLessThan(100);
  const text = svg.text();
  expect(text.startsWith('<?xml')).toBe(true);
  expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(text).not.toContain('var(--');
  const nodes = await page
    .locator('[data-node]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-node')));
  expect(nodes.length).toBeGreaterThan(2);
  const parsed = await page.evaluate((src) => {
    const doc = new DOMParser().parseFromString(src, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.localName,
      title: doc.querySelector('title')?.textContent ?? '',
      texts: [...doc.querySelectorAll('text')].map((x) => x.textContent ?? ''),
      width: Number(doc.documentElement.getAttribute('width')),
      height: Number(doc.documentElement.getAttribute('height')),
    };
  }, text);
  expect(parsed.error).toBeNull();
  expect(parsed.root).toBe('svg');
  expect(parsed.title).toContain('Fencing token');
  for (const n of nodes) expect(parsed.texts).toContain(n);
  // The ADR-001 badge is the app's button, not part of the picture (the PNG is drawn from this SVG).
  await expect(page.locator('.adr-badge')).toHaveCount(1);
  expect(text).not.toContain('ADR-001');
  // the caption at the cursor is the last text lines
  const caption = (await page.getByRole('status', { name: 'Narration' }).textContent()) ?? '';
  expect(caption.replace(/\s+/g, ' ')).toContain(parsed.texts.slice(-1)[0]?.split(' ').slice(0, 3).join(' '));

  const png = await exportItem(page, 'Current frame as PNG');
  expect(png.name).toBe(`fencing-token-${ms}ms.png`);
  const bytes = readFileSync(png.path);
  expect(bytes.length).toBeGreaterThan(5000);
  expect(pngSize(bytes)).toEqual({ width: parsed.width * 2, height: parsed.height * 2 });
  assertClean(watch);
});

test('the run exports as Mermaid, to a file and to the clipboard', async ({ page, context }) => {
  const watch = watchPage(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPlayer(page, '?scenario=etcd-lease');
  const mmd = await exportItem(page, 'Run as Mermaid (.mmd)');
  expect(mmd.name).toMatch(/^etcd-lease-lease-seed\d+-[0-9a-f]{6}\.mmd$/);
  const text = mmd.text();
  expect(text.startsWith('sequenceDiagram\n')).toBe(true);
  expect(text).not.toContain('KEEPALIVE');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Copy run as Mermaid' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  assertClean(watch);
});

test('a trace exported as JSON imports back to the same run', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=split-brain');
  const json = await exportItem(page, 'Trace as JSON');
  expect(json.name).toMatch(/^split-brain-heartbeat-seed\d+-[0-9a-f]{6}\.trace\.json$/);
  const original = json.text();
  expect(JSON.parse(original).scenario).toBe('split-brain');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  const live = await frameSnapshot(page);

  // Another scenario on screen, then the import brings split-brain back, as recorded.
  await chooseScenario(page, 'Bully algorithm (legacy)');
  await importFile(page, json.path);
  await expect(page.getByText('Imported trace')).toBeVisible();
  await expect(scenarioOption(page, /Split-brain/)).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => frameSnapshot(page)).toBe(live);
  const again = await exportItem(page, 'Trace as JSON');
  // The same trace (the validator writes keys in its schema's order, so compare values, not bytes).
  expect(again.name).toBe(json.name);
  expect(JSON.parse(again.text())).toEqual(JSON.parse(original));

  await page.getByRole('button', { name: 'Back to the live simulation' }).click();
  await expect(page.getByText('Imported trace')).toHaveCount(0);
  assertClean(watch);
});

test('a live ZooKeeper recording imports labelled as recorded from ZooKeeper, not as a file', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=zookeeper');
  const json = await exportItem(page, 'Trace as JSON');
  // What `npm run live -- --system zookeeper` writes: the story's trace with its source.
  const recording = { ...JSON.parse(json.text()), source: 'zookeeper' };
  await importFile(page, {
    name: 'lel-zookeeper.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(recording)),
  });
  const badge = page.locator('.import-badge');
  await expect(badge).toContainText('Recorded from ZooKeeper');
  await expect(badge).toHaveAttribute(
    'title',
    'A run recorded against a real ZooKeeper ensemble, shown as recorded',
  );
  await expect(page.getByText('Imported trace')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to the simulation' }).click();
  await expect(badge).toHaveCount(0);
  assertClean(watch);
});

test('a live Patroni recording imports labelled as recorded from Patroni, not from etcd', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=patroni');
  const json = await exportItem(page, 'Trace as JSON');
  // What `npm run live -- --system patroni` writes: the story's trace, recorded through etcd.
  const recording = { ...JSON.parse(json.text()), source: 'etcd' };
  await importFile(page, {
    name: 'lel-patroni.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(recording)),
  });
  const badge = page.locator('.import-badge');
  await expect(badge).toContainText('Recorded from Patroni');
  await expect(badge).toHaveAttribute(
    'title',
    'A run recorded against a real Patroni cluster (PostgreSQL, etcd and HAProxy), shown as recorded',
  );
  // What-if on it says a change simulates in the recording's place, and Undo does not bring it back.
  await page.getByRole('button', { name: 'What if…' }).click();
  const intro = page.locator('.wi-intro');
  await expect(intro).toContainText(
    'A recording of a real cluster. A change here simulates the story in its place',
  );
  await page
    .getByRole('region', { name: 'Faults' })
    .getByRole('button', { name: 'Crash', exact: true })
    .click();
  await expect(badge).toHaveCount(0);
  await expect(intro).toContainText('the past stays');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('region', { name: 'Interventions' }).locator('li')).toHaveCount(0);
  await expect(badge).toHaveCount(0);
  assertClean(watch);
});

test('a malformed trace shows what and where; the current run stays', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=bully');
  const before = await frameSnapshot(page);
  await importFile(page, {
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"version":1,"scenario":"bully"'),
  });
  const alert = page.getByRole('alert', { name: 'Import problem' });
  await expect(alert).toContainText('Could not import broken.json');
  await expect(alert).toContainText('not valid JSON');
  expect(await frameSnapshot(page)).toBe(before);
  await expect(page.getByText('Imported trace')).toHaveCount(0);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);

  // A well-formed file with one bad field names the field.
  const json = await exportItem(page, 'Trace as JSON');
  const bad = JSON.parse(json.text());
  bad.events[2].t = -5;
  await importFile(page, {
    name: 'bad-time.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  await expect(page.getByRole('alert', { name: 'Import problem' })).toContainText('trace.events[2].t');
  // and one of another lab
  bad.events[2].t = JSON.parse(json.text()).events[2].t;
  bad.scenario = 'paxos';
  await importFile(page, {
    name: 'paxos.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  await expect(page.getByRole('alert', { name: 'Import problem' })).toContainText(
    '"paxos" is not one of the scenarios',
  );

  // The app keeps working.
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => frameSnapshot(page)).not.toBe(before);
  assertClean(watch);
});

test('a trace with more hosts than the views draw is refused at import; the run on screen stays', async ({
  page,
}) => {
  // 150,000 hosts appended to an exported trace (35 MB, under the 50 MB cap) once passed the validator
  // and then overflowed the layout's stack, losing the run on screen.
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=split-brain');
  const json = await exportItem(page, 'Trace as JSON');
  const huge = JSON.parse(json.text());
  for (let i = 0; i < 150_000; i++) huge.hosts.push({ id: `extra-${i}`, kind: 'node' });
  await page.keyboard.press('ArrowRight');
  const before = await frameSnapshot(page);
  await importFile(page, {
    name: 'many-hosts.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(huge)),
  });
  const alert = page.getByRole('alert', { name: 'Import problem' });
  await expect(alert).toContainText('Could not import many-hosts.json');
  await expect(alert).toContainText('the views draw at most 500');
  expect(await frameSnapshot(page)).toBe(before);
  await expect(page.getByText('Imported trace')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => frameSnapshot(page)).not.toBe(before);
  assertClean(watch);
});

test('a story file opens as a story, simulated here, with its own captions in the reader’s language', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=bully');
  const story = {
    storyFile: 1,
    id: 'our-failover',
    title: { en: 'Our failover drill', pt: 'Nosso exercício de failover' },
    summary: { en: 'node-1 holds the lease, then crashes.' },
    algorithm: 'lease',
    nodes: 3,
    seed: 7,
    durationMs: 40000,
    params: { ttlS: 15, renewS: 5, fencing: true },
    faults: [{ atMs: 15000, fault: { kind: 'crash', node: 'node-1' } }],
    steps: [
      {
        id: 'first',
        anchor: { k: 'role', node: 'node-1', role: 'leader' },
        caption: { en: 'Our node-1 takes the lease first.', pt: 'O nosso node-1 pega o lease primeiro.' },
      },
      {
        id: 'crash',
        anchor: { k: 'fault', type: 'crash' },
        caption: { en: 'We pull the plug on node-1.', ru: 'Выдёргиваем node-1 из розетки.' },
      },
    ],
  };
  await importFile(page, {
    name: 'our-story.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(story)),
  });
  await expect(page.getByText('Opened the story in our-story.json')).toBeVisible();
  await expect(page.getByText('Imported trace')).toHaveCount(0);
  await expect(page.getByText('Our failover drill').first()).toBeVisible();
  const narration = page.getByRole('status', { name: 'Narration' });
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(narration).toContainText('Our node-1 takes the lease first.');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(narration).toContainText('We pull the plug on node-1.');
  // Portuguese: the file's own, and English where the file gives none.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
  const narracao = page.getByRole('status', { name: 'Narração' });
  await expect(narracao).toContainText('We pull the plug on node-1.');
  await page.getByRole('button', { name: 'Passo anterior', exact: true }).click();
  await expect(narracao).toContainText('O nosso node-1 pega o lease primeiro.');
  await expect(page.getByText('Nosso exercício de failover').first()).toBeVisible();

  // A bad story file names the field, and the story on screen stays.
  const bad = { ...story, params: { ttlS: -3 } };
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await importFile(page, {
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  const alert = page.getByRole('alert', { name: 'Import problem' });
  await expect(alert).toContainText('Could not import bad.json: bad.json.params.ttlS');
  await expect(narration).toContainText('Our node-1 takes the lease first.');
  assertClean(watch);
});

/** Opens the animation dialog for a format, picks a step range (1-based) and exports; returns the file. */
async function exportAnimation(page: Page, item: string, from: number, to: number) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: /^Export an animation/ });
  await expect(dialog).toBeVisible();
  // The whole story by default.
  const steps = await dialog.getByLabel('To step').locator('option').count();
  await expect(dialog.getByLabel('From step')).toHaveValue('0');
  await expect(dialog.getByLabel('To step')).toHaveValue(String(steps - 1));
  await dialog.getByLabel('From step').selectOption(String(from - 1));
  await dialog.getByLabel('To step').selectOption(String(to - 1));
  await expect(dialog).toContainText('960 × 540 px');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 90_000 }),
    dialog.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  await expect(dialog.getByRole('status')).toContainText(`Saved ${download.suggestedFilename()}`);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()), dialog };
}

/** Image descriptors in a GIF (walks the blocks after the header and global colour table). */
function gifFrames(b: Buffer): number {
  let p = 13 + (b[10]! & 0x80 ? 3 * 2 ** ((b[10]! & 7) + 1) : 0);
  const skip = () => {
    for (let n = b[p]!; ; n = b[p]!) {
      p += 1 + n;
      if (n === 0) return;
    }
  };
  let frames = 0;
  while (p < b.length && b[p] !== 0x3b) {
    if (b[p] === 0x21) {
      p += 2;
      skip();
    } else if (b[p] === 0x2c) {
      frames++;
      const f = b[p + 9]!;
      p += 11 + (f & 0x80 ? 3 * 2 ** ((f & 7) + 1) : 0);
      skip();
    } else throw new Error(`unexpected GIF block 0x${b[p]!.toString(16)} at ${p}`);
  }
  return frames;
}

test('a step range exports as an animated GIF of 960x540 with several frames', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=fencing-token&step=2');
  const before = await frameSnapshot(page);
  const gif = await exportAnimation(page, 'Animation (GIF)…', 2, 3);
  expect(gif.name).toBe('fencing-token-steps-2-3.gif');
  expect(gif.bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
  expect(gif.bytes.readUInt16LE(6)).toBe(960);
  expect(gif.bytes.readUInt16LE(8)).toBe(540);
  expect(gifFrames(gif.bytes)).toBeGreaterThan(1);
  // The stage was not moved by the export (it draws its own picture off screen).
  await gif.dialog.getByRole('button', { name: 'Close' }).click();
  expect(await frameSnapshot(page)).toBe(before);
  await expect(page.locator('[data-export-node]')).toHaveCount(0);
  assertClean(watch);
});

test('a step range exports as a WebM video (EBML header, 960x540)', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=bully&step=3');
  const webm = await exportAnimation(page, 'Animation (WebM)…', 3, 4);
  expect(webm.name).toBe('bully-steps-3-4.webm');
  expect(webm.bytes.length).toBeGreaterThan(1000);
  expect([...webm.bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  // PixelWidth (B0) and PixelHeight (BA) elements of the video track, 2-byte values.
  const hex = webm.bytes.toString('hex');
  expect(hex).toContain('b08203c0'); // 960
  expect(hex).toContain('ba82021c'); // 540
  assertClean(watch);
});

test('an animation export can be cancelled; the dialog says so and saves nothing', async ({ page }) => {
  await openPlayer(page, '?scenario=etcd-lease');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Animation (GIF)…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Export an animation/ });
  let downloads = 0;
  page.on('download', () => downloads++);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Export cancelled.');
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
  expect(downloads).toBe(0);
  await expect(page.locator('[data-export-node]')).toHaveCount(0);
});
