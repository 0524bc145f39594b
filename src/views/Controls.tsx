import { type CSSProperties, memo, useMemo } from 'react';
import { formatNumber, t } from '../i18n/index.ts';
import { usePlayer, usePlayerStore } from '../player/react.ts';
import { formatSpeed, SPEED_STOPS, speedAt, speedIndex } from '../player/speed.ts';
import { stepsOf } from '../player/steps.ts';
import type { Run } from '../player/store.ts';
import { FENCING_WINDOW_MARK } from '../sim/check/fencingWindow.ts';
import { specOf } from '../sim/faults/table.ts';
import { formatTime } from './format.ts';
import { useShownStep } from './story.ts';

interface Marker {
  key: string;
  kind: 'step' | 'fault' | 'violation' | 'notice';
  at: number;
  label: string;
  glyph: string;
  step?: number;
  /** A What-if intervention rather than a scripted fault. */
  intervention?: boolean;
}

/** Marks on the timeline: narration steps, faults, safety violations and notices (a fencing window) of this run. */
export function markersOf(run: Run, captions: readonly string[]): Marker[] {
  const out: Marker[] = [];
  stepsOf(run).forEach((s, i) => {
    out.push({
      key: `s${i}`,
      kind: 'step',
      at: s.atMs,
      step: i,
      glyph: '',
      label: t('player.marker.step', { n: i + 1, caption: captions[i] ?? s.id }),
    });
  });
  run.index.faults.forEach((f, i) => {
    // The fault table's icon; a quiet kind (a pause's own end) is shown by the fault it ends.
    const spec = specOf(f.fault);
    if (spec.quiet) return;
    const node =
      'node' in f.fault
        ? f.fault.node
        : 'groups' in f.fault
          ? f.fault.groups.map((g) => g.join(',')).join(' | ')
          : '';
    const label = t('player.marker.fault', { kind: f.fault.kind, node }).trim();
    const intervention = f.source === 'intervention';
    out.push({
      key: `f${i}`,
      kind: 'fault',
      at: f.t,
      glyph: spec.icon,
      label: intervention ? t('marker.intervention', { label }) : label,
      ...(intervention ? { intervention } : {}),
    });
  });
  run.index.violations.forEach((v, i) => {
    out.push({
      key: `v${i}`,
      kind: 'violation',
      at: v.t,
      glyph: '!',
      label: t('player.marker.violation', { kind: v.kind }),
    });
  });
  // A fencing window is a notice, not a violation (src/sim/check/fencingWindow.ts): its own mark.
  for (const { i, mark: e } of run.index.marksNamed(FENCING_WINDOW_MARK)) {
    out.push({
      key: `n${i}`,
      kind: 'notice',
      at: e.t,
      glyph: 'i',
      label: t('player.marker.fencingWindow', { node: String(e.data?.node), token: String(e.data?.token) }),
    });
  }
  return out;
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

const ICON = {
  play: 'M8 5.5v13l10.5-6.5z',
  pause: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z',
  back: 'M6 5h2.2v14H6zM19 5.5v13L9.5 12z',
  forward: 'M15.8 5H18v14h-2.2zM5 5.5v13L14.5 12z',
  restart: 'M12 5a7 7 0 1 1-6.6 4.7l1.9.7A5 5 0 1 0 12 7v3L7.5 6 12 2z',
};

export interface ControlsProps {
  run: Run;
  captions: readonly string[];
  /**
   * `full` (default): everything. `minimal` (embeds): Step back, Play/Pause, Step forward and a step
   * counter; the rest is not rendered visibly (display: none in src/embed/embed.css).
   */
  variant?: 'full' | 'minimal';
}

/**
 * A change being simulated (the run on screen stays meanwhile): how far it is, and Cancel. A long
 * run also shows what is not simulated yet on the timeline (--until).
 */
function SimProgress() {
  const pending = usePlayer((s) => s.pending);
  const cancel = usePlayer((s) => s.cancelPending);
  if (!pending) return null;
  const percent = Math.floor((Math.max(0, pending.through) / Math.max(1, pending.durationMs)) * 100);
  return (
    <div className="sim-progress" role="status">
      <progress max={100} value={percent} aria-label={t('player.simulating.label')} />
      <span className="mono">{t('player.simulating', { percent: formatNumber(percent) })}</span>
      <button type="button" className="button small" onClick={cancel}>
        {t('player.simulating.cancel')}
      </button>
    </div>
  );
}

/** Transport (restart, step back, play/pause, step forward), the timeline with markers, speed and time. */
export const Controls = memo(function Controls({ run, captions, variant = 'full' }: ControlsProps) {
  const store = usePlayerStore();
  const time = usePlayer((s) => s.t);
  const playing = usePlayer((s) => s.playing);
  const speed = usePlayer((s) => s.speed);
  const pace = usePlayer((s) => s.pace);
  const stepIndex = useShownStep(run);
  const until = usePlayer((s) => s.until);
  const duration = run.trace.durationMs;
  const markers = useMemo(() => markersOf(run, captions), [run, captions]);
  const a = store.getState();
  const atEnd = time >= duration;
  const paceMode = !playing ? 'none' : pace > 1.05 ? 'fast' : pace < 0.95 ? 'slow' : 'none';
  const paceValue = formatNumber(pace, pace >= 1 ? 1 : 2);
  const sliderStep = Math.max(1, Math.round(duration / 1000));
  const nowText = formatTime(time, duration);
  const totalText = formatTime(duration, duration);
  const caption = stepIndex >= 0 ? captions[stepIndex] : undefined;

  return (
    <div className={`controls controls-${variant}`}>
      <div className="transport">
        <div className="buttons">
          <button
            type="button"
            className="icon-button restart"
            aria-label={t('player.restart')}
            title={`${t('player.restart')} (Home)`}
            onClick={() => a.restart()}
          >
            <Icon d={ICON.restart} />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('player.stepBack')}
            title={`${t('player.stepBack')} (←)`}
            onClick={() => a.stepBack()}
          >
            <Icon d={ICON.back} />
          </button>
          <button
            type="button"
            className="icon-button primary"
            aria-label={playing ? t('player.pause') : t('player.play')}
            title={`${playing ? t('player.pause') : t('player.play')} (Space)`}
            onClick={() => a.togglePlay()}
          >
            <Icon d={playing ? ICON.pause : ICON.play} />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('player.stepForward')}
            title={`${t('player.stepForward')} (→)`}
            onClick={() => a.stepForward()}
            disabled={atEnd}
          >
            <Icon d={ICON.forward} />
          </button>
        </div>
        {variant === 'minimal' && (
          <span className="step-count mono">
            {t('embed.stepCount', { n: stepIndex + 1, total: stepsOf(run).length })}
          </span>
        )}
        <div className="clock">
          <span className="sr-only">{t('player.timeLabel')}</span>
          <span className="now mono">{nowText}</span>
          <span className="total mono">/ {totalText}</span>
        </div>
        <div
          className={`pace pace-${paceMode}`}
          title={paceMode === 'none' ? '' : t(`player.pace.${paceMode}.title`, { value: paceValue })}
          aria-hidden={paceMode === 'none'}
        >
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path d={paceMode === 'slow' ? 'M11 6v12l-8-6zM20 6v12l-8-6z' : 'M3 6v12l8-6zM12 6v12l8-6z'} />
          </svg>
          <span className="mono">
            {paceMode === 'none' ? '' : t(`player.pace.${paceMode}`, { value: paceValue })}
          </span>
        </div>
        <label className="speed">
          <span>{t('player.speed')}</span>
          <input
            type="range"
            aria-label={t('player.speed')}
            min={0}
            max={SPEED_STOPS.length - 1}
            step={1}
            value={speedIndex(speed)}
            aria-valuetext={t('player.speedValue', { value: formatNumber(Number(formatSpeed(speed))) })}
            onChange={(e) => a.setSpeed(speedAt(Number(e.currentTarget.value)))}
          />
          <output className="mono">
            {t('player.speedValue', { value: formatNumber(Number(formatSpeed(speed))) })}
          </output>
        </label>
      </div>
      <SimProgress />
      <div className="timeline">
        <div className="markers steps" aria-hidden="true">
          {markers
            .filter((m) => m.kind === 'step')
            .map((m) => (
              <button
                type="button"
                tabIndex={-1}
                key={m.key}
                className={`marker step${m.step !== undefined && m.step <= stepIndex ? ' past' : ''}`}
                style={{ left: `${(m.at / duration) * 100}%` }}
                title={m.label}
                onClick={() => (m.step !== undefined ? a.goToStep(m.step) : a.seek(m.at))}
              />
            ))}
        </div>
        <input
          type="range"
          className="scrubber"
          aria-label={t('player.timeline')}
          min={0}
          max={duration}
          step={sliderStep}
          value={time}
          aria-valuetext={`${nowText} / ${totalText}${caption ? ` — ${caption}` : ''}`}
          style={
            {
              '--progress': `${(time / duration) * 100}%`,
              '--until': `${(until / duration) * 100}%`,
            } as CSSProperties
          }
          onChange={(e) => a.seek(Number(e.currentTarget.value))}
        />
        <div className="markers events" aria-hidden="true">
          {markers
            .filter((m) => m.kind !== 'step')
            .map((m) => (
              <button
                type="button"
                tabIndex={-1}
                key={m.key}
                className={`marker ${m.kind}${m.intervention ? ' intervention' : ''}`}
                style={{ left: `${(m.at / duration) * 100}%` }}
                title={m.label}
                onClick={() => a.seek(m.at)}
              >
                {m.kind === 'violation' ? (
                  '!'
                ) : m.kind === 'notice' ? (
                  'i'
                ) : (
                  <svg viewBox="-6 -6 12 12" width="12" height="12" aria-hidden="true">
                    <path d={m.glyph} />
                  </svg>
                )}
              </button>
            ))}
        </div>
      </div>
    </div>
  );
});
