import { describe, expect, it } from 'vitest';
import type { HostKind } from '../../../sim/net/host.ts';
import type { Frame, MessageView } from '../../../sim/trace/frame.ts';
import { burstGroups, placeMessages, sharedLabel } from './bursts.ts';
import { type Anchor, labelBox, labelHits, placeLabel } from './labels.ts';
import { type Box, fitLayout, type Layout } from './layout.ts';
import { cellsFor, LOG_ROOM, logTop, stripBox } from './logs.ts';
import { stripOf } from './raftLog.ts';
import type { ClusterOptions, HostInfo } from './types.ts';

const layout: Layout = {
  width: 960,
  height: 440,
  portrait: false,
  nodeR: 30,
  boxW: 104,
  boxH: 52,
  ring: { cx: 480, cy: 220, rx: 300, ry: 150 },
  pos: new Map([['node-1', { x: 480, y: 100 }]]),
  nameFit: 'full',
  nameSize: 13,
  crowd: false,
};
const kinds = new Map<string, HostKind>([['node-1', 'node']]);

describe('labelHits', () => {
  it('counts the token pill under a node as covered (a "HEARTBEAT ×4" label there hid "token 2")', () => {
    // Centred just under the circle, where hosts.ts draws the pill (r + 14 below the centre).
    expect(labelHits(layout, kinds, 480, 100 + 30 + 18, 'middle', 12)).toBeGreaterThan(0);
  });
  it('leaves the space clear of the circle and the pill free', () => {
    expect(labelHits(layout, kinds, 480, 100 + 30 + 50, 'middle', 12)).toBe(0);
    expect(labelHits(layout, kinds, 600, 100, 'start', 12)).toBe(0);
  });
});

/**
 * Raft's picture (issue #43): a message's label never lands on a node's log. Every node's log full
 * (folded, with the leader's m and n under it), at 5, 6 and 7 nodes, in the cluster canvas of a
 * 1920 px window, of a 390 px phone and of a 640 x 400 embed; every message between two hosts at
 * every tenth of its flight, and each node's broadcast just out of it.
 */
describe('message labels keep off the logs', () => {
  const SIZES: Array<[string, number, number]> = [
    ['1920 px', 1264, 660],
    ['390 px', 366, 460],
    ['640 x 400 embed', 640, 300],
  ];
  const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  for (const n of [5, 6, 7])
    for (const [name, w, h] of SIZES)
      it(`${n} nodes at ${name}`, () => {
        const hosts: HostInfo[] = [
          ...Array.from({ length: n }, (_, i) => ({ id: `node-${i + 1}`, kind: 'node' as const })),
          { id: 'client', kind: 'client' },
        ];
        const kindsOf = new Map(hosts.map((x) => [x.id, x.kind]));
        const l = fitLayout(hosts, w, h, 'node-1', LOG_ROOM);
        const cells = cellsFor(l, hosts);
        const full = { terms: Array.from({ length: 40 }, (_, i) => 1 + Math.floor(i / 9)), commit: 36 };
        const logs = hosts
          .filter((x) => x.kind === 'node')
          .map((x) => {
            const p = l.pos.get(x.id) as { x: number; y: number };
            const strip = stripOf(full, cells.get(x.id) ?? 3, { match: 36, next: 37 });
            return { id: x.id, box: stripBox(strip, p.x, p.y + logTop(l.nodeR), l.nodeR, l.width) };
          });
        const obstacles = logs.map((x) => x.box);
        const bad: string[] = [];
        const check = (what: string, s: { x: number; y: number; anchor: Anchor; text: string }) => {
          const b = labelBox(s.x, s.y, s.anchor, s.text.length);
          for (const o of logs) if (overlaps(b, o.box)) bad.push(`${what} over ${o.id}'s log`);
        };
        const msg = (from: string, to: string, progress: number, id = 0) =>
          ({ id, from, to, type: 'APPEND_ENTRIES', progress, fate: 'delivered' }) as MessageView;
        const frame = (messages: MessageView[]) => ({ messages }) as Frame;
        for (const a of hosts)
          for (const b of hosts) {
            if (a.id === b.id || (a.kind === 'client' && b.kind === 'client')) continue;
            for (let k = 1; k <= 9; k++) {
              const [d] = placeMessages(frame([msg(a.id, b.id, k / 10)]), l, kindsOf, {} as ClusterOptions);
              if (!d) continue;
              const s = placeLabel(
                l,
                kindsOf,
                d.x,
                d.y,
                d.ux,
                d.uy,
                d.nx,
                d.ny,
                ['APPEND_ENTRIES'],
                obstacles,
              );
              check(`${a.id} → ${b.id} at ${k / 10}`, s);
            }
          }
        for (const a of hosts.filter((x) => x.kind === 'node')) {
          const fan = hosts
            .filter((x) => x.kind === 'node' && x.id !== a.id)
            .map((x, i) => msg(a.id, x.id, 0.02, i));
          const placed = placeMessages(frame(fan), l, kindsOf, {} as ClusterOptions);
          for (const g of burstGroups(placed))
            if (g.length > 1) check(`${a.id}'s broadcast`, sharedLabel(g, placed, l, kindsOf, obstacles));
        }
        expect(bad).toEqual([]);
      });
});

