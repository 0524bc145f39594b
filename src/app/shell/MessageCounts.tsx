import { memo, useId } from 'react';
import { messageTypeLabel, t } from '../../i18n/index.ts';
import { upperBound } from '../../lib/search.ts';
import type { MessageRecord, TraceIndex } from '../../sim/trace/frame.ts';
import { glyphSize, messageFamily, messageGlyph } from '../../views/d3/glyphs.ts';

/** Send times per message type and delivery times of the lost ones, sorted: counts at t by binary search. */
export interface CountIndex {
  sends: Map<string, number[]>;
  lostAt: number[];
}

export function countIndex(messages: readonly MessageRecord[]): CountIndex {
  const sends = new Map<string, number[]>();
  const lostAt: number[] = [];
  for (const m of messages) {
    const xs = sends.get(m.type) ?? [];
    if (xs.length === 0) sends.set(m.type, xs);
    xs.push(m.sendAt);
    if (m.fate === 'dropped') lostAt.push(m.deliverAt);
  }
  for (const xs of sends.values()) xs.sort((a, b) => a - b);
  lostAt.sort((a, b) => a - b);
  return { sends, lostAt };
}

/**
 * Messages sent by t per type, and lost by t. Logarithmic in the run's length: a loop over every
 * message sent so far made each frame of a 24 h run cost ~100 ms (360k messages).
 */
export function countsAt(
  ix: CountIndex,
  t: number,
): { byType: Map<string, number>; sent: number; lost: number } {
  const byType = new Map<string, number>();
  let sent = 0;
  for (const [type, xs] of ix.sends) {
    const n = upperBound(xs.length, (i) => xs[i] as number, t);
    byType.set(type, n);
    sent += n;
  }
  return { byType, sent, lost: upperBound(ix.lostAt.length, (i) => ix.lostAt[i] as number, t) };
}

const indexes = new WeakMap<TraceIndex, CountIndex>();

/** The count index of a trace, built once (the render and the redraw test below share it). */
function countIndexOf(index: TraceIndex): CountIndex {
  let ix = indexes.get(index);
  if (!ix) {
    ix = countIndex(index.messages);
    indexes.set(index, ix);
  }
  return ix;
}

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
