import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { usePlayer, usePlayerStore } from '../../player/react.ts';
import { frameFileName } from '../export/export.ts';
import {
  DEFAULT_EMBED,
  EMBED_CONTROLS,
  type EmbedControls,
  type EmbedOptions,
  stepFromText,
  stepText,
} from '../link/embed.ts';
import { type SharedRun, sharedRunOf, withScenario } from './sharedStory.ts';
import {
  EMBED_SIZES,
  type EmbedSize,
  elementScriptUrl,
  elementSnippet,
  embedUrl,
  iframeSnippet,
  markdownSnippet,
  reactSnippet,
  viewUrl,
} from './shareSnippets.ts';
import './ShareDialog.css';
import { stepsOf } from '../../player/steps.ts';

/** Copies text; without a clipboard the field's text is selected for Ctrl+C. Says which in `status`. */
async function copyText(
  text: string,
  field: HTMLTextAreaElement | HTMLInputElement | null,
): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.focus();
    field?.select();
    return false;
  }
}

function Snippet({
  label,
  copyLabel,
  text,
  note,
  rows,
  onCopy,
}: {
  label: string;
  copyLabel: string;
  text: string;
  note?: string;
  rows: number;
  onCopy(text: string, field: HTMLTextAreaElement | null, what: string): void;
}) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <div className="share-snippet">
      <div className="share-snippet-head">
        <label htmlFor={id}>{label}</label>
        <button type="button" className="button" onClick={() => onCopy(text, ref.current, label)}>
          {copyLabel}
        </button>
      </div>
      <textarea
        ref={ref}
        id={id}
        className="mono"
        readOnly
        rows={rows}
        value={text}
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
      />
      {note && <p className="share-note">{note}</p>}
    </div>
  );
}

