/**
 * Interactions in the BUILT app: a fault at the cursor, a knob change and a scenario switch, on a
 * story and on a 24 h run. For each: the longest main-thread task from the click until the new run
 * is on screen (a PerformanceObserver on long tasks; 0 when there was none over 50 ms), and the wall
 * time from the click to the first frame drawn with the new run (its change shows: the fault's
 * marker, the knob's value in the picture, the scenario's pill). Wall-clock numbers, bench only;
 * beside the longest task's wall time, the longest task's CPU time on the page's main thread (a
 * Chromium trace's RunTask `tdur`): on a busy machine a task's wall time counts other processes' work.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { mainThreadTaskCpuMs } from '../lib/chromeTrace.ts';
import { spread } from './stats.ts';

export interface InteractionRow {
  label: string;
  /** Longest main-thread task from the click until the run is complete (ms; 0 = none over 50 ms). */
  longestTaskMs: number;
  longTasks: number;
  /**
   * Longest main-thread task's CPU time from the click until the run is complete (ms, any length):
   * the page's own work, whatever else the machine runs. The budget is the wall figure above. Null
   * unless asked for (`--cpu`): the trace that gives it slows the page, so the wall figures of a
   * traced run are not the budget's.
   */
  longestTaskCpuMs: number | null;
  /** Click to the first frame drawn with the new run. */
  firstFrameMs: number;
  /** Click to the commit that removes the progress: the whole run simulated and on screen (for a story, the commit that shows it). */
  completeMs: number;
  /**
   * A row measured more than once (a 24 h run's fault at the cursor, FAULT_REPEAT times): each figure
   * above is the median of the runs, and here are each figure's runs, in order.
   */
  runs?: Pick<InteractionRow, 'longestTaskMs' | 'firstFrameMs' | 'completeMs'>[];
}

/**
 * How many times a 24 h run's fault at the cursor is measured, each in a fresh page (BENCH_FAULT_REPEAT,
 * default 3). On a shared 2-core machine one run's figures move by a second (the whole run: 2.6 s to
 * 3.8 s over earlier single runs) and a long task comes and goes with the other processes' work;
 * the budget is held by the median, and the table gives every run beside it.
 */
export const FAULT_REPEAT = Math.max(1, Number(process.env.BENCH_FAULT_REPEAT ?? 3));

/** Rows of one interaction measured several times, as one row: each figure the median of the runs. */
export function medianRow(rows: readonly InteractionRow[]): InteractionRow {
  const first = rows[0];
  if (!first) throw new Error('medianRow needs at least one run');
  if (rows.length === 1) return first;
  const med = (f: (r: InteractionRow) => number) => Math.round(spread(rows.map(f)).median);
  const cpus = rows.map((r) => r.longestTaskCpuMs);
  return {
    label: first.label,
    longestTaskMs: med((r) => r.longestTaskMs),
    longTasks: med((r) => r.longTasks),
    longestTaskCpuMs: cpus.every((c) => c !== null) ? med((r) => r.longestTaskCpuMs as number) : null,
    firstFrameMs: med((r) => r.firstFrameMs),
    completeMs: med((r) => r.completeMs),
    runs: rows.map(({ longestTaskMs, firstFrameMs, completeMs }) => ({
      longestTaskMs,
      firstFrameMs,
      completeMs,
    })),
  };
}

/**
 * The budgets of a 24 h run's fault at the cursor (issue #40): no main-thread task over 50 ms (the
 * RAIL model's budget for a response to input, web.dev/articles/rail), the first frame with the
 * new run within 300 ms, and the whole run within 3 s.
 */
export const LONG_RUN_BUDGET = { longestTaskMs: 50, firstFrameMs: 300, completeMs: 3_000 } as const;

/** Whether a row is held to LONG_RUN_BUDGET (and measured FAULT_REPEAT times): a 24 h run's fault at the cursor. */
export const heldToBudget = (r: Pick<InteractionRow, 'label'>) =>
  r.label.startsWith('24 h') && r.label.includes('fault');

/** "met" / "missed" per figure of a row held to the budget (null otherwise). */
export function budgetVerdict(r: InteractionRow): string | null {
  if (!heldToBudget(r)) return null;
  const b = LONG_RUN_BUDGET;
  const v = (ok: boolean) => (ok ? 'met' : 'missed');
  return [
    ...(r.runs ? [`median of ${r.runs.length}`] : []),
    `longest task <= ${b.longestTaskMs} ms: ${v(r.longestTaskMs <= b.longestTaskMs)}`,
    `first frame <= ${b.firstFrameMs} ms: ${v(r.firstFrameMs <= b.firstFrameMs)}`,
    `whole run <= ${b.completeMs / 1000} s: ${v(r.completeMs <= b.completeMs)}`,
  ].join('; ');
}

