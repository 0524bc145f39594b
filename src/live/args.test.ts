/** `npm run live` options: the simulator CLI's own, plus --headless and the store faults. */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli/args.ts';
import { ParamError } from '../sim/params.ts';
import { LIVE_DURATION_MS, LIVE_NODES, parseLiveArgs } from './args.ts';
import { GROUP_DURATION_MS, GROUP_SCHEDULE } from './groupCompare.ts';

describe('parseLiveArgs', () => {
  it('takes the CLI options, node faults and store faults', () => {
    const a = parseLiveArgs([
      '--headless',
      '--set',
      'ttlS=3',
      '--duration',
      '20000',
      '--fault',
      '5000:{"kind":"crash","node":"node-1"}',
      '--fault=9000:{"kind":"member-kill","member":2}',
      '--format',
      'json',
    ]);
    expect(a.headless).toBe(true);
    expect(a.durationMs).toBe(20_000);
    expect(a.nodes).toBe(LIVE_NODES);
    expect(a.params.ttlS).toBe(3);
    // TTL alone: keepalives every TTL/3, as clientv3 sends them.
    expect(a.params.renewS).toBe(1);
    expect(a.nodeFaults).toEqual([{ atMs: 5000, fault: { kind: 'crash', node: 'node-1' } }]);
    expect(a.storeFaults).toEqual([{ atMs: 9000, fault: { kind: 'member-kill', member: 2 } }]);
    expect(parseLiveArgs([]).durationMs).toBe(LIVE_DURATION_MS);
  });

  it('--compare --runs N: the store-group comparison, the leader as a target, its own schedule by default', () => {
    const a = parseLiveArgs(['--headless', '--compare', '--runs', '5']);
    expect(a.runs).toBe(5);
    expect(a.storeFaults).toEqual(GROUP_SCHEDULE);
    expect(a.durationMs).toBe(GROUP_DURATION_MS);
    const b = parseLiveArgs([
      '--headless',
      '--compare',
      '--runs',
      '2',
      '--duration',
      '9000',
      '--fault',
      '3000:{"kind":"member-kill","member":"leader"}',
    ]);
    expect(b.storeFaults).toEqual([{ atMs: 3000, fault: { kind: 'member-kill', member: 'leader' } }]);
    expect(b.durationMs).toBe(9000);
    expect(parseLiveArgs([]).runs).toBeNull();
  });

  it('refuses what live mode cannot do, with a reason', () => {
    const bad: Array<[string[], RegExp]> = [
      [['--fault', '1000:{"kind":"member-kill","member":4}'], /member 1, 2 or 3/],
      [['--fault', '1000:{"kind":"member-stop"}'], /member 1, 2 or 3/],
      [['--fault', '1000:{"kind":"partition","groups":[["node-1"],["node-2"]]}'], /live mode takes/],
      [['--fault', '1000:{"kind":"crash","node":"node-7"}'], /unknown node "node-7"/],
      [['--nodes', '12'], /1 to 9 nodes/],
      [['--bogus'], /unknown option --bogus/],
      [['--fault', '1000:{"kind":"member-restart","member":"leader"}'], /"leader" for member-kill/],
      [['--runs', '3'], /--runs goes with --headless --compare/],
      [['--headless', '--compare', '--runs', '0'], /--runs: 1 to 20/],
      [
        ['--headless', '--compare', '--runs', '2', '--fault', '1000:{"kind":"crash","node":"node-1"}'],
        /no node faults/,
      ],
    ];
    for (const [argv, why] of bad) expect(() => parseLiveArgs(argv), argv.join(' ')).toThrow(why);
    expect(() => parseLiveArgs(['--fault', 'x'])).toThrow(UsageError);
    // A knob rule still holds: renewS must stay under the trusted part of the TTL.
    expect(() => parseLiveArgs(['--set', 'ttlS=3', '--set', 'renewS=5'])).toThrow(ParamError);
  });
});
