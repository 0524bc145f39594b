// Locale-dependent formatting for the views: virtual time as people read it.
import { formatNumber, t } from '../i18n/index.ts';

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