interface W {
  __long: number[];
}

async function watchLongTasks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as W & { __input: number };
    w.__long = [];
    w.__input = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(e.duration);
    }).observe({ type: 'longtask' });
    // The moment of the user's input (the click on the menu item, Enter in the field), not when the
    // driver started the action: times are measured from here.
    for (const type of ['click', 'keydown'])
      document.addEventListener(type, (e) => (w.__input = e.timeStamp), { capture: true });
  });
}

/** A figure of a row, in ms: with each run's value after the median when it was measured more than once. */
export function figure(r: InteractionRow, key: 'longestTaskMs' | 'firstFrameMs' | 'completeMs'): string {
  const one = (ms: number) => (key === 'longestTaskMs' && ms === 0 ? 'none over 50 ms' : `${ms} ms`);
  if (!r.runs) return one(r[key]);
  return `${one(r[key])} (runs: ${r.runs.map((x) => (key === 'longestTaskMs' && x[key] === 0 ? 'none' : x[key])).join(', ')})`;
}

/** The longest RunTask's CPU time (ms) on a renderer's main thread in a Chromium trace. */
export const longestTaskCpuMs = (trace: Buffer): number => Math.max(0, ...mainThreadTaskCpuMs(trace));

/**
 * What the page shows once the new run is drawn, checked on the page itself: an element matching
 * `selector` whose text includes `text`, or at least `atLeast` of them.
 */
interface Seen {
  selector: string;
  text?: string;
  atLeast?: number;
}

interface Timing {
  __frameAt: number;
  __doneAt: number;
}

/**
 * Times the new run on the page: a MutationObserver notes the commit that shows it (`seen`), the
 * frame after it (requestAnimationFrame) and the commit that removes the progress (no change being
 * simulated). Not when the driver notices: Playwright polls for an element, and it noticed the
 * progress gone 80 to 350 ms after the page had removed it, which the whole-run figure counted before.
 */
