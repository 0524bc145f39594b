import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatNumber, t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { paceAt } from '../../player/pace.ts';
import { usePlayer } from '../../player/react.ts';
import { errorText } from '../boot/lazyChunk.tsx';
import { secondsText } from './export.ts';
import {
  ANIM_FPS,
  ANIM_HEIGHT,
  ANIM_MAX_FRAMES,
  ANIM_WIDTH,
  type AnimFormat,
  animFileName,
  animSeconds,
  sampleFrames,
} from './exportAnimation.ts';
import { AnimationCancelled, download, recordAnimation } from './exportDom.ts';
import '../share/ShareDialog.css';
import { stepsOf } from '../../player/steps.ts';
import { useCaptions } from '../../views/story.ts';

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; text: string }
  | { kind: 'error'; text: string };

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * The animated export's short dialog: a step range (default the whole story), what it will make
 * (frames, length, size), then progress with Cancel. Frames are sampled by exportAnimation.ts
 * with the player's pacing at the chosen speed and drawn by exportDom.ts.
 */
export function ExportAnimationDialog({ format, onClose }: { format: AnimFormat | null; onClose(): void }) {
  const run = usePlayer((s) => s.run);
  const speed = usePlayer((s) => s.speed);
  const locale = useLocale();
  const ref = useRef<HTMLDialogElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const ids = { from: useId(), to: useId(), progress: useId() };
  const total = run ? stepsOf(run).length : 0;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (format && !d.open) {
      setFrom(0);
      setTo(Math.max(0, total - 1));
      setPhase({ kind: 'idle' });
      d.showModal();
    } else if (!format && d.open) d.close();
  }, [format, total]);

  // Closing (Escape, Close) while recording cancels it.
  useEffect(() => () => abort.current?.abort(), []);

  const captions = useCaptions(run);

  const plan = useMemo(() => {
    if (!run || !format || total === 0) return null;
    return sampleFrames({
      steps: stepsOf(run),
      from,
      to,
      fps: ANIM_FPS[format],
      rate: (x) => run.scenario.timeScale * speed * paceAt(run.pace, x, speed),
      maxFrames: ANIM_MAX_FRAMES[format],
    });
  }, [run, format, from, to, speed, total]);

  const start = async () => {
    if (!run || !format || !plan) return;
    const ctrl = new AbortController();
    abort.current = ctrl;
    const title = scenarioText(locale, run.scenario, 'title');
    setPhase({ kind: 'running', done: 0, total: plan.frames.length });
    try {
      const blob = await recordAnimation({
        run,
        format,
        frames: plan.frames,
        signal: ctrl.signal,
        label: t('cluster.label', { scenario: title }),
        heading: (x) => t('export.frameTitle', { scenario: title, time: secondsText(x) }),
        caption: (i) => (i >= 0 ? (captions[i] ?? '') : t('narration.before')),
        onProgress: (done, n) => setPhase({ kind: 'running', done, total: n }),
      });
      const file = animFileName(run.scenario.id, Math.min(from, to), Math.max(from, to), format);
      download(blob, file);
      setPhase({ kind: 'done', text: t('anim.done', { file, size: sizeText(blob.size) }) });
    } catch (e) {
      if (e instanceof AnimationCancelled) setPhase({ kind: 'done', text: t('anim.cancelled') });
      else
        setPhase({
          kind: 'error',
          text: t('anim.failed', { message: errorText(e) }),
        });
    } finally {
      abort.current = null;
    }
  };

  const running = phase.kind === 'running';
  const label = (i: number) => {
    const c = captions[i] ?? '';
    return t('anim.stepOption', { n: i + 1, caption: c.length > 60 ? `${c.slice(0, 57)}…` : c });
  };
  const options = (run ? stepsOf(run) : []).map((s, i) => (
    <option key={s.id} value={i}>
      {label(i)}
    </option>
  ));

  return (
    <dialog
      ref={ref}
      className="anim-dialog"
      aria-labelledby="anim-title"
      onClose={() => {
        abort.current?.abort();
        onClose();
      }}
    >
      <h2 id="anim-title">{t('anim.title', { format: format === 'webm' ? 'WebM' : 'GIF' })}</h2>
      <div className="anim-range">
        <div className="share-field">
          <label htmlFor={ids.from}>{t('anim.from')}</label>
          <select
            id={ids.from}
            value={from}
            disabled={running}
            onChange={(e) => {
              const v = Number(e.currentTarget.value);
              setFrom(v);
              if (to < v) setTo(v);
            }}
          >
            {options}
          </select>
        </div>
        <div className="share-field">
          <label htmlFor={ids.to}>{t('anim.to')}</label>
          <select
            id={ids.to}
            value={to}
            disabled={running}
            onChange={(e) => {
              const v = Number(e.currentTarget.value);
              setTo(v);
              if (from > v) setFrom(v);
            }}
          >
            {options}
          </select>
        </div>
      </div>
      {plan && format && (
        <p className="anim-summary">
          {t('anim.summary', {
            frames: plan.frames.length,
            seconds: formatNumber(animSeconds(plan.frames), 1),
            width: ANIM_WIDTH,
            height: ANIM_HEIGHT,
            fps: ANIM_FPS[format],
          })}
          {plan.speedUp > 1 && Number.isFinite(plan.speedUp) && (
            <> {t('anim.speedUp', { x: formatNumber(plan.speedUp, 1) })}</>
          )}
          {format === 'webm' && <> {t('anim.realtime')}</>}
        </p>
      )}
      {running && (
        <div className="anim-progress">
          <label htmlFor={ids.progress}>{t('anim.progress')}</label>
          <progress id={ids.progress} max={phase.total} value={phase.done} />
          <span className="mono">
            {phase.done < phase.total
              ? t('anim.drawing', { n: phase.done + 1, total: phase.total })
              : t('anim.encoding')}
          </span>
        </div>
      )}
      <p className={`anim-status${phase.kind === 'error' ? ' error' : ''}`} role="status" aria-live="polite">
        {phase.kind === 'done' || phase.kind === 'error' ? phase.text : ''}
      </p>
      <div className="anim-actions">
        {running ? (
          <button type="button" className="button" onClick={() => abort.current?.abort()}>
            {t('anim.cancel')}
          </button>
        ) : (
          <button type="button" className="button primary" disabled={!plan} onClick={start}>
            {t('anim.start')}
          </button>
        )}
        <button type="button" className="button" onClick={() => ref.current?.close()}>
          {t('anim.close')}
        </button>
      </div>
    </dialog>
  );
}
