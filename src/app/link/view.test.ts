import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { algorithmIds } from '../../sim/algorithms/registry.ts';
import { canonicalFaults } from '../../sim/inputs.ts';
import type { Params } from '../../sim/params.ts';
import { resolveParams } from '../../sim/params.ts';
import type { TimedFault } from '../../sim/scenario/schema.ts';
import { decodeView } from './decode.ts';
import { checkFaultHosts, faultFromText, faultToText } from './faults.ts';
import { encodeView, knobsOf, type LinkView, plainView } from './view.ts';

const ctx = { scenarios, locales: ['en', 'pt', 'ru'] };
const base = (over: Partial<LinkView> = {}): LinkView => ({ ...plainView('fencing-token'), ...over });

describe('view links', () => {
  it('writes a readable canonical URL', () => {
    const v = base({
      step: 3,
      seed: 7,
      params: { ttlS: 20, fencing: false },
      faults: [
        { atMs: 30000, fault: { kind: 'partition', groups: [['node-1', 'node-2'], ['node-3']] } },
        { atMs: 12000, fault: { kind: 'crash', node: 'node-2' } },
      ],
      speed: 2,
      whatIf: true,
      panel: 'log',
      theme: 'dark',
      lang: 'pt',
    });
    expect(encodeView(v)).toBe(
      '?lang=pt&theme=dark&scenario=fencing-token&step=4&seed=7&set=fencing:off&set=ttlS:20' +
        '&fault=12000,crash,node-2&fault=30000,partition,node-1;node-2|node-3&speed=2&whatif=1&panel=log',
    );
    const d = decodeView(encodeView(v), ctx);
    expect(d.problems).toEqual([]);
    expect(d.view).toEqual({ ...v, faults: canonicalFaults(v.faults) });
  });

  it('the sandbox: algorithm, duration and its knobs round-trip; compare too', () => {
    const v = base({
      scenario: 'sandbox',
      algorithm: 'heartbeat',
      durationMs: 300_000,
      params: { quorum: true },
      faults: [{ atMs: 5000, fault: { kind: 'crash', node: 'node-5' } }],
      compare: { name: 'quorum', value: false },
      whatIf: true,
    });
    const url = encodeView(v);
    expect(url).toBe(
      '?scenario=sandbox&algorithm=heartbeat&duration=300&set=quorum:on&fault=5000,crash,node-5&compare=quorum:off&whatif=1',
    );
    const d = decodeView(url, ctx);
    expect(d.problems).toEqual([]);
    expect(d.view).toEqual(v);
    // Knobs are checked against the chosen algorithm: quorum is not a lease knob.
    const lease = decodeView('?scenario=sandbox&algorithm=lease&set=quorum:on', ctx);
    expect(lease.problems.map((p) => [p.param, p.value])).toEqual([['set', 'quorum:on']]);
  });

  it('compare round-trips on a story and names a bad knob or value', () => {
    const v = base({ scenario: 'etcd-lease', compare: { name: 'ttlS', value: 10 } });
    expect(encodeView(v)).toBe('?scenario=etcd-lease&compare=ttlS:10');
    expect(decodeView(encodeView(v), ctx).view.compare).toEqual({ name: 'ttlS', value: 10 });
    const bad = decodeView('?scenario=etcd-lease&compare=quorum:on', ctx);
    expect(bad.view.compare).toBeNull();
    expect(bad.problems[0]?.reason).toMatch(/not a knob of lease \(known: ttlS, renewS/);
    expect(decodeView('?scenario=etcd-lease&compare=ttlS:0', ctx).problems[0]?.reason).toMatch(
      /ttlS must be >= 1/,
    );
    expect(decodeView('?scenario=etcd-lease&compare=ttlS', ctx).problems[0]?.reason).toBe(
      'expected <name>:<value>',
    );
  });

  it('refuses an unknown algorithm, an algorithm for a story and a duration outside 1 s..24 h', () => {
    const d = decodeView('?scenario=sandbox&algorithm=paxos&duration=0', ctx);
    expect(d.view).toMatchObject({ scenario: 'sandbox', algorithm: null, durationMs: null });
    expect(d.problems).toEqual([
      {
        param: 'algorithm',
        value: 'paxos',
        reason: `unknown algorithm "paxos" (known: ${algorithmIds.join(', ')})`,
      },
      { param: 'duration', value: '0', reason: 'expected whole seconds from 1 to 86400' },
    ]);
    // A story takes a length too (it may run on past its script), but not another algorithm.
    const story = decodeView('?scenario=bully&algorithm=lease&duration=60', ctx);
    expect(story.view).toMatchObject({ scenario: 'bully', algorithm: null, durationMs: 60_000 });
    expect(story.problems.map((p) => p.reason)).toEqual([
      'bully runs bully only; the algorithm is chosen in the sandbox',
    ]);
  });

  it('reads a step by its stable id (a story step or a derived moment) and writes it back', () => {
    const d = decodeView('?scenario=fencing-token&step=stale-write&t=5', ctx);
    expect(d.problems).toEqual([]);
    expect(d.view).toMatchObject({ step: null, stepId: 'stale-write', t: null });
    expect(encodeView(d.view)).toBe('?scenario=fencing-token&step=stale-write');
    expect(decodeView('?scenario=bully&step=coordinator-down', ctx).view.stepId).toBe('coordinator-down');
    expect(decodeView('?scenario=bully&step=failover-2', ctx).view.stepId).toBe('failover-2');
    expect(decodeView('?scenario=bully&step=no-such-step', ctx).problems).toEqual([
      { param: 'step', value: 'no-such-step' },
    ]);
  });

  it('writes t only off a step, and step wins when a link has both', () => {
    expect(encodeView(base({ t: 1234.5 }))).toBe('?scenario=fencing-token&t=1234.5');
    const d = decodeView('?scenario=bully&step=2&t=99', ctx);
    expect(d.view.step).toBe(1);
    expect(d.view.t).toBeNull();
    expect(d.problems).toEqual([]);
  });

  it('reports each bad parameter by name and loads the rest', () => {
    const d = decodeView(
      '?scenario=fencing-token&seed=abc&fault=999,explode,node-9&speed=1000&set=nope:1&set=ttlS:-5&theme=blue&panel=x&whatif=yes&zoom=2&t=-1&lang=pt',
      ctx,
    );
    expect(d.view.scenario).toBe('fencing-token');
    expect(d.view.lang).toBe('pt');
    expect(d.problems.map((p) => p.param).sort()).toEqual(
      ['fault', 'panel', 'seed', 'set', 'set', 'speed', 't', 'theme', 'whatif', 'zoom'].sort(),
    );
    expect(d.problems.find((p) => p.param === 'fault')?.reason).toContain('unknown kind "explode"');
    expect(d.problems.find((p) => p.value === 'nope:1')?.reason).toContain('unknown knob "nope"');
    expect(d.problems.find((p) => p.value === 'ttlS:-5')?.reason).toMatch(/ttlS must be >=/);
    expect(d.problems.find((p) => p.param === 'zoom')?.unknown).toBe(true);
  });

  it('carries a run length up to 24 h (whole seconds) for any scenario, after nodes, and names bad ones', () => {
    const url = encodeView(
      base({ seed: 3, durationMs: 86_400_000, faults: [{ atMs: 5, fault: { kind: 'heal' } }] }),
    );
    expect(url).toBe('?scenario=fencing-token&seed=3&duration=86400&fault=5,heal');
    expect(decodeView(url, ctx).view.durationMs).toBe(86_400_000);
    for (const bad of ['0', '86401', '1.5', '1e6', 'abc', '']) {
      const d = decodeView(`?scenario=bully&duration=${bad}`, ctx);
      expect(d.view.durationMs).toBeNull();
      expect(d.problems).toEqual([
        { param: 'duration', value: bad, reason: 'expected whole seconds from 1 to 86400' },
      ]);
    }
  });

  it('refuses knob values that break a rule, naming it', () => {
    const d = decodeView('?scenario=bully&set=latencyMaxMs:40&set=latencyMinMs:50', ctx);
    expect(d.view.params).toEqual({ latencyMaxMs: 40 });
    expect(d.problems[0]?.reason).toContain('latencyMaxMs must be >= latencyMinMs');
  });

  it('keeps markup as plain text in problems', () => {
    const d = decodeView('?scenario=<img src=x onerror=alert(1)>', ctx);
    expect(d.hasScenario).toBe(false);
    expect(d.problems).toEqual([{ param: 'scenario', value: '<img src=x onerror=alert(1)>' }]);
  });

  it('checks fault shapes and hosts', () => {
    expect(faultFromText('5000,pause,node-1')).toMatch(/pause expects/);
    expect(faultFromText('5000,pause,node-1,0')).toMatch(/durationMs/);
    expect(faultFromText('x,crash,node-1')).toMatch(/whole number/);
    expect(faultFromText('5000,heal')).toEqual({ atMs: 5000, fault: { kind: 'heal' } });
    const f = faultFromText('5000,crash,node-9') as TimedFault;
    expect(checkFaultHosts([f], ['node-1', 'node-2']).problems[0]?.reason).toContain('no host "node-9"');
  });

  const nodeId = fc.constantFrom('node-1', 'node-2', 'node-3', 'pg-1', 'etcd');
  const faultArb: fc.Arbitrary<TimedFault['fault']> = fc.oneof(
    fc.record({ kind: fc.constantFrom('crash', 'restart', 'resume', 'rejoin'), node: nodeId }),
    fc.record({ kind: fc.constant('pause'), node: nodeId, durationMs: fc.integer({ min: 1, max: 1e7 }) }),
    fc.record(
      { kind: fc.constant('isolate'), node: nodeId, from: fc.constantFrom('all', 'store') },
      { requiredKeys: ['kind', 'node'] },
    ),
    // Each host on one side only (a host in two groups is refused, src/sim/rules.ts).
    fc.tuple(fc.uniqueArray(nodeId, { minLength: 2, maxLength: 5 }), fc.nat()).map(([ids, cut]) => ({
      kind: 'partition' as const,
      groups: [ids.slice(0, 1 + (cut % (ids.length - 1))), ids.slice(1 + (cut % (ids.length - 1)))],
    })),
    fc.record({ kind: fc.constant('heal') }),
    fc.record({ kind: fc.constantFrom('cut-link', 'restore-link'), a: nodeId, b: nodeId }),
    fc.record({ kind: fc.constant('delay-link'), a: nodeId, b: nodeId, extraMs: fc.nat(1e6) }),
    fc.record({
      kind: fc.constant('clock-drift'),
      node: nodeId,
      rate: fc.double({ min: 0.01, max: 100, noNaN: true }),
    }),
  ) as fc.Arbitrary<TimedFault['fault']>;

  it('round-trips any fault', () => {
    fc.assert(
      fc.property(fc.nat(1e9), faultArb, (atMs, fault) => {
        const tf = { atMs, fault };
        expect(faultFromText(faultToText(tf))).toEqual(tf);
      }),
    );
  });

  it('decode(encode(view)) == view for random views', () => {
    const viewArb = fc.constantFrom(...scenarios).chain((s) => {
      const { specs, rules } = knobsOf(s);
      const knob = fc.constantFrom(...Object.keys(specs)).chain((k) => {
        const spec = specs[k];
        if (!spec) throw new Error(k);
        const v: fc.Arbitrary<number | boolean> =
          typeof spec.default === 'boolean'
            ? fc.boolean()
            : spec.integer
              ? fc.integer({ min: spec.min ?? 0, max: spec.max ?? 1e6 })
              : fc.double({ min: spec.min ?? 0, max: spec.max ?? 1e6, noNaN: true });
        return v.map((x) => [k, x] as const);
      });
      const params = fc
        .array(knob, { maxLength: 4 })
        .map((kv) => Object.fromEntries(kv) as Params)
        .filter((p) => {
          try {
            resolveParams(specs, rules, s.params, p);
            return true;
          } catch {
            return false;
          }
        });
      return fc
        .record({
          scenario: fc.constant(s.id),
          algorithm: fc.constant(null),
          durationMs: fc.option(fc.integer({ min: 1, max: 86_400 }).map((x) => x * 1000)),
          compare: fc.constant(null),
          step: fc.option(fc.nat(40)),
          t: fc.constant(null),
          seed: fc.option(fc.nat(2 ** 32 - 1)),
          nodes: fc.constant(null),
          params,
          faults: fc.array(fc.record({ atMs: fc.nat(1e8), fault: faultArb }), { maxLength: 4 }),
          speed: fc.constantFrom(0.1, 0.25, 1, 1.5, 7.5, 10),
          whatIf: fc.boolean(),
          panel: fc.constantFrom('sequence' as const, 'log' as const),
          theme: fc.constantFrom(null, 'light' as const, 'dark' as const),
          lang: fc.constantFrom(null, 'en', 'pt', 'ru'),
        })
        .map((v) => {
          // Inside the run: a fault after its end is refused (src/sim/rules.ts).
          const end = v.durationMs ?? s.durationMs;
          return { ...v, faults: v.faults.map((f) => ({ ...f, atMs: f.atMs % (end + 1) })) };
        });
    });
    fc.assert(
      fc.property(viewArb, fc.option(fc.double({ min: 0, max: 1e7, noNaN: true })), (v, t) => {
        const view: LinkView = v.step === null ? { ...v, t: t === null ? null : Math.abs(t) } : v;
        const url = encodeView(view);
        const d = decodeView(url, ctx);
        expect(d.problems).toEqual([]);
        expect(d.view).toEqual({ ...view, faults: canonicalFaults(view.faults) });
        expect(encodeView(d.view)).toBe(url);
      }),
      { numRuns: 300 },
    );
  });
});
