import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { END_HOLD_MS } from '../app/export/exportAnimation.ts';
import { decodeEmbed, type EmbedParam } from '../app/link/embed.ts';
import { createPlayerStore } from '../player/store.ts';
import { stepCaption } from '../views/story.ts';
import { attachEmbed } from './controller.ts';

/** The example pages say what their players show: the slides page's fencing-token iframe reaches its point. */
describe('examples/slides.html', () => {
  const html = readFileSync('examples/slides.html', 'utf8');
  const m = /The old leader wakes up[\s\S]*?src="([^"]+)"[\s\S]*?title="([^"]+)"/.exec(html);

  it('the fencing-token iframe plays its range up to the refusal its title and text promise', () => {
    expect(m).not.toBeNull();
    const [, rawSrc = '', title = ''] = m ?? [];
    const text = html.slice(html.indexOf('The old leader wakes up'), html.indexOf('&lt;iframe'));
    const url = new URL(rawSrc.replaceAll('&amp;', '&'));
    const o = decodeEmbed(
      (k: EmbedParam) => url.searchParams.get(k),
      () => {},
    );
    expect(title).toMatch(/stale write is refused/);
    vi.useFakeTimers();
    try {
      const store = createPlayerStore({ scenarios, scenarioId: url.searchParams.get('scenario') ?? '' });
      const run = store.getState().run;
      if (!run) throw new Error('no run');
      const c = attachEmbed(store, {
        range: { first: o.start, last: o.end },
        loop: o.loop,
        autoplay: o.autoplay,
      });
      const shown = new Set<string>();
      let ended = 0;
      c.onEnded(() => ended++);
      for (let i = 0; i < 40_000 && ended === 0; i++) {
        store.getState().tick(50);
        const step = run.trace.steps[store.getState().stepIndex];
        if (step) shown.add(stepCaption(run, step, 'en'));
      }
      vi.advanceTimersByTime(END_HOLD_MS);
      c.dispose();
      expect([...shown].some((s) => s.includes('409 STALE TOKEN'))).toBe(true);
      // The tokens the text names are the run's.
      const tokens = [...text.matchAll(/token (\d+)/g)].map((x) => Number(x[1]));
      expect(tokens.length).toBeGreaterThan(0);
      const run_tokens = new Set(run.index.writes.map((w) => w.token));
      for (const tk of tokens) expect(run_tokens.has(tk)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
