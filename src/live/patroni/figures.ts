/**
 * The failover's figures, in seconds after the kill, read from a trace of the Patroni story: the live
 * recording (run.ts) and the simulation of the same schedule alike, so `--compare` holds one against
 * the other. Pure (no Node API).
 */
import type { TraceEvent } from '../../sim/trace/events.ts';

export const LEADER_KEY = '/service/batman/leader';

export interface Figures {
  /** Seconds after the kill; null when it did not happen within the run. */
  keyDeleted: number | null;
  newKey: number | null;
  writable: number | null;
  haproxyDown: number | null;
  haproxyUp: number | null;
  /**
   * From the kill to the first client write accepted after it by another node. On a real cluster the
   * killed primary can still acknowledge a write in flight at the kill (its commit landed before the
   * SIGKILL did: 16 ms after it in one CI run); that write does not end the outage.
   */
  outage: number | null;
  killed: string;
  /** The nodes whose role became primary after the kill. */
  newPrimaries: string[];
  failedWrites: number;
}

type Mark = Extract<TraceEvent, { k: 'mark' }>;

/**
 * `writable`: the live run's probes mark the first survivor that takes an INSERT; the simulation has
 * no probes, and its new primary is writable when its role turns leader (after `pg_ctl promote`).
 */
export function figuresOf(events: readonly TraceEvent[], kill: { t: number; node: string }): Figures {
  const after = events.filter((e) => e.t >= kill.t);
  const sec = (t: number | undefined) => (t === undefined ? null : (t - kill.t) / 1000);
  const leader = (kind: 'put' | 'delete') =>
    after.find(
      (e) =>
        e.k === 'store' &&
        (kind === 'put'
          ? e.change.kind === 'put' && e.change.kv.key === LEADER_KEY && e.change.kv.value !== kill.node
          : e.change.kind === 'delete' && e.change.key === LEADER_KEY),
    )?.t;
  const mark = (name: string, pred: (e: Mark) => boolean = () => true) =>
    after.find((e) => e.k === 'mark' && e.name === name && pred(e))?.t;
  const promoted = after.filter((e) => e.k === 'role' && e.role === 'leader' && e.node !== kill.node);
  const newPrimaries = [...new Set(promoted.map((e) => (e.k === 'role' ? e.node : '')))];
  const up = newPrimaries[0];
  return {
    killed: kill.node,
    keyDeleted: sec(leader('delete')),
    newKey: sec(leader('put')),
    writable: sec(mark('writable') ?? promoted[0]?.t),
    haproxyDown: sec(mark('backend-down', (e) => e.data?.backend === kill.node)),
    haproxyUp: up === undefined ? null : sec(mark('backend-up', (e) => e.data?.backend === up)),
    outage: sec(after.find((e) => e.k === 'write' && e.status === 'accepted' && e.resource !== kill.node)?.t),
    newPrimaries,
    failedWrites: after.filter((e) => e.k === 'write' && e.status === 'rejected').length,
  };
}

/** The figures `--compare` tabulates, in the order the report prints them. */
export const COMPARED = [
  ['keyDeleted', 'key deleted after the crash'],
  ['deletionToKey', 'deletion to new leader key'],
  ['deletionToWritable', 'deletion to writable'],
  ['haproxyDown', 'HAProxy DOWN'],
  ['haproxyUp', 'new primary UP'],
  ['outage', 'write outage'],
] as const;

export type ComparedName = (typeof COMPARED)[number][0];

/** One run's compared figures (deletion-relative ones from the key's deletion). */
export function compared(f: Figures): Record<ComparedName, number | null> {
  const since = (x: number | null) => (x === null || f.keyDeleted === null ? null : x - f.keyDeleted);
  return {
    keyDeleted: f.keyDeleted,
    deletionToKey: since(f.newKey),
    deletionToWritable: since(f.writable),
    haproxyDown: f.haproxyDown,
    haproxyUp: f.haproxyUp,
    outage: f.outage,
  };
}

export interface Spread {
  min: number;
  median: number;
  max: number;
  n: number;
}

export function spread(xs: ReadonlyArray<number | null>): Spread | null {
  const v = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2;
  return { min: v[0] as number, median, max: v.at(-1) as number, n: v.length };
}

/** The real range widened by 10 % each side, at least 0.5 s (measured.ts `widened`). */
export function outside(real: Spread, simMedian: number): boolean {
  const lo = real.min - Math.max(0.5, Math.abs(real.min) * 0.1);
  const hi = real.max + Math.max(0.5, Math.abs(real.max) * 0.1);
  return simMedian < lo || simMedian > hi;
}

/** The table: one row per figure, real and simulated min / median / max, and a flag when out of range. */
export function compareTable(
  real: ReadonlyArray<Figures>,
  sim: ReadonlyArray<Figures>,
): Array<{ figure: string; real: Spread | null; sim: Spread | null; outside: boolean }> {
  const r = real.map(compared);
  const s = sim.map(compared);
  return COMPARED.map(([k, label]) => {
    const rs = spread(r.map((x) => x[k]));
    const ss = spread(s.map((x) => x[k]));
    return {
      figure: label,
      real: rs,
      sim: ss,
      outside: rs !== null && ss !== null && outside(rs, ss.median),
    };
  });
}

export interface PauseFigures {
  paused: string;
  /** The replica whose role turned primary, seconds after the pause. */
  promoted: { node: string; at: number } | null;
  /** The writes straight to the paused node's PostgreSQL port. */
  direct: { sent: number; accepted: number };
  /** Of those, accepted after another node became primary: two primaries took writes. */
  directAcceptedWhileAnotherPrimary: number;
  /** The client's writes through HAProxy after the pause: accepted by each backend, and failed. */
  haproxy: { acceptedBy: Record<string, number>; failed: number };
}

/** What a stop of a node's Patroni (SIGSTOP) led to, read from a recording: seconds after the stop. */
export function pauseFiguresOf(
  events: readonly TraceEvent[],
  pause: { t: number; node: string },
): PauseFigures {
  const paused = pause.node;
  const after = events.filter((e) => e.t >= pause.t);
  const promoted = after.find((e) => e.k === 'role' && e.role === 'leader' && e.node !== paused);
  const direct = after.filter((e) => e.k === 'mark' && e.name === 'direct-write');
  const accepted = direct.filter((e) => e.k === 'mark' && e.data?.accepted === true);
  const through = after.filter((e) => e.k === 'write');
  const byBackend: Record<string, number> = {};
  for (const w of through)
    if (w.k === 'write' && w.status === 'accepted') byBackend[w.resource] = (byBackend[w.resource] ?? 0) + 1;
  return {
    paused,
    promoted: promoted?.k === 'role' ? { node: promoted.node, at: (promoted.t - pause.t) / 1000 } : null,
    direct: { sent: direct.length, accepted: accepted.length },
    directAcceptedWhileAnotherPrimary: promoted ? accepted.filter((e) => e.t >= promoted.t).length : 0,
    haproxy: {
      acceptedBy: byBackend,
      failed: through.filter((w) => w.k === 'write' && w.status === 'rejected').length,
    },
  };
}
