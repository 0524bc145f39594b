import { useId } from 'react';
import { t } from '../i18n/index.ts';
import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';
import { DURATIONS_S, PRESETS, presetOf } from './presets.ts';

/**
 * Free play's own settings, first in the What-if panel: the algorithm (a preset: algorithm plus the
 * switch that matters) and the run length. A new algorithm starts from a clean slate.
 */
export function SandboxSection({ run }: { run: Run }) {
  const setAlgorithm = usePlayer((s) => s.setAlgorithm);
  const durationMs = usePlayer((s) => s.durationMs);
  const setDuration = usePlayer((s) => s.setDuration);
  const ids = useId();
  const current = presetOf(run.scenario.algorithm, run.trace.params);
  const seconds = Math.round((durationMs ?? run.trace.durationMs) / 1000);
  const lengths = DURATIONS_S.includes(seconds)
    ? DURATIONS_S
    : [...DURATIONS_S, seconds].sort((a, b) => a - b);
  return (
    <section className="wi-section sandbox-section" aria-label={t('sandbox.label')}>
      <h3 className="wi-h">{t('sandbox.label')}</h3>
      <div className="sandbox-row">
        <label htmlFor={`${ids}-alg`}>{t('sandbox.algorithm')}</label>
        <select
          id={`${ids}-alg`}
          value={current?.id ?? ''}
          onChange={(e) => {
            const p = PRESETS.find((x) => x.id === e.currentTarget.value);
            if (p) setAlgorithm(p.algorithm, p.params);
          }}
        >
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {t(`sandbox.preset.${p.id}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-len`}>{t('sandbox.duration')}</label>
        <select
          id={`${ids}-len`}
          value={seconds}
          onChange={(e) => {
            const s = Number(e.currentTarget.value);
            setDuration(s * 1000 === run.scenario.durationMs ? undefined : s * 1000);
          }}
        >
          {lengths.map((s) => (
            <option key={s} value={s}>
              {t('sandbox.seconds', { s })}
            </option>
          ))}
        </select>
      </div>
      <p className="wi-muted">{t('sandbox.intro')}</p>
    </section>
  );
}
