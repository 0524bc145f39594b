/**
 * Scenario fuzz (issue #8, part 2).
 * 1. Mutated scenario objects: parseScenario either accepts them or throws a ScenarioError whose every
 *    line names the path and the rule broken; never another exception.
 * 2. Valid-but-odd scenarios (faults naming unknown hosts, partitions with duplicates, faults on the
 *    store or the proxy, timers far past the end, params out of range...): simulate() returns a trace
 *    or throws SimError / ParamError; never a TypeError or anything else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { SimError } from '../inputs.ts';
import { ParamError } from '../params.ts';
import { simulate } from '../simulate.ts';
import type { Fault } from '../trace/events.ts';
import { parseScenario, type Scenario, ScenarioError, type TimedFault } from './schema.ts';

/** Every path of a value (objects and arrays), for the mutation fuzzer. */
function pathsOf(v: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(at);
  if (Array.isArray(v))
    v.forEach((x, i) => {
      pathsOf(x, [...at, i], out);
    });
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...at, k], out);
  return out;
}

type Op = 'replace' | 'delete' | 'add-key' | 'duplicate' | 'cycle';

function mutate(root: unknown, path: Array<string | number>, op: Op, value: unknown): unknown {
  if (path.length === 0) return op === 'replace' ? value : root;
  let parent: unknown = root;
  for (const k of path.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object') return root; // an earlier edit removed the path
    parent = (parent as Record<string | number, unknown>)[k];
  }
  if (parent === null || typeof parent !== 'object') return root;
  // An earlier edit put a typed array there: its indices cannot be deleted or redefined (a TypeError
  // in strict mode), so it is a leaf like a number.
  if (ArrayBuffer.isView(parent)) return root;
  // An earlier edit gave an array an own `constructor` key: splice would read it as the array's
  // species and throw, a TypeError of the harness, not of the schema; leave that array as it is.
  if (Array.isArray(parent) && Object.hasOwn(parent, 'constructor') && op !== 'replace') return root;
  const p = parent as Record<string | number, unknown>;
  const key = path[path.length - 1] as string | number;
  if (op === 'replace') p[key] = value;
  else if (op === 'delete') {
    if (Array.isArray(p)) p.splice(key as number, 1);
    else delete p[key];
  } else if (op === 'duplicate' && Array.isArray(p)) p.splice(key as number, 0, p[key]);
  else if (op === 'add-key')
    // defineProperty makes a real own key even for "__proto__"
    Object.defineProperty(p, typeof value === 'string' ? value : '__proto__', {
      value: 1,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  else if (op === 'cycle') p[key] = root;
  return root;
}

const odd = fc.oneof(
  fc.anything({
    maxDepth: 2,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withTypedArray: true,
    withSparseArray: true,
    withBoxedValues: true,
  }),
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -0,
    2 ** 53,
    -(2 ** 53),
    1e308,
    5e-324,
    '',
    '__proto__',
    'constructor',
    'node-99',
    'NODE-1',
    '\u0000',
    '😀',
    [],
    {},
    null,
    undefined,
    Symbol('s'),
    () => 1,
  ),
);

describe('scenario schema fuzz', () => {
  const bases = scenarios.map((s) => structuredClone(s) as unknown as Record<string, unknown>);
  const pathTable = bases.map((b) => pathsOf(b));

  it('2000 mutated scenarios: accepted, or a ScenarioError naming the path of each broken rule', () => {
    let rejected = 0;
    fc.assert(
      fc.property(
        fc.nat(bases.length - 1),
        fc.array(
          fc.record({
            at: fc.nat(10_000),
            op: fc.constantFrom<Op>(
              'replace',
              'replace',
              'replace',
              'delete',
              'add-key',
              'duplicate',
              'cycle',
            ),
            value: odd,
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (which, edits) => {
          let doc: unknown = structuredClone(bases[which]);
          const paths = pathTable[which] as Array<Array<string | number>>;
          for (const e of edits) doc = mutate(doc, paths[e.at % paths.length] ?? [], e.op, e.value);
          try {
            parseScenario(doc);
          } catch (err) {
            if (!(err instanceof ScenarioError)) throw err;
            rejected++;
            for (const line of err.message.split('\n')) expect(line).toMatch(/^scenario(\.|\[|: )[^\n]*: \S/);
          }
        },
      ),
      { seed: 77, numRuns: 2000 },
    );
    expect(rejected).toBeGreaterThan(1000);
  });

  it('names the path and the rule: a few exact messages', () => {
    const bully = structuredClone(scenarios[0]) as Scenario;
    const msg = (patch: (s: Record<string, unknown>) => void) => {
      const s = structuredClone(bully) as unknown as Record<string, unknown>;
      patch(s);
      try {
        parseScenario(s);
      } catch (e) {
        expect(e).toBeInstanceOf(ScenarioError);
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(msg((s) => Object.assign(s, { nodes: 0 }))).toBe(
      'scenario.nodes: Too small: expected number to be >=1',
    );
    expect(
      msg((s) => {
        (s.faults as TimedFault[])[0] = { atMs: 5, fault: { kind: 'pause', node: 'node-1', durationMs: 0 } };
      }),
    ).toBe('scenario.faults[0].fault.durationMs: Too small: expected number to be >=1');
    expect(msg((s) => Object.assign(s, { algorithm: 'paxos' }))).toMatch(
      /^scenario\.algorithm: Invalid option/,
    );
    expect(msg((s) => Object.assign(s, { seed: Number.NaN }))).toMatch(/^scenario\.seed: /);
  });
});

// ------------------------------------------------------------------------------------- odd but valid

const hostsOf = new Map(scenarios.map((s) => [s.id, simulate(s, { durationMs: 1 }).hosts.map((h) => h.id)]));
const strangers = ['node-0', 'node-99', 'etcd', 'storage', 'haproxy', 'app', 'pg-1', 'node-last-20', 'a'];

type Edit = (s: Scenario, hosts: string[], r: number[]) => Scenario;
const pickFrom = <T>(xs: readonly T[], r: number | undefined): T => xs[(r ?? 0) % xs.length] as T;
/** A fault at `atMs`, or at the run's last instant: a fault after the end is refused (src/sim/rules.ts). */
const withFault = (s: Scenario, atMs: number, fault: Fault): Scenario => ({
  ...s,
  faults: [...s.faults, { atMs: Math.min(atMs, s.durationMs), fault }],
});

/** Edits that keep a scenario schema-valid but odd. `r` is a handful of random integers. */
const edits: Record<string, Edit> = {
  unknownHost: (s, _h, r) =>
    withFault(s, (r[0] ?? 0) % 5000, { kind: 'crash', node: pickFrom(strangers, r[1]) }),
  unknownLinkEnd: (s, h, r) =>
    withFault(s, 100, { kind: 'cut-link', a: pickFrom(h, r[0]), b: pickFrom(strangers, r[1]) }),
  partitionDuplicates: (s, h, r) =>
    withFault(s, (r[0] ?? 0) % 5000, {
      kind: 'partition',
      // A host twice in one group; in two groups it is refused (src/sim/rules.ts).
      groups: [
        [pickFrom(h, r[1]), pickFrom(h, r[1])],
        [pickFrom(h, (r[1] ?? 0) + 1 + ((r[2] ?? 0) % (h.length - 1)))],
      ],
    }),
  partitionEverything: (s, h) => withFault(s, 10, { kind: 'partition', groups: h.map((x) => [x]) }),
  infraCrash: (s, h, r) => {
    const host = pickFrom(h, r[0]);
    const down = withFault(s, (r[1] ?? 0) % 8000, { kind: 'crash', node: host });
    return (r[2] ?? 0) % 2 ? withFault(down, 9000, { kind: 'restart', node: host }) : down;
  },
  longPause: (s, h, r) =>
    withFault(s, (r[0] ?? 0) % 5000, {
      kind: 'pause',
      node: pickFrom(h, r[1]),
      durationMs: 1 + ((r[2] ?? 0) % 10_000_000),
    }),
  pointlessUndo: (s, h, r) => {
    const host = pickFrom(h, r[0]);
    const kinds: Fault[] = [
      { kind: 'restart', node: host },
      { kind: 'resume', node: host },
      { kind: 'rejoin', node: host },
      { kind: 'restore-link', a: host, b: pickFrom(h, r[1]) },
      { kind: 'heal' },
    ];
    return withFault(s, (r[2] ?? 0) % 3000, pickFrom(kinds, r[3]));
  },
  selfLink: (s, h, r) => {
    const host = pickFrom(h, r[0]);
    return withFault(s, 50, { kind: 'delay-link', a: host, b: host, extraMs: (r[1] ?? 0) * 1000 });
  },
  hugeDelay: (s, h, r) =>
    withFault(s, 50, {
      kind: 'delay-link',
      a: pickFrom(h, r[0]),
      b: pickFrom(h, r[1]),
      extraMs: 2 ** 53 - 1,
    }),
  // Rates down to 0.01 only: a rate near 0 (the schema allows 1e-300) overflows a timer to Infinity,
  // see the report of issue #8 (Host.realDelay / faultSchema clock-drift lower bound).
  drift: (s, h, r) =>
    withFault(s, (r[0] ?? 0) % 5000, {
      kind: 'clock-drift',
      node: pickFrom(h, r[1]),
      rate: 0.01 + ((r[2] ?? 0) % 10_000) / 100,
    }),
  isolateAnything: (s, h, r) =>
    withFault(s, 100, { kind: 'isolate', node: pickFrom(h, r[0]), from: (r[1] ?? 0) % 2 ? 'store' : 'all' }),
  farFuture: (s, h, r) =>
    withFault(s, 2 ** 53 - 1 - ((r[0] ?? 0) % 1000), { kind: 'crash', node: pickFrom(h, r[1]) }),
  sameInstant: (s, h, r) => {
    const host = pickFrom(h, r[0]);
    let out = s;
    for (const f of [
      { kind: 'crash', node: host },
      { kind: 'restart', node: host },
      { kind: 'pause', node: host, durationMs: 1 },
      { kind: 'crash', node: host },
    ] as Fault[])
      out = withFault(out, 700, f);
    return out;
  },
  nodes: (s, _h, r) => ({ ...s, nodes: pickFrom([1, 2, 3, 4, 9, 10, 12, 51, 200], r[0]) }),
  params: (s, _h, r) => ({
    ...s,
    params: {
      ...s.params,
      [pickFrom(
        [
          'latencyMaxMs',
          'dropRate',
          'ttlS',
          'quorum',
          'fencing',
          'heartbeatIntervalMs',
          'loopWaitS',
          'nope',
          'constructor',
          'toString',
        ],
        r[0],
      )]: pickFrom([0, -1, 0.5, 1, 1e9, true, false, 1.5e-7, 600_000], r[1]),
    },
  }),
  oddAnchor: (s, h, r) => ({
    ...s,
    steps: [
      ...s.steps,
      {
        id: 'odd-step',
        anchor: {
          k: pickFrom(['role', 'send', 'mark', 'end', 'start', 'violation'] as const, r[0]),
          node: pickFrom([...h, 'node-99'], r[1]),
          nth: 1 + ((r[2] ?? 0) % 1000),
          offsetMs: ((r[3] ?? 0) % 2 ? -1 : 1) * 2 ** 52,
        },
        caption: '{node} {token} {nope} {ttlS}',
      },
    ],
  }),
  seed: (s, _h, r) => ({ ...s, seed: pickFrom([0, 1, 2 ** 32 - 1], r[0]) }),
};
const editNames = Object.keys(edits);

/**
 * Every scenario, bully-at-scale's 100 nodes and the `nodes` edit's 200 included: a run that grows
 * past its budget stops with a SimError (a smaller budget than the default keeps this test quick).
 */
const BUDGET = { events: 200_000 };

describe('simulate() on valid but odd scenarios', () => {
  it('300 odd scenarios: a trace, SimError or ParamError, never another exception', () => {
    const outcomes = new Map<string, number>();
    fc.assert(
      fc.property(
        fc.nat(scenarios.length - 1),
        fc.array(
          fc.tuple(
            fc.constantFrom(...editNames),
            fc.array(fc.nat(1_000_000), { minLength: 4, maxLength: 4 }),
          ),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        (which, chosen) => {
          const base = scenarios[which] as Scenario;
          const hosts = hostsOf.get(base.id) as string[];
          let s = base;
          for (const [name, r] of chosen) s = (edits[name] as Edit)(s, hosts, r);
          const parsed = parseScenario(structuredClone(s)); // the edits keep it schema-valid
          let outcome = 'trace';
          try {
            const tr = simulate(parsed, { durationMs: Math.min(parsed.durationMs, 15_000), budget: BUDGET });
            expect(tr.events.length).toBeGreaterThan(0);
          } catch (e) {
            if (!(e instanceof SimError || e instanceof ParamError)) throw e;
            outcome = e.constructor.name;
          }
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        },
      ),
      { seed: 78, numRuns: 300 },
    );
    expect(outcomes.get('trace')).toBeGreaterThan(50);
    expect(outcomes.get('SimError')).toBeGreaterThan(20);
    expect(outcomes.get('ParamError')).toBeGreaterThan(5);
  });
});
