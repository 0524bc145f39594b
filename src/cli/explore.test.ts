import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './explore.ts';
import { run as sim } from './main.ts';

/** The shell words of a printed command (single quotes only, as explore.ts writes them). */
const words = (cmd: string): string[] =>
  [...cmd.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] ?? m[2] ?? '').replace(/'\\''/g, "'"));

describe('explore CLI', () => {
  it('exit 0 names the bounds when no schedule within them breaks a property', () => {
    const r = run(['bully', '--faults', '0', '--losses', '0', '--deviations', '1', '--horizon', '1000']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^schedules \d+, distinct worlds \d+, pruned \d+, reduction sound, deepest \d+ choice points, /m,
    );
    expect(r.out).toMatch(
      /^no violation within these bounds \(nodes=3 faults<=0 losses<=0 deviations<=1 horizon=1000ms/m,
    );
  });

  it('--no-reduce offers the whole menu at every boundary; --reduce coarse names its narrower menu', () => {
    const args = ['bully', '--faults', '1', '--losses', '0', '--deviations', '0', '--horizon', '700'];
    const schedules = (out: string) => Number(/^schedules (\d+)/m.exec(out)?.[1]);
    const sound = run(args);
    const off = run([...args, '--no-reduce']);
    const coarse = run([...args, '--reduce', 'coarse']);
    expect([sound.code, off.code, coarse.code]).toEqual([0, 0, 0]);
    expect(off.out).toMatch(/reduction off/);
    expect(schedules(sound.out)).toBeLessThan(schedules(off.out));
    expect(coarse.out).toMatch(/^no violation within these bounds \(.*--reduce coarse, not sound\)/m);
    expect(run([...args, '--reduce', 'some']).code).toBe(2);
    expect(run([...args, '--no-reduce=1']).code).toBe(2);
  });

  it('exit 3 says where it stopped before the bounds were exhausted', () => {
    const r = run(['bully', '--horizon', '1000', '--max-schedules', '2']);
    expect(r.code).toBe(3);
    expect(r.out).toMatch(
      /stopped before the bounds were exhausted: after 2 schedules \(--max-schedules\), at level 1 of 3/,
    );
  });

  it('exit 1: the violation, shrunk, replays exactly as a sim --choices command and as a story file', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'explore-')), 'cx.json');
    const r = run([
      'update-without-token',
      '--faults',
      '0',
      '--losses',
      '0',
      '--deviations',
      '0',
      '--out',
      out,
    ]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^violation: split-brain at \d+ ms: /m);
    const cmd = r.out.match(/^replay: npm run -s sim -- (.*)$/m)?.[1];
    if (!cmd) throw new Error(r.out);
    const viaCommand = sim([...words(cmd), '--format', 'json']);
    expect(viaCommand.code).toBe(0);
    const viaFile = sim(['--scenario-file', out, '--format', 'json']);
    expect(viaFile.code).toBe(0);
    const at = Number(r.out.match(/^violation: \S+ at (\d+) ms/m)?.[1]);
    for (const doc of [JSON.parse(viaCommand.out), JSON.parse(viaFile.out)]) {
      // The first alarm is the one found, at its ms (others may ring in the same ms).
      expect(doc.violations[0]).toMatchObject({ kind: 'split-brain', atMs: at });
      expect(doc.violations.every((v: { atMs: number }) => v.atMs === at)).toBe(true);
      expect(doc.durationMs).toBe(at + 1);
    }
    // The file tells the schedule and ends on the alarm, in three languages.
    const file = JSON.parse(readFileSync(out, 'utf8'));
    expect(file.steps.at(-1)).toMatchObject({ anchor: { k: 'violation', type: 'split-brain' } });
    expect(Object.keys(file.steps.at(-1).caption)).toEqual(['en', 'pt', 'ru']);
  });

  it('liveness within a bound is its own option: a crashed Bully coordinator leaves a gap only --liveness calls a violation', () => {
    const argv = [
      'bully',
      '--faults',
      '1',
      '--menu',
      'crash',
      '--losses',
      '0',
      '--deviations',
      '0',
      '--horizon',
      '3000',
    ];
    expect(run(argv).code).toBe(0);
    const out = join(mkdtempSync(join(tmpdir(), 'explore-')), 'live.json');
    const r = run([...argv, '--liveness', '500', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^violation: leaderless at \d+ ms: no leader for \d+ ms \(bound 500 ms\)/m);
  });

  it.each([
    [['bully', '--faults', 'x'], /--faults expects a whole number from 0 to 4, got "x"/],
    [['bully', '--seed', '3'], /--seed is a sim option/],
    [['bully', '--menu', 'explode'], /--menu expects kinds among crash,restart,pause,isolate,rejoin/],
    [['bully', '--bogus'], /unknown option --bogus/],
    [['nope'], /unknown scenario "nope"/],
    [['bully', '--nodes', '1'], /bully runs with \d+ to \d+ nodes, got 1/],
  ])('rejects %j with exit 2 and one line', (argv, msg) => {
    const r = run(argv as string[]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(msg);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });
});
