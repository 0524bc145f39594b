/**
 * Rendering cost of the BUILT app in headless Chromium (software rendering, as in the e2e tests):
 * frame intervals and main-thread work per frame while playing each scenario, long tasks, time from
 * navigation to the first drawn cluster, and the JS heap over a long play with interactions.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { keyedScenarios, scenarios } from '../../scenarios/index.ts';
import { launchChromium, servePreview } from '../lib/browser.ts';
import { linearSlope, percentile, type Spread, spread } from './stats.ts';

const ROOT = process.cwd();
const VIEWPORT = { width: 1280, height: 720 };
/** Headless Chromium draws at 60 Hz. */
const VSYNC_MS = 1000 / 60;

/** Newest modification time under the given paths (files or folders), ms. */
function newest(paths: string[]): number {
  let best = 0;
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const f of readdirSync(p)) walk(join(p, f));
    } else best = Math.max(best, st.mtimeMs);
  };
  for (const p of paths) walk(join(ROOT, p));
  return best;
}

/** Builds dist/ with `npx vite build` when it is missing or older than its sources. */
export function ensureBuild(log: (s: string) => void): { built: boolean; reason: string } {
  const out = join(ROOT, 'dist', 'index.html');
  const sources = newest(['src', 'scenarios', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']);
  const reason = !existsSync(out)
    ? 'dist/ missing'
    : statSync(out).mtimeMs < sources
      ? 'dist/ older than the sources'
      : '';
  // The embed player (dist/embed/, weighed by weight.ts) is built after the app, whose build empties dist/.
  const embedConfig = existsSync(join(ROOT, 'vite.embed.config.ts')) ? 'vite.embed.config.ts' : null;
  const embedMissing = embedConfig !== null && !existsSync(join(ROOT, 'dist', 'embed'));
  if (!reason && !embedMissing) return { built: false, reason: 'dist/ up to date' };
  if (reason) {
    log(`  building (${reason}): npx vite build`);
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
  }
  if (embedConfig) {
    // The same three builds as `npm run build` (element, React component, examples).
    log('  building the embed player: npm run build:embed');
    const r = spawnSync('npm', ['run', '-s', 'build:embed'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`embed build failed (exit ${r.status})`);
  }
  return { built: true, reason: reason || 'dist/embed/ missing' };
}

export interface FrameRun {
  label: string;
  scenario: string;
  speed: number;
  nodes: number;
  seconds: number;
  frames: number;
  /** Raw rAF-to-rAF interval (the page clock is coarsened to 0.1 ms, so 16.6-16.8 for one vsync). */
  intervalMs: { p50: number; p95: number; worst: number };
  /** Frame time as the viewer sees it: the interval in whole vsync periods (16.7, 33.3, 50 ms...). */
  frameMs: { p50: number; p95: number; worst: number };
  /** Main-thread work from the frame's start to the end of its rendering (rAF -> next task). */
  workMs: { p50: number; p95: number; worst: number };
  /** Intervals longer than 1.5 vsync periods. */
  droppedFrames: number;
  longTasks: number[];
  /** Times playback reached the end and was started again during the window. */
  restarts: number;
}

export interface RenderResults {
  chromium: string;
  build: { built: boolean; reason: string };
  idle: FrameRun;
  scenarios: FrameRun[];
  bullyLarge: Array<FrameRun | { label: string; nodes: number; measurable: false; reason: string }>;
  firstDraw: { runs: number; firstNodeMs: Spread; drawnMs: Spread; fcpMs: Spread; resources: string[] };
  heap: HeapResult;
}

export interface HeapResult {
  minutes: number;
  /** Samples before this are the warm-up (each scenario simulated once) and left out of the fit. */
  warmUpSec: number;
  sampleEverySec: number;
  samples: Array<{ atSec: number; bytes: number }>;
  slopeBytesPerMin: number;
  growthBytes: number;
  flat: boolean;
  actions: string[];
  longTasksDuringInteractions: number[];
  precise: boolean;
}

interface BenchWindow {
  __bench: {
    deltas: number[];
    works: number[];
    long: number[];
    restarts: number;
    stop: boolean;
  };
}

/** Installs the frame and long-task recorders, then optionally presses Play (re-pressing it at the end). */
async function record(page: Page, seconds: number, keepPlaying: boolean) {
  await page.evaluate((keep) => {
    const w = window as unknown as BenchWindow;
    const b = {
      deltas: [] as number[],
      works: [] as number[],
      long: [] as number[],
      restarts: 0,
      stop: false,
    };
    w.__bench = b;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.long.push(e.duration);
    }).observe({ type: 'longtask' });
    // After the rendering step of a frame the event loop runs the next task: this message.
    const ch = new MessageChannel();
    let frameStart = 0;
    ch.port1.onmessage = () => {
      if (frameStart) b.works.push(performance.now() - frameStart);
    };
    let last: number | null = null;
    const loop = (now: number) => {
      if (b.stop) return;
      if (last !== null) b.deltas.push(now - last);
      last = now;
      frameStart = now;
      ch.port2.postMessage(0);
      if (keep) {
        const play = document.querySelector<HTMLButtonElement>('button[aria-label="Play"]');
        if (play) {
          b.restarts++;
          play.click();
        }
      }
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }, keepPlaying);
  await page.waitForTimeout(seconds * 1000);
  return page.evaluate(() => {
    const b = (window as unknown as BenchWindow).__bench;
    b.stop = true;
    return { deltas: b.deltas, works: b.works, long: b.long, restarts: b.restarts };
  });
}

/** The frame recorder, for pages other than the lab's (bench --peer). */
export const recordFrames = record;

export function summarize(
  label: string,
  scenario: string,
  speed: number,
  nodes: number,
  seconds: number,
  r: Awaited<ReturnType<typeof record>>,
): FrameRun {
  const d = [...r.deltas].sort((a, b) => a - b);
  const w = [...r.works].sort((a, b) => a - b);
  const snapped = d.map((x) => Math.max(1, Math.round(x / VSYNC_MS)) * VSYNC_MS);
  return {
    label,
    scenario,
    speed,
    nodes,
    seconds,
    frames: d.length,
    intervalMs: { p50: percentile(d, 0.5), p95: percentile(d, 0.95), worst: d[d.length - 1] ?? Number.NaN },
    frameMs: {
      p50: percentile(snapped, 0.5),
      p95: percentile(snapped, 0.95),
      worst: snapped[snapped.length - 1] ?? Number.NaN,
    },
    workMs: { p50: percentile(w, 0.5), p95: percentile(w, 0.95), worst: w[w.length - 1] ?? Number.NaN },
    droppedFrames: r.deltas.filter((x) => x > VSYNC_MS * 1.5).length,
    longTasks: r.long.map((x) => Math.round(x)),
    // The first press starts playback; only later presses are restarts.
    restarts: Math.max(0, r.restarts - 1),
  };
}

/**
 * tsx compiles this file with esbuild's keepNames, which wraps named inner functions in `__name(...)`;
 * functions passed to page.evaluate carry that call into the page, so the page gets a no-op one.
 */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: VIEWPORT });
  await ctx.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  return ctx;
}

