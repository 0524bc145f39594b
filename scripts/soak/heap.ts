/**
 * Is the JS heap bounded over the soak? Samples are taken after a forced GC (CDP
 * HeapProfiler.collectGarbage, then Runtime.getHeapUsage), so they measure what the page keeps.
 *
 * - Warm-up: the first fifth of the run's samples. Lazily built things (the other languages'
 *   catalogs, the runs re-simulated for faults added at the cursor, the log view) appear then.
 * - Baseline: the median of the first three samples after the warm-up.
 * - Bound: no sample after the warm-up (run, end, tour) above 2 x baseline + 32 MB.
 * - Trend: the least-squares slope of bytes per frame over the samples after the warm-up, times the
 *   frames they span, must stay under a quarter of the baseline + 8 MB. A leak of a few KB per
 *   frame over tens of thousands of frames shows here long before it reaches the bound.
 */
import { linearSlope, maxOf } from '../bench/stats.ts';

export interface HeapSample {
  frame: number;
  virtualMs: number;
  bytes: number;
  phase: 'boot' | 'run' | 'end' | 'tour';
}

export interface HeapVerdict {
  ok: boolean;
  baselineBytes: number;
  boundBytes: number;
  maxAfterWarmUpBytes: number;
  /** Fitted growth over the frames after the warm-up (bytes), NaN with fewer than 4 samples. */
  trendBytes: number;
  trendLimitBytes: number;
  reasons: string[];
}

const MB = 1e6;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[(s.length - 1) >> 1] as number);
};

export function heapVerdict(samples: readonly HeapSample[]): HeapVerdict {
  const run = samples.filter((s) => s.phase === 'run');
  const warmCount = Math.ceil(run.length / 5);
  const afterWarm = [
    ...run.slice(warmCount),
    ...samples.filter((s) => s.phase === 'end' || s.phase === 'tour'),
  ];
  const boot = samples.find((s) => s.phase === 'boot')?.bytes ?? Number.NaN;
  const baselineBytes = afterWarm.length > 0 ? median(afterWarm.slice(0, 3).map((s) => s.bytes)) : boot;
  const boundBytes = 2 * baselineBytes + 32 * MB;
  const maxAfterWarmUpBytes = maxOf(afterWarm.map((s) => s.bytes));
  const trendPoints = afterWarm.filter((s) => s.phase !== 'tour').map((s) => [s.frame, s.bytes] as const);
  const span = (trendPoints[trendPoints.length - 1]?.[0] ?? 0) - (trendPoints[0]?.[0] ?? 0);
  const trendBytes = trendPoints.length >= 4 ? linearSlope(trendPoints) * span : Number.NaN;
  const trendLimitBytes = baselineBytes / 4 + 8 * MB;
  const reasons: string[] = [];
  if (!Number.isFinite(baselineBytes)) reasons.push('no heap sample');
  if (maxAfterWarmUpBytes > boundBytes)
    reasons.push(
      `heap reached ${(maxAfterWarmUpBytes / MB).toFixed(1)} MB, over 2 x ${(baselineBytes / MB).toFixed(1)} + 32 MB`,
    );
  if (trendBytes > trendLimitBytes)
    reasons.push(
      `heap trend +${(trendBytes / MB).toFixed(1)} MB over the run, over ${(trendLimitBytes / MB).toFixed(1)} MB`,
    );
  return {
    ok: reasons.length === 0,
    baselineBytes,
    boundBytes,
    maxAfterWarmUpBytes,
    trendBytes,
    trendLimitBytes,
    reasons,
  };
}
