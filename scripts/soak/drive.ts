/**
 * The soak in a browser page: plays a long run (up to 24 h of virtual time) of the BUILT app at
 * 10x, with random faults, and watches for errors and heap growth. Shared by `npm run soak`
 * (scripts/soak.ts, the full 24 h) and e2e/soak.spec.ts (a short one in the normal suite).
 *
 * Maximum speed without faking the product: Playwright's clock replaces the page's timers, so every
 * `fastForward(100)` fires the player's own requestAnimationFrame ticker once with 100 ms of wall time,
 * the longest interval one tick accepts (MAX_TICK_MS in src/player/store.ts): one rendered frame (the
 * cluster picture, the side panels, the What-if sandbox, the sequence diagram or the log) that moves
 * the cursor as far as the player ever moves it in a frame: 2.5 s of virtual time at 10x, less in
 * the pacing's slow motion around a step, up to 8x more in its fast-forward through quiet stretches.
 * Frames come back to back, as fast as the page renders them; none is skipped.
 */
import type { CDPSession, Page } from '@playwright/test';
import { watchPage } from '../../e2e/helpers.ts';
import { keyedScenarios } from '../../scenarios/index.ts';
import { type HeapSample, type HeapVerdict, heapVerdict } from './heap.ts';
import { SOAK_SCENARIO, type SoakPlan } from './plan.ts';

export interface SoakOptions {
  plan: SoakPlan;
  /** Origin of the served build, e.g. http://127.0.0.1:4206. */
  base: string;
  /** A heap sample (after a forced GC) every this many frames. */
  heapEvery: number;
  /** A random UI action (language, trace tab, seek, fault at the cursor...) every this many frames. */
  actionEvery: number;
  /** At most this many faults added through the UI (each re-simulates the whole run). */
  uiFaults: number;
  /** Rounds of the scenario tour after the long run (every scenario played). */
  tourRounds: number;
  /** Frames played per scenario in the tour, at most (each ends sooner when its run does). */
  tourFrames: number;
  log(line: string): void;
}

export interface SoakResult {
  virtualMs: number;
  frames: number;
  linkFaults: number;
  uiFaults: number;
  actions: Record<string, number>;
  heap: HeapSample[];
  verdict: HeapVerdict;
  /** Console errors and warnings, uncaught exceptions, CSP violations, requests off the origin. */
  problems: string[];
  /** A step forward after the run changed the timeline's text (time and caption). */
  responsive: boolean;
  wallMs: number;
  ok: boolean;
}

/** Small seeded generator for the action mix (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LANGS = ['en', 'pt', 'ru'] as const;
/** Wall ms per frame: the ticker's longest tick (MAX_TICK_MS). */
const FRAME_MS = 100;

/** The play triangle of the transport (ICON.play in src/views/Controls.tsx). */
const PLAY_ICON = 'M8 5.5v13l10.5-6.5z';
/** Language-independent handles (the accessible names change with the language). */
const SEL = {
  scrubber: '.controls input.scrubber',
  play: '.controls .icon-button.primary',
  restart: '.controls .buttons button:nth-child(1)',
  forward: '.controls .buttons button:nth-child(4)',
  lang: '.lang-select select',
  faultButtons: '.whatif .wi-buttons button:not([disabled])',
  menuItems: '[role="menu"] [role="menuitem"]',
};

