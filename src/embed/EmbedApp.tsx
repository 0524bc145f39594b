import { useEffect, useState } from 'react';
import './embed.css';
import * as catalogue from '../../scenarios/index.ts';
import { type Boot, type BootPage, boot } from '../app/boot/boot.ts';
import { installScenarios } from '../app/boot/scenarioList.ts';
import * as decode from '../app/link/decode.ts';
import { installDecoder } from '../app/link/decoder.ts';
import { applyTheme } from '../app/shell/theme.ts';
import { strings as englishLater } from '../i18n/en.later.ts';
import { installEnglishLater, t } from '../i18n/index.ts';
import { PlayerContext } from '../player/react.ts';
import { stepsOf } from '../player/steps.ts';
import { startTicker } from '../player/ticker.ts';
import { declareAll } from '../sim/algorithms/registry.ts';
import { connectBridge } from './bridge.ts';
import { attachEmbed, checkRange, enterRange } from './controller.ts';
import { EmbedPlayer, storyOfPage } from './EmbedPlayer.tsx';
import type { StepRange } from './range.ts';
import { slideMessage, watchVisibility } from './visibility.ts';

// The embed (this chunk in the app, and the embed libraries) carries the whole catalogue, the link's
// decoder and all of English: a host page may select any story through the postMessage API.
installScenarios(catalogue);
installDecoder(decode);
installEnglishLater(englishLater);
declareAll();

/** `?embed=1`: the player alone, filling its iframe, with the postMessage API to the host page. */
export function EmbedApp({ search }: { search: string }) {
  const [booted] = useState(() =>
    bootEmbed(search, {
      hash: window.location.hash,
      origin: window.location.origin,
      base: window.location.href,
    }),
  );
  const { store, embed, range } = booted;
  useEffect(() => startTicker(store), [store]);
  // The link's theme, else the system's: an embed follows its host, not the lab's saved choice.
  useEffect(() => applyTheme(booted.theme ?? 'system'), [booted.theme]);
  useEffect(() => {
    // Autoplay waits until the frame is seen (a deck loads the next slides' iframes ahead).
    const controller = attachEmbed(store, {
      range,
      loop: embed.loop,
      autoplay: embed.autoplay,
      visible: false,
    });
    const watch = watchVisibility(document.documentElement, (v) => controller.setVisible(v));
    const onSlide = (e: MessageEvent) => {
      const shown = e.source === window.parent ? slideMessage(e.data) : null;
      if (shown !== null) watch.slide(shown);
    };
    window.addEventListener('message', onSlide);
    // A bad `origin` turns the API off rather than open it to every page.
    const disconnect = embed.badOrigin
      ? () => {}
      : connectBridge(
          store,
          controller,
          { origin: embed.origin, scenarioIds: catalogue.scenarioIds },
          window,
        );
    return () => {
      window.removeEventListener('message', onSlide);
      watch.stop();
      disconnect();
      controller.dispose();
    };
  }, [store, embed, range]);
  return (
    <PlayerContext value={store}>
      <EmbedPlayer
        controls={embed.controls}
        problems={booted.problems}
        later={booted.later}
        noticeLabel={t('notice.label')}
        appUrl={`${window.location.origin}${window.location.pathname}`}
        theme={booted.theme}
        range={booted.range}
        rangeOf={booted.rangeOf}
        scope="frame"
        story={storyOfPage(window.location.hash, embed.src)}
      />
    </PlayerContext>
  );
}

/** The app's boot (every view parameter) plus the embed range, loop and autoplay. */
export function bootEmbed(
  search: string,
  page: BootPage = {},
): Boot & { range: StepRange; rangeOf: string | null } {
  const b = boot(search, undefined, page);
  const run = b.store.getState().run;
  const count = run ? stepsOf(run).length : 0;
  const { range, problems } = checkRange(b.embed, count);
  // Before the first render, so the player never shows a step outside its range; again once the
  // link's own run is there (its knobs or faults simulated after the story opened).
  enterRange(b.store, range);
  b.store.getState().whenSettled(() => enterRange(b.store, range));
  return { ...b, problems: [...b.problems, ...problems], range, rangeOf: run?.scenario.id ?? null };
}

/** Whether a query asks for embed mode. */
export function isEmbed(search: string): boolean {
  return new URLSearchParams(search).get('embed') === '1';
}