/** A step of the story (0-based, listed as people count them) or none (the story's own start or end). */
function StepSelect(p: {
  id: string;
  label: string;
  none: string;
  value: number | null;
  count: number;
  onChange(v: number | null): void;
}) {
  const steps = Array.from({ length: p.count }, (_, i) => stepText(i));
  return (
    <div className="share-field">
      <label htmlFor={p.id}>{p.label}</label>
      <select
        id={p.id}
        value={p.value === null ? '' : stepText(p.value)}
        onChange={(e) => p.onChange(stepFromText(e.currentTarget.value))}
      >
        <option value="">{p.none}</option>
        {steps.map((n) => (
          <option key={n} value={n}>
            {t('share.stepOption', { n })}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Share / Embed: the link to this exact view, an <iframe> for the view in embed mode with its
 * options (shareSnippets.ts has the URL contract), a Markdown snippet and the custom element.
 * Snippets are text in read-only text areas, never HTML. The player pauses when it opens, so the
 * snippets name the frame on screen.
 */
export function ShareDialog({ open, onClose, query }: { open: boolean; onClose(): void; query(): string }) {
  const store = usePlayerStore();
  const locale = useLocale();
  const ref = useRef<HTMLDialogElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const [snap, setSnap] = useState<{ query: string; t: number; step: number } | null>(null);
  const [embed, setEmbed] = useState<EmbedOptions>(DEFAULT_EMBED);
  const [size, setSize] = useState<EmbedSize>('640x400');
  const [status, setStatus] = useState('');
  // The story itself when it is not the catalogue's (sharedStory.ts): read once the dialog opens.
  const [shared, setShared] = useState<SharedRun>({ story: null });
  const ids = { controls: useId(), start: useId(), end: useId(), size: useId(), link: useId() };

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      store.getState().pause();
      const s = store.getState();
      setSnap({ query: query(), t: s.t, step: s.stepIndex });
      setStatus('');
      setShared({ story: null });
      if (s.run)
        void sharedRunOf(s.run.scenario, window.location.hash).then(setShared, () =>
          setShared({ story: null }),
        );
      d.showModal();
    } else if (!open && d.open) d.close();
  }, [open, store, query]);

  const run = usePlayer((s) => s.run);
  const total = run ? stepsOf(run).length : 0;
  const base = `${window.location.origin}${window.location.pathname}`;
  const title = run ? scenarioText(locale, run.scenario, 'title') : '';
  const story = 'story' in shared ? shared.story : null;
  const q = withScenario(snap?.query ?? '', 'story' in shared ? shared.scenario : undefined);
  const scenarioId = new URLSearchParams(q).get('scenario') ?? run?.scenario.id ?? '';
  const link = viewUrl(base, q, story);
  const src = embedUrl(base, q, embed, story);
  const step = snap && snap.step >= 0 ? snap.step + 1 : null;
  const iframe = iframeSnippet({
    src,
    title: t('share.frameTitle', { app: t('app.name'), scenario: title }),
    size,
  });
  const markdown = markdownSnippet({
    title: step === null ? title : t('share.linkTitle', { scenario: title, n: step }),
    url: link,
    image: run ? frameFileName(run.scenario.id, snap?.t ?? 0, 'png') : 'frame.png',
  });
  const element = elementSnippet({
    scenario: scenarioId,
    step,
    embed,
    query: q,
    script: elementScriptUrl(base),
    story,
  });
  const react = reactSnippet({ scenario: scenarioId, step, embed, query: q, story, appUrl: base });

  const onCopy = async (text: string, field: HTMLTextAreaElement | HTMLInputElement | null, what: string) => {
    setStatus('');
    const ok = await copyText(text, field);
    setStatus(ok ? t('share.copied', { what }) : t('share.manual'));
  };

  const set = (patch: Partial<EmbedOptions>) => setEmbed((e) => ({ ...e, ...patch }));

  return (
    <dialog ref={ref} className="share-dialog" aria-labelledby="share-title" onClose={onClose}>
      <div className="share-head">
        <h2 id="share-title">{t('share.title')}</h2>
        <form method="dialog">
          <button type="submit" className="button">
            {t('share.close')}
          </button>
        </form>
      </div>

      <div className="share-link">
        <label htmlFor={ids.link}>{t('share.link')}</label>
        <div className="share-row">
          <input
            ref={linkRef}
            id={ids.link}
            type="text"
            className="mono"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className="button"
            onClick={() => onCopy(link, linkRef.current, t('share.link'))}
          >
            {t('share.copyLink')}
          </button>
        </div>
      </div>

      {'tooLong' in shared && (
        <p className="share-note share-too-long" role="status">
          {t('share.tooLong', { n: shared.tooLong })}
        </p>
      )}

      <fieldset className="share-options">
        <legend>{t('share.options')}</legend>
        <div className="share-field">
          <label htmlFor={ids.controls}>{t('share.controls')}</label>
          <select
            id={ids.controls}
            value={embed.controls}
            onChange={(e) => set({ controls: e.currentTarget.value as EmbedControls })}
          >
            {EMBED_CONTROLS.map((c) => (
              <option key={c} value={c}>
                {t(`share.controls.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <StepSelect
          id={ids.start}
          label={t('share.start')}
          none={t('share.storyStart')}
          value={embed.start}
          count={total}
          onChange={(v) =>
            set({ start: v, ...(v !== null && embed.end !== null && embed.end < v ? { end: v } : {}) })
          }
        />
        <StepSelect
          id={ids.end}
          label={t('share.end')}
          none={t('share.storyEnd')}
          value={embed.end}
          count={total}
          onChange={(v) =>
            set({ end: v, ...(v !== null && embed.start !== null && embed.start > v ? { start: v } : {}) })
          }
        />
        <div className="share-field">
          <label htmlFor={ids.size}>{t('share.size')}</label>
          <select id={ids.size} value={size} onChange={(e) => setSize(e.currentTarget.value as EmbedSize)}>
            {EMBED_SIZES.map((s) => (
              <option key={s} value={s}>
                {t(`share.size.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="share-checks">
          <label>
            <input
              type="checkbox"
              checked={embed.autoplay}
              onChange={(e) => set({ autoplay: e.currentTarget.checked })}
            />
            {t('share.autoplay')}
          </label>
          <label>
            <input
              type="checkbox"
              checked={embed.loop}
              onChange={(e) => set({ loop: e.currentTarget.checked })}
            />
            {t('share.loop')}
          </label>
        </div>
      </fieldset>

      <Snippet
        label={t('share.iframe')}
        copyLabel={t('share.copyIframe')}
        text={iframe}
        rows={3}
        onCopy={onCopy}
      />
      <Snippet
        label={t('share.markdown')}
        copyLabel={t('share.copyMarkdown')}
        text={markdown}
        note={t('share.markdownNote')}
        rows={4}
        onCopy={onCopy}
      />
      <Snippet
        label={t('share.element')}
        copyLabel={t('share.copyElement')}
        text={element}
        note={t('share.elementNote')}
        rows={4}
        onCopy={onCopy}
      />
      <Snippet
        label={t('share.react')}
        copyLabel={t('share.copyReact')}
        text={react}
        note={t('share.reactNote')}
        rows={4}
        onCopy={onCopy}
      />
      <p className="share-status" role="status" aria-live="polite">
        {status}
      </p>
    </dialog>
  );
}
