import { memo, useId } from 'react';
import { messageTypeLabel, t } from '../i18n/index.ts';
import { upperBound } from '../lib/search.ts';
import type { TraceIndex } from '../sim/trace/frame.ts';
import { messageFamily, messageGlyph } from '../views/d3/cluster.ts';

interface Tally {
  types: string[];
  /** Send times of each type's messages, ascending (the index lists messages by send time). */
  sendsOf: Map<string, number[]>;
  /** Arrival times of the lost messages, ascending. */
  lostAt: number[];
}

const tallies = new WeakMap<TraceIndex, Tally>();

/** Per-type send times, built once per trace: the counts at t are then a binary search per type. */
function tallyOf(index: TraceIndex): Tally {
  let x = tallies.get(index);
  if (!x) {
    const sendsOf = new Map<string, number[]>();
    const lostAt: number[] = [];
    for (const m of index.messages) {
      const a = sendsOf.get(m.type);
      if (a) a.push(m.sendAt);
      else sendsOf.set(m.type, [m.sendAt]);
      if (m.fate === 'dropped') lostAt.push(m.deliverAt);
    }
    lostAt.sort((p, q) => p - q);
    x = { types: [...sendsOf.keys()].sort(), sendsOf, lostAt };
    tallies.set(index, x);
  }
  return x;
}

/** Messages sent by t (sendAt <= t) and lost by t (deliverAt <= t). */
function countsAt(index: TraceIndex, time: number): { sent: number; lost: number } {
  const ms = index.messages;
  const lostAt = tallyOf(index).lostAt;
  return {
    sent: upperBound(ms.length, (i) => ms[i]?.sendAt ?? 0, time),
    lost: upperBound(lostAt.length, (i) => lostAt[i] ?? 0, time),
  };
}

/**
 * Messages sent so far, by type: the cost of an election made visible (Bully's O(n^2), the
 * heartbeat traffic that grows with the cluster). Counts come from the trace up to t: O(types ·
 * log messages) per redraw, and a redraw only when a message was sent or lost since the last.
 */
export const MessageCounts = memo(
  function MessageCounts({ index, t: time }: { index: TraceIndex; t: number }) {
    const titleId = useId();
    const { types, sendsOf } = tallyOf(index);
    const { sent, lost } = countsAt(index, time);
    const counts = new Map<string, number>();
    for (const type of types) {
      const a = sendsOf.get(type) ?? [];
      counts.set(
        type,
        upperBound(a.length, (i) => a[i] ?? 0, time),
      );
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
                <path
                  className="glyph"
                  d={messageGlyph(type, messageFamily(type) === 'heartbeat' ? 40 : 70)}
                />
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
    const x = countsAt(a.index, a.t);
    const y = countsAt(b.index, b.t);
    return x.sent === y.sent && x.lost === y.lost;
  },
);
