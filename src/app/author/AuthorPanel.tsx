/**
 * "New story": the authoring panel under the player. The player previews the draft as it is written
 * (preview.ts keeps the two in step); the What-if panel's knobs and fault menu are the authoring tools
 * for the setup, and this panel lists the faults and the captions, each editable and removable, with
 * undo, redo and the three ways to save.
 */
// The story file's schema (zod) is built jitless, as the page's CSP needs.
import '../boot/zodJitless.ts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Locale, locales, t } from '../../i18n/index.ts';
import { useEnglishLater, useLocale } from '../../i18n/react.ts';
import { usePlayer } from '../../player/react.ts';
import type { Run } from '../../player/store.ts';
import { faultText, storeGroupHost } from '../../sandbox/faults.ts';
import { DURATIONS_S, PRESETS } from '../../sandbox/presets.ts';
import { undoKeyOf } from '../../sandbox/undoKeys.ts';
import { formatTime } from '../../views/format.ts';
import { type AuthorState, anchorsOf, type Placed, textIn } from './draft.ts';
import { snapChoices } from './events.ts';
import { usePreview } from './preview.ts';
import { SaveStory } from './SaveStory.tsx';
import { authoring, useAuthoring } from './session.ts';
import './author.css';

const LANG_NAMES: Record<Locale, string> = { en: 'English', pt: 'Português', ru: 'Русский' };

export function AuthorPanel({ run }: { run: Run }) {
  const ready = useEnglishLater(true);
  const s = useAuthoring();
  const problem = usePreview(run);
  useUndoKeys();
  if (!ready || !s) return null;
  const dispatch = authoring.dispatch;
  return (
    <section className="author" aria-labelledby="author-h">
      <div className="author-head">
        <h2 className="author-h" id="author-h">
          {t('author.title')}
        </h2>
        <div className="author-history">
          <button
            type="button"
            className="button small"
            disabled={s.past.length === 0}
            aria-keyshortcuts="Control+Z Meta+Z"
            onClick={() => dispatch({ type: 'undo' })}
          >
            {t('author.undo')}
          </button>
          <button
            type="button"
            className="button small"
            disabled={s.future.length === 0}
            aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
            onClick={() => dispatch({ type: 'redo' })}
          >
            {t('author.redo')}
          </button>
          <button type="button" className="button small" onClick={() => authoring.stop()}>
            {t('author.close')}
          </button>
        </div>
      </div>
      <HistorySaid s={s} />
      <p className="author-hint">{t('author.hint')}</p>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <Setup />
      <Faults run={run} />
      <Captions run={run} />
      <SaveStory run={run} />
      <p className="author-note">{t('author.anchorNote')}</p>
    </section>
  );
}

/**
 * While a story is written, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y (Cmd on macOS) undo and redo the draft,
 * page-wide: the What-if menu's faults are the draft's too. Heard before the What-if panel's own
 * keys (capture), which then leave them; a text field keeps its own undo.
 */
function useUndoKeys() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = undoKeyOf(e);
      if (!k) return;
      e.preventDefault();
      authoring.dispatch({ type: k });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}

/** What an undo or redo did, said to screen readers (the same words twice are said twice). */
function HistorySaid({ s }: { s: AuthorState }) {
  const turn = useRef(0);
  const last = useRef<AuthorState['last']>(null);
  if (s.last !== last.current) {
    last.current = s.last;
    turn.current++;
  }
  const said = s.last
    ? t(s.last.undid ? 'author.undone' : 'author.redone', { change: t(`author.change.${s.last.change}`) })
    : '';
  return (
    <p className="sr-only" role="status" aria-live="polite">
      {said && `${said}${turn.current % 2 ? '' : '\u00a0'}`}
    </p>
  );
}

