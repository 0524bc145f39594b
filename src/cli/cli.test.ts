import { describe, expect, it } from 'vitest';
import { run } from './main.ts';

const json = (argv: string[]) => {
  const r = run(argv);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
};

describe('sim CLI', () => {
  it('prints the json summary of the contract', () => {
    const s = json(['bully']);
    for (const k of [
      'scenario',
      'seed',
      'nodes',
      'params',
      'durationMs',
      'messages',
      'leaders',
      'writes',
      'violations',
      'steps',
      'final',
    ])
      expect(s).toHaveProperty(k);
    expect(s.scenario).toBe('bully');
    expect(s.nodes).toBe(5);
    expect(s.final.leader).toBe('node-4');
    expect(Object.keys(s.messages.byType)).toEqual(expect.arrayContaining(['ELECTION', 'OK', 'COORDINATOR']));
    expect(s.steps.length).toBeGreaterThan(3);
  });

  it('takes --seed, --nodes and --set, and is deterministic', () => {
    const a = run(['bully', '--nodes', '12', '--seed', '7']);
    const b = run(['bully', '--seed=7', '--nodes=12']);
    expect(a.out).toBe(b.out);
    const s = JSON.parse(a.out);
    expect(s.nodes).toBe(12);
    expect(s.seed).toBe(7);
    expect(s.final.leader).toBe('node-11');
    const q = json(['split-brain', '--set', 'quorum=on']);
    expect(q.params.quorum).toBe(true);
    expect(q.violations.filter((v: { kind: string }) => v.kind === 'split-brain')).toEqual([]);
  });

  it('prints text and mermaid', () => {
    const text = run(['fencing-token', '--format', 'text']);
    expect(text.code).toBe(0);
    expect(text.out).toContain('409 STALE TOKEN');
    const mm = run(['fencing-token', '--format', 'mermaid']);
    expect(mm.out.startsWith('sequenceDiagram\n')).toBe(true);
    expect(mm.out).toContain('participant node_1 as node-1');
  });

  it.each([
    [[], /missing scenario id/],
    [['nope'], /unknown scenario "nope"/],
    [['bully', '--seed', 'x'], /--seed expects a whole number/],
    [['bully', '--nodes', '0'], /--nodes expects a whole number from 1 to 200/],
    [['bully', '--nodes', '1'], /runs with 2 to 200 nodes/],
    [['bully', '--format', 'xml'], /--format expects json, text or mermaid/],
    [['bully', '--set', 'nonsense=1'], /unknown parameter "nonsense"/],
    [['bully', '--set', 'latencyMaxMs'], /--set expects key=value/],
    [['bully', '--set', 'latencyMaxMs=abc'], /expects a number/],
    [
      ['bully', '--set', 'latencyMinMs=100', '--set', 'latencyMaxMs=10'],
      /latencyMaxMs must be >= latencyMinMs/,
    ],
    [['bully', '--bogus'], /unknown option --bogus/],
    [['etcd-lease', '--set', 'renewS=40'], /renew/i],
  ])('rejects %j with exit 2 and one line', (argv, msg) => {
    const r = run(argv as string[]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(msg);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });
});
