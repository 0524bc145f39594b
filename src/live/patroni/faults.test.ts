import { describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/args.ts';
import { isFaultKind } from '../../sim/faults/table.ts';
import { parseScenario } from '../../sim/scenario/schema.ts';
import type { PatroniCluster } from './cluster.ts';
import { KILL_RECORDED_AS, PATRONI_FAULT_KINDS, PATRONI_FAULTS, type PatroniFaultKind } from './faults.ts';
import { parsePatroniArgs, stdinFault } from './main.ts';
import { patroniScenario } from './run.ts';
import type { PgNode } from './types.ts';

const node = { name: 'pg-2' } as PgNode;

describe('live Patroni faults: one table', () => {
  it('every kind the CLI takes is one entry, and a node fault records a fault of the simulation', () => {
    expect(PATRONI_FAULT_KINDS).toEqual(Object.keys(PATRONI_FAULTS));
    for (const kind of PATRONI_FAULT_KINDS) {
      const spec = PATRONI_FAULTS[kind];
      const rec = spec.record({ cluster: {} as PatroniCluster, node, member: 2 });
      if ('fault' in rec) {
        expect(spec.target).not.toBe('member');
        expect(isFaultKind(rec.fault.kind)).toBe(true);
        // A fault the story's schedule takes as it is (the trace's interventions are parsed alike).
        const faults = [{ atMs: 1000, fault: rec.fault }];
        expect(parseScenario({ ...patroniScenario(), faults }, kind).faults).toEqual(faults);
      } else {
        expect(spec.target).toBe('member');
        expect(rec.store).toBe(kind);
      }
    }
  });

  it('kills, stops, resumes and restarts an etcd member through etcd live mode', async () => {
    const acts: Array<[number, string]> = [];
    const cluster = {
      etcd: {
        act: async (i: number, a: string) => {
          acts.push([i, a]);
          return true;
        },
      },
    } as unknown as PatroniCluster;
    for (const kind of ['member-kill', 'member-restart', 'member-stop', 'member-resume'] as const)
      expect(await PATRONI_FAULTS[kind].apply({ cluster, node: null, member: 3 })).toBe(true);
    expect(acts).toEqual([
      [3, 'kill'],
      [3, 'restart'],
      [3, 'stop'],
      [3, 'resume'],
    ]);
  });

  it('the CLI and stdin name a member by its number, a node by its name', () => {
    expect(parsePatroniArgs(['--fault', '5000:{"kind":"member-kill","member":2}']).faults).toEqual([
      { atMs: 5000, fault: { kind: 'member-kill', member: 2 } },
    ]);
    expect(stdinFault('member-stop 1')).toEqual({ kind: 'member-stop', member: 1 });
    expect(stdinFault('pause pg-2')).toEqual({ kind: 'pause', node: 'pg-2' });
    expect(stdinFault('kill-primary')).toEqual({ kind: 'kill-primary' });
    expect(stdinFault('  ')).toBeNull();
    expect(() => stdinFault('member-kill 4')).toThrow(/member 1, 2 or 3/);
    expect(() => stdinFault('member-kill')).toThrow(UsageError);
    expect(() => stdinFault('pause')).toThrow(/node pg-1, pg-2 or pg-3/);
  });

  it("says in its entries what the run and --compare read: the kill, the agent's stop and resume", () => {
    const with_ = (field: 'kills' | 'stopsAgent' | 'resumesAgent') =>
      PATRONI_FAULT_KINDS.filter((k) => (PATRONI_FAULTS[k] as PatroniFaultKind)[field] === true);
    expect(with_('kills')).toEqual(['kill-primary', 'kill']);
    expect(with_('stopsAgent')).toEqual(['pause']);
    expect(with_('resumesAgent')).toEqual(['resume']);
    // A killing entry records the simulation's kill, and the story's own kill is one: --compare finds it.
    for (const k of with_('kills')) {
      const rec = PATRONI_FAULTS[k].record({ cluster: {} as PatroniCluster, node, member: null });
      expect('fault' in rec && rec.fault.kind).toBe(KILL_RECORDED_AS);
    }
    expect(patroniScenario().faults.filter((f) => f.fault.kind === KILL_RECORDED_AS)).toHaveLength(1);
  });
});
