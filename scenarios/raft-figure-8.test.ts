import { describe, expect, it } from 'vitest';
import { run as cli } from '../src/cli/main.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { parseTrace } from '../src/sim/trace/import.ts';
import { scenarioById } from './index.ts';

const found = scenarioById('raft-figure-8');
if (!found) throw new Error('scenario raft-figure-8 is not registered');
const scenario = found;

const leaders = (events: readonly TraceEvent[]) =>
  events.flatMap((e) => (e.k === 'role' && e.role === 'leader' ? [e.node] : []));
const applied = (events: readonly TraceEvent[]) =>
  events.flatMap((e) =>
    e.k === 'mark' && e.name === 'apply' ? [`${e.node} ${e.data?.index}:${e.data?.value}`] : [],
  );
const kinds = (events: readonly TraceEvent[]) => [
  ...new Set(events.flatMap((e) => (e.k === 'violation' ? [e.violation.kind] : []))),
];

describe('scenario raft-figure-8 (figure 8 of the paper, as faults)', () => {
  const pitfall = simulate(scenario);
  const fixed = simulate(scenario, { params: { fix: true } });

  it('both runs elect as the figure does: S1, S5, S1, S5 (node-1 and node-3 here)', () => {
    for (const t of [pitfall, fixed])
      expect(leaders(t.events)).toEqual(['node-1', 'node-3', 'node-1', 'node-3']);
  });

  it('x1 reaches node-1 and node-2 in term 1, y1 only node-3 in term 2, at the same index', () => {
    const appends = pitfall.events.flatMap((e) =>
      e.k === 'mark' && e.name === 'append'
        ? [`${e.node} ${e.data?.index}:${e.data?.value}@${e.data?.term}`]
        : [],
    );
    expect(appends).toEqual(['node-1 1:x1@1', 'node-3 1:y1@2']);
  });

  it('unsafeCommit: node-1 commits and applies x1 of term 1, node-3 later applies y1 at index 1: State Machine Safety breaks', () => {
    const a = applied(pitfall.events);
    expect(a).toContain('node-1 1:x1');
    expect(a).toContain('node-3 1:y1');
    expect(kinds(pitfall.events)).toContain('state-machine-safety');
  });

  it("the paper's rule: x1 is never committed, so its overwrite loses nothing and no property breaks", () => {
    expect(applied(fixed.events)).toEqual([]);
    expect(kinds(fixed.events)).toEqual([]);
    // node-3 still overwrites x1 with y1 on the others.
    const over = fixed.events.find(
      (e) => e.k === 'mark' && e.name === 'log' && e.node === 'node-4' && e.data?.values === 'y1',
    );
    expect(over).toBeDefined();
  });

  it('runs in the CLI as json, text and mermaid, with and without the fix', () => {
    for (const fix of [[], ['--set', 'fix=on']])
      for (const format of ['json', 'text', 'mermaid']) {
        const r = cli(['raft-figure-8', ...fix, '--format', format]);
        expect(r.code, `${format} ${fix.join(' ')}`).toBe(0);
        expect(r.out.length).toBeGreaterThan(100);
      }
    const v = JSON.parse(cli(['raft-figure-8', '--format', 'json']).out).violations;
    expect(v.map((x: { kind: string }) => x.kind)).toContain('state-machine-safety');
  });
  it('its trace, saved as JSON, imports back with the violations’ index (Export > Trace, then Import)', () => {
    const back = parseTrace(JSON.stringify(pitfall));
    const v = back.events.find((e) => e.k === 'violation' && e.violation.kind === 'state-machine-safety');
    expect(v?.k === 'violation' && v.violation.index).toBe(1);
  });
});
