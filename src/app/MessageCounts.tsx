import { memo, useId, useMemo } from 'react';
import { messageTypeLabel, t } from '../i18n/index.ts';
import { upperBound } from '../lib/search.ts';
import type { TraceIndex } from '../sim/trace/frame.ts';
import { messageFamily, messageGlyph } from '../views/d3/cluster.ts';

/**
 * Messages sent so far, by type: the cost of an election made visible (Bully's O(n^2), the
 * heartbeat traffic that grows with the cluster). Counts come from the trace up to t.
 */
export const MessageCounts = memo(function MessageCounts({
  index,
  t: time,
}: {
  index: TraceIndex;
  t: number;
}) {
  const titleId = useId();
  const types = useMemo(() => [...new Set(index.messages.map((m) => m.type))].sort(), [index]);
  const ms = index.messages;
  const sent = upperBound(ms.length, (i) => ms[i]?.sendAt ?? 0, time);
  const counts = new Map<string, number>();
  let lost = 0;
  for (let i = 0; i < sent; i++) {
    const m = ms[i];
    if (!m) continue;
    counts.set(m.type, (counts.get(m.type) ?? 0) + 1);
    if (m.fate === 'dropped' && m.deliverAt <= time) lost++;
  }
  return (
    <section className="panel counts-panel" aria-labelledby={titleId}>
      <header className="panel-head">
        <h2 id={titleId}>{t('counts.title')}</h2>
        <span className="chip mono">{t('counts.total', { count: sent })}</span>
      </header>
      <ul className="counts">
        {types.map((type) => (
          <li key={type} className={`fam-${messageFamily(type)}`}>
            <svg viewBox="-8 -8 16 16" width="12" height="12" aria-hidden="true">
              <path className="glyph" d={messageGlyph(type, messageFamily(type) === 'heartbeat' ? 40 : 70)} />
            </svg>
            <span className="type mono">{messageTypeLabel(type)}</span>
            <span className="n mono">{counts.get(type) ?? 0}</span>
          </li>
        ))}
      </ul>
      {lost > 0 && <p className="lost-count">{t('counts.lost', { count: lost })}</p>}
    </section>
  );
});
