/** Space, arrows, PageUp/PageDown, Home, 1-6 (the five stories and the sandbox), P and ? on the window (see keys.ts). */
import { useLayoutEffect } from 'react';
import { usePlayer, usePlayerStore } from '../../player/react.ts';
import { loadScenarios, useScenarioModule } from '../boot/scenarioList.ts';
import { keyAction, keyInputOf } from './keys.ts';

/** Space, arrows, PageUp/PageDown, Home, 1-6, P and ? (see keys.ts), unless a dialog or the ADR panel has the focus. */
export function KeyboardShortcuts({ onHelp, onPresent }: { onHelp(): void; onPresent(): void }) {
  const toggle = usePlayer((s) => s.togglePlay);
  const back = usePlayer((s) => s.stepBack);
  const forward = usePlayer((s) => s.stepForward);
  const restart = usePlayer((s) => s.restart);
  const select = usePlayer((s) => s.selectScenario);
  const store = usePlayerStore();
  // Until the catalogue has arrived (the default view, for a moment) a digit fetches it, then picks.
  const keyed = useScenarioModule()?.keyedScenarios ?? null;
  // Listening from the commit that draws the cluster (a layout effect, as ClusterView draws): a key
  // pressed as soon as the picture shows is not lost to a passive effect that has not run yet.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const el = e.target instanceof Element ? e.target : null;
      // The catalogue's panel has keys of its own (arrows, letters for its filter).
      if (el?.closest('dialog, .adr-panel, .catalogue-panel')) return;
      const action = keyAction(keyInputOf(e, el), keyed?.length ?? 9);
      if (!action) return;
      e.preventDefault();
      switch (action.kind) {
        case 'toggle':
          return toggle();
        case 'back':
          return back();
        case 'forward':
          return forward();
        case 'restart':
          return restart();
        case 'help':
          return onHelp();
        case 'present':
          return onPresent();
        case 'scenario': {
          if (keyed) {
            const s = keyed[action.index];
            if (s) select(s.id);
            return;
          }
          loadScenarios().then(
            (m) => {
              const s = m.keyedScenarios[action.index];
              if (s) select(s.id);
            },
            // Refused as a change is: the alert says the story needs the network (scenarioList.ts).
            (err: unknown) => store.setState({ rejected: err instanceof Error ? err.message : String(err) }),
          );
          return;
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle, back, forward, restart, select, onHelp, onPresent, keyed, store]);
  return null;
}
