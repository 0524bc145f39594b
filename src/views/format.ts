// Locale-dependent formatting for the views: virtual time as people read it.
import { formatNumber, t } from '../i18n/index.ts';
import type { FaultFormat } from '../sim/faults/words.ts';

/**
 * Virtual time as people read it, with the precision the run needs: short runs (Bully, a few
 * seconds) in ms, longer ones in seconds with one decimal, minute-long ones as m:ss.s; the decimal
 * separator is the language's ("12,3 s" in pt and ru).
 */
export function formatTime(ms: number, durationMs: number): string {
  const v = Math.max(0, ms);
  if (durationMs < 5000) return t('time.ms', { ms: Math.round(v) });
  if (durationMs < 120_000) return t('time.s', { s: formatNumber(v / 1000, 1) });
  const m = Math.floor(v / 60_000);
  const s = (v - m * 60_000) / 1000;
  return `${m}:${formatNumber(s, 1).padStart(4, '0')}`;
}

/** A length of time: "250 ms", "1,5 s" (the event log's and the What-if list's). */
export function formatDuration(ms: number, tr: typeof t = t): string {
  return ms < 1000
    ? tr('time.ms', { ms })
    : tr('time.s', { s: formatNumber(Number((ms / 1000).toFixed(3))) });
}

/** A fault's fields in the reader's language (sim/faults/words.ts); the caller writes the sides. */
export function localFormat(tr: typeof t = t): Omit<FaultFormat, 'groups'> {
  return { duration: (ms) => formatDuration(ms, tr), number: (n) => formatNumber(n) };
}
