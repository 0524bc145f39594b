/** The whole app: the shell (header, link notice, stage, dialogs) around one player built from the URL. */
// Before the shell's modules: the bundle's stylesheet keeps the order it had when the shell was one
// file (the sandbox's rules came first; later rules of equal weight win).
import '../../sandbox/sandbox.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { useEnglishLater, useLocale } from '../../i18n/react.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { readLiveToken } from '../../player/liveToken.ts';
import { PlayerContext, usePlayer, usePlayerStore } from '../../player/react.ts';
import { startTicker } from '../../player/ticker.ts';
import { linkPicture } from '../../views/linkPicture.ts';
import { type Boot, boot } from '../boot/boot.ts';
import { ChunkFailed, lazyChunk } from '../boot/lazyChunk.tsx';
import { LinkNotice } from '../link/LinkNotice.tsx';
import { linkFor, UrlSync } from '../link/UrlSync.tsx';
import type { TracePanel } from '../link/view.ts';
import { Header } from './Header.tsx';
import { KeyboardShortcuts } from './KeyboardShortcuts.tsx';
import { SidePanels, Stage, TraceViews } from './Stage.tsx';
import { applyTheme, loadTheme, nextTheme, saveTheme, type ThemeMode } from './theme.ts';

// Not needed for the first drawn cluster: a chunk fetched when first shown.
const AdrPanel = lazyChunk(() => import('../../views/AdrPanel.tsx').then((m) => m.AdrPanel), {
  failed: (p, retry) => p.open && <ChunkFailed floating onRetry={retry} onClose={p.onClose} />,
});

// The shortcuts' dialog is closed in the first frame.
const KeysDialog = lazyChunk(() => import('./KeysDialog.tsx').then((m) => m.KeysDialog), { idle: true });
// Live mode (the page `npm run live` opens, `#live=<token>`): its bar is a chunk of its own.
const LiveBar = lazyChunk(() => import('./LiveBar.tsx').then((m) => m.default));
// Present and Share are fetched when first opened: the first view does not carry them.
const Presentation = lazyChunk(() => import('../present/Presentation.tsx').then((m) => m.Presentation), {
  failed: (p, retry) => <ChunkFailed floating onRetry={retry} onClose={p.onExit} />,
});
const ShareDialog = lazyChunk(() => import('../share/ShareDialog.tsx').then((m) => m.ShareDialog), {
  failed: (p, retry) => p.open && <ChunkFailed floating onRetry={retry} onClose={p.onClose} />,
});

/** True from the first render where `open` was true on: a lazy panel is mounted from its first opening, not before. */
function useOpenedOnce(open: boolean): boolean {
  const used = useRef(false);
  if (open) used.current = true;
  return used.current;
}

function liveToken(): string | null {
  try {
    return readLiveToken(window.location.hash, window.sessionStorage);
  } catch {
    return readLiveToken(window.location.hash, null);
  }
}

