import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventOf, parseCommand, SOURCE } from './protocol.ts';

const ctx = { stepCount: 10, scenarioIds: ['bully', 'fencing-token'] };
const msg = (o: Record<string, unknown>) => ({ source: SOURCE, v: 1, ...o });

describe('embed API: incoming messages', () => {
  it('accepts each command in its exact shape', () => {
    expect(parseCommand(msg({ type: 'play' }), ctx)).toEqual({ kind: 'ok', command: { type: 'play' } });
    expect(parseCommand(msg({ type: 'pause' }), ctx)).toEqual({ kind: 'ok', command: { type: 'pause' } });
    expect(parseCommand(msg({ type: 'get-state' }), ctx)).toEqual({
      kind: 'ok',
      command: { type: 'get-state' },
    });
    expect(parseCommand(msg({ type: 'seek', step: 3 }), ctx)).toEqual({
      kind: 'ok',
      command: { type: 'seek', step: 3 },
    });
    expect(parseCommand(msg({ type: 'select', scenario: 'bully' }), ctx)).toEqual({
      kind: 'ok',
      command: { type: 'select', scenario: 'bully' },
    });
  });

  it('ignores messages that are not ours, without a reply', () => {
    for (const x of [null, undefined, 'play', 42, [], [SOURCE], { type: 'play' }, { source: 'other', v: 1 }])
      expect(parseCommand(x, ctx)).toEqual({ kind: 'foreign' });
    expect(parseCommand(new Date(), ctx)).toEqual({ kind: 'foreign' });
  });

  it('refuses malformed messages with a reason naming what was wrong', () => {
    const reason = (x: unknown) => {
      const r = parseCommand(x, ctx);
      return r.kind === 'invalid' ? r.error : `not refused: ${r.kind}`;
    };
    expect(reason(msg({ v: 2, type: 'play' }))).toMatch(/^v must be 1/);
    expect(reason(msg({ type: 'stop' }))).toMatch(
      /^type must be one of play, pause, seek, select, get-state/,
    );
    expect(reason(msg({ type: 'seek' }))).toMatch(/step: a whole number from 1 to 10, got undefined/);
    expect(reason(msg({ type: 'seek', step: 0 }))).toMatch(/from 1 to 10, got 0/);
    expect(reason(msg({ type: 'seek', step: 11 }))).toMatch(/got 11/);
    expect(reason(msg({ type: 'seek', step: 2.5 }))).toMatch(/got 2.5/);
    expect(reason(msg({ type: 'seek', step: '3' }))).toMatch(/got "3"/);
    expect(reason(msg({ type: 'seek', step: Number.NaN }))).toMatch(/got NaN/);
    expect(reason(msg({ type: 'select', scenario: 'raft' }))).toMatch(
      /one of bully, fencing-token, got "raft"/,
    );
    expect(reason(msg({ type: 'select', scenario: 'toString' }))).toMatch(/got "toString"/);
    expect(reason(msg({ type: 'play', step: 2 }))).toBe('play takes no step');
    expect(reason(msg({ type: 'play', extra: 1 }))).toMatch(/^unknown key "extra"/);
    expect(reason(JSON.parse(`{"source":"${SOURCE}","v":1,"type":"play","__proto__":{"polluted":1}}`))).toBe(
      'forbidden key "__proto__"',
    );
    expect(reason(msg({ type: 'play', constructor: {} }))).toBe('forbidden key "constructor"');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps seek inside an embed range', () => {
    const ranged = { ...ctx, range: { first: 3, last: 5 } };
    expect(parseCommand(msg({ type: 'seek', step: 4 }), ranged).kind).toBe('ok');
    const r = parseCommand(msg({ type: 'seek', step: 2 }), ranged);
    expect(r).toEqual({ kind: 'invalid', error: 'seek needs step: a whole number from 3 to 5, got 2' });
  });

  it('never reads an accessor (a getter could run code)', () => {
    let ran = false;
    const x = msg({ type: 'play' });
    Object.defineProperty(x, 'step', {
      enumerable: true,
      get() {
        ran = true;
        return 1;
      },
    });
    expect(parseCommand(x, ctx)).toEqual({ kind: 'invalid', error: 'key "step" is not a plain value' });
    expect(ran).toBe(false);
  });

  it('fuzz: any payload is answered without throwing, and only valid commands are accepted', () => {
    const key = fc.constantFrom('source', 'v', 'type', 'step', 'scenario', '__proto__', 'constructor', 'x');
    const value = fc.oneof(
      fc.constantFrom(
        SOURCE,
        1,
        'play',
        'pause',
        'seek',
        'select',
        'get-state',
        'bully',
        3,
        0,
        -1,
        Number.POSITIVE_INFINITY,
      ),
      fc.anything(),
    );
    const payload = fc.oneof(
      fc.anything(),
      fc.dictionary(key, value),
      fc.dictionary(key, value).map((d) => ({ source: SOURCE, ...d })),
      fc
        .dictionary(key, value)
        .map((d) => JSON.parse(JSON.stringify({ source: SOURCE, v: 1, ...d }) ?? 'null')),
      fc.record(
        {
          source: fc.constant(SOURCE),
          v: fc.constant(1),
          type: fc.constantFrom('play', 'pause', 'seek', 'select', 'get-state'),
          step: fc.integer({ min: -2, max: 12 }),
          scenario: fc.constantFrom('bully', 'raft', '__proto__'),
        },
        { requiredKeys: ['source', 'v', 'type'] },
      ),
    );
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(payload, (p) => {
        const r = parseCommand(p, ctx);
        if (r.kind === 'invalid') {
          refused++;
          expect(typeof r.error).toBe('string');
          expect(r.error.length).toBeLessThan(300);
        }
        if (r.kind !== 'ok') return;
        accepted++;
        // Accepted means exactly a valid command: re-check it against the protocol by hand.
        const o = p as Record<string, unknown>;
        expect(Object.getPrototypeOf(o) === Object.prototype || Object.getPrototypeOf(o) === null).toBe(true);
        expect(o.source).toBe(SOURCE);
        expect(o.v).toBe(1);
        for (const k of Object.getOwnPropertyNames(o))
          expect(['source', 'v', 'type', 'step', 'scenario']).toContain(k);
        const c = r.command;
        if (c.type === 'seek') expect(Number.isInteger(c.step) && c.step >= 1 && c.step <= 10).toBe(true);
        if (c.type === 'select') expect(ctx.scenarioIds).toContain(c.scenario);
      }),
      { numRuns: 3000, seed: 20261129 },
    );
    expect(refused).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
  });
});

describe('embed API: outgoing events', () => {
  it('are plain data: 1-based step, whole ms, the error only when there is one', () => {
    const s = { scenarioId: 'bully', stepIndex: 2, stepCount: 9, t: 1234.6, playing: true };
    expect(eventOf('step', s)).toEqual({
      source: SOURCE,
      v: 1,
      type: 'step',
      scenario: 'bully',
      step: 3,
      stepCount: 9,
      t: 1235,
      playing: true,
    });
    expect(eventOf('error', { ...s, stepIndex: -1 }, 'bad').step).toBe(0);
    expect(eventOf('error', s, 'bad').error).toBe('bad');
  });
});
