/**
 * The cluster picture's legend: one entry per message family present (shape and colour), the lost
 * message's cross, and Raft's log cell.
 */
import { useMemo } from 'react';
import { messageTypeLabel, t } from '../i18n/index.ts';
import { messageDigestOf, type TraceIndex } from '../sim/trace/frame.ts';
import { glyphSize, type MessageFamily, messageFamily, messageGlyph } from './d3/glyphs.ts';

const FAMILY_ORDER: MessageFamily[] = ['election', 'heartbeat', 'store', 'data', 'reply', 'reject'];

interface LegendEntry {
  key: string;
  family: MessageFamily;
  /** The glyph's type (COORDINATOR has its own shape). */
  sample: string;
  text: string;
  title: string;
}

/**
 * One legend entry per message family (shape and colour), naming the types present; replies are
 * many (each request type has its own), so they are one entry, "replies", with the list in its title.
 */
export function legendEntries(types: readonly string[]): LegendEntry[] {
  const out: LegendEntry[] = [];
  for (const family of FAMILY_ORDER) {
    const of = types.filter((x) => messageFamily(x) === family).sort();
    if (!of.length) continue;
    const own = of.filter((x) => x === 'COORDINATOR');
    const rest = of.filter((x) => x !== 'COORDINATOR');
    for (const x of own)
      out.push({ key: x, family, sample: x, text: messageTypeLabel(x), title: messageTypeLabel(x) });
    if (!rest.length) continue;
    const names = rest.map(messageTypeLabel);
    out.push({
      key: family,
      family,
      sample: rest[0] as string,
      text: family === 'reply' && rest.length > 1 ? t('cluster.legend.replies') : names.join(' · '),
      title: names.join(', '),
    });
  }
  return out;
}

export function Legend({ index }: { index: TraceIndex }) {
  const entries = useMemo(() => legendEntries(messageDigestOf(index).types), [index]);
  const anyLost = useMemo(() => messageDigestOf(index).anyLost, [index]);
  const raft = index.trace.algorithm === 'raft';
  if (!entries.length && !raft) return null;
  return (
    <ul className="legend" aria-label={t('cluster.legend')}>
      {entries.map((e) => (
        <li key={e.key} className={`fam-${e.family}`} title={e.title}>
          <svg viewBox="-8 -8 16 16" width="14" height="14" aria-hidden="true">
            <path className="glyph" d={messageGlyph(e.sample, glyphSize(e.sample))} />
          </svg>
          {e.text}
        </li>
      ))}
      {anyLost && (
        <li className="lost">
          <svg viewBox="-8 -8 16 16" width="14" height="14" aria-hidden="true">
            <path className="lost-x" d="M-5 -5 L5 5 M5 -5 L-5 5" />
          </svg>
          {t('cluster.legend.lost')}
        </li>
      )}
      {raft && (
        <li className="log-key">
          <svg viewBox="0 0 20 14" width="20" height="14" aria-hidden="true">
            <rect className="log-key-cell" x="1" y="1" width="11" height="12" rx="2" />
            <line className="log-key-commit" x1="15" x2="15" y1="0" y2="14" />
          </svg>
          {t('cluster.legend.log')}
        </li>
      )}
    </ul>
  );
}
