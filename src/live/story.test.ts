import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli/args.ts';
import { scenarioParams } from '../sim/inputs.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { parseTrace } from '../sim/trace/import.ts';
import { FirstSeen, faultArg, storyScenario, storyTrace } from './story.ts';
import { zkTraceHead, zookeeperScenario } from './zookeeper/run.ts';

describe('what the live runs of a story share', () => {
  it('reads --fault MS:{...} into its time and object, or says what is wrong', () => {
    expect(faultArg('1500:{"kind":"pause","node":"pg-2"}')).toEqual({
      atMs: 1500,
      f: { kind: 'pause', node: 'pg-2' },
    });
    expect(() => faultArg('1500:{kind}')).toThrow(UsageError);
    expect(() => faultArg('1.5:{"kind":"pause"}')).toThrow(/whole number of ms/);
    expect(() => faultArg('{"kind":"pause"}')).toThrow(UsageError);
  });

  it('numbers long ids 1, 2, 3... in the order first seen', () => {
    const seen = new FirstSeen();
    expect(seen.of('7587884401862787588')).toEqual({ n: 1, first: true });
    expect(seen.of('0x1800')).toEqual({ n: 2, first: true });
    expect(seen.of('7587884401862787588')).toEqual({ n: 1, first: false });
  });

  it("makes a recording a trace of its story: events in time order, the story's steps resolved on them", () => {
    const story = storyScenario('zookeeper');
    const events: TraceEvent[] = [
      { k: 'role', t: 900, node: 'node-1', role: 'leader', token: 1 },
      { k: 'mark', t: 100, node: 'node-1', name: 'connected' },
    ];
    const tr = storyTrace(
      story,
      { params: {}, hosts: [{ id: 'node-1', kind: 'node' }], interventions: [] },
      events,
      0,
    );
    expect(tr.scenario).toBe('zookeeper');
    expect(tr.algorithm).toBe(story.algorithm);
    expect(tr.seed).toBe(0);
    expect(tr.durationMs).toBe(1);
    expect(tr.events.map((e) => e.t)).toEqual([100, 900]);
    expect('source' in tr).toBe(false);
    expect(() => storyScenario('nope')).toThrow(/no nope scenario/);
  });

  it('a ZooKeeper recording says where it comes from, and imports so', () => {
    const sc = zookeeperScenario();
    const head = zkTraceHead(scenarioParams(sc), ['node-1', 'node-2', 'node-3'], []);
    const tr = storyTrace(sc, head, [{ k: 'role', t: 900, node: 'node-1', role: 'leader', token: 1 }], 1000);
    expect(tr.source).toBe('zookeeper');
    expect(parseTrace(JSON.stringify(tr)).source).toBe('zookeeper');
  });
});
