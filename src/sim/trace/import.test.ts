import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioById, scenarios } from '../../../scenarios/index.ts';
import { algorithmIds } from '../algorithms/registry.ts';
import { simulate } from '../simulate.ts';
import { MAX_TRACE_BYTES, parseTrace, TRACE_VERSIONS, TraceImportError } from './import.ts';

const bully = scenarioById('bully');
const lease = scenarioById('etcd-lease');
if (!bully || !lease) throw new Error('scenarios missing');

/** A small real trace as plain JSON data (Bully, 3 nodes, 1.2 s). */
const small = (): Record<string, unknown> =>
  JSON.parse(JSON.stringify(simulate(bully, { nodes: 3, durationMs: 1200 })));
/** A lease trace with every kind of event (store, write, fault, role, mark, drop). */
const rich = JSON.parse(
  JSON.stringify(
    simulate(lease, {
      nodes: 3,
      durationMs: 40_000,
      interventions: [
        { atMs: 3000, fault: { kind: 'partition', groups: [['node-1'], ['node-2', 'node-3', 'etcd']] } },
        { atMs: 30_000, fault: { kind: 'heal' } },
      ],
    }),
  ),
) as { events: Array<Record<string, unknown>> } & Record<string, unknown>;
const firstOf = (k: string) => rich.events.findIndex((e) => e.k === k);

/** parseTrace on a mutated copy of `rich`; returns the error message. */
function rejectMutation(mutate: (t: typeof rich) => void): string {
  const copy = structuredClone(rich);
  mutate(copy);
  try {
    parseTrace(JSON.stringify(copy));
  } catch (e) {
    expect(e).toBeInstanceOf(TraceImportError);
    return (e as Error).message;
  }
  throw new Error('the mutation was accepted');
}

