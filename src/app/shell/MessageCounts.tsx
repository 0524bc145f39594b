import { memo, useId } from 'react';
import { messageTypeLabel, t } from '../../i18n/index.ts';
import { messageDigestOf, type TraceIndex } from '../../sim/trace/frame.ts';
import { type CountIndex, countIndex, countsAt } from '../../sim/trace/messageCounts.ts';
import { glyphSize, messageFamily, messageGlyph } from '../../views/d3/glyphs.ts';

export { countIndex, countsAt };

/**
 * The count index of a trace, in its message digest: the engine's (built as it simulated), or derived
 * once from the messages (an imported trace, a run simulated at once).
 */
const countIndexOf = (index: TraceIndex): CountIndex => messageDigestOf(index).counts;

/**
 * Messages sent so far, by type: the cost of an election made visible (Bully's O(n^2), the
 * heartbeat traffic that grows with the cluster). Counts come from the trace up to t, redrawn only
 * when a message was sent or lost since the last redraw.
 */
export const MessageCounts = memo(
  function MessageCounts({ index, t: time }: { index: TraceIndex; t: number }) {
    const titleId = useId();
    const ix = countIndexOf(index);
    const types = [...ix.sends.keys()].sort();
    const { byType: counts, sent, lost } = countsAt(ix, time);
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
                <path className="glyph" d={messageGlyph(type, glyphSize(type))} />
              </svg>
              <span className="type mono">{messageTypeLabel(type)}</span>
              <span className="n mono">{counts.get(type) ?? 0}</span>
            </li>
          ))}
        </ul>
        {lost > 0 && <p className="lost-count">{t('counts.lost', { count: lost })}</p>}
      </section>
    );
  },
  (a, b) => {
    if (a.index !== b.index) return false;
    const x = countsAt(countIndexOf(a.index), a.t);
    const y = countsAt(countIndexOf(b.index), b.t);
    return x.sent === y.sent && x.lost === y.lost;
  },
);
