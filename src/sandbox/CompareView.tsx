import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { t } from '../i18n/index.ts';
import { usePlayer } from '../player/react.ts';
import { type Run, shownScenario } from '../player/store.ts';
import { declarationOf } from '../sim/algorithms/registry.ts';
import { createMetricsIndex } from '../sim/metrics/index.ts';
import type { ParamValue } from '../sim/params.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { ClusterView } from '../views/ClusterView.tsx';
import { formatTime } from '../views/format.ts';
import { DRAW } from './branch.ts';
import { type CompareResult, type CompareSpec, compareInEngine, compareKnobs } from './compare.ts';
import { interventionText, storeGroupHost } from './faults.ts';
import { refusalText, unitText } from './knobs.ts';
import { type RunFault, runFaults, WITHOUT } from './variants.ts';

/**
 * The comparison run of the player's current inputs: null when Compare is closed (or the run is
 * imported), 'pending' while the player's engine simulates it (off the page's main thread).
 */
export function useCompare(run: Run): CompareResult | 'pending' | null {
  const { compare, seed, params, nodes, interventions, durationMs, choices, imported, engine } = usePlayer(
    useShallow((s) => ({
      compare: s.compare,
      seed: s.seed,
      params: s.params,
      nodes: s.nodes,
      interventions: s.interventions,
      durationMs: s.durationMs,
      choices: s.choices,
      imported: s.imported,
      engine: s.engine,
    })),
  );
  const [result, setResult] = useState<CompareResult | 'pending' | null>(null);
  useEffect(() => {
    if (!compare || imported) {
      setResult(null);
      return;
    }
    const r = compareInEngine(
      { scenario: run.scenario, seed, params, nodes, interventions, durationMs, choices },
      compare,
      engine,
    );
    if (!(r instanceof Promise)) {
      setResult(r);
      return;
    }
    let live = true;
    setResult('pending');
    r.then((x) => {
      if (live) setResult(x);
    });
    return () => {
      live = false;
    };
  }, [compare, imported, run.scenario, seed, params, nodes, interventions, durationMs, choices, engine]);
  return result;
}

/** "partition node-1, node-2 | node-3, node-4, node-5 at 0:04.0 (the story’s)". */
export function runFaultText(f: RunFault, durationMs: number, storeGroup: string | undefined): string {
  return t(f.scripted ? 'compare.scripted' : 'compare.yours', {
    what: interventionText(f.tf, durationMs, storeGroup),
  });
}

/**
 * The title of one side of a fault comparison: this run "with" the fault, the other "without" it
 * (and the fault that ends it, `dropped`); k = -1 is every fault.
 */
export function faultSideText(run: Run, k: number, side: 'this' | 'other', dropped: RunFault[] = []): string {
  const d = run.trace.durationMs;
  const group = storeGroupHost(run);
  if (side === 'this') {
    const f = runFaults(run.scenario, run.trace.interventions)[k];
    return f ? t('compare.withFault', { what: runFaultText(f, d, group) }) : t('compare.withAll');
  }
  if (k === -1) return t('compare.withoutAll');
  // The fault left out, then (without its own tag) the one that ended it: "… (the story’s) + heal at 0:10.0".
  return t('compare.without', {
    what: dropped
      .map((f, i) => (i === 0 ? runFaultText(f, d, group) : interventionText(f.tf, d, group)))
      .join(' + '),
  });
}

/** "quorum: on", "ttlS: 10 s". */
export function settingText(run: Run, spec: { name: string; value: ParamValue }): string {
  const knob = compareKnobs(shownScenario(run), run.trace.params).find((k) => k.name === spec.name);
  const unit = knob ? unitText(knob.spec) : '';
  const value =
    typeof spec.value === 'boolean'
      ? t(spec.value ? 'knobs.on' : 'knobs.off')
      : `${spec.value}${unit ? ` ${unit}` : ''}`;
  return t('compare.setting', { name: spec.name, value });
}

function specText(run: Run, spec: CompareSpec, adjusted: CompareSpec[]): string {
  return [
    settingText(run, spec),
    ...adjusted.map((a) =>
      t('compare.adjusted', { name: a.name, value: settingText(run, a).split(': ')[1] ?? '' }),
    ),
  ].join(' · ');
}

/**
 * The comparison run beside the main picture: a smaller cluster on the same cursor, what differs in
 * its header and a line of outcome (leaders now, violations so far, writes) under it.
 */
