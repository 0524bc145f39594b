/**
 * Virtual time as people read it, with the precision the run needs: short runs (Bully, a few
 * seconds) in ms, longer ones in seconds with one decimal, minute-long ones as m:ss.s.
 */
export function formatTime(ms: number, durationMs: number): string {
  const v = Math.max(0, ms);
  if (durationMs < 5000) return `${Math.round(v)} ms`;
  if (durationMs < 120_000) return `${(v / 1000).toFixed(1)} s`;
  const m = Math.floor(v / 60_000);
  const s = (v - m * 60_000) / 1000;
  return `${m}:${s.toFixed(1).padStart(4, '0')}`;
}
