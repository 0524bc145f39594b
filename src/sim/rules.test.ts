/**
 * One strictness for every input (src/sim/rules.ts): the same fault is refused, with what and where,
 * by a link, a scenario file, an imported trace, a postMessage command and the CLI (src/cli/cli.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { scenarioById, scenarios } from '../../scenarios/index.ts';
import { decodeView } from '../app/link/decode.ts';
import { parseCommand } from '../embed/protocol.ts';
import { faultFromText } from './faults/text.ts';
import { hostInTwoGroups, shown, unknownKeyProblem } from './rules.ts';
import { parseScenario } from './scenario/schema.ts';
import { simulate } from './simulate.ts';
import { parseTrace } from './trace/import.ts';

/** C0 controls, DEL and C1 controls (a terminal acts on them). */
const controlBytes = (s: string): string[] =>
  [...s].filter((c) => {
    const n = c.codePointAt(0) ?? 0;
    return n < 0x20 || (n >= 0x7f && n <= 0x9f);
  });

const bully = scenarioById('bully');
if (!bully) throw new Error('bully missing');

describe('the rules themselves', () => {
  it('shown: cut at 60 characters, control bytes (C0, DEL, C1) escaped, one line', () => {
    const s = shown(`\x1b[2J\x9b31m${'x'.repeat(100_000)}\n`);
    expect(s.length).toBeLessThan(100);
    expect(controlBytes(s)).toEqual([]);
    expect(s).toContain('\\u001b');
    expect(s).toContain('\\u009b');
  });

  it('unknown keys are named; a host twice in one group is only said twice, in two groups refused', () => {
    expect(unknownKeyProblem({ a: 1, form: 2 }, ['a'])).toBe('unknown key "form" (allowed: a)');
    expect(hostInTwoGroups([['a', 'a'], ['b']])).toBeNull();
    expect(
      hostInTwoGroups([
        ['a', 'b'],
        ['c', 'b'],
      ]),
    ).toMatchObject({ group: 1, index: 1 });
  });
});

const trace = () =>
  JSON.parse(
    JSON.stringify(
      simulate(bully, {
        nodes: 3,
        durationMs: 3000,
        interventions: [{ atMs: 1000, fault: { kind: 'isolate', node: 'node-1' } }],
      }),
    ),
  );
const importError = (data: unknown): string => {
  try {
    parseTrace(JSON.stringify(data));
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('a link', () => {
  const ctx = { scenarios, locales: ['en'] };
  it('refuses a host in two partition groups, with the parameter and the group', () => {
    expect(faultFromText('1000,partition,node-1;node-2|node-2')).toBe(
      'groups.1.0: "node-2" is already in group 0: a host is on one side of a partition',
    );
    const d = decodeView('?scenario=bully&fault=1000,partition,node-1;node-2|node-2', ctx);
    expect(d.view.faults).toEqual([]);
    expect(d.problems).toMatchObject([{ param: 'fault', reason: expect.stringContaining('group 0') }]);
  });

  it('refuses a fault after the end of the run (the link’s duration, or the story’s)', () => {
    const late = decodeView(`?scenario=bully&fault=${bully.durationMs + 1},crash,node-1`, ctx);
    expect(late.view.faults).toEqual([]);
    expect(late.problems).toMatchObject([
      {
        param: 'fault',
        reason: `${bully.durationMs + 1} ms is after the end of the run (${bully.durationMs} ms)`,
      },
    ]);
    const short = decodeView('?scenario=bully&duration=5&fault=6000,crash,node-1', ctx);
    expect(short.problems[0]?.reason).toContain('after the end of the run (5000 ms)');
    // The last instant is inside the run.
    expect(decodeView('?scenario=bully&duration=5&fault=5000,crash,node-1', ctx).problems).toEqual([]);
  });
});

describe('a scenario file', () => {
  const withFaults = (faults: unknown[]) => ({ ...structuredClone(bully), faults });
  it('refuses an unknown key in a fault instead of dropping it', () => {
    expect(() =>
      parseScenario(withFaults([{ atMs: 1, fault: { kind: 'isolate', node: 'node-1', form: 'store' } }])),
    ).toThrow(/scenario\.faults\[0\]\.fault: Unrecognized key: "form"/);
  });
  it('refuses a host in two groups and a fault after the end, with the field', () => {
    expect(() =>
      parseScenario(
        withFaults([{ atMs: 1, fault: { kind: 'partition', groups: [['node-1'], ['node-1']] } }]),
      ),
    ).toThrow('scenario.faults[0].fault.groups[1][0]: "node-1" is already in group 0');
    expect(() =>
      parseScenario(withFaults([{ atMs: bully.durationMs + 1, fault: { kind: 'heal' } }])),
    ).toThrow(`scenario.faults[0].atMs: ${bully.durationMs + 1} ms is after the end of the run`);
  });
});

describe('an imported trace', () => {
  it('refuses an unknown key in an intervention’s fault', () => {
    const t = trace();
    t.interventions[0].fault.form = 'store';
    expect(importError(t)).toMatch(/trace\.interventions\[0\]\.fault.*unknown key "form"/);
  });
  it('refuses a host in two partition groups', () => {
    const t = trace();
    t.interventions[0] = {
      atMs: 1000,
      fault: { kind: 'partition', groups: [['node-1'], ['node-1', 'node-2']] },
    };
    expect(importError(t)).toMatch(/trace\.interventions\[0\]\.fault\.groups\[1\]\[0\].*already in group 0/);
  });
  it('refuses an intervention after the end of the run', () => {
    const t = trace();
    t.interventions[0].atMs = 3001;
    expect(importError(t)).toBe('trace.interventions[0].atMs: 3001 ms is after the end of the run (3000 ms)');
  });
});

describe('a postMessage command', () => {
  it('refuses an unknown key with the shared rule’s words, its name escaped and cut', () => {
    const r = parseCommand(
      { source: 'leader-election-lab', v: 1, type: 'play', [`\x1b${'k'.repeat(500)}`]: 1 },
      { stepCount: 3, scenarioIds: ['bully'] },
    );
    expect(r).toMatchObject({ kind: 'invalid' });
    const error = (r as { error: string }).error;
    expect(error).toMatch(/^unknown key "\\u001bk+\.\.\." \(allowed: source, v, type, step, scenario\)$/);
    expect(error.length).toBeLessThan(140);
  });
});