function rejectText(text: string, opts?: { maxBytes?: number }): string {
  try {
    parseTrace(text, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(TraceImportError);
    return (e as Error).message;
  }
  throw new Error('the text was accepted');
}

describe('parseTrace: valid traces', () => {
  it.each(scenarios.map((s) => [s.id, s] as const))(
    '%s: a trace survives export and import unchanged',
    (_id, s) => {
      const data = JSON.parse(JSON.stringify(simulate(s)));
      expect(parseTrace(JSON.stringify(data))).toEqual(data);
    },
  );

  it('takes every kind of event, interventions and a leading BOM', () => {
    const kinds = new Set(rich.events.map((e) => e.k));
    for (const k of ['send', 'deliver', 'drop', 'role', 'fault', 'store', 'write', 'mark'])
      expect(kinds).toContain(k);
    expect(parseTrace(`\uFEFF${JSON.stringify(rich)}`)).toEqual(rich);
  });
});

describe('parseTrace: hostile and broken files', () => {
  it('refuses a file over the size limit before parsing it, counting UTF-8 bytes', () => {
    // Blank text would fail JSON.parse with another message: the size is checked first.
    expect(rejectText(' '.repeat(MAX_TRACE_BYTES + 1))).toBe(
      'trace: the file is larger than 50 MB; traces that big are not imported',
    );
    // 400 two-byte characters = 800 bytes: over a 500-byte limit although only 400 characters long.
    expect(rejectText(`"${'é'.repeat(400)}"`, { maxBytes: 500 })).toMatch(/larger than/);
    expect(rejectText(`"${'😀'.repeat(150)}"`, { maxBytes: 500 })).toMatch(/larger than/);
    expect(rejectText(`"${'e'.repeat(400)}"`, { maxBytes: 500 })).toMatch(/expected a trace object/);
  });

  it('refuses empty, truncated and non-JSON text', () => {
    expect(rejectText('')).toBe('trace: the file is empty');
    expect(rejectText('  \n ')).toBe('trace: the file is empty');
    const text = JSON.stringify(rich);
    expect(rejectText(text.slice(0, text.length / 2))).toMatch(
      /^trace: not valid JSON \(truncated or corrupted\?\)/,
    );
    expect(rejectText('<html>')).toMatch(/not valid JSON/);
  });

  it('refuses anything that is not a trace object', () => {
    expect(rejectText('null')).toBe('trace: expected a trace object, got null');
    expect(rejectText('[1,2]')).toBe('trace: expected a trace object, got an array');
    expect(rejectText('"trace"')).toBe('trace: expected a trace object, got "trace"');
    expect(rejectText('{}')).toBe('trace.version: missing (expected 1 or 2)');
    expect(() => parseTrace(42 as unknown as string)).toThrow(TraceImportError);
  });

  it('refuses prototype-pollution keys anywhere, and pollutes nothing', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(rejectText(`{"${key}":{"polluted":true}}`)).toBe(
        `trace.${key}: the key "${key}" is not allowed (prototype pollution)`,
      );
      const text = JSON.stringify(rich).replace('"data":{', `"data":{"${key}":{"polluted":true},`);
      expect(rejectText(text)).toMatch(new RegExp(`^trace\\.events\\[\\d+\\]\\.data\\.${key}: the key`));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses numbers JSON.parse cannot keep: overflow to Infinity and integers past 2^53', () => {
    const t = firstOf('send');
    expect(rejectText(JSON.stringify(rich).replace(/"durationMs":\d+/, '"durationMs":1e400'))).toBe(
      'trace.durationMs: a number too large to represent (it overflows to Infinity)',
    );
    expect(rejectMutation((c) => Object.assign(c.events[t] as object, { t: 2 ** 53 + 2 }))).toBe(
      `trace.events[${t}].t: 9007199254740994 is beyond 2^53 and cannot be kept exactly`,
    );
    expect(rejectText(JSON.stringify(rich).replace(/"seed":\d+/, '"seed":-1e309'))).toMatch(
      /^trace\.seed: .*Infinity/,
    );
  });

  it('refuses nesting deeper than any trace', () => {
    expect(rejectText(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toMatch(
      /nested deeper than 32 levels$/,
    );
  });
});

describe('parseTrace: shapes and cross-field rules (what and where)', () => {
  const send = firstOf('send');
  const write = firstOf('write');
  const fault = firstOf('fault');
  const store = firstOf('store');
  it.each<[string, (t: typeof rich) => void, string]>([
    [
      'unknown event kind',
      (c) => Object.assign(c.events[3] as object, { k: 'boom' }),
      'trace.events[3].k: unknown event kind "boom" (known: send, deliver, drop, role, fault, store, write, violation, mark, state)',
    ],
    [
      'event without a kind',
      (c) => {
        c.events[3] = { t: 1 };
      },
      'trace.events[3]: expected an event with a kind "k", got an object',
    ],
    [
      'wrong type',
      (c) => Object.assign(c.events[send] as object, { t: '5' }),
      `trace.events[${send}].t: expected a number, got "5"`,
    ],
    [
      'missing field',
      (c) => {
        delete (c.events[send] as Record<string, unknown>).from;
      },
      `trace.events[${send}].from: missing (expected a string)`,
    ],
    [
      'unknown key',
      (c) => Object.assign(c.events[send] as object, { zzz: 1 }),
      `trace.events[${send}]: unknown key "zzz"`,
    ],
    [
      'unknown fault kind',
      (c) => Object.assign((c.events[fault] as { fault: object }).fault, { kind: 'explode' }),
      `trace.events[${fault}].fault.kind: unknown kind "explode"`,
    ],
    [
      'unknown store change',
      (c) => Object.assign((c.events[store] as { change: object }).change, { kind: 'zap' }),
      `trace.events[${store}].change.kind: unknown kind "zap"`,
    ],
    [
      'token of the wrong type',
      (c) => Object.assign(c.events[write] as object, { token: 'x' }),
      `trace.events[${write}].token: expected a number or null, got "x"`,
    ],
    [
      'HTTP code outside the model',
      (c) => Object.assign(c.events[write] as object, { code: 500 }),
      `trace.events[${write}].code: expected 200 or 409 or 503, got 500`,
    ],
    [
      'fractional time',
      (c) => Object.assign(c.events[send] as object, { t: 1.5 }),
      `trace.events[${send}].t: expected a whole number, got 1.5`,
    ],
    [
      'future version',
      (c) => {
        c.version = 3;
      },
      'trace.version: Invalid input: expected 1 or 2, got 3',
    ],
    [
      'unknown algorithm',
      (c) => {
        c.algorithm = 'paxos';
      },
      `trace.algorithm: Invalid option: expected one of ${algorithmIds.map((a) => `"${a}"`).join('|')}, got "paxos"`,
    ],
    [
      'host id with markup',
      (c) => {
        (c.hosts as Array<{ id: string }>)[0] = { id: '<img src=x>', kind: 'node' } as never;
      },
      'trace.hosts[0].id: a host id like "node-3" or "etcd", got "<img src=x>"',
    ],
    [
      'events out of time order',
      (c) => Object.assign(c.events[firstOf('role')] as object, { t: 39_999 }),
      `trace.events[${firstOf('role') + 1}].t: events out of time order`,
    ],
    [
      'event after the end',
      (c) => Object.assign(c.events.at(-1) as object, { t: 40_001 }),
      `trace.events[${rich.events.length - 1}].t: 40001 ms is after the end of the run (durationMs 40000)`,
    ],
    [
      'duplicate send id',
      (c) => {
        const xs = c.events.filter((e) => e.k === 'send');
        (xs[1] as { id: unknown }).id = (xs[0] as { id: unknown }).id;
      },
      'send id 1 is used twice',
    ],
    [
      'deliver of an unknown message',
      (c) => Object.assign(c.events[firstOf('deliver')] as object, { id: 999_999 }),
      'deliver of message 999999, which was never sent before',
    ],
    [
      'message delivered twice',
      (c) => {
        const d = c.events[firstOf('deliver')] as object;
        c.events.splice(firstOf('deliver') + 1, 0, structuredClone(d) as never);
      },
      'is delivered or dropped twice',
    ],
    [
      'send to an unknown host',
      (c) => Object.assign(c.events[send] as object, { to: 'node-77' }),
      `trace.events[${send}].to: unknown host "node-77" (not in trace.hosts)`,
    ],
    [
      'host listed twice',
      (c) => {
        (c.hosts as unknown[]).push(structuredClone((c.hosts as unknown[])[0]));
      },
      'host "etcd" is listed twice',
    ],
    [
      'step pointing past the events',
      (c) => {
        (c.steps as Array<{ eventIndex: number }>).push({
          id: 'x',
          atMs: 0,
          eventIndex: 10 ** 9,
          vars: {},
        } as never);
      },
      'event 1000000000 does not exist',
    ],
    [
      'intervention naming an unknown host',
      (c) => {
        c.interventions = [{ atMs: 1, fault: { kind: 'crash', node: 'node-9' } }];
      },
      'trace.interventions[0].fault.node: unknown host "node-9"',
    ],
  ])('%s', (_name, mutate, message) => {
    expect(rejectMutation(mutate)).toContain(message);
  });
});

describe('parseTrace: state events (the inspector record)', () => {
  const states = rich.events.flatMap((e, i) => (e.k === 'state' ? [i] : []));
  const firstState = states[0] ?? -1;
  const later = states.find((i) => typeof (rich.events[i] as { v?: unknown[] }).v?.[0] === 'number') ?? -1;

  it('a simulated trace records them and reads back', () => {
    expect(states.length).toBeGreaterThan(10);
    expect(parseTrace(JSON.stringify(rich)).events.filter((e) => e.k === 'state').length).toBe(states.length);
  });

  it('an older trace without them still opens', () => {
    const copy = structuredClone(rich);
    copy.events = copy.events.filter((e) => e.k !== 'state');
    copy.steps = []; // their event indexes were counted with the state events
    expect(parseTrace(JSON.stringify(copy)).events.some((e) => e.k === 'state')).toBe(false);
  });

  it.each<[string, (t: typeof rich) => void, RegExp]>([
    [
      'a name number never written',
      (c) => Object.assign(c.events[later] as object, { v: [99] }),
      new RegExp(`trace\\.events\\[${later}\\]\\.v\\[0\\]: name number 99 was never written by this node`),
    ],
    [
      'a record that does not start',
      (c) => {
        delete (c.events[firstState] as Record<string, unknown>).init;
      },
      new RegExp(
        `trace\\.events\\[${firstState}\\]: the first state event of node-\\d must start its record`,
      ),
    ],
    [
      'a path that is not one',
      (c) => Object.assign(c.events[firstState] as object, { v: ['a..b'] }),
      /\.v\[0\]: .*a dotted state path/,
    ],
    [
      'a timer without its delay',
      (c) => Object.assign(c.events[firstState] as object, { tm: [['renewDelay']] }),
      /\.tm\[0\]/,
    ],
    [
      'no event named',
      (c) => Object.assign(c.events[firstState] as object, { on: '' }),
      /\.on: .*the event that caused the change/,
    ],
  ])('rejects %s, saying where', (_name, mutate, message) => {
    expect(rejectMutation(mutate)).toMatch(message);
  });
});

describe('parseTrace: the trace format version', () => {
  it('reads version 2, the version every trace this lab exports carries, and version 1', () => {
    expect(TRACE_VERSIONS).toEqual([1, 2]);
    expect(rich.version).toBe(2);
    expect(parseTrace(JSON.stringify(rich)).version).toBe(2);
  });

  it('reads a version 1 file as version 2 with its violations as written (text only)', () => {
    const old = JSON.parse(JSON.stringify(rich)) as Record<string, unknown> & { events: unknown[] };
    old.version = 1;
    const v1 = {
      kind: 'stale-write-accepted',
      nodes: ['node-1'],
      detail: 'storage accepted token 42 from node-1 after token 43',
    };
    const t = (old.events.at(-1) as { t: number }).t;
    old.events.push({ k: 'violation', t, violation: v1 });
    const read = parseTrace(JSON.stringify(old));
    expect(read.version).toBe(2);
    expect(read.events.at(-1)).toEqual({ k: 'violation', t, violation: v1 });
  });

  it('names the version found and the versions it reads', () => {
    const v3 = rejectMutation((c) => {
      c.version = 3;
    });
    expect(v3).toBe(
      'trace.version: Invalid input: expected 1 or 2, got 3: this lab reads trace format version 1 or 2, not 3; the file may come from a newer Leader Election Lab',
    );
    expect(
      rejectMutation((c) => {
        c.version = 0;
      }),
    ).toBe(
      'trace.version: Invalid input: expected 1 or 2, got 0: this lab reads trace format version 1 or 2, not 0',
    );
    expect(
      rejectMutation((c) => {
        c.version = '1';
      }),
    ).toBe(
      'trace.version: Invalid input: expected 1 or 2, got "1": this lab reads trace format version 1 or 2, not "1"',
    );
    expect(
      rejectMutation((c) => {
        c.version = null;
      }),
    ).toBe(
      'trace.version: Invalid input: expected 1 or 2, got null: this lab reads trace format version 1 or 2, not null',
    );
  });

  it('says when the version is missing', () => {
    expect(
      rejectMutation((c) => {
        delete c.version;
      }),
    ).toBe('trace.version: missing (expected 1 or 2)');
  });

  it('checks the version before anything a newer format may have changed', () => {
    // A version 3 file with an event kind and a field version 2 does not have: the version is the problem.
    expect(
      rejectMutation((c) => {
        c.version = 3;
        c.events.push({ k: 'snapshot', t: 1 });
        c.lanes = [];
      }),
    ).toMatch(/^trace\.version: Invalid input: expected 1 or 2, got 3: /);
  });
});

/** Every JSON path of a value, for the mutation fuzzer. */
function pathsOf(v: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(at);
  if (Array.isArray(v))
    v.forEach((x, i) => {
      pathsOf(x, [...at, i], out);
    });
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...at, k], out);
  return out;
}

