import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { useEffect, useId, useRef, useState } from 'react';
import { formatNumber, t } from '../i18n/index.ts';
import { maxOf, minOf } from '../lib/extent.ts';
import type { SeriesPoint, SweepResult } from '../sim/metrics/index.ts';
import type { ParamProblem } from '../sim/params.ts';
import { refusalText } from './knobs.ts';
import { mergeResults, SWEEPS } from './sweeps.ts';

const W = 300;
const H = 190;
const PAD = { l: 40, r: 14, t: 8, b: 30 };

const fmt = (v: number) =>
  Math.abs(v) >= 10_000 ? `${Math.round(v / 1000)}k` : Number.isInteger(v) ? String(v) : formatNumber(v, 1);

/** Measured points (dots) and the reference curves (dashed) of one sweep. */
function SweepChart({ result }: { result: SweepResult }) {
  const measured = result.points.filter((p): p is SeriesPoint => p.y !== null);
  const refs = result.references;
  const xs = result.points.map((p) => p.x);
  const ys = [...measured.map((p) => p.y), ...refs.flatMap((r) => r.points.map((p) => p.y))];
  const x = scaleLinear()
    .domain([minOf(xs), maxOf(xs)])
    .range([PAD.l, W - PAD.r])
    .nice();
  const y = scaleLinear()
    .domain([0, maxOf(ys, 1)])
    .range([H - PAD.b, PAD.t])
    .nice();
  const path = line<SeriesPoint>()
    .x((p) => x(p.x))
    .y((p) => y(p.y));
  return (
    <svg
      className="sweep-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('sweep.chartLabel', { title: t(`sweep.${result.id}`), n: measured.length })}
    >
      {y.ticks(4).map((v) => (
        <g key={`y${v}`}>
          <line className="grid" x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} />
          <text className="tick" x={PAD.l - 4} y={y(v) + 3} textAnchor="end">
            {fmt(v)}
          </text>
        </g>
      ))}
      {x.ticks(5).map((v) => (
        <text key={`x${v}`} className="tick" x={x(v)} y={H - PAD.b + 12} textAnchor="middle">
          {fmt(v)}
        </text>
      ))}
      <text className="axis" x={(PAD.l + W - PAD.r) / 2} y={H - 3} textAnchor="middle">
        {t(`sweep.${result.id}.x`)}
      </text>
      {refs.map((r, i) => (
        <path key={r.label} className={`ref ref-${i}`} d={path(r.points) ?? ''} />
      ))}
      {measured.map((p) => (
        <circle key={p.x} className="pt" cx={x(p.x)} cy={y(p.y)} r={2.6}>
          <title>{`${result.knob} ${p.x}: ${fmt(p.y)}`}</title>
        </circle>
      ))}
    </svg>
  );
}

/**
 * The predefined sweeps (predefinedSweeps.ts), run on demand one value at a time so the page
 * stays responsive, plotted with their reference curves.
 */
export function SweepPanel() {
  const [id, setId] = useState(SWEEPS[0]?.id ?? '');
  const [results, setResults] = useState<Record<string, SweepResult>>({});
  const [progress, setProgress] = useState<{ id: string; done: number; total: number } | null>(null);
  const timer = useRef<number | null>(null);
  const ids = useId();
  const choice = SWEEPS.find((s) => s.id === id);
  const result = results[id];

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const run = () => {
    if (!choice || progress) return;
    const parts: SweepResult[] = [];
    const total = choice.values.length;
    setProgress({ id: choice.id, done: 0, total });
    const next = (i: number) => {
      const v = choice.values[i];
      if (v === undefined) {
        const merged = mergeResults(parts);
        if (merged) setResults((r) => ({ ...r, [choice.id]: merged }));
        setProgress(null);
        timer.current = null;
        return;
      }
      parts.push(choice.run([v]));
      setProgress({ id: choice.id, done: i + 1, total });
      timer.current = window.setTimeout(() => next(i + 1), 0);
    };
    timer.current = window.setTimeout(() => next(0), 0);
  };

  const refused = result?.points.filter((p) => p.y === null) ?? [];
  // One reason per message; a refused knob is worded from its ParamProblem.
  const reasons = [
    ...new Map<string, ParamProblem | string>(
      refused.map((p) => ('error' in p ? [p.error, p.problem ?? p.error] : ['', ''])),
    ).values(),
  ];
  const busy = progress !== null;

  return (
    <section className="wi-section" aria-label={t('sweep.label')}>
      <h3 className="wi-h">{t('sweep.label')}</h3>
      <div className="wi-row">
        <select
          aria-label={t('sweep.pick')}
          value={id}
          disabled={busy}
          onChange={(e) => setId(e.currentTarget.value)}
          className="sweep-select"
        >
          {SWEEPS.map((s) => (
            <option key={s.id} value={s.id}>
              {t(`sweep.${s.id}`)}
            </option>
          ))}
        </select>
        <button type="button" className="button small" disabled={busy} onClick={run}>
          {result ? t('sweep.rerun') : t('sweep.run')}
        </button>
      </div>
      {busy && (
        <p className="wi-muted" role="status">
          {t('sweep.running', { done: progress.done, total: progress.total })}
        </p>
      )}
      {result && !busy && (
        <figure className="sweep" aria-describedby={`${ids}-legend`}>
          <p className="wi-muted sweep-y">{t(`sweep.${result.id}.y`)}</p>
          <SweepChart result={result} />
          <ul className="sweep-legend" id={`${ids}-legend`}>
            <li>
              <svg width="14" height="10" aria-hidden="true">
                <circle className="pt" cx="7" cy="5" r="3" />
              </svg>
              {t('sweep.measured', { n: result.points.length - refused.length })}
            </li>
            {result.references.map((r, i) => (
              <li key={r.label}>
                <svg width="18" height="10" aria-hidden="true">
                  <line className={`ref ref-${i}`} x1="0" x2="18" y1="5" y2="5" />
                </svg>
                {r.label}
              </li>
            ))}
          </ul>
          {refused.length > 0 && (
            <p className="wi-muted">
              {t('sweep.refused', {
                values: refused.map((p) => p.x).join(', '),
                knob: result.knob,
                reason: reasons.map((r) => refusalText(r)).join('; '),
              })}
            </p>
          )}
        </figure>
      )}
    </section>
  );
}