async function watchRun(page: Page, seen: Seen) {
  // No named functions in here: tsx wraps them in a helper the page does not have.
  await page.evaluate((seen) => {
    const w = window as unknown as Timing;
    w.__frameAt = 0;
    w.__doneAt = 0;
    let shownAt = 0;
    const obs = new MutationObserver(() => {
      if (!shownAt) {
        const els = [...document.querySelectorAll(seen.selector)];
        const text = seen.text;
        if (
          text !== undefined
            ? els.some((e) => e.textContent?.includes(text))
            : els.length >= (seen.atLeast ?? 1)
        ) {
          shownAt = performance.now();
          requestAnimationFrame(() => {
            w.__frameAt = performance.now();
          });
        }
      }
      if (shownAt && !document.querySelector('.sim-progress')) {
        w.__doneAt = performance.now();
        obs.disconnect();
      }
    });
    obs.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, seen);
}

/** Runs `act`, then waits until the page shows the new run (`seen`) with no change being simulated. */
async function measure(page: Page, label: string, act: () => Promise<void>, seen: Seen, cpu = false) {
  await page.evaluate(() => {
    (window as unknown as W).__long = [];
  });
  await watchRun(page, seen);
  const browser = cpu ? page.context().browser() : null;
  // The trace holds each task's thread time (tdur); the Long Tasks API gives wall time only.
  await browser?.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await act();
  const t0 = await page.evaluate(() => (window as unknown as { __input: number }).__input);
  await page.waitForFunction(
    () => {
      const w = window as unknown as Timing;
      return w.__frameAt > 0 && w.__doneAt > 0;
    },
    undefined,
    { timeout: 600_000 },
  );
  const { __frameAt: first, __doneAt: done } = await page.evaluate(() => {
    const { __frameAt, __doneAt } = window as unknown as Timing;
    return { __frameAt, __doneAt };
  });
  // Long tasks are reported a little after they end.
  await page.waitForTimeout(200);
  const long = await page.evaluate(() => (window as unknown as W).__long);
  const trace = browser ? await browser.stopTracing() : null;
  return {
    label,
    longestTaskMs: Math.round(Math.max(0, ...long)),
    longTasks: long.length,
    longestTaskCpuMs: trace ? Math.round(longestTaskCpuMs(trace)) : null,
    firstFrameMs: Math.round(first - t0),
    completeMs: Math.round(done - t0),
  } satisfies InteractionRow;
}

/** Moves the cursor like a drag of the timeline would (an input event on the range). */
async function seekTo(page: Page, ms: number) {
  await page.locator('input.scrubber').evaluate((el, v) => {
    const input = el as HTMLInputElement;
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    set?.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, ms);
}

async function crashAtCursor(page: Page, node: string) {
  await page.locator(`[data-node="${node}"]`).click({ button: 'right' });
  await page
    .getByRole('menu', { name: new RegExp(`Faults for ${node}`) })
    .getByRole('menuitem', { name: 'Crash' })
    .click();
}

async function setKnob(page: Page, name: string, value: string) {
  const knob = page.getByRole('region', { name: 'Knobs' }).getByRole('spinbutton', { name });
  await knob.fill(value);
  await knob.press('Enter');
}

/**
 * A fresh page on `query`, its run complete, the cursor moved to `cursor`, then `restMs` at rest: the engine's checkpoint copy of the run walks to the cursor while the user looks at
 * it. `noWorker`: the path where no worker may start (a page whose Content-Security-Policy forbids
 * it: the Worker constructor throws), where the engine runs on the page in slices (engine/client.ts).
 */
async function openAtRest(
  ctx: BrowserContext,
  base: string,
  query: string,
  cursor: number,
  restMs: number,
  noWorker: boolean,
): Promise<Page> {
  const page = await ctx.newPage();
  if (noWorker)
    await page.addInitScript(() => {
      globalThis.Worker = class {
        constructor() {
          throw new DOMException('a worker script must come from the page origin', 'SecurityError');
        }
      } as unknown as typeof Worker;
    });
  await page.goto(`${base}/${query}`);
  await page.locator('[data-node]').first().waitFor({ state: 'visible' });
  await page.locator('.sim-progress').waitFor({ state: 'detached', timeout: 600_000 });
  await watchLongTasks(page);
  await seekTo(page, cursor);
  await page.waitForTimeout(restMs);
  return page;
}

export async function runInteractions(
  browser: Browser,
  base: string,
  log: (s: string) => void,
  cpu = false,
): Promise<InteractionRow[]> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const rows: InteractionRow[] = [];
  const interventions = (page: Page) => page.getByRole('region', { name: 'Interventions' });
  try {
    for (const [label, query, cursor, settleMs, noWorker] of [
      ['story (etcd-lease)', '?scenario=etcd-lease&whatif=1', 20_000, 500, false],
      ['24 h run (etcd-lease)', '?scenario=etcd-lease&whatif=1&duration=86400', 12 * 3_600_000, 0, false],
      // The path where no worker may start (openAtRest).
      [
        '24 h run (etcd-lease), no worker',
        '?scenario=etcd-lease&whatif=1&duration=86400',
        12 * 3_600_000,
        0,
        true,
      ],
    ] as const) {
      const rest = settleMs || 20_000;
      const faultLabel = `${label}: fault at the cursor (after ${rest / 1000} s at rest)`;
      const open = () => openAtRest(ctx, base, query, cursor, rest, noWorker);
      const fault = async (p: Page) => {
        const before = await interventions(p).locator('li').count();
        const row = await measure(
          p,
          faultLabel,
          () => crashAtCursor(p, 'node-3'),
          { selector: 'section[aria-label="Interventions"] li', atLeast: before + 1 },
          cpu,
        );
        log(`  ${faultLabel}: ${JSON.stringify(row)}`);
        return row;
      };
      // A 24 h run's fault is measured FAULT_REPEAT times, each in a fresh page; the knob and the
      // switch come after the last one, on its page.
      const faults: InteractionRow[] = [];
      for (let rep = 1; rep < (heldToBudget({ label: faultLabel }) ? FAULT_REPEAT : 1); rep++) {
        const p = await open();
        faults.push(await fault(p));
        await p.close();
      }
      const last = await open();
      faults.push(await fault(last));
      rows.push(medianRow(faults));
      if (noWorker) {
        await last.close();
        continue;
      }
      rows.push(
        await measure(
          last,
          `${label}: knob change (ttlS 20)`,
          () => setKnob(last, 'ttlS', '20'),
          // The new run is on screen when the store panel's leases say TTL 20 s.
          { selector: 'body', text: 'TTL 20 s' },
          cpu,
        ),
      );
      log(`  ${rows.at(-1)?.label}: ${JSON.stringify(rows.at(-1))}`);
      // The switch is the click on the catalogue's card (src/app/shell/Catalogue.tsx), opened beforehand.
      await last.getByRole('button', { name: /^Scenarios / }).click();
      rows.push(
        await measure(
          last,
          `${label}: scenario switch (to fencing-token)`,
          () => last.getByRole('option', { name: /^Fencing token/ }).click(),
          // The catalogue's button names the story shown ("Scenarios <title>").
          { selector: '.catalogue-current', text: 'Fencing token' },
          cpu,
        ),
      );
      log(`  ${rows.at(-1)?.label}: ${JSON.stringify(rows.at(-1))}`);
      await last.close();
    }
  } finally {
    await ctx.close();
  }
  return rows;
}
