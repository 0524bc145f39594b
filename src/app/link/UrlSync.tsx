/** The address bar follows the view: its canonical query (linkFor), written back with replaceState. */
import { useEffect, useRef } from 'react';
import { getLocale } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { usePlayerStore } from '../../player/react.ts';
import type { PlayerState } from '../../player/store.ts';
import type { ThemeMode } from '../shell/theme.ts';
import { encodeView, type TracePanel, viewOf } from './view.ts';

/** The canonical query of what is on screen (link/view.ts). */
export function linkFor(
  p: PlayerState,
  theme: ThemeMode,
  panel: TracePanel,
  lang: string = getLocale(),
): string {
  return encodeView(viewOf(p, { panel, theme: theme === 'system' ? null : theme, lang }));
}

/**
 * Keeps the address bar on the view's canonical URL (replaceState, no history spam), throttled:
 * not while playing (the cursor moves every frame), only once paused or when the step changes.
 */
export function UrlSync({ theme, panel }: { theme: ThemeMode; panel: TracePanel }) {
  const store = usePlayerStore();
  const locale = useLocale();
  const first = useRef(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      const next = `${window.location.pathname}${linkFor(store.getState(), theme, panel, locale)}${window.location.hash}`;
      if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
        window.history.replaceState(window.history.state, '', next);
    };
    const schedule = () => {
      if (timer === null) timer = setTimeout(write, 200);
    };
    // The page's own URL is left alone until the user changes something: a plain visit stays plain.
    if (first.current) first.current = false;
    else schedule();
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.playing && prev.playing && s.stepIndex === prev.stepIndex && s.run === prev.run) return;
      schedule();
    });
    return () => {
      unsubscribe();
      if (timer !== null) {
        clearTimeout(timer);
        write();
      }
    };
  }, [store, theme, panel, locale]);
  return null;
}