function Setup() {
  const s = useAuthoring();
  const locale = useLocale();
  const ids = useId();
  if (!s) return null;
  const d = s.draft;
  const preset =
    PRESETS.find(
      (p) => p.algorithm === d.algorithm && Object.entries(p.params).every(([k, v]) => d.params[k] === v),
    ) ?? PRESETS.find((p) => p.algorithm === d.algorithm);
  const seconds = Math.round(d.durationMs / 1000);
  const lengths = DURATIONS_S.includes(seconds)
    ? DURATIONS_S
    : [...DURATIONS_S, seconds].sort((a, b) => a - b);
  return (
    <fieldset className="author-setup">
      <legend>{t('author.setup')}</legend>
      <label htmlFor={`${ids}-title`}>{t('author.storyTitle')}</label>
      <input
        id={`${ids}-title`}
        type="text"
        value={d.title[locale] ?? ''}
        maxLength={200}
        onChange={(e) => authoring.dispatch({ type: 'title', lang: locale, text: e.currentTarget.value })}
      />
      <label htmlFor={`${ids}-alg`}>{t('sandbox.algorithm')}</label>
      <select
        id={`${ids}-alg`}
        value={preset?.id ?? ''}
        onChange={(e) => {
          const p = PRESETS.find((x) => x.id === e.currentTarget.value);
          if (p) authoring.dispatch({ type: 'setup', algorithm: p.algorithm, params: { ...p.params } });
        }}
      >
        {PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {t(`sandbox.preset.${p.id}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${ids}-nodes`}>{t('author.nodes')}</label>
      <input
        id={`${ids}-nodes`}
        type="number"
        min={1}
        max={200}
        value={d.nodes}
        onChange={(e) => {
          const n = Number(e.currentTarget.value);
          if (Number.isInteger(n) && n >= 1 && n <= 200) authoring.dispatch({ type: 'setup', nodes: n });
        }}
      />
      <label htmlFor={`${ids}-len`}>{t('sandbox.duration')}</label>
      <select
        id={`${ids}-len`}
        value={seconds}
        onChange={(e) =>
          authoring.dispatch({ type: 'setup', durationMs: Number(e.currentTarget.value) * 1000 })
        }
      >
        {lengths.map((x) => (
          <option key={x} value={x}>
            {t('sandbox.seconds', { s: x })}
          </option>
        ))}
      </select>
      <p className="author-hint">{t('author.knobsHint')}</p>
    </fieldset>
  );
}

/** Seconds, as typed in a time field (one decimal), to ms; null when not a time in the run. */
function msOf(text: string, durationMs: number): number | null {
  const v = Number(text.replace(',', '.'));
  return Number.isFinite(v) && v >= 0 && v * 1000 <= durationMs ? Math.round(v * 1000) : null;
}

function Faults({ run }: { run: Run }) {
  const s = useAuthoring();
  if (!s) return null;
  const group = storeGroupHost(run);
  const faults = s.draft.faults;
  return (
    <fieldset className="author-faults">
      <legend>{t('author.faults', { n: faults.length })}</legend>
      <p className="author-hint">{t('author.faultsHint')}</p>
      <ul className="author-list">
        {faults.map((f, i) => (
          <li key={`${f.atMs}-${JSON.stringify(f.fault)}`} className="author-row">
            <span className="author-what">{faultText(f.fault, group)}</span>
            <TimeField
              label={t('author.faultTime', { fault: faultText(f.fault, group) })}
              ms={f.atMs}
              durationMs={run.trace.durationMs}
              onChange={(atMs) => authoring.dispatch({ type: 'moveFault', index: i, atMs })}
            />
            <button
              type="button"
              className="button small"
              aria-label={t('author.removeFault', { fault: faultText(f.fault, group) })}
              onClick={() => authoring.dispatch({ type: 'removeFault', index: i })}
            >
              {t('author.remove')}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** A time in seconds, applied on Enter or when the field is left (not at each keystroke). */
function TimeField(p: { label: string; ms: number; durationMs: number; onChange(ms: number): void }) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    const ms = msOf(text, p.durationMs);
    setText(null);
    if (ms !== null && ms !== p.ms) p.onChange(ms);
  };
  return (
    <input
      className="author-time mono"
      type="text"
      inputMode="decimal"
      aria-label={p.label}
      value={text ?? (p.ms / 1000).toFixed(1)}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

function Captions({ run }: { run: Run }) {
  const s = useAuthoring();
  const locale = useLocale();
  const time = usePlayer((p) => p.t);
  const ids = useId();
  const [text, setText] = useState<Partial<Record<Locale, string>>>({});
  // The event chosen at this moment (its index among the choices, -1: none); null: the default.
  const [pick, setPick] = useState<{ at: number; i: number } | null>(null);
  const now = Math.round(time);
  const durationMs = run.trace.durationMs;
  // Within one step of the timeline slider (Controls.tsx), where a drag lands near an event.
  const here = useMemo(
    () => snapChoices(run.trace, now, Math.max(1, Math.round(durationMs / 1000))),
    [run, now, durationMs],
  );
  const placed = useMemo(() => (s ? anchorsOf(s.draft.captions, run.trace.events) : []), [s, run]);
  if (!s) return null;
  const at = formatTime(time, durationMs);
  const others = locales.filter((l) => l !== locale);
  // By default a fault here is the event (the What-if menu drops faults at the cursor), else none.
  const chosen =
    pick && pick.at === now && pick.i < here.length ? pick.i : here.findIndex((c) => c.kind === 'fault');
  const add = () => {
    if (!text[locale]?.trim()) return;
    const given = Object.fromEntries(Object.entries(text).filter(([, v]) => v?.trim()));
    authoring.dispatch({ type: 'addCaption', atMs: now, text: given, snap: here[chosen]?.snap ?? null });
    setText({});
    setPick(null);
  };
  return (
    <fieldset className="author-captions">
      <legend>{t('author.captions', { n: s.draft.captions.length })}</legend>
      <label htmlFor={`${ids}-cap`}>{t('author.captionAt', { t: at })}</label>
      <textarea
        id={`${ids}-cap`}
        rows={2}
        maxLength={2000}
        value={text[locale] ?? ''}
        onChange={(e) => setText({ ...text, [locale]: e.currentTarget.value })}
      />
      <details className="author-langs">
        <summary>{t('author.otherLangs')}</summary>
        {others.map((l) => (
          <label key={l} className="author-lang">
            <span>{LANG_NAMES[l]}</span>
            <textarea
              rows={2}
              lang={l}
              maxLength={2000}
              value={text[l] ?? ''}
              onChange={(e) => setText({ ...text, [l]: e.currentTarget.value })}
            />
          </label>
        ))}
      </details>
      {here.length > 0 && (
        <fieldset className="author-events">
          <legend>{t('author.events', { t: at })}</legend>
          <label className="author-event">
            <input
              type="radio"
              name={`${ids}-ev`}
              checked={chosen < 0}
              onChange={() => setPick({ at: now, i: -1 })}
            />
            <span>{t('author.noSnap', { t: at })}</span>
          </label>
          {here.map((c, i) => (
            <label
              key={`${c.snap.atMs}-${JSON.stringify(c.snap.anchor)}-${c.snap.ordinal}`}
              className="author-event"
            >
              <input
                type="radio"
                name={`${ids}-ev`}
                checked={chosen === i}
                onChange={() => setPick({ at: now, i })}
              />
              <span className="author-event-t mono">{formatTime(c.snap.atMs, durationMs)}</span>
              <span className={`author-event-what author-event-${c.kind}`}>{c.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      <button type="button" className="button" disabled={!text[locale]?.trim()} onClick={add}>
        {t('author.addCaption')}
      </button>
      <ul className="author-list">
        {placed.map((p) => (
          <CaptionRow key={p.caption.id} p={p} durationMs={durationMs} lang={locale} />
        ))}
      </ul>
    </fieldset>
  );
}

function CaptionRow({ p, durationMs, lang }: { p: Placed; durationMs: number; lang: Locale }) {
  const seek = usePlayer((x) => x.seek);
  const c = p.caption;
  const text = textIn(c.text, lang);
  return (
    <li className={p.missing ? 'author-row author-missing' : 'author-row'}>
      <button
        type="button"
        className="button small mono"
        aria-label={t('author.goTo', { t: formatTime(p.atMs, durationMs) })}
        onClick={() => seek(p.atMs)}
      >
        {formatTime(p.atMs, durationMs)}
      </button>
      <span className="author-what">
        {text}
        {c.snap && !p.missing && <span className="author-tag">{t('author.snapped')}</span>}
        {p.missing && <span className="author-tag author-warn">{t('author.notInRun')}</span>}
      </span>
      <TimeField
        label={t('author.captionTime', { caption: text })}
        ms={p.atMs}
        durationMs={durationMs}
        onChange={(atMs) => authoring.dispatch({ type: 'editCaption', id: c.id, atMs })}
      />
      <button
        type="button"
        className="button small"
        aria-label={t('author.removeCaption', { caption: text })}
        onClick={() => authoring.dispatch({ type: 'removeCaption', id: c.id })}
      >
        {t('author.remove')}
      </button>
    </li>
  );
}
