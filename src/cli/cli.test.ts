import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { algorithmIds } from '../sim/algorithms/registry.ts';
import { recordingChooser } from '../sim/kernel/choices.ts';
import { simulate } from '../sim/simulate.ts';
import { run } from './main.ts';

const json = (argv: string[]) => {
  const r = run(argv);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
};

/** C0 controls, DEL and C1 controls (a terminal acts on them). */
const controlBytes = (s: string): string[] =>
  [...s].filter((c) => {
    const n = c.codePointAt(0) ?? 0;
    return n < 0x20 || (n >= 0x7f && n <= 0x9f);
  });

/** The CLI contract for bad input: exit 2, nothing on stdout, one line on stderr saying why. */
function expectOneLineError(argv: string[], msg: RegExp): void {
  const r = run(argv);
  expect(r.code).toBe(2);
  expect(r.out).toBe('');
  expect(r.err).toMatch(msg);
  expect(r.err.trim().split('\n')).toHaveLength(1);
}

describe('sim CLI', () => {
  it('--help and -h print the usage and every scenario id on stdout, exit 0 (it was refused)', () => {
    for (const flag of ['--help', '-h']) {
      const r = run([flag]);
      expect(r.code).toBe(0);
      expect(r.err).toBe('');
      expect(r.out).toMatch(/^usage: npm run -s sim -- <scenario-id>/);
      for (const s of scenarios) expect(r.out).toContain(s.id);
    }
  });

  it('--list prints every scenario id with its title', () => {
    const r = run(['--list']);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines.map((l) => l.split('\t')[0])).toEqual(scenarios.map((s) => s.id));
    expect(lines[0]).toBe(`bully\t${scenarios[0]?.title}`);
  });

  it('reports two believed leaders as a metric, not a violation', () => {
    const fenced = json(['fencing-token']);
    expect(fenced.violations).toEqual([]);
    expect(fenced.metrics.twoLeaderMs).toBeGreaterThan(0);
    expect(json(['split-brain', '--set', 'quorum=on']).metrics.twoLeaderMs).toBe(0);
  });

  it('names the pitfall figures under metrics, without and with --set fix=on', () => {
    const bad = json(['even-quorum']).metrics;
    const good = json(['even-quorum', '--set', 'fix=on']).metrics;
    expect(Object.keys(bad)).toEqual([
      'twoLeaderMs',
      'leaderlessMs',
      'elections',
      'unavailableMs',
      'messagesPerMinute',
      'staleWritesAccepted',
    ]);
    expect(bad.leaderlessMs).toBeGreaterThanOrEqual(10_000);
    expect(good.leaderlessMs).toBeLessThan(5000);
    expect(Number.isInteger(bad.messagesPerMinute)).toBe(true);
  });

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
  ])('rejects %j with exit 2 and one line', (argv, msg) => expectOneLineError(argv as string[], msg));
});

describe('sim CLI --fault and --no-script', () => {
  it('applies --fault interventions on top of the script, in any order, like simulate()', () => {
    const a = json([
      'etcd-lease',
      '--fault',
      '5000:{"kind":"crash","node":"node-3"}',
      '--fault=8000:{"kind":"heal"}',
    ]);
    const b = json([
      'etcd-lease',
      '--fault',
      '8000:{"kind":"heal"}',
      '--fault',
      '5000:{"kind":"crash","node":"node-3"}',
    ]);
    expect(a).toEqual(b);
    expect(a).not.toEqual(json(['etcd-lease']));
    const text = run([
      'etcd-lease',
      '--fault',
      '5000:{"kind":"crash","node":"node-3"}',
      '--format',
      'text',
    ]).out;
    expect(text).toMatch(/5\.000s\s+FAULT crash node=node-3/);
  });

  it('--no-script leaves the scenario faults out: Bully keeps its highest node', () => {
    expect(json(['bully']).final.leader).toBe('node-4');
    expect(json(['bully', '--no-script']).final.leader).toBe('node-5');
    const back = json(['bully', '--no-script', '--fault', '0:{"kind":"crash","node":"node-5"}']);
    expect(back).toEqual(json(['bully']));
  });

  it.each([
    [['bully', '--fault'], /--fault expects ATMS:JSON/],
    [['bully', '--fault', 'crash'], /--fault expects ATMS:JSON/],
    [['bully', '--fault', 'x:{"kind":"heal"}'], /--fault time must be a whole number of ms, got "x"/],
    [['bully', '--fault', '-5:{"kind":"heal"}'], /--fault time must be a whole number of ms, got "-5"/],
    [['bully', '--fault', '10:{"kind":'], /--fault at 10 ms: the fault is not valid JSON/],
    [['bully', '--fault', '10:{"kind":"explode"}'], /--fault at 10 ms: fault\.kind: /],
    [['bully', '--fault', '10:{"kind":"pause","node":"node-1","durationMs":0}'], /fault\.durationMs: /],
    [['bully', '--fault', '10:{"kind":"partition","groups":[["node-1"]]}'], /fault\.groups: /],
    [
      ['bully', '--fault', '10:{"kind":"crash","node":"node-99"}'],
      /crash at 10 ms names unknown host "node-99"/,
    ],
    [['bully', '--fault', '10:{"kind":"crash","node":"etcd"}'], /unknown host "etcd"/],
    [['bully', '--no-script=yes'], /--no-script takes no value/],
  ])('rejects %j with exit 2 and one line', (argv, msg) => expectOneLineError(argv as string[], msg));
});

