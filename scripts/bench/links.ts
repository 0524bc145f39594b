/**
 * First paint of a cold story link and a cold embed beside the default view's, in the same run, loaded
 * interleaved (load from other work hits them alike): the budgets say a link or an embed paints within
 * 1.3x the default view's first contentful paint, and its picture at the link's step within 2x.
 * "The picture" is the first frame with the story's cluster and the link's step in the caption
 * (the build's picture of it, src/app/prerender/linkViews.tsx, or the app's own, whichever comes first).
 */
import type { Browser } from '@playwright/test';
import { newContext } from './render.ts';
import { type Spread, spread } from './stats.ts';

export interface LinkPage {
  label: string;
  query: string;
  /** The caption's counter at the link's step. */
  step: RegExp;
}

export const LINK_PAGES: readonly LinkPage[] = [
  { label: 'default view', query: '/', step: /^Step 1 of 9$/ },
  { label: 'story link', query: '/?scenario=etcd-lease', step: /^9 steps$/ },
  { label: 'story link at a step', query: '/?scenario=patroni&step=6&lang=pt', step: /^Passo 6 de 12$/ },
  { label: 'embed', query: '/?embed=1&scenario=fencing-token&step=3', step: /^Step 3 of 10$/ },
];

export interface LinkRow {
  label: string;
  query: string;
  fcpMs: Spread;
  pictureMs: Spread;
}

/** One cold load: first contentful paint, and the first frame with the picture at the link's step. */
async function coldLink(
  browser: Browser,
  base: string,
  page: LinkPage,
): Promise<{ fcp: number; picture: number }> {
  const ctx = await newContext(browser);
  try {
    await ctx.addInitScript((source: string) => {
      const w = window as unknown as { __picture?: number };
      const re = new RegExp(source);
      const seen = () =>
        [...document.querySelectorAll('#root .caption .step-no')].some(
          (n) => re.test((n.textContent ?? '').trim()) && (n as HTMLElement).offsetParent !== null,
        ) && document.querySelector('#root .cluster-svg g.host') !== null;
      const mo = new MutationObserver(() => {
        if (w.__picture !== undefined || !seen()) return;
        mo.disconnect();
        // The frame that paints it: its rAF runs just before that paint.
        requestAnimationFrame(() => {
          w.__picture = performance.now();
        });
      });
      mo.observe(document, { childList: true, subtree: true, characterData: true });
    }, page.step.source);
    const p = await ctx.newPage();
    await p.goto(`${base}${page.query}`);
    await p.waitForFunction(
      // Both: on a loaded machine the paint's entry may be recorded after the picture's frame ran.
      () =>
        (window as unknown as { __picture?: number }).__picture !== undefined &&
        performance.getEntriesByName('first-contentful-paint').length > 0,
      null,
      {
        timeout: 30_000,
      },
    );
    return await p.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      picture: (window as unknown as { __picture: number }).__picture,
    }));
  } finally {
    await ctx.close();
  }
}

/** `loads` cold loads of each page, interleaved (the order turned around every other round). */
export async function runLinks(browser: Browser, base: string, loads = 5): Promise<LinkRow[]> {
  const got = LINK_PAGES.map(() => ({ fcp: [] as number[], picture: [] as number[] }));
  const order = LINK_PAGES.map((_, i) => i);
  for (let r = 0; r < loads; r++)
    for (const i of r % 2 ? [...order].reverse() : order) {
      const m = await coldLink(browser, base, LINK_PAGES[i] as LinkPage);
      got[i]?.fcp.push(m.fcp);
      got[i]?.picture.push(m.picture);
    }
  return LINK_PAGES.map((p, i) => ({
    label: p.label,
    query: p.query,
    fcpMs: spread(got[i]?.fcp ?? []),
    pictureMs: spread(got[i]?.picture ?? []),
  }));
}

/** The table, with each page's ratios to the default view's first contentful paint and the budgets. */
export function linkTable(rows: readonly LinkRow[], peerFcp?: { label: string; fcpMs: Spread }): string {
  const base = rows[0]?.fcpMs.median ?? Number.NaN;
  const ms = (s: Spread) => `${s.median.toFixed(0)} (${s.min.toFixed(0)}-${s.max.toFixed(0)})`;
  const lines = [
    '| page | first contentful paint, ms | x default | picture at its step, ms | x default FCP | budgets (1.3x, 2x) |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const f = r.fcpMs.median / base;
    const p = r.pictureMs.median / base;
    const ok = f <= 1.3 && p <= 2;
    lines.push(
      `| ${r.label} (\`${r.query}\`) | ${ms(r.fcpMs)} | ${f.toFixed(2)} | ${ms(r.pictureMs)} | ${p.toFixed(2)} | ${ok ? 'met' : 'MISSED'} |`,
    );
  }
  if (peerFcp)
    lines.push(
      `| ${peerFcp.label} | ${ms(peerFcp.fcpMs)} | ${(peerFcp.fcpMs.median / base).toFixed(2)} | | | |`,
    );
  return lines.join('\n');
}
