/**
 * Who leads over time, settled once per millisecond that changed roles or faults (after all its
 * events): the leaders-over-time series, the leaderless windows and the failovers among them, the
 * elections won, and how long two or more believed they led.
 */
import { upperBound } from '../../lib/search.ts';
import type { ClusterTracker } from './cluster.ts';
import type { Failover, LeaderlessWindow, LeaderPoint, LossCause, Metrics } from './types.ts';

export interface WindowRec {
  fromMs: number;
  toMs: number | null;
  lost: { from: string; cause: LossCause } | null;
  to: string | null;
}

/** What `leadershipAt` reads (plain data). */
export interface LeadershipData {
  series: LeaderPoint[];
  /** The most believed and effective leaders up to each point of `series`. */
  seriesMax: Array<[number, number]>;
  windows: WindowRec[];
  closedBefore: number[];
  electionTimes: number[];
}

export function leadershipTracker(cluster: ClusterTracker) {
  // Before the first event nobody leads: the initial election is the first leaderless window.
  const series: LeaderPoint[] = [{ t: 0, count: 0, effective: 0 }];
  const seriesMax: Array<[number, number]> = [[0, 0]];
  const windows: WindowRec[] = [{ fromMs: 0, toMs: null, lost: null, to: null }];
  /** closedBefore[i]: total length of windows 0..i-1 (all closed once window i exists). */
  const closedBefore: number[] = [0];
  /** When a node took up leadership (see `elections`). */
  const electionTimes: number[] = [];
  let effectiveSet: string[] = [];
  const c = cluster;

  return {
    data: { series, seriesMax, windows, closedBefore, electionTimes } satisfies LeadershipData,
    /** A node that did not believe it led reported 'leader'. */
    elected(t: number): void {
      electionTimes.push(t);
    },

    /** The state after all events of millisecond t. */
    settle(t: number): void {
      const now = c.nodeIds.filter((id) => c.effective(id));
      const count = c.believers();
      let last = series[series.length - 1] as LeaderPoint;
      if (last.count !== count || last.effective !== now.length) {
        if (last.t === t) {
          series.pop();
          seriesMax.pop();
          last = series[series.length - 1] ?? { t: -1, count: -1, effective: -1 };
        }
        if (last.count !== count || last.effective !== now.length) {
          const [mb, me] = seriesMax[seriesMax.length - 1] ?? [0, 0];
          series.push({ t, count, effective: now.length });
          seriesMax.push([Math.max(mb, count), Math.max(me, now.length)]);
        }
      }
      const open = windows[windows.length - 1];
      if (now.length === 0 && (!open || open.toMs !== null)) {
        const lost = effectiveSet[0];
        windows.push({
          fromMs: t,
          toMs: null,
          lost: lost !== undefined ? { from: lost, cause: c.causeOf(lost) } : null,
          to: null,
        });
      } else if (now.length > 0 && open && open.toMs === null) {
        if (open.fromMs === t) windows.pop();
        else {
          open.toMs = t;
          open.to = now[0] ?? null;
          const before = closedBefore[windows.length - 1] ?? 0;
          closedBefore[windows.length] = before + (t - open.fromMs);
        }
      }
      effectiveSet = now;
    },
  };
}

export function leadershipAt(
  d: LeadershipData,
  t: number,
): Pick<
  Metrics,
  | 'leaderless'
  | 'failovers'
  | 'maxConcurrentLeaders'
  | 'maxConcurrentEffectiveLeaders'
  | 'twoLeaderMs'
  | 'leaders'
  | 'leadersOverTime'
  | 'elections'
  | 'unavailableMs'
> {
  const { windows, closedBefore, series, seriesMax, electionTimes } = d;
  const k = upperBound(windows.length, (i) => (windows[i] as WindowRec).fromMs, t);
  const shown: LeaderlessWindow[] = [];
  const failovers: Failover[] = [];
  for (let i = 0; i < k; i++) {
    const r = windows[i] as WindowRec;
    const closed = r.toMs !== null && r.toMs <= t;
    const toMs = closed ? (r.toMs as number) : t;
    shown.push({ fromMs: r.fromMs, toMs, ongoing: !closed });
    if (r.lost)
      failovers.push({
        lostAtMs: r.fromMs,
        newLeaderAtMs: closed ? toMs : null,
        durationMs: toMs - r.fromMs,
        from: r.lost.from,
        cause: r.lost.cause,
        to: closed ? r.to : null,
        ongoing: !closed,
      });
  }
  const lastW = shown[k - 1];
  const totalMs = lastW ? (closedBefore[k - 1] ?? 0) + (lastW.toMs - lastW.fromMs) : 0;

  const s = upperBound(series.length, (i) => (series[i] as LeaderPoint).t, t);
  const cur = series[s - 1] ?? { t: 0, count: 0, effective: 0 };
  const [maxB, maxE] = seriesMax[s - 1] ?? [0, 0];
  let twoLeaderMs = 0;
  for (let i = 0; i < s; i++) {
    const p = series[i] as LeaderPoint;
    if (p.count >= 2) twoLeaderMs += Math.min(t, series[i + 1]?.t ?? t) - p.t;
  }
  return {
    leaderless: { windows: shown, totalMs },
    failovers,
    maxConcurrentLeaders: maxB,
    maxConcurrentEffectiveLeaders: maxE,
    twoLeaderMs,
    leaders: { believed: cur.count, effective: cur.effective },
    leadersOverTime: series.slice(0, s),
    elections: upperBound(electionTimes.length, (i) => electionTimes[i] as number, t),
    unavailableMs: failovers.reduce((a, f) => a + f.durationMs, 0),
  };
}