describe('sim CLI: --choices (a schedule, issue #41)', () => {
  it('replays a seeded run from its recorded draws, whatever --seed says; a file works as JSON does', () => {
    const story = scenarios.find((s) => s.id === 'etcd-lease');
    if (!story) throw new Error('no etcd-lease');
    const rec = recordingChooser();
    simulate(story, { seed: 7, durationMs: 30_000, chooser: rec });
    const schedule = JSON.stringify({ version: 1, draws: rec.draws });
    const seeded = json(['etcd-lease', '--seed', '7', '--duration', '30000']);
    const replay = run([
      'etcd-lease',
      '--seed',
      '8',
      '--duration',
      '30000',
      '--format',
      'text',
      '--choices',
      schedule,
    ]);
    expect(replay.code).toBe(0);
    const text = (r: { out: string }) => r.out.replace(/seed \d+/g, 'seed');
    expect(text(replay)).toBe(
      text(run(['etcd-lease', '--seed', '7', '--duration', '30000', '--format', 'text'])),
    );
    expect(seeded.final).toEqual(json(['etcd-lease', '--duration', '30000', '--choices', schedule]).final);
    const file = join(mkdtempSync(join(tmpdir(), 'choices-')), 'c.json');
    writeFileSync(file, schedule);
    expect(
      run(['etcd-lease', '--seed', '8', '--duration', '30000', '--format', 'text', '--choices', file]).out,
    ).toBe(replay.out);
  });

  it('a schedule without the script on 3 nodes is told from its trace and ends on its alarm, not with the story’s first and last steps', () => {
    // The explorer's counterexample for split-brain with quorum off: node-1 cut off at 3 s.
    const c = JSON.stringify({
      version: 1,
      draws: [
        1869, 2532, 2821, 2387, 29, 0, 54, 0, 51, 0, 2816, 30, 0, 2203, 38, 0, 52, 0, 2361, 2677, 51, 0, 57,
        0, 2244, 2514, 52, 0, 51, 0, 2387, 38, 0, 58, 0, 29, 0, 36, 0, 51, 0, 48, 0, 2957, 39, 0, 21, 0, 35,
        0, 2149, 46, 0, 53, 0, 2924, 20, 0, 36, 0, 28, 0, 41, 0, 2255, 54, 0, 39, 0, 40, 0, 33, 0,
      ],
      faults: [{ atMs: 3001, fault: { kind: 'isolate', node: 'node-1', from: 'all' } }],
    });
    const argv = ['split-brain', '--no-script', '--nodes', '3', '--set', 'quorum=off', '--choices', c];
    const told = (extra: string[]) =>
      run([...argv, ...extra, '--format', 'text'])
        .out.split('\n')
        .filter((l) => l.includes(' == '));
    for (const extra of [
      ['--duration', '5801'],
      ['--duration', '8000'],
    ]) {
      const lines = told(extra);
      // Not "Five nodes elect a leader…" nor the story's closing lesson about 3 of 5 votes.
      expect(lines.join('\n')).not.toMatch(/Five nodes|3 of 5/);
      expect(lines[0]).toContain('A schedule replayed from its list of choices');
      expect(lines.at(-1)).toMatch(/^ +5\.800s {2}== BOTH WRITE: node-1 & node-2/);
    }
  });

  it('its faults join the run as interventions', () => {
    const c = '{"version":1,"draws":[],"faults":[{"atMs":0,"fault":{"kind":"crash","node":"node-5"}}]}';
    expect(json(['bully', '--no-script', '--choices', c]).final.leader).toBe('node-4');
  });

  it.each([
    [['bully', '--choices'], /--choices needs a schedule/],
    [['bully', '--choices', '{"version":1'], /--choices is not valid JSON/],
    [['bully', '--choices', '{"version":2,"draws":[]}'], /--choices\.version: /],
    [['bully', '--choices', '{"version":1,"draws":["x"]}'], /--choices\.draws\[0\]: /],
    [['bully', '--choices', '{"version":1,"draws":[99999]}'], /choices: draw 0 \(.*\) must be/],
    [['bully', '--choices', '/nonexistent/c.json'], /no such file/],
    [
      ['bully', '--choices', '{"version":1,"draws":[]}', '--choices', '{"version":1,"draws":[]}'],
      /one --choices/,
    ],
  ])('rejects %j with exit 2 and one line', (argv, msg) => expectOneLineError(argv as string[], msg));
});

