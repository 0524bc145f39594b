import { scaleLinear } from 'd3-scale';
import { area, curveStepAfter, line } from 'd3-shape';
import { useDeferredValue, useMemo } from 'react';
import { messageTypeLabel, t } from '../i18n/index.ts';
import { maxOf } from '../lib/extent.ts';
import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';
import { FENCING_WINDOW_MARK } from '../sim/check/fencingWindow.ts';
import { createMetricsIndex, type LeaderPoint } from '../sim/metrics/index.ts';
import { formatTime } from '../views/format.ts';

const W = 300;
const H = 76;
const PAD = { l: 18, r: 6, t: 6, b: 14 };

/** Leaders over the whole run as a step chart (believed: line, effective: area), with the cursor. */
function LeadersChart({
  series,
  duration,
  t: cursor,
}: {
  series: readonly LeaderPoint[];
  duration: number;
  t: number;
}) {
  const top = maxOf(
    series.map((p) => p.count),
    2,
  );
  const x = scaleLinear()
    .domain([0, duration])
    .range([PAD.l, W - PAD.r]);
  const y = scaleLinear()
    .domain([0, top])
    .range([H - PAD.b, PAD.t]);
  const pts = [
    ...series,
    { t: duration, count: series.at(-1)?.count ?? 0, effective: series.at(-1)?.effective ?? 0 },
  ];
  const believed = line<LeaderPoint>()
    .x((p) => x(p.t))
    .y((p) => y(p.count))
    .curve(curveStepAfter)(pts);
  const effective = area<LeaderPoint>()
    .x((p) => x(p.t))
    .y0(y(0))
    .y1((p) => y(p.effective))
    .curve(curveStepAfter)(pts);
  const now = [...series].reverse().find((p) => p.t <= cursor);
  const ticks = Array.from({ length: top + 1 }, (_, i) => i);
  return (
    <figure className="leaders-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('metrics.chartDesc', { n: now?.count ?? 0, t: formatTime(cursor, duration) })}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line className={v === 1 ? 'grid one' : 'grid'} x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} />
            <text className="tick" x={PAD.l - 5} y={y(v) + 3.5} textAnchor="end">
              {v}
            </text>
          </g>
        ))}
        {effective && <path className="effective" d={effective} />}
        {believed && <path className="believed" d={believed} />}
        <line className="cursor" x1={x(cursor)} x2={x(cursor)} y1={PAD.t - 2} y2={H - PAD.b + 2} />
        <text className="tick" x={PAD.l} y={H - 2}>
          0
        </text>
        <text className="tick" x={W - PAD.r} y={H - 2} textAnchor="end">
          {formatTime(duration, duration)}
        </text>
      </svg>
      <figcaption className="wi-muted">{t('metrics.chart')}</figcaption>
    </figure>
  );
}

