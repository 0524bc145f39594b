import { afterEach, describe, expect, it } from 'vitest';
import { scenarioById } from '../../scenarios/index.ts';
import { loadLanguage, setLocale } from '../i18n/index.ts';
import { withAlgorithm } from '../sim/scenario/sandbox.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import { simulate } from '../sim/simulate.ts';
import type { MessageView } from '../sim/trace/frame.ts';
import { TraceIndex } from '../sim/trace/frame.ts';
import { IN_FLIGHT_LISTED, inFlightLines, linksFor } from './ClusterView.tsx';
import { type Link, MESH_MAX_NODES } from './d3/cluster/index.ts';

const msg = (over: Partial<MessageView>): MessageView => ({
  id: 1,
  from: 'node-1',
  to: 'node-3',
  type: 'ELECTION',
  sendAt: 0,
  deliverAt: 100,
  progress: 0.4,
  fate: 'delivered',
  ...over,
});

describe('inFlightLines: the messages in flight in words', () => {
  afterEach(() => setLocale('en'));

  it('names type, sender and receiver; a lost one says so; self-messages are not drawn, nor listed', () => {
    expect(
      inFlightLines([
        msg({}),
        msg({ id: 2, type: 'LEASE_GRANT', from: 'etcd', to: 'node-2', fate: 'dropped', progress: 0.8 }),
        msg({ id: 3, type: 'LEASE_GRANT', from: 'etcd', to: 'node-4', fate: 'dropped', progress: 0.3 }),
        msg({ id: 4, from: 'node-2', to: 'node-2' }),
      ]),
    ).toEqual(['ELECTION node-1 → node-3', 'LEASE GRANT etcd → node-2, lost', 'LEASE GRANT etcd → node-4']);
  });

  it('lists the first ones and counts the rest (a 50-node election has over a thousand)', () => {
    const many = Array.from({ length: IN_FLIGHT_LISTED + 7 }, (_, i) => msg({ id: i }));
    const lines = inFlightLines(many);
    expect(lines).toHaveLength(IN_FLIGHT_LISTED + 1);
    expect(lines.at(-1)).toBe('and 7 more');
  });

  it('follows the language', async () => {
    await loadLanguage('pt');
    setLocale('pt');
    expect(inFlightLines([msg({ fate: 'dropped', progress: 0.9 })])).toEqual([
      'ELECTION node-1 → node-3, perdida',
    ]);
  });
});

describe('linksFor: no all-pairs mesh past MESH_MAX_NODES', () => {
  const links = (nodes: number) => {
    const sandbox = withAlgorithm(scenarioById('sandbox') as Scenario, 'bully');
    // The leader crashes: every node elects (ELECTION to every higher node), so the pairs that talk
    // are nearly all pairs, not only the heartbeat star.
    const trace = simulate(sandbox, {
      nodes,
      durationMs: 8000,
      interventions: [{ atMs: 2000, fault: { kind: 'crash', node: `node-${nodes}` } }],
    });
    return linksFor(new TraceIndex(trace));
  };
  const mesh = (ls: Link[]) => ls.filter((l) => l.kind === 'mesh').length;

  it('a story-sized Bully cluster keeps its full mesh', () => {
    expect(mesh(links(9))).toBe((9 * 8) / 2);
    expect(mesh(links(MESH_MAX_NODES))).toBe((MESH_MAX_NODES * (MESH_MAX_NODES - 1)) / 2);
  });

  it('50 nodes: no node-to-node link at all (the message layer draws the ones in use)', () => {
    expect(mesh(links(50))).toBe(0);
  });
});