describe('sim CLI: the sandbox', () => {
  it('runs free play with --algorithm, knobs checked against that algorithm, faults from --fault', () => {
    const s = json([
      'sandbox',
      '--algorithm',
      'bully',
      '--duration',
      '20000',
      '--fault',
      '5000:{"kind":"crash","node":"node-5"}',
    ]);
    expect(s).toMatchObject({ scenario: 'sandbox', algorithm: 'bully', durationMs: 20_000, nodes: 5 });
    expect(s.final.leader).toBe('node-4');
    // The sandbox's one step, then what the trace tells (src/sim/trace/derive.ts).
    expect(s.steps.map((x: { atMs: number; id: string }) => [x.atMs, x.id])).toEqual([
      [0, 'free-play'],
      [0, 'leader'],
      [5000, 'fault'],
      [5974, 'failover'],
    ]);
    expect(s.steps[3].caption).toBe('node-4 takes over from node-5: the failover took 1.0 s.');
    // The same run as the browser's link ?scenario=sandbox&algorithm=bully: same defaults.
    expect(json(['sandbox', '--algorithm=lease']).algorithm).toBe('lease');
    expect(json(['sandbox', '--algorithm', 'heartbeat', '--set', 'quorum=on']).params.quorum).toBe(true);
  });

  it('refuses a bad algorithm, one for a story, and a knob of another algorithm', () => {
    const bad = run(['sandbox', '--algorithm', 'paxos']);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe(`sim: --algorithm: unknown algorithm "paxos" (known: ${algorithmIds.join(', ')})\n`);
    expect(run(['bully', '--algorithm', 'lease']).err).toMatch(/bully runs bully only/);
    expect(run(['sandbox', '--algorithm', 'bully', '--set', 'ttlS=10']).err).toMatch(
      /unknown parameter "ttlS"/,
    );
  });
});

// One strictness for every input (src/sim/rules.ts), at the CLI's door: exit 2 and one line that
// says which argument and why.
describe('sim CLI: the rules every input shares', () => {
  it('--fault refuses a key its kind does not have, instead of dropping it', () => {
    // `form` for `from`: dropped, it became an isolation from everyone.
    expectOneLineError(
      ['bully', '--fault', '1000:{"kind":"isolate","node":"node-1","form":"store"}'],
      /^sim: --fault at 1000 ms: isolate: unknown key "form" \(allowed: kind, node, from\)\n$/,
    );
  });

  it('--fault refuses a host in two partition groups', () => {
    expectOneLineError(
      ['bully', '--fault', '1000:{"kind":"partition","groups":[["node-1","node-2"],["node-2","node-3"]]}'],
      /^sim: --fault at 1000 ms: fault\.groups\[1\]\[0\]: "node-2" is already in group 0/,
    );
  });

  it('--fault refuses a fault after the end of the run, --duration or the story’s', () => {
    expectOneLineError(
      ['bully', '--fault', '2001:{"kind":"crash","node":"node-1"}'],
      /^sim: --fault at 2001 ms: 2001 ms is after the end of the run \(2000 ms\); see --duration\n$/,
    );
    expectOneLineError(
      ['bully', '--duration', '5000', '--fault', '6000:{"kind":"crash","node":"node-1"}'],
      /^sim: --fault at 6000 ms: 6000 ms is after the end of the run \(5000 ms\)\n$/,
    );
  });

  it('--omit names message types of the run’s algorithm', () => {
    expectOneLineError(
      ['bully', '--format', 'text', '--omit', 'HEARTBEAT,KEEPALIVE'],
      /^sim: --omit: unknown message type for bully "KEEPALIVE" \(known: .*HEARTBEAT/,
    );
    expect(run(['bully', '--format', 'text', '--omit', 'HEARTBEAT']).code).toBe(0);
  });

  it('--set echoes no 100 KB value and no terminal escape bytes', () => {
    for (const argv of [
      ['bully', '--set', `heartbeatIntervalMs=${'9'.repeat(100_000)}x`],
      ['bully', '--set', `${'k'.repeat(100_000)}=1`],
      ['bully', '--set', 'heartbeatIntervalMs=\x1b[2J\x1b]0;pwned\x07\x9b1m'],
    ]) {
      const r = run(argv);
      expect(r.code).toBe(2);
      expect(r.err.length).toBeLessThan(600);
      expect(controlBytes(r.err.slice(0, -1))).toEqual([]);
    }
  });
});

describe('sim CLI: a reader that closes early', () => {
  it('exits 0 without a stack when stdout closes (`| head -1`)', async () => {
    // 600 s of Bully as text is several hundred KB: far more than a pipe holds after the reader left.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'bully', '--duration', '600000', '--format', 'text'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (b: Buffer) => {
      err += b.toString();
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(err).toBe('');
    expect(code).toBe(0);
  }, 60_000);
});
