/**
 * CLI fuzz (issue #8, part 2): random argv against run(). Whatever the arguments, the CLI answers
 * exit 0 with a document on stdout and nothing on stderr, or exit 2 with nothing on stdout and
 * exactly one line on stderr; it never throws. Values are drawn from pools of plausible and hostile
 * tokens plus arbitrary strings; valid runs are kept short (at most 12 nodes, durations up to 3 s
 * when given) so the suite stays fast.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { run } from './main.ts';

const scenarioIds = ['bully', 'etcd-lease', 'split-brain', 'fencing-token', 'patroni'];
const hostile = [
  '',
  ' ',
  '-',
  '--',
  '---',
  '=',
  '--=',
  '\n',
  'a\nb',
  '\u0000',
  '\u202e',
  'ø',
  '😀',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '../etc/passwd',
  '$(id)',
  'BULLY',
  'node-1',
];
const numbers = [
  '0',
  '1',
  '2',
  '3',
  '5',
  '9',
  '12',
  '201',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '-0',
  '4294967296',
  '99999999999999999999',
  '500',
  '3000',
];
const flags = [
  '--seed',
  '--nodes',
  '--set',
  '--duration',
  '--omit',
  '--format',
  '--fault',
  '--no-script',
  '--bogus',
  '-s',
  '--SEED',
];
const paramKeys = [
  'latencyMinMs',
  'latencyMaxMs',
  'dropRate',
  'quorum',
  'ttlS',
  'renewS',
  'fencing',
  'heartbeatIntervalMs',
  'answerTimeoutMs',
  'loopWaitS',
  'nonsense',
  '__proto__',
  'constructor',
  'toString',
  '',
];
const paramValues = [
  '0',
  '1',
  '10',
  '100',
  '0.5',
  'on',
  'off',
  'true',
  '',
  'abc',
  '1e400',
  'NaN',
  '-5',
  '3000',
];
const faults = [
  '100:{"kind":"crash","node":"node-1"}',
  '100:{"kind":"crash","node":"node-99"}',
  '0:{"kind":"heal"}',
  '50:{"kind":"pause","node":"node-2","durationMs":400}',
  '50:{"kind":"pause","node":"node-2","durationMs":0}',
  '10:{"kind":"partition","groups":[["node-1"],["node-2","node-2"]]}',
  '10:{"kind":"partition","groups":[["node-1"]]}',
  '10:{"kind":"clock-drift","node":"node-1","rate":0}',
  '10:{"kind":"clock-drift","node":"etcd","rate":2}',
  '10:{"kind":"delay-link","a":"node-1","b":"node-2","extraMs":1e400}',
  '10:{"kind":"explode"}',
  '10:{"__proto__":{"kind":"heal"}}',
  '10:{"kind":"heal","extra":1}',
  '10:[]',
  '10:null',
  '10:',
  ':{"kind":"heal"}',
  '-5:{"kind":"heal"}',
  '1e3:{"kind":"heal"}',
  '99999999999999999999:{"kind":"heal"}',
  '10:{"kind":"crash","node":',
  '10:{"kind":"crash","node":"NODE 1"}',
];

const token = fc.oneof(
  { arbitrary: fc.constantFrom(...scenarioIds), weight: 3 },
  { arbitrary: fc.constantFrom(...flags), weight: 6 },
  { arbitrary: fc.constantFrom(...numbers), weight: 4 },
  { arbitrary: fc.constantFrom(...hostile), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...paramKeys), fc.constantFrom(...paramValues))
      .map(([k, v]) => `${k}=${v}`),
    weight: 3,
  },
  { arbitrary: fc.constantFrom('json', 'text', 'mermaid', 'xml', 'send,deliver', 'HEARTBEAT'), weight: 2 },
  { arbitrary: fc.constantFrom(...faults), weight: 3 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...flags), fc.constantFrom(...numbers, ...hostile))
      .map(([f, v]) => `${f}=${v}`),
    weight: 2,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
);

/** Valid runs stay short: a --duration over 3 s or a cluster over 12 nodes is replaced. */
const bounded = (argv: string[]): string[] =>
  argv.map((a, i) => {
    const prev = argv[i - 1];
    const flagValue = (f: string) => (prev === f ? a : a.startsWith(`${f}=`) ? a.slice(f.length + 1) : null);
    const d = flagValue('--duration');
    if (d !== null && /^\d+$/.test(d) && Number(d) > 3000) return a.replace(d, '3000');
    const n = flagValue('--nodes');
    if (n !== null && /^\d+$/.test(n) && Number(n) > 12 && Number(n) <= 200) return a.replace(n, '12');
    return a;
  });

function expectContract(argv: string[]): number {
  let r: ReturnType<typeof run>;
  try {
    r = run(argv);
  } catch (e) {
    throw new Error(
      `run(${JSON.stringify(argv)}) threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`,
    );
  }
  if (r.code === 0) {
    expect(r.err).toBe('');
    expect(r.out.length).toBeGreaterThan(0);
    if (!argv.some((a) => /^--format(=|$)/.test(a))) expect(() => JSON.parse(r.out)).not.toThrow();
  } else {
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.startsWith('sim: ')).toBe(true);
    expect(r.err.endsWith('\n')).toBe(true);
    expect(r.err.split('\n')).toHaveLength(2);
  }
  return r.code;
}

