import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '../../sim/trace/frame.ts';
import { countIndex, countsAt } from './MessageCounts.tsx';

/** The plain definition: every message sent by t, by type; dropped ones whose delivery time has come. */
function naive(ms: readonly MessageRecord[], t: number) {
  const byType = new Map<string, number>();
  let lost = 0;
  for (const m of ms) {
    if (m.sendAt > t) continue;
    byType.set(m.type, (byType.get(m.type) ?? 0) + 1);
    if (m.fate === 'dropped' && m.deliverAt <= t) lost++;
  }
  return { byType, lost };
}

describe('message counts at t', () => {
  it('match a count over every message sent so far', () => {
    const msg = fc
      .record({
        type: fc.constantFrom('TXN', 'KEEPALIVE', 'RANGE'),
        sendAt: fc.nat(1000),
        flight: fc.nat(50),
        dropped: fc.boolean(),
      })
      .map(
        (r): MessageRecord => ({
          id: 0,
          from: 'node-1',
          to: 'etcd',
          type: r.type,
          sendAt: r.sendAt,
          deliverAt: r.sendAt + r.flight,
          fate: r.dropped ? 'dropped' : 'delivered',
        }),
      );
    fc.assert(
      fc.property(fc.array(msg, { maxLength: 60 }), fc.nat(1100), (raw, t) => {
        const ms = [...raw].sort((a, b) => a.sendAt - b.sendAt);
        const got = countsAt(countIndex(ms), t);
        const want = naive(ms, t);
        expect(got.lost).toBe(want.lost);
        for (const type of ['TXN', 'KEEPALIVE', 'RANGE'])
          expect(got.byType.get(type) ?? 0).toBe(want.byType.get(type) ?? 0);
        expect(got.sent).toBe([...want.byType.values()].reduce((a, b) => a + b, 0));
      }),
      { numRuns: 300 },
    );
  });
});
