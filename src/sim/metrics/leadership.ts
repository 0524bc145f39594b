/**
 * Who leads over time, settled once per millisecond that changed roles or faults (after all its
 * events): the leaders-over-time series, the leaderless windows and the failovers among them, the
 * elections won, and how long two or more believed they led.
 */
import { upperBound } from '../../lib/search.ts';
import type { ClusterTracker } from './cluster.ts';
import type { Failover, LeaderlessWindow, LeaderPoint, LossCause, Metrics } from './types.ts';

interface WindowRec {
  fromMs: number;
  toMs: number | null;
  lost: { from: string; cause: LossCause } | null;
  to: string | null;
}

export class LeadershipTracker {
  readonly series: LeaderPoint[] = [];
  private readonly seriesMax: Array<[number, number]> = [];
  private readonly windows: WindowRec[] = [];
  /** closedBefore[i]: total length of windows 0..i-1 (all closed once window i exists). */
  private readonly closedBefore: number[] = [0];
  /** When a node took up leadership (see `elections`). */
  private readonly electionTimes: number[] = [];
  private effectiveSet: string[] = [];

  constructor(private readonly cluster: ClusterTracker) {
    // Before the first event nobody leads: the initial election is the first leaderless window.
    this.series.push({ t: 0, count: 0, effective: 0 });
    this.seriesMax.push([0, 0]);
    this.windows.push({ fromMs: 0, toMs: null, lost: null, to: null });
  }

  /** A node that did not believe it led reported 'leader'. */
  elected(t: number): void {
    this.electionTimes.push(t);
  }

  /** The state after all events of millisecond t. */
  settle(t: number): void {
    const c = this.cluster;
    const now = c.nodeIds.filter((id) => c.effective(id));
    const count = c.believers();
    let last = this.series[this.series.length - 1] as LeaderPoint;
    if (last.count !== count || last.effective !== now.length) {
      if (last.t === t) {
        this.series.pop();
        this.seriesMax.pop();
        last = this.series[this.series.length - 1] ?? { t: -1, count: -1, effective: -1 };
      }
      if (last.count !== count || last.effective !== now.length) {
        const [mb, me] = this.seriesMax[this.seriesMax.length - 1] ?? [0, 0];
        this.series.push({ t, count, effective: now.length });
        this.seriesMax.push([Math.max(mb, count), Math.max(me, now.length)]);
      }
    }
    const open = this.windows[this.windows.length - 1];
    if (now.length === 0 && (!open || open.toMs !== null)) {
      const lost = this.effectiveSet[0];
      this.windows.push({
        fromMs: t,
        toMs: null,
        lost: lost !== undefined ? { from: lost, cause: c.causeOf(lost) } : null,
        to: null,
      });
    } else if (now.length > 0 && open && open.toMs === null) {
      if (open.fromMs === t) this.windows.pop();
      else {
        open.toMs = t;
        open.to = now[0] ?? null;
        const before = this.closedBefore[this.windows.length - 1] ?? 0;
        this.closedBefore[this.windows.length] = before + (t - open.fromMs);
      }
    }
    this.effectiveSet = now;
  }

  at(
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
    const k = upperBound(this.windows.length, (i) => (this.windows[i] as WindowRec).fromMs, t);
    const windows: LeaderlessWindow[] = [];
    const failovers: Failover[] = [];
    for (let i = 0; i < k; i++) {
      const r = this.windows[i] as WindowRec;
      const closed = r.toMs !== null && r.toMs <= t;
      const toMs = closed ? (r.toMs as number) : t;
      windows.push({ fromMs: r.fromMs, toMs, ongoing: !closed });
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
    const lastW = windows[k - 1];
    const totalMs = lastW ? (this.closedBefore[k - 1] ?? 0) + (lastW.toMs - lastW.fromMs) : 0;

    const s = upperBound(this.series.length, (i) => (this.series[i] as LeaderPoint).t, t);
    const cur = this.series[s - 1] ?? { t: 0, count: 0, effective: 0 };
    const [maxB, maxE] = this.seriesMax[s - 1] ?? [0, 0];
    let twoLeaderMs = 0;
    for (let i = 0; i < s; i++) {
      const p = this.series[i] as LeaderPoint;
      if (p.count >= 2) twoLeaderMs += Math.min(t, this.series[i + 1]?.t ?? t) - p.t;
    }
    return {
      leaderless: { windows, totalMs },
      failovers,
      maxConcurrentLeaders: maxB,
      maxConcurrentEffectiveLeaders: maxE,
      twoLeaderMs,
      leaders: { believed: cur.count, effective: cur.effective },
      leadersOverTime: this.series.slice(0, s),
      elections: upperBound(this.electionTimes.length, (i) => this.electionTimes[i] as number, t),
      unavailableMs: failovers.reduce((a, f) => a + f.durationMs, 0),
    };
  }
}
