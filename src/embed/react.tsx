import { type CSSProperties, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { isLocale, setLocale } from '../i18n/index.ts';
import { installSimulator } from '../player/simulator.ts';
import type { PlayerStore } from '../player/store.ts';
import { hostIdsOf, simulate } from '../sim/simulate.ts';
import { type PlayerAttribute, searchFromAttributes } from './attributes.ts';
import type { EmbedController } from './controller.ts';
import { PlayerRoot } from './PlayerRoot.tsx';
import { playerShadow } from './shadow.ts';

// The component is one self-contained module: each player simulates its first run at once, on its page.
// Here, not in lib-react.ts: a host's bundler may skip a re-exporting entry (package.json sideEffects).
installSimulator({ simulate, hostIdsOf });

export interface LeaderElectionPlayerProps {
  scenario?: string;
  /** 1-based narration step to open at. */
  step?: number;
  /** Cursor in virtual ms (when no step). */
  t?: number;
  seed?: number;
  nodes?: number;
  speed?: number;
  controls?: 'minimal' | 'full' | 'none';
  lang?: 'en' | 'pt' | 'ru';
  theme?: 'light' | 'dark';
  autoplay?: boolean;
  loop?: boolean;
  start?: number;
  end?: number;
  /** Nodes whose statechart is shown beside the cluster: "node-1" or "node-1,node-3". */
  inspect?: string;
  /**
   * URL of a story file (JSON, "storyFile": 1) on the lab's own site, opened in place of `scenario`;
   * relative to the lab. A URL on another site is refused with a message.
   */
  src?: string;
  /** A story link's data (what follows `#story=` in the lab's link), opened in place of `scenario`. */
  story?: string;
  /** Where "Open in Leader Election Lab" goes (the deployed app); no link without it. */
  appUrl?: string;
  className?: string;
  /** Size of the player's box (default 480 px high, the width of its container). */
  style?: CSSProperties;
  /** The player's own store, once it runs (to drive it: play, pause, goToStep, selectScenario). */
  onReady?(store: PlayerStore): void;
}

/**
 * The player as a React component (Docusaurus / MDX), same props as the custom element's attributes.
 * It renders into its own shadow root (styles isolated from the docs theme, and the docs theme
 * from it) through a portal, so it shares the page's React; each one has its own player store.
 */
export function LeaderElectionPlayer(props: LeaderElectionPlayerProps) {
  const host = useRef<HTMLDivElement>(null);
  const [mount, setMount] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (host.current) setMount(playerShadow(host.current).mount);
  }, []);
  const attr = (n: PlayerAttribute): string | null => {
    const v = props[n];
    if (v === undefined) return null;
    if (typeof v === 'boolean') return v ? '' : 'false';
    return String(v);
  };
  const search = searchFromAttributes(attr);
  // A new run (new key, fresh player) only when a run prop changes; theme and lang restyle it.
  const runKey = searchFromAttributes((n) => (n === 'theme' || n === 'lang' ? null : attr(n)));
  const { lang } = props;
  useEffect(() => {
    if (lang && isLocale(lang)) setLocale(lang);
  }, [lang]);
  const { onReady } = props;
  const ready = useCallback((store: PlayerStore, _c: EmbedController) => onReady?.(store), [onReady]);
  return (
    <div ref={host} className={props.className} style={props.style} data-theme={props.theme}>
      {mount &&
        createPortal(
          <PlayerRoot
            key={runKey}
            search={search}
            appUrl={props.appUrl ?? null}
            host={host.current}
            onReady={ready}
          />,
          mount,
        )}
    </div>
  );
}
