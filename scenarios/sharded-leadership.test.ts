import { describe, expect, it } from 'vitest';
import { adr001 } from '../src/adr/adr001.ts';
import { resolveAdrLink } from '../src/adr/links.ts';
import { run as cli } from '../src/cli/main.ts';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { cliSummary } from '../src/sim/trace/cliSummary.ts';
import { summarize } from '../src/sim/trace/summary.ts';
import { scenarios } from './index.ts';
import input from './sharded-leadership.ts';

const scenario = parseScenario(input, 'scenarios/sharded-leadership.ts');

describe('scenario sharded-leadership', () => {
  const trace = simulate(scenario);
  const single = simulate(scenario, { params: { shards: 1 } });

  it('tells every step, with no violation, in both runs', () => {
    expect(trace.steps.map((s) => s.id)).toEqual(scenario.steps.map((s) => s.id));
    for (const tr of [trace, single]) expect(summarize(tr, scenario).violations).toEqual([]);
    // A leader per shard, so no single final leader: the four live nodes each lead some shards.
    const sum = summarize(trace, scenario);
    expect(sum.final.leader).toBeNull();
    expect(sum.leaders.filter((l) => l.ongoing).map((l) => l.node)).toEqual([
      'node-1',
      'node-3',
      'node-4',
      'node-5',
    ]);
    // With one shard, node-2 (its first candidate) led the cluster, and node-1 (the next) took over.
    expect(summarize(single, scenario).leaders.map((l) => l.node)).toEqual(['node-2', 'node-1']);
  });

  it('the CLI prints the fraction of shards that waited for a failover: 2/12, and 1 with shards=1', () => {
    const m = (args: string[]) =>
      (JSON.parse(cli(['sharded-leadership', ...args]).out) as { metrics: Record<string, number> }).metrics;
    expect(m([])).toMatchObject({ unavailableShards: 2, unavailableShardFraction: 0.167, shardsMoved: 2 });
    expect(m(['--set', 'shards=1'])).toMatchObject({ unavailableShards: 1, unavailableShardFraction: 1 });
    expect(cliSummary(trace, scenario).metrics.unavailableShardFraction).toBe(0.167);
    const text = cli(['sharded-leadership', '--format', 'text']).out;
    expect(text).toContain('etcd delete /shards/01/leader');
    expect(text).toContain('etcd delete /shards/10/leader');
    expect(text).toContain('node-5 takes shard 10 with token 15');
    expect(text).toMatch(/storage ACCEPTS write from node-1 shard-01 token=16/);
  });

  it('refuses a shard count out of range, naming the knob', () => {
    const bad = cli(['sharded-leadership', '--set', 'shards=0']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/shards/);
  });

  it('links every cell of its ADR-001 row to one of its steps', () => {
    const row = adr001.matrix.find((r) => r.id === 'matrix.sharded-leadership');
    expect(row).toBeDefined();
    for (const id of [row!.id, ...adr001.criteria.map((c) => `${row!.id}.${c.id}`)])
      expect(resolveAdrLink(id, scenarios)?.scenarioId, id).toBe('sharded-leadership');
  });
});