function mutate(root: unknown, path: Array<string | number>, op: string, value: unknown): unknown {
  if (path.length === 0) return op === 'replace' ? value : root;
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], root) as Record<
    string | number,
    unknown
  >;
  const key = path[path.length - 1] as string | number;
  if (op === 'replace') parent[key] = value;
  else if (op === 'delete') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (op === 'duplicate' && Array.isArray(parent))
    parent.splice(key as number, 0, structuredClone(parent[key]));
  else if (op === 'add-key' && !Array.isArray(parent))
    Object.defineProperty(parent, String(value).slice(0, 12) || '__proto__', { value: 1, enumerable: true });
  else if (op === 'huge') parent[key] = 2 ** 60;
  return root;
}

describe('parseTrace fuzz: only TraceImportError ever escapes', () => {
  const base = small();
  const paths = pathsOf(base);
  const check = (text: string) => {
    try {
      parseTrace(text);
    } catch (e) {
      if (!(e instanceof TraceImportError)) throw e;
      expect(e.message).toMatch(/^trace[.[:]/);
      expect(e.message).not.toContain('\n');
    }
  };

  it('mutated real traces: 1500 random edits at random paths', () => {
    expect(paths.length).toBeGreaterThan(200);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.nat(paths.length - 1),
            op: fc.constantFrom('replace', 'delete', 'duplicate', 'add-key', 'huge'),
            value: fc.oneof(
              fc.jsonValue({ maxDepth: 2 }),
              fc.constantFrom('__proto__', 'constructor', 'prototype', -1, 1e308, 2 ** 53, '', 'node-1'),
            ),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        (edits) => {
          let doc: unknown = structuredClone(base);
          for (const e of edits) {
            const path = paths[e.at] as Array<string | number>;
            try {
              doc = mutate(doc, path, e.op, e.value);
            } catch {
              // the path vanished after an earlier edit: skip it
            }
          }
          check(JSON.stringify(doc) ?? 'undefined');
        },
      ),
      { seed: 42, numRuns: 1500 },
    );
  });

  it('truncated files: every cut of a real trace is refused cleanly', () => {
    const text = JSON.stringify(base);
    fc.assert(
      fc.property(fc.nat(text.length - 1), (n) => {
        expect(() => parseTrace(text.slice(0, n))).toThrow(TraceImportError);
      }),
      { seed: 43, numRuns: 500 },
    );
  });

  it('random text and random JSON: 1000 inputs', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.json({ maxDepth: 4 }),
          fc.jsonValue().map((v) => JSON.stringify({ ...small0, events: [v] })),
        ),
        check,
      ),
      { seed: 44, numRuns: 1000 },
    );
  });
});

const small0 = small();