/**
 * A label never lies on a host's shape (a node's circle, where its name is; a box and its caption),
 * at any moment of a flight, from the first frame out of the sender to the last before the receiver:
 * in the raft story REDIRECT lay on node-1's name as it left, in the patroni story WRITE FAILED on the
 * haproxy box (app and haproxy stand close in their row). At 1920 and 390 px, no log room for Patroni.
 */
describe('message labels keep off the hosts', () => {
  const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  const STORIES: Array<[string, HostInfo[], string, number]> = [
    [
      'raft',
      [
        ...[1, 2, 3, 4, 5].map((i) => ({ id: `node-${i}`, kind: 'node' as const })),
        { id: 'client', kind: 'client' },
      ],
      'REDIRECT',
      LOG_ROOM,
    ],
    [
      'patroni',
      [
        { id: 'etcd', kind: 'store' },
        { id: 'pg-1', kind: 'node' },
        { id: 'pg-2', kind: 'node' },
        { id: 'pg-3', kind: 'node' },
        { id: 'haproxy', kind: 'proxy' },
        { id: 'app', kind: 'client' },
      ],
      'WRITE FAILED',
      0,
    ],
  ];
  const SIZES: Array<[string, number, number]> = [
    ['1920 px', 1264, 660],
    ['390 px', 366, 460],
  ];
  for (const [story, hosts, text, below] of STORIES)
    for (const [name, w, h] of SIZES)
      it(`${story} at ${name}: ${text} and every other label`, () => {
        const kindsOf = new Map(hosts.map((x) => [x.id, x.kind]));
        const l = fitLayout(hosts, w, h, undefined, below);
        const shapes = hosts.map((x) => {
          const p = l.pos.get(x.id) as { x: number; y: number };
          const node = x.kind === 'node';
          const hw = node ? l.nodeR : l.boxW / 2;
          const hh = node ? l.nodeR : l.boxH / 2;
          // A box's caption (its kind) is under it.
          const below = node ? 0 : 18;
          return { id: x.id, box: { x0: p.x - hw, x1: p.x + hw, y0: p.y - hh, y1: p.y + hh + below } };
        });
        const bad: string[] = [];
        for (const a of hosts)
          for (const b of hosts) {
            if (a.id === b.id || (a.kind === 'client' && b.kind === 'client')) continue;
            for (let k = 0; k <= 20; k++) {
              const m = { id: 0, from: a.id, to: b.id, type: 'X', progress: k / 20, fate: 'delivered' };
              const [d] = placeMessages(
                { messages: [m] } as unknown as Frame,
                l,
                kindsOf,
                {} as ClusterOptions,
              );
              if (!d) continue;
              const s = placeLabel(l, kindsOf, d.x, d.y, d.ux, d.uy, d.nx, d.ny, [text]);
              const box = labelBox(s.x, s.y, s.anchor, s.text.length);
              for (const o of shapes)
                if (overlaps(box, o.box)) bad.push(`${a.id} → ${b.id} at ${k / 20} over ${o.id}`);
            }
          }
        expect(bad).toEqual([]);
      });
});