async function open(ctx: BrowserContext, base: string, query: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${base}/${query}`);
  await page.locator('[data-node]').first().waitFor({ state: 'visible' });
  return page;
}

/** Moves the Speed slider with the keyboard: End = 10x; End then 10 x ArrowLeft = 1x (see src/player/speed.ts). */
async function setSpeed(page: Page, speed: 1 | 10) {
  const slider = page.getByRole('slider', { name: 'Speed' });
  await slider.focus();
  await page.keyboard.press('End');
  if (speed === 1) for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  const shown = await page.locator('label.speed output').textContent();
  if (shown?.replace(/[^\d.]/g, '') !== String(speed))
    throw new Error(`Speed slider shows ${shown}, expected ${speed}x`);
  await slider.blur();
}

/** Opens the "What if…" panel when the app has one; false when it does not. */
async function openWhatIf(page: Page): Promise<boolean> {
  const toggle = page.getByRole('button', { name: 'What if…' });
  if ((await toggle.count()) === 0) return false;
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return true;
}

async function closeWhatIf(page: Page) {
  const toggle = page.getByRole('button', { name: 'What if…' });
  if ((await toggle.count()) && (await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
}

/**
 * Shows the open scenario with n nodes: the `?nodes=` link parameter when the app reads one, else the
 * "Nodes" knob of the What if… panel (closed again afterwards). Returns how many nodes are drawn.
 */
async function showNodes(page: Page, n: number): Promise<{ shown: number; how: string }> {
  const count = () => page.locator('[data-node]').count();
  // The story opens first; the link's cluster size is simulated after it (in the worker).
  await page.locator('.sim-progress').waitFor({ state: 'detached', timeout: 120_000 });
  await page
    .waitForFunction((k) => document.querySelectorAll('[data-node]').length === k, n, { timeout: 30_000 })
    .catch(() => undefined);
  if ((await count()) === n) return { shown: n, how: '?nodes= link parameter' };
  if (!(await openWhatIf(page))) return { shown: await count(), how: 'no What if… panel' };
  const knob = page.getByRole('region', { name: 'Knobs' }).getByRole('spinbutton', { name: 'Nodes' });
  if ((await knob.count()) === 0) return { shown: await count(), how: 'no Nodes knob' };
  await knob.fill(String(n));
  await knob.press('Enter');
  await page
    .waitForFunction((k) => document.querySelectorAll('[data-node]').length === k, n, { timeout: 30_000 })
    .catch(() => undefined);
  await closeWhatIf(page);
  await page.locator('[data-node]').first().waitFor({ state: 'visible' });
  return { shown: await count(), how: 'Nodes knob in What if…' };
}

export async function playScenario(
  ctx: BrowserContext,
  base: string,
  id: string,
  speed: 1 | 10,
  seconds: number,
  nodes = 0,
) {
  const page = await open(ctx, base, `?scenario=${id}${nodes ? `&nodes=${nodes}` : ''}`);
  const how = nodes ? await showNodes(page, nodes) : null;
  if (how && how.shown !== nodes) {
    await page.close();
    return { nodes: how.shown, how: how.how, r: null };
  }
  await setSpeed(page, speed);
  await page.waitForTimeout(300);
  const r = await record(page, seconds, true);
  const shown = await page.locator('[data-node]').count();
  await page.close();
  return { nodes: shown, how: how?.how ?? '', r };
}

/**
 * One cold load of the default view in a fresh context: first contentful paint, the first live
 * `[data-node]` (the app's own cluster, not the prerender's copy) and the frame after it, from
 * navigation start. `resources` collects every .js and .css path requested before that frame.
 */
export async function coldLoad(
  browser: Browser,
  base: string,
  resources?: Set<string>,
): Promise<{ firstNode: number; drawn: number; fcp: number }> {
  const ctx = await newContext(browser);
  await ctx.addInitScript(() => {
    const w = window as unknown as { __firstNode?: number; __drawn?: number };
    const mo = new MutationObserver(() => {
      if (w.__firstNode === undefined && document.querySelector('[data-node]')) {
        w.__firstNode = performance.now();
        mo.disconnect();
        // The next frame is the first one that paints the cluster.
        requestAnimationFrame(() => {
          w.__drawn = performance.now();
        });
      }
    });
    mo.observe(document, { childList: true, subtree: true });
  });
  const page = await ctx.newPage();
  // Requests by when they started (ms since the epoch): only those before the first drawn frame count,
  // not a chunk the page fetches once it is idle after it (a worker's script is a request too).
  const requested: Array<{ path: string; at: number }> = [];
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (/\.(js|css)$/.test(u.pathname))
      requested.push({ path: u.pathname.replace(/^\//, ''), at: Date.now() });
  });
  await page.goto(`${base}/`);
  await page.waitForFunction(() => (window as unknown as { __drawn?: number }).__drawn !== undefined);
  const m = await page.evaluate(() => {
    const w = window as unknown as { __firstNode: number; __drawn: number };
    const p = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      firstNode: w.__firstNode,
      drawn: w.__drawn,
      fcp: p ? p.startTime : Number.NaN,
      drawnAt: performance.timeOrigin + w.__drawn,
    };
  });
  for (const r of requested) if (r.at <= m.drawnAt) resources?.add(r.path);
  await ctx.close();
  return { firstNode: m.firstNode, drawn: m.drawn, fcp: m.fcp };
}

async function firstDraw(browser: Browser, base: string, runs: number) {
  const firstNode: number[] = [];
  const drawn: number[] = [];
  const fcp: number[] = [];
  const resources = new Set<string>();
  for (let i = 0; i < runs; i++) {
    const m = await coldLoad(browser, base, resources);
    firstNode.push(m.firstNode);
    drawn.push(m.drawn);
    fcp.push(m.fcp);
  }
  return {
    runs,
    firstNodeMs: spread(firstNode),
    drawnMs: spread(drawn),
    fcpMs: spread(fcp),
    resources: [...resources].sort(),
  };
}

/**
 * Plays for `minutes` with interactions (scenario switches, seeks, speed changes, replays) and
 * samples the JS heap after a forced GC. Interventions come from the What if… panel when the app
 * has one (the actions list says what the mix really was).
 */
export async function heapSoak(
  ctx: BrowserContext,
  base: string,
  minutes: number,
  log: (s: string) => void,
): Promise<HeapResult> {
  // A sample every 20 s (30 s in the 10-minute soak): enough points after the warm-up to fit a drift.
  const everySec = minutes >= 5 ? 30 : 20;
  const page = await open(ctx, base, '?scenario=bully');
  const long: number[] = [];
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  const heap = () =>
    page.evaluate(() => {
      const g = (window as unknown as { gc?: () => void }).gc;
      g?.();
      const mem = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return { bytes: mem?.usedJSHeapSize ?? Number.NaN, gc: typeof g === 'function' };
    });
  const samples: Array<{ atSec: number; bytes: number }> = [];
  const actions = new Set<string>();
  const t0 = Date.now();
  const first = await heap();
  samples.push({ atSec: 0, bytes: first.bytes });
  let nextSample = everySec;
  let i = 0;
  // The heap grows by design until the player's memo of runs is full (src/player/store.ts keeps 8):
  // each scenario and each intervention is a run of its own. Two rounds of the keyed scenarios make
  // twelve runs, so the fit starts after them. (Fitted after one round, a 2-minute soak read the memo
  // filling as a drift of over 600 kB/min.)
  let warmSec = Number.POSITIVE_INFINITY;
  const play = async () => {
    const b = page.getByRole('button', { name: 'Play', exact: true });
    if (await b.count()) await b.click();
  };
  while ((Date.now() - t0) / 1000 < minutes * 60) {
    // The keys 1-6 (src/app/shell/keys.ts) switch between the five stories and the sandbox in one page.
    const scenario = (i % keyedScenarios.length) + 1;
    await page.locator('h1').click();
    await page.keyboard.press(String(scenario));
    actions.add(`switch scenario (keys 1-${keyedScenarios.length})`);
    await setSpeed(page, i % 2 === 0 ? 10 : 1);
    actions.add('speed 1x / 10x');
    if (i % 2 === 0 && (await openWhatIf(page))) {
      // An intervention at the cursor: the first fault button (Crash of the picked node).
      const faults = page.getByRole('region', { name: 'Faults' }).locator('.wi-buttons button');
      if (await faults.count()) {
        await faults.first().click();
        actions.add('intervention: What if… > Faults > first fault (re-simulates)');
      }
      const undo = page.getByRole('button', { name: 'Undo' });
      if (i % 4 === 0 && (await undo.count()) && (await undo.isEnabled())) {
        await undo.click();
        actions.add('undo an intervention');
      }
      await closeWhatIf(page);
    }
    await play();
    actions.add('play (and replay at the end)');
    await page.waitForTimeout(2500);
    // Seek: drag-free, by keyboard on the Timeline slider.
    const timeline = page.getByRole('slider', { name: 'Timeline' });
    await timeline.focus();
    await page.keyboard.press(i % 3 === 0 ? 'Home' : 'PageDown');
    await page.keyboard.press('ArrowRight');
    await timeline.blur();
    actions.add('seek on the Timeline');
    await play();
    await page.waitForTimeout(2500);
    if (i % 4 === 3) {
      await page.locator('h1').click();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      actions.add('step forward / back');
    }
    i++;
    if (i === keyedScenarios.length * 2) warmSec = (Date.now() - t0) / 1000;
    const at = (Date.now() - t0) / 1000;
    if (at >= nextSample) {
      const h = await heap();
      samples.push({ atSec: Math.round(at), bytes: h.bytes });
      log(`  heap at ${Math.round(at)} s: ${(h.bytes / 1e6).toFixed(2)} MB`);
      nextSample += everySec;
    }
  }
  long.push(...(await page.evaluate(() => (window as unknown as { __long: number[] }).__long)));
  await page.close();
  // Fit after the warm-up (fewer than three samples after it: NaN, and the report says so).
  const fit = samples.filter((x) => x.atSec >= warmSec).map((x) => [x.atSec / 60, x.bytes] as const);
  const slopeBytesPerMin = fit.length >= 3 ? linearSlope(fit) : Number.NaN;
  const after = samples.find((x) => x.atSec >= warmSec)?.bytes ?? first.bytes;
  const growthBytes = (samples[samples.length - 1]?.bytes ?? Number.NaN) - after;
  // Flat: the fitted drift, projected over 10 minutes of play, stays under 10% of the warm heap.
  const flat = Math.abs(slopeBytesPerMin * 10) < 0.1 * after;
  return {
    minutes,
    warmUpSec: Math.round(warmSec),
    sampleEverySec: everySec,
    samples,
    slopeBytesPerMin,
    growthBytes,
    flat,
    actions: [...actions],
    longTasksDuringInteractions: long.map((x) => Math.round(x)).sort((a, b) => b - a),
    precise: first.gc,
  };
}

export interface RenderOptions {
  seconds: number;
  soakMinutes: number;
  log: (s: string) => void;
}

export async function runRender(opts: RenderOptions): Promise<RenderResults> {
  const { log } = opts;
  const build = ensureBuild(log);
  const { server, base } = await servePreview(ROOT);
  const browser = await launchChromium(['--enable-precise-memory-info', '--js-flags=--expose-gc']);
  try {
    const ctx = await newContext(browser);

    // Baseline: a paused player, to see the vsync period and jitter of this machine.
    const idlePage = await open(ctx, base, '?scenario=bully');
    const idle = summarize('idle (paused)', 'bully', 0, 5, 4, await record(idlePage, 4, false));
    await idlePage.close();
    log(`  idle: interval p95 ${idle.intervalMs.p95.toFixed(1)} ms`);

    const runs: FrameRun[] = [];
    for (const s of scenarios) {
      for (const speed of [1, 10] as const) {
        const { nodes, r } = await playScenario(ctx, base, s.id, speed, opts.seconds);
        if (!r) throw new Error(`could not play ${s.id}`);
        const fr = summarize(`${s.id} ${speed}x`, s.id, speed, nodes, opts.seconds, r);
        runs.push(fr);
        log(
          `  ${fr.label}: frame p95 ${fr.frameMs.p95.toFixed(1)} ms, work p95 ${fr.workMs.p95.toFixed(1)} ms, long tasks ${fr.longTasks.length}`,
        );
      }
    }

    // Bully with 50 and 200 nodes: a `nodes` link parameter, or the Nodes knob of What if….
    const bullyLarge: RenderResults['bullyLarge'] = [];
    for (const n of [50, 200]) {
      const { nodes, how, r } = await playScenario(ctx, base, 'bully', 1, opts.seconds, n);
      if (!r) {
        bullyLarge.push({
          label: `bully ${n} nodes`,
          nodes: n,
          measurable: false,
          reason: `not measurable yet: the app has no way to show ${n} nodes (${how}; ${nodes} drawn)`,
        });
        log(`  bully ${n} nodes: not measurable yet (${how})`);
        continue;
      }
      const fr = summarize(`bully ${n} nodes 1x`, 'bully', 1, nodes, opts.seconds, r);
      bullyLarge.push(fr);
      log(
        `  ${fr.label} (${how}): frame p95 ${fr.frameMs.p95.toFixed(1)} ms, work p95 ${fr.workMs.p95.toFixed(1)} ms`,
      );
    }
    await ctx.close();

    const fd = await firstDraw(browser, base, 5);
    log(`  first drawn cluster: ${fd.drawnMs.median.toFixed(0)} ms`);

    const soakCtx = await newContext(browser);
    const heap = await heapSoak(soakCtx, base, opts.soakMinutes, log);
    await soakCtx.close();

    return {
      chromium: browser.version(),
      build,
      idle,
      scenarios: runs,
      bullyLarge,
      firstDraw: fd,
      heap,
    };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}
