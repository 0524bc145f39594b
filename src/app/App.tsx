import {
  lazy,
  memo,
  type KeyboardEvent as ReactKeyboardEvent,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { scenarios } from '../../scenarios/index.ts';
import { getLocale, locales, setLocale, t } from '../i18n/index.ts';
import { loadLocale, readLangParam } from '../i18n/persist.ts';
import { useLocale } from '../i18n/react.ts';
import { scenarioText } from '../i18n/scenarios.ts';
import { proxyStateAt } from '../player/proxy.ts';
import { PlayerContext, usePlayer, usePlayerStore } from '../player/react.ts';
import { createPlayerStore, type PlayerState, type PlayerStore, type Run } from '../player/store.ts';
import { startTicker } from '../player/ticker.ts';
import { WhatIf } from '../sandbox/WhatIf.tsx';
import { ClusterView } from '../views/ClusterView.tsx';
import { Controls } from '../views/Controls.tsx';
import { Narration } from '../views/Narration.tsx';
import { ProxyPanel } from '../views/ProxyPanel.tsx';
import { ResourcePanel } from '../views/ResourcePanel.tsx';
import { StorePanel } from '../views/StorePanel.tsx';
import { useCaptions, useStepFrame, useStorySteps } from '../views/story.ts';
import { CopyLink } from './CopyLink.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { KeysDialog } from './KeysDialog.tsx';
import { keyAction } from './keys.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { LinkNotice } from './LinkNotice.tsx';
import { decodeView } from './link/decode.ts';
import type { EmbedOptions } from './link/embed.ts';
import { checkFaultHosts } from './link/faults.ts';
import { type LinkProblem, readStepParam } from './link/problems.ts';
import { encodeView, type LinkTheme, type TracePanel, viewOf } from './link/view.ts';
import { MessageCounts } from './MessageCounts.tsx';
import { Presentation } from './Presentation.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { applyTheme, loadTheme, nextTheme, saveTheme, type ThemeMode } from './theme.ts';

// Not needed for the first drawn cluster: each is a chunk fetched when first shown.
const AdrPanel = lazy(() => import('../views/AdrPanel.tsx').then((m) => ({ default: m.AdrPanel })));
const CompareTag = lazy(() => import('../sandbox/CompareStage.tsx').then((m) => ({ default: m.CompareTag })));
const ComparePane = lazy(() =>
  import('../sandbox/CompareStage.tsx').then((m) => ({ default: m.ComparePane })),
);
// The trace views sit below the picture: their chunk loads while the cluster is already drawn.
const SequenceDiagram = lazy(() =>
  import('../views/SequenceDiagram.tsx').then((m) => ({ default: m.SequenceDiagram })),
);
const EventLog = lazy(() => import('../views/EventLog.tsx').then((m) => ({ default: m.EventLog })));
const NodeMenu = lazy(() => import('../sandbox/NodeMenu.tsx').then((m) => ({ default: m.NodeMenu })));

export interface Boot {
  store: PlayerStore;
  /** Embed-mode options of the link (src/embed). */
  embed: EmbedOptions;
  problems: LinkProblem[];
  /** Theme from the link (this visit only), else null. */
  theme: LinkTheme | null;
  panel: TracePanel;
}

/** Builds this page's player from the URL: every view parameter of link/view.ts; bad ones are problems. */
export function boot(search: string): Boot {
  const { view, hasScenario, problems, embed } = decodeView(search, { scenarios, locales });
  const store = createPlayerStore({
    scenarios,
    ...(hasScenario ? { scenarioId: view.scenario } : {}),
    ...(view.algorithm !== null ? { algorithm: view.algorithm } : {}),
  });
  // Language: `?lang=` for this visit, else the last choice, else English (see i18n/persist.ts).
  const lang = readLangParam(search);
  setLocale(lang.locale ?? loadLocale() ?? 'en');
  const p = store.getState();
  if (p.run) {
    if (view.seed !== null) p.setSeed(view.seed);
    if (view.nodes !== null) p.setNodes(view.nodes);
    if (Object.keys(view.params).length > 0) p.setParams(view.params);
    const hosts = store.getState().run?.trace.hosts.map((h) => h.id) ?? [];
    const checked = checkFaultHosts(view.faults, hosts);
    problems.push(...checked.problems);
    if (checked.faults.length > 0) store.getState().setInterventions(checked.faults);
    // Last: a long run (up to 24 h) is simulated once, with every other input already in place.
    if (view.durationMs !== null) store.getState().setDuration(view.durationMs);
    const rejected = store.getState().rejected;
    if (rejected) problems.push({ param: 'rejected', value: '', reason: rejected });
    if (view.compare) store.getState().setCompare(view.compare);
    // The link's inputs are where this visit starts: nothing to undo yet.
    store.setState({ history: { past: [], future: [] } });
  }
  if (view.speed !== 1) store.getState().setSpeed(view.speed);
  if (view.whatIf) store.getState().setWhatIf(true);
  const run = store.getState().run;
  if (run) {
    const rawStep = view.step === null ? new URLSearchParams(search).get('step') : String(view.step + 1);
    const st = readStepParam(view.step === null ? null : rawStep, run.trace.steps.length);
    if (st.step !== undefined) store.getState().goToStep(st.step);
    if (st.problem) problems.push(st.problem);
    if (view.t !== null) {
      if (view.t <= run.trace.durationMs) store.getState().seek(view.t);
      else problems.push({ param: 't', value: String(view.t) });
    }
  }
  return { store, problems, theme: view.theme, panel: view.panel, embed };
}

function ThemeIcon({ mode }: { mode: ThemeMode }) {
  const d =
    mode === 'light'
      ? 'M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM11 1h2v3h-2zM11 20h2v3h-2zM1 11h3v2H1zM20 11h3v2h-3zM4.2 2.8l2.1 2.1-1.4 1.4-2.1-2.1zM17.7 18.3l2.1 2.1-1.4 1.4-2.1-2.1zM2.8 19.8l2.1-2.1 1.4 1.4-2.1 2.1zM18.3 6.3l2.1-2.1 1.4 1.4-2.1 2.1z'
      : mode === 'dark'
        ? 'M14.5 2.5a9.5 9.5 0 1 0 7 13.9A8 8 0 0 1 14.5 2.5z'
        : 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2v16a8 8 0 0 0 0-16z';
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

/** A header button: an icon and a word (the word gives way to the icon on phones, app.css .hdr-label). */
function HeaderButton({
  icon,
  label,
  ...rest
}: { icon: string; label: string } & React.ComponentPropsWithRef<'button'>) {
  return (
    <button type="button" className="button" {...rest}>
      <svg
        viewBox="0 0 16 16"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
        className="hdr-icon"
      >
        <path d={icon} />
      </svg>
      <span className="hdr-label">{label}</span>
    </button>
  );
}

function ScenarioPills() {
  const scenarioId = usePlayer((s) => s.scenarioId);
  const select = usePlayer((s) => s.selectScenario);
  const locale = useLocale();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  // On a narrow screen the pills scroll sideways: keep the selected one (the sandbox is sixth) in view.
  useEffect(() => {
    const i = scenarios.findIndex((s) => s.id === scenarioId);
    refs.current[i]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [scenarioId]);
  const onKeyDown = (e: ReactKeyboardEvent, i: number) => {
    const n = scenarios.length;
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    const s = scenarios[to];
    if (!s) return;
    select(s.id);
    refs.current[to]?.focus();
  };
  return (
    <div className="pills" role="tablist" aria-label={t('scenarios.label')}>
      {scenarios.map((s, i) => {
        const selected = s.id === scenarioId;
        return (
          <button
            key={s.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${s.id}`}
            aria-selected={selected}
            aria-controls="player-panel"
            tabIndex={selected ? 0 : -1}
            className="pill"
            title={`${scenarioText(locale, s, 'summary')} (${i + 1})`}
            onClick={() => select(s.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            <span className="pill-n" aria-hidden="true">
              {i + 1}
            </span>
            {scenarioText(locale, s, 'title')}
          </button>
        );
      })}
    </div>
  );
}

type TraceTab = TracePanel;

function TraceViews({
  run,
  onSeek,
  tab,
  setTab,
}: {
  run: Run;
  onSeek(t: number): void;
  tab: TraceTab;
  setTab(tab: TraceTab): void;
}) {
  const time = usePlayer((s) => s.t);
  const tabs: TraceTab[] = ['sequence', 'log'];
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: ReactKeyboardEvent, i: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const to = (i + 1) % 2;
    setTab(tabs[to] as TraceTab);
    refs.current[to]?.focus();
  };
  return (
    <section className="trace-views" aria-label={t('app.views')}>
      <div className="subtabs" role="tablist" aria-label={t('app.views')}>
        {tabs.map((k, i) => (
          <button
            key={k}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`trace-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`trace-panel-${k}`}
            tabIndex={tab === k ? 0 : -1}
            className="subtab"
            onClick={() => setTab(k)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t(k === 'sequence' ? 'app.tabSequence' : 'app.tabLog')}
          </button>
        ))}
      </div>
      <div
        className="trace-panel"
        role="tabpanel"
        id={`trace-panel-${tab}`}
        aria-labelledby={`trace-tab-${tab}`}
      >
        <Suspense fallback={<div className="trace-loading" />}>
          {tab === 'sequence' ? (
            <SequenceDiagram index={run.index} t={time} onSeek={onSeek} />
          ) : (
            <EventLog index={run.index} t={time} onSeek={onSeek} />
          )}
        </Suspense>
      </div>
    </section>
  );
}

/** Closed, the What-if bar does not use the cursor: it is handed the last instant it was open at. */
const WhatIfAtCursor = memo(WhatIf);

function SidePanels({ run }: { run: Run }) {
  const time = usePlayer((s) => s.t);
  const frame = useStepFrame(run, time);
  const whatIfOpen = usePlayer((s) => s.whatIf);
  const held = useRef({ run, frame, time });
  if (whatIfOpen || held.current.run !== run) held.current = { run, frame, time };
  const hosts = run.trace.hosts;
  const storeHost = hosts.find((h) => h.kind === 'store');
  const nodeIds = useMemo(() => hosts.filter((h) => h.kind === 'node').map((h) => h.id), [hosts]);
  // Every resource that ever gets a write has its panel from the start: nothing appears mid-run.
  const resourceIds = useMemo(() => {
    const ids = hosts.filter((h) => h.kind === 'resource').map((h) => h.id);
    for (const w of run.index.writes) if (!ids.includes(w.resource)) ids.push(w.resource);
    return ids;
  }, [hosts, run]);
  const proxies = hosts.filter((h) => h.kind === 'proxy');
  return (
    <aside className="side" aria-label={t('app.sidePanels')}>
      <WhatIfAtCursor run={run} frame={held.current.frame} time={held.current.time} />
      {proxies.map((p) => (
        <ProxyPanel key={p.id} proxy={proxyStateAt(run.index, p.id, time, nodeIds)} />
      ))}
      {storeHost && frame.store && <StorePanel id={storeHost.id} store={frame.store} />}
      {resourceIds.map((id) => {
        const r = frame.resources.find((x) => x.id === id) ?? {
          id,
          highest: null,
          accepted: 0,
          rejected: 0,
          recent: [],
        };
        return <ResourcePanel key={id} resource={r} database={nodeIds.includes(id)} />;
      })}
      <MessageCounts index={run.index} t={time} />
    </aside>
  );
}

function Stage({ run, onAdr }: { run: Run; onAdr(): void }) {
  const time = usePlayer((s) => s.t);
  const stepIndex = usePlayer((s) => s.stepIndex);
  const goToStep = usePlayer((s) => s.goToStep);
  const frame = useStepFrame(run, time);
  const whatIf = usePlayer((s) => s.whatIf);
  // Compare's second run: none while the run is an imported trace (see useCompare).
  const compared = usePlayer((s) => s.compare !== null && !s.imported);
  const [menu, setMenu] = useState<{ node: string; x: number; y: number } | null>(null);
  const locale = useLocale();
  const title = scenarioText(locale, run.scenario, 'title');
  const captions = useCaptions(run);
  const steps = useStorySteps(run, captions);
  return (
    <>
      <h2 className="sr-only">{title}</h2>
      <div className={`stage-pictures${compared ? ' comparing' : ''}`}>
        <div className="stage-main">
          {compared && (
            <Suspense fallback={null}>
              <CompareTag run={run} />
            </Suspense>
          )}
          <ClusterView
            index={run.index}
            frame={frame}
            timeScale={run.scenario.timeScale}
            title={t('cluster.label', { scenario: title })}
            onAdr={onAdr}
            {...(whatIf
              ? { onNodeMenu: (node: string, x: number, y: number) => setMenu({ node, x, y }) }
              : {})}
          />
        </div>
        {compared && (
          <Suspense fallback={null}>
            <ComparePane run={run} time={time} />
          </Suspense>
        )}
      </div>
      {menu && whatIf && (
        <Suspense fallback={null}>
          <NodeMenu run={run} frame={frame} {...menu} onClose={() => setMenu(null)} />
        </Suspense>
      )}
      <Narration steps={steps} stepIndex={stepIndex} onJump={goToStep} />
      <Controls run={run} captions={captions} />
    </>
  );
}

function Shell({ boot: initial }: { boot: Boot }) {
  const run = usePlayer((s) => s.run);
  const error = usePlayer((s) => s.error);
  // The cursor is read where it is drawn (Stage, SidePanels, TraceViews): the shell does not redraw per frame.
  const seek = usePlayer((s) => s.seek);
  const [panel, setPanel] = useState<TracePanel>(initial.panel);
  const store = usePlayerStore();
  const [adrOpen, setAdrOpen] = useState(false);
  // Mounted from its first opening on (it keeps its width), not before: its chunk loads then.
  const adrUsed = useRef(false);
  if (adrOpen) adrUsed.current = true;
  const [keysOpen, setKeysOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
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

  return (
    <div className="app">
      <a className="skip" href="#player-panel">
        {t('app.skip')}
      </a>
      <header className="app-header">
        <div className="brand">
          <svg viewBox="0 0 32 32" width="26" height="26" aria-hidden="true" focusable="false">
            <circle cx="16" cy="16" r="12" className="brand-ring" />
            <circle cx="16" cy="4.5" r="3.6" className="brand-lead" />
            <circle cx="26.9" cy="19.5" r="3" className="brand-node" />
            <circle cx="5.1" cy="19.5" r="3" className="brand-node" />
            <circle cx="16" cy="16" r="3.2" className="brand-store" />
          </svg>
          <h1>{t('app.name')}</h1>
        </div>
        <ScenarioPills />
        <div className="header-actions">
          <CopyLink link={() => linkFor(store.getState(), theme, panel)} />
          <HeaderButton
            icon="M8 10V2M5 4.5 8 1.5l3 3M3 8v5.5h10V8"
            label={t('share.button')}
            title={t('share.buttonTitle')}
            aria-haspopup="dialog"
            onClick={() => setShareOpen(true)}
          />
          <ExportMenu />
          <HeaderButton
            ref={presentButton}
            icon="M1.5 2.5h13v8.5h-13zM8 11v2.5M5 14h6"
            label={t('present.button')}
            title={t('present.buttonTitle')}
            disabled={!run}
            onClick={() => setPresenting(true)}
          />
          <LanguageSelect />
          <button
            type="button"
            className="button adr-button"
            aria-label={t('app.adrButtonLabel')}
            aria-expanded={adrOpen}
            onClick={() => setAdrOpen((o) => !o)}
          >
            {t('app.adrButton')}
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('app.keysButton')}
            title={`${t('app.keysButton')} (?)`}
            onClick={() => setKeysOpen(true)}
          >
            <span aria-hidden="true" className="qmark">
              ?
            </span>
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('theme.toggle', { mode: t(`theme.${theme}`) })}
            title={t('theme.toggle', { mode: t(`theme.${theme}`) })}
            onClick={cycleTheme}
          >
            <ThemeIcon mode={theme} />
          </button>
        </div>
      </header>

      <LinkNotice problems={initial.problems} label={t('notice.label')} />

      {presenting && run && (
        <Presentation
          run={run}
          onExit={() => {
            setPresenting(false);
            requestAnimationFrame(() => presentButton.current?.focus());
          }}
        />
      )}
      {/* While presenting, the stage is the presentation's: one cluster picture on the page. */}
      {!presenting && (
        <main className="layout" key={locale}>
          <section
            className="stage"
            id="player-panel"
            role="tabpanel"
            aria-labelledby={run ? `tab-${run.scenario.id}` : undefined}
            tabIndex={-1}
          >
            {run ? (
              <Stage run={run} onAdr={() => setAdrOpen(true)} />
            ) : (
              <p className="error-text">{t('app.error', { message: error ?? '' })}</p>
            )}
          </section>
          {run && <SidePanels run={run} />}
          {run && <TraceViews run={run} onSeek={seek} tab={panel} setTab={setPanel} />}
        </main>
      )}

      {adrUsed.current && (
        <Suspense fallback={null}>
          <AdrPanel
            open={adrOpen}
            onClose={() => setAdrOpen(false)}
            onOpenScenario={openScenario}
            highlight={run?.scenario.adr ?? []}
          />
        </Suspense>
      )}
      <KeysDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
      <ShareDialog
        open={shareOpen}
        onClose={() => setShareOpen(false)}
        query={() => linkFor(store.getState(), theme, panel)}
      />
      <KeyboardShortcuts onHelp={() => setKeysOpen(true)} onPresent={() => run && setPresenting(true)} />
      <UrlSync theme={theme} panel={panel} />
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
      const id = scenarios.find((s) => s.id === scenarioId)?.steps[definedStep]?.id;
      // ADR links name the scenario's defined step; the run lists the steps that happened, in time order.
      const run = store.getState().run;
      const i = id && run ? run.trace.steps.findIndex((s) => s.id === id) : -1;
      if (i >= 0) store.getState().goToStep(i);
      after();
    },
    [store, after],
  );
}

/** Space, arrows, Home, 1-5, P and ? (see keys.ts), unless a dialog or the ADR panel has the focus. */
function KeyboardShortcuts({ onHelp, onPresent }: { onHelp(): void; onPresent(): void }) {
  const toggle = usePlayer((s) => s.togglePlay);
  const back = usePlayer((s) => s.stepBack);
  const forward = usePlayer((s) => s.stepForward);
  const restart = usePlayer((s) => s.restart);
  const select = usePlayer((s) => s.selectScenario);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const el = e.target instanceof Element ? e.target : null;
      if (el?.closest('dialog, .adr-panel')) return;
      const action = keyAction(
        {
          key: e.key,
          ctrlKey: e.ctrlKey,
          altKey: e.altKey,
          metaKey: e.metaKey,
          target: el
            ? {
                tagName: el.tagName,
                type: el instanceof HTMLInputElement ? el.type : undefined,
                role: el.getAttribute('role'),
                editable: el instanceof HTMLElement && el.isContentEditable,
              }
            : null,
        },
        scenarios.length,
      );
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
          const s = scenarios[action.index];
          if (s) select(s.id);
          return;
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle, back, forward, restart, select, onHelp, onPresent]);
  return null;
}

/** The canonical query of what is on screen (link/view.ts). */
function linkFor(p: PlayerState, theme: ThemeMode, panel: TracePanel, lang: string = getLocale()): string {
  return encodeView(viewOf(p, { panel, theme: theme === 'system' ? null : theme, lang }));
}

/**
 * Keeps the address bar on the view's canonical URL (replaceState, no history spam), throttled:
 * not while playing (the cursor moves every frame), only once paused or when the step changes.
 */
function UrlSync({ theme, panel }: { theme: ThemeMode; panel: TracePanel }) {
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

/** The whole app: one player (its own store and ticker) in the shell. */
export function App({ search }: { search: string }) {
  const [booted] = useState(() => boot(search));
  const store = booted.store;
  useEffect(() => startTicker(store), [store]);
  return (
    <PlayerContext value={store}>
      <Shell boot={booted} />
    </PlayerContext>
  );
}
