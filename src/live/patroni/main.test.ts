import { describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/args.ts';
import { findPatroniBins, MissingPackages } from './deps.ts';
import { COMPARE_DURATION_MS, PATRONI_DURATION_MS, parsePatroniArgs } from './main.ts';

describe('npm run live -- --system patroni: arguments', () => {
  it('takes --headless, --duration, --out and the faults, with kill-primary aligned to an HA loop', () => {
    expect(
      parsePatroniArgs([
        '--system',
        'patroni',
        '--headless',
        '--duration',
        '50000',
        '--fault',
        '0:{"kind":"kill-primary","afterLoopMs":1400}',
        '--fault',
        '30000:{"kind":"pause","node":"pg-2"}',
        '--out',
        'run.json',
      ]),
    ).toEqual({
      headless: true,
      durationMs: 50_000,
      faults: [
        { atMs: 0, fault: { kind: 'kill-primary', afterLoopMs: 1400 } },
        { atMs: 30_000, fault: { kind: 'pause', node: 'pg-2' } },
      ],
      out: 'run.json',
      synchronousMode: false,
      compare: false,
      runs: 5,
    });
    expect(parsePatroniArgs(['--system', 'patroni']).durationMs).toBe(PATRONI_DURATION_MS);
  });

  it('--set synchronousMode=true, and --compare with its runs and its own duration', () => {
    expect(parsePatroniArgs(['--set', 'synchronousMode=true']).synchronousMode).toBe(true);
    expect(parsePatroniArgs(['--headless', '--compare', '--runs', '3'])).toMatchObject({
      compare: true,
      runs: 3,
      durationMs: COMPARE_DURATION_MS,
    });
  });

  it.each([
    [['--bogus'], /unknown option --bogus/],
    [['--fault', '0:{"kind":"crash","node":"pg-1"}'], /takes kill-primary, kill, pause/],
    [['--fault', '0:{"kind":"kill","node":"pg-4"}'], /node pg-1, pg-2 or pg-3/],
    [['--fault', 'soon:{"kind":"kill-primary"}'], /whole number of ms/],
    [['--fault', '0:{"kind":"kill-primary","afterLoopMs":-1}'], /afterLoopMs/],
    [['--duration', '5'], /at least 1000/],
    [['--set', 'synchronousMode=maybe'], /synchronousMode=true\|false/],
    [['--compare'], /add --headless/],
    [['--headless', '--compare', '--fault', '0:{"kind":"kill-primary"}'], /takes no --fault/],
    [['--headless', '--compare', '--runs', '0'], /1 to 20/],
  ])('refuses %j', (argv, message) => {
    expect(() => parsePatroniArgs(['--system', 'patroni', ...argv])).toThrow(UsageError);
    expect(() => parsePatroniArgs(['--system', 'patroni', ...argv])).toThrow(message);
  });
});

describe('npm run live -- --system patroni: what the machine needs', () => {
  it('names exactly the Debian packages to install for what is missing', () => {
    const env = {
      PATH: '/nonexistent',
      PATRONI_BIN: '/nonexistent/patroni',
      PG_BIN_DIR: '/nonexistent',
      HAPROXY_BIN: '/nonexistent/haproxy',
      ETCD_BIN: '/nonexistent/etcd',
    };
    let error: unknown;
    try {
      findPatroniBins(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MissingPackages);
    expect((error as MissingPackages).packages).toEqual([
      'patroni',
      'postgresql-15',
      'haproxy',
      'etcd-server',
    ]);
    expect((error as Error).message).toContain('apt-get install patroni postgresql-15 haproxy etcd-server');
  });
});