/** The run's numbers up to the cursor (issue #5): messages, leaderless time, failovers, leaders, writes. */
export function MetricsPanel({ run: latest, time }: { run: Run; time: number }) {
  // A new run's metrics are indexed after the picture shows it (a long run: hundreds of ms).
  const run = useDeferredValue(latest);
  const ix = useMemo(() => createMetricsIndex(run.trace), [run]);
  const m = ix.at(time);
  const d = run.trace.durationMs;
  const ft = (ms: number) => formatTime(ms, d);
  const types = Object.entries(m.messages.byType).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const hasWrites = run.index.writes.length > 0 || run.trace.hosts.some((h) => h.kind === 'resource');
  // A stale write the resource accepted because it had not seen the newer token yet: the first such
  // moment up to the cursor, told by its derived caption (src/sim/check/fencingWindow.ts).
  const seek = usePlayer((s) => s.seek);
  // Found once per run, among the index's marks: a 24 h run holds over a million events. Events are
  // in time order, so the first mark up to the cursor is the run's first mark, once the cursor is past it.
  const firstWindow = useMemo(
    () => run.index.marks.find((m) => m.mark.name === FENCING_WINDOW_MARK)?.mark,
    [run],
  );
  const fencingWindow = firstWindow && firstWindow.t <= time ? firstWindow : undefined;
  return (
    <section className="wi-section" aria-label={t('metrics.label')}>
      <h3 className="wi-h">{t('metrics.label')}</h3>
      <LeadersChart series={ix.series} duration={d} t={time} />
      <dl className="metrics">
        <div data-metric="messages">
          <dt>{t('metrics.messages')}</dt>
          <dd>
            <span className="mono strong">
              {m.messages.total} {t('metrics.total')}
            </span>
            {m.messages.dropped > 0 && (
              <span className="mono">
                {' '}
                · {m.messages.dropped} {t('metrics.dropped')}
              </span>
            )}
            {types.length > 0 && (
              <ul className="metric-types">
                {types.map(([type, n]) => (
                  <li key={type}>
                    <span>{messageTypeLabel(type)}</span>
                    <span className="mono">{n}</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div data-metric="leaderless">
          <dt>{t('metrics.leaderless')}</dt>
          <dd>
            <span className="mono strong">
              {t('metrics.leaderlessTotal', { d: ft(m.leaderless.totalMs) })}
            </span>
            {m.leaderless.windows.length > 0 && (
              <ul className="metric-list">
                {m.leaderless.windows.map((w) => (
                  <li key={w.fromMs} className="mono">
                    {w.ongoing
                      ? t('metrics.windowOngoing', { from: ft(w.fromMs) })
                      : t('metrics.window', { from: ft(w.fromMs), to: ft(w.toMs) })}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div data-metric="failovers">
          <dt>{t('metrics.failovers')}</dt>
          <dd>
            {m.failovers.length === 0 ? (
              <span className="wi-muted">{t('metrics.none')}</span>
            ) : (
              <ul className="metric-list">
                {m.failovers.map((f) => (
                  <li key={f.lostAtMs}>
                    {f.ongoing || f.to === null
                      ? t('metrics.failoverOngoing', {
                          from: f.from,
                          cause: t(`metrics.cause.${f.cause}`),
                          at: ft(f.lostAtMs),
                          d: ft(f.durationMs),
                        })
                      : t('metrics.failover', {
                          from: f.from,
                          cause: t(`metrics.cause.${f.cause}`),
                          at: ft(f.lostAtMs),
                          to: f.to,
                          d: ft(f.durationMs),
                        })}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div data-metric="max-leaders">
          <dt>{t('metrics.maxLeaders')}</dt>
          <dd className={m.maxConcurrentLeaders > 1 ? 'warn' : undefined}>
            <span className="mono strong">
              {t('metrics.maxLeadersValue', {
                believed: m.maxConcurrentLeaders,
                effective: m.maxConcurrentEffectiveLeaders,
              })}
            </span>
          </dd>
        </div>
        {hasWrites && (
          <div data-metric="writes">
            <dt>{t('metrics.writes')}</dt>
            <dd>
              <ul className="metric-stats">
                <li data-metric="writes-accepted">
                  <span className="mono">{m.writes.accepted}</span>
                  {t('metrics.accepted')}
                </li>
                <li data-metric="writes-rejected">
                  <span className="mono">{m.writes.rejected}</span>
                  {t('metrics.rejected')}
                </li>
                <li data-metric="writes-stale" className={m.writes.staleAccepted > 0 ? 'danger' : undefined}>
                  <span className="mono">{m.writes.staleAccepted}</span>
                  {t('metrics.stale')}
                  {fencingWindow && (
                    <>
                      {' '}
                      <button
                        type="button"
                        className="wi-link"
                        data-link="fencing-window"
                        onClick={() => seek(fencingWindow.t)}
                      >
                        {t('metrics.fencingWindow')}
                      </button>
                    </>
                  )}
                </li>
              </ul>
            </dd>
          </div>
        )}
        <div data-metric="spurious">
          <dt>{t('metrics.spurious')}</dt>
          <dd>
            <span className="mono strong">
              {t('metrics.spuriousValue', { n: m.spuriousElections, of: m.failureDetections })}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
