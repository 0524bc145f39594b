import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { usePlayer } from '../../player/react.ts';
import { type Run, shownScenario } from '../../player/store.ts';
import { knobsOf, unitText } from '../../sandbox/knobs.ts';
import { FIX_KNOB } from '../../sim/scenario/fix.ts';
import { ClusterView } from '../../views/ClusterView.tsx';
import { keyInputOf, spaceControl } from '../shell/keys.ts';
import { presentAction, presentZoom } from './PresentationKeys.ts';
import { PresentQr } from './PresentQr.tsx';
import './Presentation.css';
import { stepsOf } from '../../player/steps.ts';
import { navCaption, useShownStep, useStepFrame } from '../../views/story.ts';

/** Words with a hyphen (node-1, pg-2, split-brain) as unbreakable pieces: a subtitle never breaks inside an id. */
function unbroken(text: string) {
  return text.split(/([^\s-]+(?:-[^\s-]+)+)/).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, in order
      <span key={i} className="pres-nobreak">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * The knobs and the cluster size this run has that the story does not ("ttlS 5 s, nodes 7"), or ''.
 * Knob names stay as the links and the CLI spell them.
 */
function changedFromStory(run: Run, nodes: number | undefined): string {
  const shown = shownScenario(run);
  const out = knobsOf(shown, run.trace.params)
    .filter((k) => k.changed)
    .map((k) => {
      if (typeof k.value === 'boolean')
        return `${k.name} ${t(k.value ? 'present.knobOn' : 'present.knobOff')}`;
      const unit = unitText(k.spec);
      return `${k.name} ${k.value}${unit ? (unit === '×' ? unit : ` ${unit}`) : ''}`;
    });
  if (nodes !== undefined && nodes !== shown.nodes) out.push(`nodes ${nodes}`);
  // A pitfall story with its fix says so first ("fix on").
  if (run.trace.params[FIX_KNOB] === true) out.unshift(`${FIX_KNOB} ${t('present.knobOn')}`);
  return out.join(', ');
}

/**
 * Presentation mode: the cluster picture as big as the screen allows, the caption as a subtitle
 * (a live region), a step counter, and visible Previous / Play / Next / Exit buttons (nothing on
 * hover only). Full screen when the browser allows it; in the window otherwise. It drives the page's
 * one player store, so leaving it keeps the cursor where the talk ended.
 *
 * It is a layer on <body> (a portal) with the app behind it inert, so focus and screen readers stay
 * inside. Keys (PresentationKeys.ts) are read in the capture phase, before the app's own shortcuts.
 */
export function Presentation({ run, onExit, query }: { run: Run; onExit(): void; query(): string }) {
  const time = usePlayer((s) => s.t);
  const stepIndex = useShownStep(run);
  const playing = usePlayer((s) => s.playing);
  const forward = usePlayer((s) => s.stepForward);
  const back = usePlayer((s) => s.stepBack);
  const toggle = usePlayer((s) => s.togglePlay);
  const restart = usePlayer((s) => s.restart);
  const goToStep = usePlayer((s) => s.goToStep);
  const nodes = usePlayer((s) => s.nodes);
  const locale = useLocale();
  const layer = useRef<HTMLElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [qr, setQr] = useState(false);
  const onExitRef = useRef(onExit);
  onExitRef.current = onExit;

  const title = scenarioText(locale, run.scenario, 'title');
  const steps = stepsOf(run);
  const caption = useMemo(() => {
    const s = stepIndex >= 0 ? steps[stepIndex] : undefined;
    return s ? navCaption(run, s, locale) : t('narration.before');
  }, [run, steps, stepIndex, locale]);
  // The audience sees the story's picture: say when the knobs are not the story's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words follow the language
  const changed = useMemo(() => changedFromStory(run, nodes), [run, nodes, locale]);
  // The same frame as the stage's: on a step's moment, the world as of its event.
  const frame = useStepFrame(run, time);

  // Full screen when allowed (it needs the click that opened this); the app behind is inert.
  useEffect(() => {
    const el = layer.current;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    el?.focus();
    let entered = false;
    const onChange = () => {
      if (document.fullscreenElement === el) entered = true;
      // The browser's own Escape (or F11) left full screen: leave the presentation with it.
      else if (entered) onExitRef.current();
    };
    document.addEventListener('fullscreenchange', onChange);
    if (el && typeof el.requestFullscreen === 'function' && document.fullscreenEnabled)
      el.requestFullscreen({ navigationUI: 'hide' }).catch(() => {
        // Refused (no user gesture, an iframe without allowfullscreen, a policy): present in the window.
      });
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      root?.removeAttribute('inert');
      if (document.fullscreenElement === el) void document.exitFullscreen().catch(() => {});
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target instanceof Element ? e.target : null;
      const action = presentAction({
        key: e.key,
        ctrlKey: e.ctrlKey,
        altKey: e.altKey,
        metaKey: e.metaKey,
        control: spaceControl(keyInputOf(e, el).target),
      });
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      switch (action) {
        case 'next':
          return forward();
        case 'prev':
          return back();
        case 'toggle':
          return toggle();
        case 'first':
          return restart();
        case 'last':
          return goToStep(steps.length - 1);
        case 'qr':
          return setQr((shown) => !shown);
        case 'exit':
          return onExitRef.current();
        case 'swallow':
          return;
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [forward, back, toggle, restart, goToStep, steps.length]);

  // Large type: the picture is laid out for a smaller box and zoomed up to the screen (CSS zoom keeps
  // it crisp, and the D3 layout reads the un-zoomed size).
  useLayoutEffect(() => {
    const el = stage.current;
    const inner = el?.firstElementChild;
    if (!el || !(inner instanceof HTMLElement)) return;
    const rezoom = () => {
      inner.style.zoom = String(presentZoom(el.clientWidth, el.clientHeight));
    };
    rezoom();
    const ro = new ResizeObserver(rezoom);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const n = stepIndex + 1;
  const total = steps.length;
  const atEnd = time >= run.trace.durationMs;
  return createPortal(
    <section
      ref={layer}
      className="presentation"
      aria-label={t('present.label', { scenario: title })}
      tabIndex={-1}
    >
      <header className="pres-top">
        <h2 className="pres-title">{title}</h2>
        {changed && <p className="pres-changed">{t('present.changed', { list: changed })}</p>}
        <span className="pres-counter mono" role="img" aria-label={t('present.counterLabel', { n, total })}>
          {t('present.counter', { n, total })}
        </span>
        <button
          type="button"
          className="pres-button pres-qr-toggle"
          aria-pressed={qr}
          title={`${qr ? t('present.qr.hide') : t('present.qr.show')} (Q)`}
          onClick={() => setQr((shown) => !shown)}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              className="fill"
              d="M1 1h6v6H1zM3 3v2h2V3zM9 1h6v6H9zm2 2v2h2V3zM1 9h6v6H1zm2 2v2h2v-2zM9 9h2v2H9zm4 0h2v2h-2zm-2 2h2v2h-2zm-2 2h2v2H9zm4 0h2v2h-2z"
            />
          </svg>
          <span>{qr ? t('present.qr.hide') : t('present.qr.show')}</span>
        </button>
        <button type="button" className="pres-button pres-exit" onClick={() => onExitRef.current()}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" />
          </svg>
          <span>{t('present.exit')}</span>
        </button>
      </header>
      <div className="pres-stage" ref={stage}>
        <div className="pres-zoom">
          <ClusterView
            index={run.index}
            frame={frame}
            timeScale={run.scenario.timeScale}
            title={t('cluster.label', { scenario: title })}
          />
        </div>
        {qr && <PresentQr run={run} query={query} />}
      </div>
      <footer className="pres-bottom">
        <button
          type="button"
          className="pres-button pres-nav"
          aria-label={t('present.prev')}
          title={`${t('present.prev')} (←, PageUp)`}
          disabled={stepIndex <= 0 && time <= (steps[0]?.atMs ?? 0)}
          onClick={back}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <Subtitle caption={caption} />
        <button
          type="button"
          className="pres-button pres-nav"
          aria-label={playing ? t('player.pause') : t('player.play')}
          title={`${playing ? t('player.pause') : t('player.play')} (Space)`}
          onClick={toggle}
        >
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
            <path className="fill" d={playing ? 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z' : 'M8 5l11 7-11 7z'} />
          </svg>
        </button>
        <button
          type="button"
          className="pres-button pres-nav pres-next"
          aria-label={t('present.next')}
          title={`${t('present.next')} (→, PageDown)`}
          disabled={atEnd}
          onClick={forward}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path d="M9 5l7 7-7 7" />
          </svg>
        </button>
      </footer>
      <p className="pres-hint">{t('present.hint')}</p>
    </section>,
    document.body,
  );
}

/** A caption longer than this (characters) is set smaller, so that three lines hold most of it. */
const LONG_CAPTION = 160;

/**
 * The caption as a subtitle of at most three lines, so the picture keeps its share of the screen; a
 * longer one (Patroni's step 6 runs to nine) gets "Show all", which opens it until the step changes.
 */
function Subtitle({ caption }: { caption: string }) {
  const text = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [clipped, setClipped] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new caption starts closed
  useLayoutEffect(() => setOpen(false), [caption]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the text or its clamp changes
  useLayoutEffect(() => {
    const el = text.current;
    if (!el) return;
    const check = () => setClipped(el.scrollHeight > el.clientHeight + 1);
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => ro.disconnect();
  }, [caption, open]);
  const long = caption.length > LONG_CAPTION;
  return (
    <div className={`pres-subtitle${long ? ' is-long' : ''}${open ? ' is-open' : ''}`}>
      <p ref={text} role="status" aria-live="polite" aria-label={t('present.subtitle')}>
        {unbroken(caption)}
      </p>
      {(clipped || open) && (
        <button type="button" className="pres-more" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('present.less') : t('present.more')}
        </button>
      )}
    </div>
  );
}
