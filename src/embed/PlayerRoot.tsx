import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/index.ts';
import { PlayerContext } from '../player/react.ts';
import type { PlayerStore } from '../player/store.ts';
import { startTicker } from '../player/ticker.ts';
import { splitStory } from './attributes.ts';
import { attachEmbed, type EmbedController } from './controller.ts';
import { bootEmbed } from './EmbedApp.tsx';
import { EmbedPlayer, storyOfPage } from './EmbedPlayer.tsx';
import { watchVisibility } from './visibility.ts';

export interface PlayerRootProps {
  /** The player's view as a link query (see attributes.ts): one codec for links and attributes. */
  search: string;
  appUrl: string | null;
  /** The element on the host page whose visibility starts autoplay and pauses playback (the host element). */
  host?: Element | null;
  /** Called once the player runs, with its own store (each element and component has one). */
  onReady?(store: PlayerStore, controller: EmbedController): void;
}

/**
 * One embedded player inside a host page (custom element or React component): its own store,
 * ticker and range; nothing global but the language (i18n is one catalog per page).
 */
export function PlayerRoot({ search, appUrl, host, onReady }: PlayerRootProps) {
  // `src=` is read from the lab's own site: where this script was served from, not the host page.
  const [booted] = useState(() => {
    const { search: query, hash } = splitStory(search);
    return {
      ...bootEmbed(query, { hash, origin: labOrigin(), base: labBase(), embedded: true }),
      hash,
    };
  });
  const { store, embed, range } = booted;
  // The latest callback, without re-attaching (and re-autoplaying) when the host re-renders.
  const ready = useRef(onReady);
  ready.current = onReady;
  useEffect(() => startTicker(store), [store]);
  useEffect(() => {
    // Autoplay waits until the player is seen (a reveal.js slide further on, a page below the fold).
    const controller = attachEmbed(store, {
      range,
      loop: embed.loop,
      autoplay: embed.autoplay,
      visible: !host,
    });
    const watch = host ? watchVisibility(host, (v) => controller.setVisible(v)) : null;
    ready.current?.(store, controller);
    return () => {
      watch?.stop();
      controller.dispose();
    };
  }, [store, embed, range, host]);
  return (
    <PlayerContext value={store}>
      <EmbedPlayer
        controls={embed.controls}
        problems={booted.problems}
        later={booted.later}
        noticeLabel={t('embed.notice.label')}
        appUrl={appUrl}
        theme={booted.theme}
        range={booted.range}
        rangeOf={booted.rangeOf}
        scope="element"
        story={storyOfPage(booted.hash, embed.src)}
      />
    </PlayerContext>
  );
}

/** The lab's site: where the embed library was served from (dist/embed/x.js -> its origin). */
function labOrigin(): string {
  return new URL(/* @vite-ignore */ './', import.meta.url).origin;
}

/** A relative `src=` is relative to the lab (dist/), as `app-url` is. */
function labBase(): string {
  return new URL(/* @vite-ignore */ '../', import.meta.url).href;
}
