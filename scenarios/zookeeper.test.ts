import { describe, expect, it } from 'vitest';
import { adr001 } from '../src/adr/adr001.ts';
import { resolveAdrLink } from '../src/adr/links.ts';
import { run as cli } from '../src/cli/main.ts';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { cliSummary } from '../src/sim/trace/cliSummary.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { summarize } from '../src/sim/trace/summary.ts';
import { scenarios } from './index.ts';
import input from './zookeeper.ts';

const scenario = parseScenario(input, 'scenarios/zookeeper.ts');
const CRASH_AT = 12_000;
type Send = Extract<TraceEvent, { k: 'send' }>;
const watchEvents = (events: TraceEvent[]) =>
  events.filter((e): e is Send => e.k === 'send' && e.type === 'WATCH_EVENT');

describe('scenario zookeeper', () => {
  const trace = simulate(scenario);
  const herd = simulate(scenario, { params: { herd: true } });

  it('node-1’s znode is the lowest and it leads with token 0; after its session expires node-2 leads with 1', () => {
    for (const tr of [trace, herd]) {
      const sum = summarize(tr, scenario);
      expect(sum.leaders.map((l) => [l.node, l.token])).toEqual([
        ['node-1', 0],
        ['node-2', 1],
      ]);
      expect(sum.final.leader).toBe(scenario.expect.finalLeader);
      expect(sum.violations).toEqual([]);
    }
    expect(trace.steps.map((s) => s.id)).toEqual(scenario.steps.map((s) => s.id));
  });

  it('the session expires a session timeout after node-1’s last ping, and deletes its znode', () => {
    const expire = trace.events.find((e) => e.k === 'store' && e.change.kind === 'lease-expire')!;
    const lastPing = trace.events
      .filter((e) => e.k === 'send' && e.from === 'node-1' && e.t <= CRASH_AT)
      .at(-1)!;
    expect(expire.t - lastPing.t).toBeGreaterThanOrEqual(10_000);
    expect(expire.t - lastPing.t).toBeLessThanOrEqual(10_000 + 60);
    const del = trace.events.find((e) => e.k === 'store' && e.change.kind === 'delete');
    expect(del).toMatchObject({
      t: expire.t,
      change: { key: '/election/n_0000000000', cause: 'lease-expired' },
    });
  });

  it('with the recipe only node-2 gets a watch event; with herd=on all four others do', () => {
    expect(watchEvents(trace.events).map((e) => e.to)).toEqual(['node-2']);
    expect(watchEvents(herd.events).map((e) => e.to)).toEqual(['node-2', 'node-3', 'node-4', 'node-5']);
    expect(cliSummary(trace, scenario).metrics.watchEventsPerChange).toBe(1);
    expect(cliSummary(herd, scenario).metrics.watchEventsPerChange).toBe(scenario.nodes - 1);
    // The herd also brings every woken candidate back for getChildren.
    const lists = (tr: typeof trace) =>
      tr.events.filter((e) => e.k === 'send' && e.type === 'GET_CHILDREN' && e.t > CRASH_AT).length;
    expect(lists(trace)).toBe(1);
    expect(lists(herd)).toBe(4);
  });

  it('the CLI takes --set herd=on and prints the figure under metrics', () => {
    const m = (args: string[]) =>
      (JSON.parse(cli(['zookeeper', ...args]).out) as { metrics: Record<string, number> }).metrics;
    expect(m([]).watchEventsPerChange).toBe(1);
    expect(m(['--set', 'herd=on']).watchEventsPerChange).toBe(4);
    const text = cli(['zookeeper', '--format', 'text', '--set', 'herd=on']).out;
    expect(text).toContain('Watch events for that deletion: 4, to node-2, node-3, node-4, node-5.');
    expect(text).toContain('zookeeper delete /election/n_0000000000');
  });

  it('links every cell of its ADR-001 row to one of its steps', () => {
    const row = adr001.matrix.find((r) => r.id === 'matrix.zookeeper');
    expect(row).toBeDefined();
    for (const id of [row!.id, ...adr001.criteria.map((c) => `${row!.id}.${c.id}`)])
      expect(resolveAdrLink(id, scenarios)?.scenarioId, id).toBe('zookeeper');
  });
});