export function CompareView({ run, result, time }: { run: Run; result: CompareResult; time: number }) {
  const setCompare = usePlayer((s) => s.setCompare);
  const spec = usePlayer((s) => s.compare);
  const other = 'run' in result ? result.run : null;
  const frame = useMemo(() => other?.index.frameAt(time) ?? null, [other, time]);
  const m = useMemo(() => other?.metrics.at(time) ?? null, [other, time]);
  // This run's metrics too, for the side-by-side table (one index per run, read at the cursor).
  const mine = useMemo(() => createMetricsIndex(run.trace), [run.trace]);
  const here = useMemo(() => mine.at(time), [mine, time]);
  const hereViolations = useMemo(() => run.index.frameAt(time).violations.length, [run.index, time]);
  // The story's own figures (the CLI's metrics.*: jobRuns, unavailableShardFraction...), whole runs.
  const story = useMemo(() => (other ? storyRows(run.trace, other.trace) : []), [run.trace, other]);
  const what = !spec
    ? ''
    : spec.name === WITHOUT
      ? faultSideText(run, Number(spec.value), 'other', other?.dropped ?? [])
      : spec.name === DRAW
        ? t('compare.drawSeed', { n: Number(spec.value) })
        : specText(run, spec, other?.adjusted ?? []);
  const duration = other?.trace.durationMs ?? run.trace.durationMs;
  return (
    <section className="compare-run" aria-label={t('compare.region')}>
      <div className="compare-head">
        <h3 className="compare-tag" title={t('compare.otherRun', { what })}>
          {t('compare.otherRun', { what })}
        </h3>
        <button type="button" className="button small" onClick={() => setCompare(null)}>
          {t('compare.close')}
        </button>
      </div>
      {'error' in result ? (
        <p className="wi-problem" role="status">
          {t('compare.refused', {
            message: refusalText(result.problem ?? result.error, run.scenario.algorithm),
          })}
        </p>
      ) : (
        other &&
        frame &&
        m && (
          <>
            <ClusterView
              index={other.index}
              frame={frame}
              timeScale={run.scenario.timeScale}
              title={t('compare.region')}
              secondary
            />
            <p className="compare-outcome">
              <span className="sr-only">{t('compare.outcome', { t: formatTime(time, duration) })}: </span>
              <span data-compare-metric="leaders">
                {t('compare.leaders')} <b className="mono">{m.leaders.believed}</b>
              </span>
              <span
                data-compare-metric="violations"
                className={frame.violations.length > 0 ? 'danger' : undefined}
              >
                {t('compare.violations')} <b className="mono">{frame.violations.length}</b>
              </span>
              <span data-compare-metric="accepted">
                {t('compare.accepted')} <b className="mono">{m.writes.accepted}</b>
              </span>
              <span data-compare-metric="rejected">
                {t('compare.rejected')} <b className="mono">{m.writes.rejected}</b>
              </span>
              <span data-compare-metric="stale" className={m.writes.staleAccepted > 0 ? 'danger' : undefined}>
                {t('compare.stale')} <b className="mono">{m.writes.staleAccepted}</b>
              </span>
            </p>
            <CompareTable
              time={formatTime(time, duration)}
              rows={[
                ['leaders', t('compare.leaders'), here.leaders.believed, m.leaders.believed],
                ['violations', t('compare.violations'), hereViolations, frame.violations.length],
                ['accepted', t('compare.accepted'), here.writes.accepted, m.writes.accepted],
                ['rejected', t('compare.rejected'), here.writes.rejected, m.writes.rejected],
                ['stale', t('compare.stale'), here.writes.staleAccepted, m.writes.staleAccepted],
                ...story,
              ]}
            />
          </>
        )
      )}
    </section>
  );
}

/** The algorithm's own numeric figures of both whole runs, where it has any (objects are left out). */
function storyRows(a: Trace, b: Trace): Array<[string, string, number, number]> {
  const figures = declarationOf(a.algorithm)?.storyMetrics;
  if (!figures || a.algorithm !== b.algorithm) return [];
  const fa = figures(a.events, a.params);
  const fb = figures(b.events, b.params);
  return Object.keys(fa).flatMap((k) => {
    const x = fa[k];
    const y = fb[k];
    return typeof x === 'number' && typeof y === 'number'
      ? [[`story-${k}`, t('compare.storyMetric', { name: k }), x, y] as [string, string, number, number]]
      : [];
  });
}

/**
 * Both runs' outcome at the cursor side by side, one row per metric: the comparison's value, and how
 * far it is from this run's (a row that differs is marked, not only coloured).
 */
/** A fraction or a mean to three decimals; a count as it is. */
const round = (x: number) => (Number.isInteger(x) ? x : Number(x.toFixed(3)));

function CompareTable({ time, rows }: { time: string; rows: Array<[string, string, number, number]> }) {
  return (
    <table className="compare-diff">
      <caption>{t('compare.diffCaption', { t: time })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('compare.diffMetric')}</th>
          <th scope="col">{t('compare.diffThis')}</th>
          <th scope="col">{t('compare.diffOther')}</th>
          <th scope="col">{t('compare.diffDelta')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([id, name, a, b]) => (
          <tr key={id} data-compare-diff={id} className={a !== b ? 'differs' : undefined}>
            <th scope="row">{name}</th>
            <td className="mono">{round(a)}</td>
            <td className="mono">{round(b)}</td>
            <td className="mono">
              {a === b ? t('compare.diffSame') : `${b > a ? '+' : '−'}${round(Math.abs(b - a))}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