async function heapBytes(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

interface Cursor {
  t: number;
  max: number;
  text: string;
}

const cursor = (page: Page): Promise<Cursor> =>
  page.locator(SEL.scrubber).evaluate((el) => {
    const input = el as HTMLInputElement;
    return {
      t: Number(input.value),
      max: Number(input.max),
      text: input.getAttribute('aria-valuetext') ?? '',
    };
  });

export async function runSoak(page: Page, opts: SoakOptions): Promise<SoakResult> {
  const { plan, log } = opts;
  const started = Date.now();
  // Console errors and warnings, uncaught exceptions, requests off the origin (as in every e2e test).
  const { problems } = watchPage(page, opts.base);
  page.on('crash', () => problems.push('the page crashed'));
  const random = rng(plan.seed ^ 0x5eed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const actions: Record<string, number> = {};
  const did = (a: string) => {
    actions[a] = (actions[a] ?? 0) + 1;
  };

  // CSP violations are reported to the page as events; collect them where the check can read them.
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective}: ${e.blockedURI}`),
    );
  });
  // A fault added at the cursor re-simulates the run in the worker from a checkpoint at the cursor
  // (or from the start, seconds for 24 h, when the cursor moved back).
  page.setDefaultTimeout(180_000);
  await page.clock.install();
  const cdp = await page.context().newCDPSession(page);

  log(`  opening ${plan.hours} h of ${SOAK_SCENARIO} with ${plan.faults.length} faults in the link`);
  await page.goto(`${opts.base}/${plan.query}`, { timeout: 180_000 });
  await page.locator('[data-node]').first().waitFor({ timeout: 180_000 });
  // The link's long run is simulated in the worker after the story opens: wait until it is all there.
  await page.locator('.sim-progress').waitFor({ state: 'detached', timeout: 180_000 });
  const first = await cursor(page);
  if (first.max !== plan.durationMs) throw new Error(`the run lasts ${first.max} ms, not ${plan.durationMs}`);

  const heap: HeapSample[] = [];
  let frames = 0;
  let uiFaults = 0;
  const sample = async (t: number, phase: HeapSample['phase']) => {
    // Always in the same view: the log tab holds rows for the whole run (~100 MB for 24 h, freed when
    // it closes), so samples taken on either tab at random would look like noise or a trend.
    const sequence = page.locator('#trace-tab-sequence[aria-selected="false"]');
    if (await sequence.count()) {
      await sequence.click();
      did('trace tab (sequence / log)');
    }
    const bytes = await heapBytes(cdp);
    heap.push({ frame: frames, virtualMs: t, bytes, phase });
    log(
      `  heap ${(bytes / 1e6).toFixed(1).padStart(6)} MB at ${(t / 3_600_000).toFixed(2).padStart(5)} h, frame ${frames} (${phase}), ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  };
  await sample(0, 'boot');

  const ensurePlaying = async () => {
    // Paused when the transport shows the play icon (its name changes with the language).
    const d = await page.locator(`${SEL.play} path`).getAttribute('d');
    if (d === PLAY_ICON) await page.locator(SEL.play).click();
  };

  const action = async () => {
    const kind = pick(['lang', 'lang', 'tab', 'seek', 'fault', 'fault', 'undo'] as const);
    switch (kind) {
      case 'lang': {
        const current = await page.locator(SEL.lang).inputValue();
        const next = LANGS[(LANGS.indexOf(current as (typeof LANGS)[number]) + 1) % LANGS.length] ?? 'en';
        await page.locator(SEL.lang).selectOption(next);
        did(`language -> ${next}`);
        return;
      }
      case 'tab': {
        const log = page.locator('#trace-tab-log[aria-selected="false"]');
        await ((await log.count()) ? log : page.locator('#trace-tab-sequence')).click();
        did('trace tab (sequence / log)');
        return;
      }
      case 'seek': {
        // Back a little on the Timeline slider (its keyboard): the same stretch is drawn again.
        await page.locator(SEL.scrubber).focus();
        await page.keyboard.press('ArrowLeft');
        await page.locator(SEL.scrubber).blur();
        did('seek back on the Timeline');
        return;
      }
      case 'fault': {
        if (uiFaults >= opts.uiFaults) return;
        // Half from the What-if panel's buttons, half from a node's context menu; both at the cursor.
        if (random() < 0.5) {
          const buttons = page.locator(SEL.faultButtons);
          const n = await buttons.count();
          if (n === 0) return;
          await buttons.nth(Math.floor(random() * n)).click();
          did('fault at the cursor: What-if button');
        } else {
          const nodes = page.locator('[data-node]');
          const n = await nodes.count();
          await nodes.nth(Math.floor(random() * n)).click({ button: 'right' });
          const items = page.locator(SEL.menuItems);
          if ((await items.count()) === 0) {
            await page.keyboard.press('Escape');
            return;
          }
          await items.nth(Math.floor(random() * (await items.count()))).click();
          did('fault at the cursor: node menu');
        }
        uiFaults++;
        return;
      }
      case 'undo': {
        await page.locator('h1').click();
        await page.keyboard.press('Control+z');
        did('undo (Ctrl+Z)');
        return;
      }
    }
  };

  await ensurePlaying();
  let at = first;
  let stalled = 0;
  while (at.t < at.max) {
    await page.clock.fastForward(FRAME_MS);
    frames++;
    if (frames % opts.actionEvery === 0) {
      await action();
      await ensurePlaying();
    }
    if (frames % 25 === 0) {
      const now = await cursor(page);
      // Nothing moved over 25 frames: the player stopped (an action paused it), start it again.
      stalled = now.t === at.t ? stalled + 1 : 0;
      if (stalled > 0) await ensurePlaying();
      if (stalled > 4) throw new Error(`the cursor is stuck at ${now.t} ms`);
      at = now;
    }
    if (frames % opts.heapEvery === 0) await sample(at.t, 'run');
  }
  await sample(at.max, 'end');

  // Still responsive: from the start, a step forward changes what the timeline says.
  await page.locator(SEL.restart).click();
  const before = (await cursor(page)).text;
  await page.locator(SEL.forward).click();
  await page.clock.fastForward(FRAME_MS);
  const responsive = (await cursor(page)).text !== before;

  // The tour: the five stories and the sandbox (the catalogue and the number keys), played to its
  // end, in the three languages. The pitfalls' and real systems' runs are the benchmark's to weigh.
  for (let round = 0; round < opts.tourRounds; round++) {
    for (const [i, s] of keyedScenarios.entries()) {
      if (i % 2 === 0) {
        await page.locator('.catalogue-toggle').click();
        await page.locator(`[role="option"][data-scenario="${s.id}"]`).click();
      } else {
        await page.locator('h1').click();
        await page.keyboard.press(String(i + 1));
      }
      did('scenario switch');
      await page.locator(SEL.lang).selectOption(LANGS[(round + i) % LANGS.length] ?? 'en');
      await ensurePlaying();
      for (let k = 0; k < opts.tourFrames; k++) {
        await page.clock.fastForward(FRAME_MS);
        frames++;
        if (k % 10 === 9) {
          const c = await cursor(page);
          if (c.t >= c.max) break;
        }
      }
    }
  }
  const endT = (await cursor(page)).t;
  await sample(endT, 'tour');

  const csp = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  problems.push(...csp.map((c) => `CSP violation: ${c}`));
  const verdict = heapVerdict(heap);
  const ok = problems.length === 0 && responsive && verdict.ok;
  return {
    virtualMs: at.max,
    frames,
    linkFaults: plan.faults.length,
    uiFaults,
    actions,
    heap,
    verdict,
    problems,
    responsive,
    wallMs: Date.now() - started,
    ok,
  };
}
