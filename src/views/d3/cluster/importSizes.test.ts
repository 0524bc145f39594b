/**
 * Import is safe at every size: a trace of any host and event count up to the byte cap is either
 * refused at import with a message, or drawn: the cluster layout and frameAt take it. A list of
 * 150,000 hosts once passed parseTrace and overflowed the layout's stack (`Math.max(...)`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../../scenarios/index.ts';
import { simulate } from '../../../sim/simulate.ts';
import { TraceIndex } from '../../../sim/trace/frame.ts';
import { MAX_TRACE_HOSTS, parseTrace, TraceImportError } from '../../../sim/trace/import.ts';
import { fitLayout } from './layout.ts';

const bully = scenarioById('bully');
if (!bully) throw new Error('bully');
const base = simulate(bully);

/** The exported bully run with `hosts` more hosts and `marks` more events (marks on node-1 at the end). */
function grown(hosts: number, marks: number): string {
  const tr = structuredClone(base);
  for (let i = 0; i < hosts; i++) tr.hosts.push({ id: `extra-${i}`, kind: 'node' });
  const t = tr.durationMs;
  for (let i = 0; i < marks; i++) tr.events.push({ k: 'mark', t, node: 'node-1', name: 'x' });
  return JSON.stringify(tr);
}

/** Imported and drawn, or refused with a message: never anything else. */
function importAndDraw(text: string, at: number[]): 'drawn' | 'refused' {
  let tr: ReturnType<typeof parseTrace>;
  try {
    tr = parseTrace(text);
  } catch (e) {
    if (!(e instanceof TraceImportError)) throw e;
    expect(e.message).toMatch(/^trace\.\w+: .+/);
    return 'refused';
  }
  const layout = fitLayout(tr.hosts, 1280, 800);
  expect(layout.pos.size).toBe(tr.hosts.length);
  const index = new TraceIndex(tr);
  for (const f of at) index.frameAt(f * tr.durationMs);
  return 'drawn';
}

describe('import at every size', () => {
  it('hosts and events up to and past the caps: refused with a message, or drawn', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: MAX_TRACE_HOSTS + 50 }), fc.constantFrom(MAX_TRACE_HOSTS - 5)),
        fc.constantFrom(0, 10, 50_000),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
        (hosts, marks, at) => {
          seen.add(importAndDraw(grown(hosts, marks), at));
        },
      ),
      { seed: 39, numRuns: 12 },
    );
    expect([...seen].sort()).toEqual(['drawn', 'refused']);
  });

  it('150,000 hosts are refused with a message, not a stack overflow', () => {
    expect(() => parseTrace(grown(150_000, 0))).toThrow(
      /^trace\.hosts: 150,005 hosts: the views draw at most 500$/,
    );
  });

  it('the layout takes the most hosts an import lets through', () => {
    expect(importAndDraw(grown(MAX_TRACE_HOSTS - base.hosts.length, 0), [0.5])).toBe('drawn');
  });
});