function Shell({ boot: initial }: { boot: Boot }) {
  const [live] = useState(liveToken);
  const run = usePlayer((s) => s.run);
  // Live mode shows the recording, never a simulated run before its first events arrive.
  const liveShown = useRef(false);
  if (run?.trace.source === 'etcd') liveShown.current = true;
  const waitingLive = live !== null && !liveShown.current;
  // Live mode's own strings are in the rest of English (i18n/en.later.ts).
  const liveText = useEnglishLater(live !== null);
  const error = usePlayer((s) => s.error);
  const whatIfOpen = usePlayer((s) => s.whatIf);
  // The cursor is read where it is drawn (Stage, SidePanels, TraceViews): the shell does not redraw per frame.
  const seek = usePlayer((s) => s.seek);
  const [panel, setPanel] = useState<TracePanel>(initial.panel);
  const store = usePlayerStore();
  const [adrOpen, setAdrOpen] = useState(false);
  // Mounted from its first opening on (it keeps its width), not before: its chunk loads then.
  const adrUsed = useOpenedOnce(adrOpen);
  const [keysOpen, setKeysOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const shareUsed = useOpenedOnce(shareOpen);
  const [presenting, setPresenting] = useState(false);
  const presentButton = useRef<HTMLButtonElement>(null);
  // A theme in the link holds for this visit (not saved); else the saved choice, else the system's.
  const [theme, setTheme] = useState<ThemeMode>(() => initial.theme ?? loadTheme());
  // Memoized views re-render on their props only: the main area is remounted when the language changes.
  const locale = useLocale();

  useEffect(() => applyTheme(theme), [theme]);

  const cycleTheme = () => {
    const next = nextTheme(theme);
    saveTheme(next);
    setTheme(next);
  };

  const openScenario = useOpenScenario(() => {
    if (window.innerWidth < 900) setAdrOpen(false);
  });

  const link = () => linkFor(store.getState(), theme, panel);

  return (
    <div className="app">
      <a className="skip" href="#player-panel">
        {t('app.skip')}
      </a>
      <Header
        theme={theme}
        onCycleTheme={cycleTheme}
        link={link}
        adrOpen={adrOpen}
        onToggleAdr={() => setAdrOpen((o) => !o)}
        onShare={() => setShareOpen(true)}
        canPresent={run !== null}
        onPresent={() => setPresenting(true)}
        presentButton={presentButton}
        onKeys={() => setKeysOpen(true)}
      />

      <LinkNotice problems={initial.problems} later={initial.later} label={t('notice.label')} />
      {/* A refused change outside the What-if panel (which says it beside the knobs): a story whose
          scenario chunk could not be fetched. */}
      {!whatIfOpen && <Refused />}
      {live && <LiveBar token={live} />}

      {presenting && run && (
        <Presentation
          run={run}
          query={link}
          onExit={() => {
            setPresenting(false);
            requestAnimationFrame(() => presentButton.current?.focus());
          }}
        />
      )}
      {/* While presenting, the stage is the presentation's: one cluster picture on the page. */}
      {!presenting && (
        // A class, not `.layout:has(.whatif.open)`: with :has() on the whole layout, every element the
        // sequence diagram or a panel added or removed in a frame re-checked it and restyled <main>.
        <main className={whatIfOpen ? 'layout whatif-open' : 'layout'} key={locale}>
          <section
            className="stage"
            id="player-panel"
            aria-label={run ? scenarioText(locale, run.scenario, 'title') : undefined}
            tabIndex={-1}
          >
            {waitingLive ? (
              <p className="live-wait" role="status">
                {liveText && t('live.waiting')}
              </p>
            ) : run ? (
              <Stage run={run} onAdr={() => setAdrOpen(true)} />
            ) : (
              <p className="error-text">{t('app.error', { message: error ?? '' })}</p>
            )}
          </section>
          {run && !waitingLive && <SidePanels run={run} />}
          {/* Below the fold: not in the build's link pictures (linkPicture.ts), the app adds it. */}
          {run && !waitingLive && !linkPicture.on && (
            <TraceViews run={run} onSeek={seek} tab={panel} setTab={setPanel} />
          )}
        </main>
      )}

      {adrUsed && (
        <AdrPanel
          open={adrOpen}
          onClose={() => setAdrOpen(false)}
          onOpenScenario={openScenario}
          highlight={run?.scenario.adr ?? []}
        />
      )}
      <KeysDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
      {shareUsed && <ShareDialog open={shareOpen} onClose={() => setShareOpen(false)} query={link} />}
      <KeyboardShortcuts onHelp={() => setKeysOpen(true)} onPresent={() => run && setPresenting(true)} />
      <UrlSync theme={theme} panel={panel} />
    </div>
  );
}

/** The store's refusal of the last change, with Dismiss; the next change that lands clears it too. */
function Refused() {
  const rejected = usePlayer((s) => s.rejected);
  const store = usePlayerStore();
  if (!rejected) return null;
  return (
    <div className="chunk-failed chunk-floating" role="alert">
      <p className="chunk-failed-text">{rejected}</p>
      <button type="button" className="button" onClick={() => store.setState({ rejected: null })}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}

/** Opens a scenario at one of its defined steps (the ADR panel's "see it" links). */
function useOpenScenario(after: () => void) {
  const store = usePlayerStore();
  return useCallback(
    (scenarioId: string, definedStep: number) => {
      const p = store.getState();
      p.selectScenario(scenarioId);
      // ADR links name the scenario's defined step; the run lists the steps that happened, in time order.
      store.getState().whenSettled(() => {
        const run = store.getState().run;
        if (run?.scenario.id !== scenarioId) return;
        const id = run.scenario.steps[definedStep]?.id;
        const i = id ? run.trace.steps.findIndex((s) => s.id === id) : -1;
        if (i >= 0) store.getState().goToStep(i);
      });
      after();
    },
    [store, after],
  );
}

/** The whole app: one player (its own store and ticker) in the shell. */
export function App({ search }: { search: string }) {
  const [booted] = useState(() =>
    boot(search, undefined, {
      hash: window.location.hash,
      origin: window.location.origin,
      base: window.location.href,
    }),
  );
  const store = booted.store;
  useEffect(() => startTicker(store), [store]);
  return (
    <PlayerContext value={store}>
      <Shell boot={booted} />
    </PlayerContext>
  );
}
