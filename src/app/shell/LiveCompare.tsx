/**
 * A stopped live recording beside the simulation of its own schedule (src/live/compare.ts: member
 * faults become store-unavailable spans): failover windows, message counts and revisions.
 */
import { useMemo } from 'react';
import { scenarios } from '../../../scenarios/index.ts';
import { formatNumber, t } from '../../i18n/index.ts';
import { figures, type RunFigures, scheduleOf, simulatedSchedule } from '../../live/compare.ts';
import { withAlgorithm } from '../../sim/scenario/sandbox.ts';
import { simulate } from '../../sim/simulate.ts';
import type { Trace } from '../../sim/trace/trace.ts';

const seconds = (ms: number) => `${formatNumber(ms / 1000, 1)} s`;

function windows(f: RunFigures): string {
  return f.failovers.length === 0
    ? t('live.compare.none')
    : f.failovers.map((w) => `${w.from} → ${w.to}: ${seconds(w.windowMs)}`).join(', ');
}

export function LiveCompare({ trace }: { trace: Trace }) {
  const rows = useMemo(() => {
    const base = scenarios.find((s) => s.id === trace.scenario);
    if (!base) return null;
    const { nodeFaults, storeFaults } = scheduleOf(trace);
    const sim = simulate(withAlgorithm(base, trace.algorithm), {
      nodes: trace.hosts.filter((h) => h.kind === 'node').length,
      params: trace.params,
      durationMs: trace.durationMs,
      interventions: simulatedSchedule(nodeFaults, storeFaults, trace.durationMs),
      withoutScript: true,
    });
    return { real: figures(trace), sim: figures(sim) };
  }, [trace]);
  if (!rows) return null;
  return (
    <table className="live-compare">
      <caption>{t('live.compare.caption')}</caption>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{t('live.compare.real')}</th>
          <th scope="col">{t('live.compare.sim')}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{t('live.compare.failovers')}</th>
          <td>{windows(rows.real)}</td>
          <td>{windows(rows.sim)}</td>
        </tr>
        <tr>
          <th scope="row">{t('live.compare.messages')}</th>
          <td>{rows.real.messages.total}</td>
          <td>{rows.sim.messages.total}</td>
        </tr>
        <tr>
          <th scope="row">{t('live.compare.revisions')}</th>
          <td>
            {t('live.compare.rev', {
              last: rows.real.revisions.last,
              n: rows.real.revisions.electionChanges,
            })}
          </td>
          <td>
            {t('live.compare.rev', { last: rows.sim.revisions.last, n: rows.sim.revisions.electionChanges })}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
