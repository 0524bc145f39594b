import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { createPlayerStore } from '../../player/store.ts';
import { simulate } from '../../sim/simulate.ts';
import { firstRunJson, parseFirstRun } from './firstRun.ts';
import type { FirstView } from './firstView.tsx';
import { PICTURE_SIZES } from './sizes.ts';

// The build's own path: run.ts in its own process, as plugin.ts runs it.
let view: FirstView;
let doc: Document;
beforeAll(() => {
  const run = fileURLToPath(new URL('./run.ts', import.meta.url));
  view = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', run, '--first'], { encoding: 'utf8' }),
  ).first;
  const win = new Window();
  win.document.body.innerHTML = view.html;
  doc = win.document as unknown as Document;
}, 60_000);

describe('the prerendered first view', () => {
  it('is the default story drawn once per stage size, each with every host of its first run', () => {
    const first = scenarios[0];
    expect(first).toBeDefined();
    const svgs = [...doc.querySelectorAll('svg.cluster-svg')];
    expect(svgs.map((s) => [...s.classList].find((c) => c.startsWith('pre-'))).sort()).toEqual(
      PICTURE_SIZES.map((s) => `pre-${s.name}`).sort(),
    );
    for (const svg of svgs) {
      // Laid out for its own size: the viewBox is the layout's (at least the size asked for).
      const size = PICTURE_SIZES.find((s) => svg.classList.contains(`pre-${s.name}`));
      const [, , w, h] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
      expect(w).toBeGreaterThanOrEqual(size?.width ?? Number.NaN);
      expect(h).toBeGreaterThanOrEqual(size?.height ?? Number.NaN);
      expect(svg.querySelectorAll('g.host').length).toBe(5);
      expect(svg.querySelectorAll('.link').length).toBeGreaterThan(0);
    }
    expect(doc.querySelector('.caption .step-no')?.textContent).toMatch(/^Step 1 of \d+$/);
    expect(doc.querySelector('.caption p')?.textContent?.length).toBeGreaterThan(20);
    expect(doc.querySelector('.catalogue-current')?.textContent).toBe('Bully algorithm (legacy)');
  });

  it('is a picture: inert, hidden from assistive technology, without what the live app is found by', () => {
    const app = doc.querySelector('.app');
    expect(app?.hasAttribute('data-prerendered')).toBe(true);
    expect(app?.hasAttribute('inert')).toBe(true);
    expect(app?.getAttribute('aria-hidden')).toBe('true');
    for (const sel of [
      '[style]',
      '[id]',
      '[data-node]',
      '[data-testid]',
      'script',
      'canvas',
      '[hidden]',
      'dialog',
    ])
      expect(doc.querySelectorAll(sel).length, sel).toBe(0);
  });

  it('keeps every style it was rendered with as a rule of its stylesheet (the CSP allows no inline style)', () => {
    const used = new Set(
      [...doc.querySelectorAll('[class]')].flatMap((n) => [...n.classList].filter((c) => /^ps-\d+$/.test(c))),
    );
    expect(used.size).toBeGreaterThan(0);
    const ruled = new Set([...view.css.matchAll(/\.(ps-\d+) \{/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual([...ruled].sort());
    // The timeline's step marks keep their places.
    expect(view.css).toMatch(/left: [1-9][\d.]*%/);
  });
});

describe('the first run beside it (the page opens on it without simulating)', () => {
  it('is the default story as simulate() gives it, under the key the page store looks it up by', () => {
    const first = scenarios[0];
    if (!first) throw new Error('no scenarios');
    expect(view.firstRun.trace).toEqual(JSON.parse(JSON.stringify(simulate(first))));
    // The page's store (boot's, in the browser) given only this run and the story it carries, as the
    // page parses them: it does not simulate, and needs no other scenario.
    const page = parseFirstRun(firstRunJson(view.firstRun)).run;
    if (!page) throw new Error('the first run does not parse');
    let calls = 0;
    const store = createPlayerStore({
      scenarios: [page.scenario],
      prebuilt: page,
      simulate: (s, o) => {
        calls++;
        return simulate(s, o);
      },
    });
    expect(calls).toBe(0);
    expect(store.getState().run?.trace).toBe(page.trace);
    expect(store.getState().run?.scenario).toEqual(scenarios[0]);
  });

  it('survives the page: its JSON text cannot end the script element, and parses back to the same run', () => {
    const text = firstRunJson(view.firstRun);
    expect(text).not.toMatch(/<\//i);
    expect(parseFirstRun(text)).toEqual({ run: view.firstRun, problem: null });
    const hostile = firstRunJson({ ...view.firstRun, key: '</script><script>alert(1)</script>' });
    expect(hostile).not.toContain('<');
    expect(parseFirstRun(hostile).run?.key).toBe('</script><script>alert(1)</script>');
  });
});