describe('sim CLI fuzz', () => {
  it('600 random argv: exit 0 or 2, never a throw, exit 2 is one line on stderr', () => {
    const codes = { 0: 0, 2: 0 } as Record<number, number>;
    fc.assert(
      fc.property(fc.array(token, { maxLength: 8 }), (argv) => {
        const code = expectContract(bounded(argv));
        codes[code] = (codes[code] ?? 0) + 1;
      }),
      { seed: 2024, numRuns: 600 },
    );
    // Both outcomes are exercised: the fuzz is not just "everything is rejected".
    expect(codes[0]).toBeGreaterThan(5);
    expect(codes[2]).toBeGreaterThan(300);
  });

  it('300 runs that start with a valid scenario id, so options reach the simulation', () => {
    fc.assert(
      fc.property(fc.constantFrom(...scenarioIds), fc.array(token, { maxLength: 6 }), (id, rest) => {
        expectContract(bounded([id, ...rest]));
      }),
      { seed: 2025, numRuns: 300 },
    );
  });

  it.each([
    [['bully', '--set', '__proto__=1'], /unknown parameter "__proto__"/],
    [['bully', '--set', 'constructor=1'], /unknown parameter "constructor"/],
    [['bully', '--set', 'toString=on'], /unknown parameter "toString"/],
    [['bully', '--fault', '10:{"__proto__":{"kind":"heal"}}'], /--fault at 10 ms/],
    [['a\nb'], /^sim: unknown scenario "a\\nb" \(known: /],
    [['bully', '--seed', '1\n2'], /^sim: --seed expects a whole number from 0 to 4294967295, got "1\\n2"\n$/],
  ])('hostile argv %j exits 2 with one line', (argv, msg) => {
    expect(expectContract(argv as string[])).toBe(2);
    expect(run(argv as string[]).err).toMatch(msg);
  });
});

describe('sim CLI runs bounded by their budget', () => {
  const ids = scenarios.map((s) => s.id);
  const node = fc.integer({ min: 1, max: 200 }).map((k) => `node-${k}`);
  const fault = fc.oneof(
    fc.tuple(fc.nat(5000), node).map(([t, n]) => `${t}:{"kind":"crash","node":"${n}"}`),
    fc.tuple(fc.nat(5000), node).map(([t, n]) => `${t}:{"kind":"restart","node":"${n}"}`),
    fc
      .tuple(fc.nat(5000), node, fc.integer({ min: 1, max: 5000 }))
      .map(([t, n, d]) => `${t}:{"kind":"pause","node":"${n}","durationMs":${d}}`),
  );
  const argv = fc
    .record({
      id: fc.constantFrom(...ids),
      nodes: fc.option(fc.integer({ min: 1, max: 200 }), { nil: undefined }),
      duration: fc.option(fc.constantFrom(1, 1000, 60_000, 3_600_000, 604_800_000), { nil: undefined }),
      seed: fc.nat(1000),
      faults: fc.array(fault, { maxLength: 3 }),
      format: fc.constantFrom('json', 'text', 'mermaid'),
    })
    .map((a) => [
      a.id,
      '--seed',
      String(a.seed),
      '--format',
      a.format,
      ...(a.nodes !== undefined ? ['--nodes', String(a.nodes)] : []),
      ...(a.duration !== undefined ? ['--duration', String(a.duration)] : []),
      ...a.faults.flatMap((f) => ['--fault', f]),
    ]);
  const budget = fc.record({
    events: fc.integer({ min: 200, max: 8000 }),
    inFlight: fc.integer({ min: 20, max: 2000 }),
    callbacks: fc.integer({ min: 1000, max: 20_000 }),
  });

  it('any story, size, length and faults: a document, or exit 2 with one line; the same stop each time', () => {
    let stopped = 0;
    fc.assert(
      fc.property(argv, budget, (args, b) => {
        let r: ReturnType<typeof run>;
        try {
          r = run(args, { budget: b });
        } catch (e) {
          throw new Error(`run(${JSON.stringify(args)}, ${JSON.stringify(b)}) threw ${String(e)}`);
        }
        expect([0, 2]).toContain(r.code);
        if (r.code === 2) {
          expect(r.out).toBe('');
          expect(r.err).toMatch(/^sim: [^\n]+\n$/);
        }
        if (/its budget/.test(r.err)) {
          stopped++;
          expect(r.err).toMatch(
            /^sim: the run stopped at \d+ ms: more than [\d,]+ (trace events|messages in flight|callbacks) \(its budget\)/,
          );
          // Counted on the run, not on the machine: the same inputs stop at the same place.
          expect(run(args, { budget: b }).err).toBe(r.err);
        }
      }),
      { seed: 39, numRuns: 60 },
    );
    expect(stopped).toBeGreaterThan(8);
  });

  it('the default budget stops a week-long lease run with one line instead of gigabytes', () => {
    // The default's 2 M events in a few seconds: 2 000 events of a smaller budget tell the same.
    const r = run(['sandbox', '--algorithm', 'lease', '--duration', '604800000'], {
      budget: { events: 2000 },
    });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^sim: the run stopped at \d+ ms: more than 2,000 trace events \(its budget\); try/,
    );
  });
});
