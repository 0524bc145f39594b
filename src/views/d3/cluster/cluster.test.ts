import {
  type SymbolType,
  symbol,
  symbolCircle,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
} from 'd3-shape';
import { describe, expect, it } from 'vitest';
import type { NodeView } from '../../../sim/trace/frame.ts';
import { messageFamily, messageGlyph } from '../glyphs.ts';
import {
  ADR_BADGE_H,
  ADR_BADGE_W,
  adrBadgeAt,
  crowded,
  ends,
  fitLayout,
  type HostInfo,
  layoutHosts,
  layoutSize,
  leaderKeyOf,
  messageOpacity,
  messageReach,
  messageStop,
  nodeLabel,
  nodePill,
  segmentHitsBox,
  separatingLine,
  shardsLed,
  shortName,
} from './index.ts';
import { tallyLabels } from './messages.ts';

const nodes = (n: number, prefix = 'node'): HostInfo[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i + 1}`, kind: 'node' as const }));

const etcdLease: HostInfo[] = [
  { id: 'etcd', kind: 'store' },
  { id: 'storage', kind: 'resource' },
  ...nodes(5),
];
const patroni: HostInfo[] = [
  { id: 'etcd', kind: 'store' },
  ...nodes(3, 'pg'),
  { id: 'haproxy', kind: 'proxy' },
  { id: 'app', kind: 'client' },
];

describe('layoutHosts', () => {
  const sizes: Array<[number, number]> = [
    [880, 390],
    [1400, 640],
    [370, 520],
    [560, 700],
  ];

  it('keeps every host inside the picture, for 3 to 9 nodes and any size', () => {
    for (const [w, h] of sizes)
      for (let n = 3; n <= 9; n++) {
        const hosts = [
          ...nodes(n),
          { id: 'etcd', kind: 'store' as const },
          { id: 'storage', kind: 'resource' as const },
        ];
        const l = layoutHosts(hosts, w, h);
        for (const hst of hosts) {
          const p = l.pos.get(hst.id);
          expect(p, `${hst.id} at ${w}x${h}`).toBeDefined();
          const rx = hst.kind === 'node' ? l.nodeR : l.boxW / 2;
          const ry = hst.kind === 'node' ? l.nodeR : l.boxH / 2;
          expect(p!.x - rx).toBeGreaterThanOrEqual(0);
          expect(p!.x + rx).toBeLessThanOrEqual(w);
          expect(p!.y - ry).toBeGreaterThanOrEqual(0);
          expect(p!.y + ry).toBeLessThanOrEqual(h);
        }
      }
  });

  it('never lets two node circles touch', () => {
    for (const [w, h] of sizes)
      for (let n = 3; n <= 9; n++) {
        const l = layoutHosts(nodes(n), w, h);
        const ps = nodes(n).map((x) => l.pos.get(x.id)!);
        for (let i = 0; i < n; i++)
          for (let j = i + 1; j < n; j++)
            expect(Math.hypot(ps[i]!.x - ps[j]!.x, ps[i]!.y - ps[j]!.y)).toBeGreaterThan(2 * l.nodeR + 8);
      }
  });

  it('puts node-1 at the top, the store in the middle of the ring, resources to the right', () => {
    const l = layoutHosts(etcdLease, 880, 390);
    expect(l.portrait).toBe(false);
    const one = l.pos.get('node-1')!;
    for (const x of nodes(5).slice(1)) expect(l.pos.get(x.id)!.y).toBeGreaterThan(one.y);
    expect(l.pos.get('etcd')).toEqual({ x: l.ring.cx, y: l.ring.cy });
    expect(l.pos.get('storage')!.x).toBeGreaterThan(l.ring.cx + l.ring.rx);
  });

  it('sends traffic left to right in landscape: client, then proxy, then the ring', () => {
    const l = layoutHosts(patroni, 880, 390);
    expect(l.pos.get('app')!.x).toBeLessThan(l.pos.get('haproxy')!.x);
    expect(l.pos.get('haproxy')!.x).toBeLessThan(l.ring.cx - l.ring.rx);
  });

  it('stacks the satellites under the ring in portrait', () => {
    const l = layoutHosts(patroni, 370, 520);
    expect(l.portrait).toBe(true);
    for (const id of ['app', 'haproxy']) expect(l.pos.get(id)!.y).toBeGreaterThan(l.ring.cy + l.ring.ry);
  });
});

describe('separatingLine', () => {
  it('splits a pentagon {1,2} | {3,4,5} with both sides clear of the line', () => {
    const l = layoutHosts(nodes(5), 880, 390);
    const a = ['node-1', 'node-2'].map((id) => l.pos.get(id)!);
    const b = ['node-3', 'node-4', 'node-5'].map((id) => l.pos.get(id)!);
    const line = separatingLine(a, b)!;
    expect(line).not.toBeNull();
    const side = (p: { x: number; y: number }) => p.x * line.nx + p.y * line.ny - line.c;
    const sa = a.map(side);
    const sb = b.map(side);
    expect(sa.every((v) => Math.sign(v) === Math.sign(sa[0]!))).toBe(true);
    expect(sb.every((v) => Math.sign(v) === -Math.sign(sa[0]!))).toBe(true);
    for (const v of [...sa, ...sb]) expect(Math.abs(v)).toBeGreaterThan(l.nodeR);
  });

  it('gives up on groups no straight line separates', () => {
    const a = [
      { x: 0, y: 0 },
      { x: 10, y: 10 },
    ];
    const b = [
      { x: 10, y: 0 },
      { x: 0, y: 10 },
    ];
    expect(separatingLine(a, b)).toBeNull();
    expect(separatingLine([], b)).toBeNull();
  });
});

describe('messages', () => {
  it('groups types into families with distinct shapes', () => {
    expect(messageFamily('ELECTION')).toBe('election');
    expect(messageFamily('REQUEST_VOTE')).toBe('election');
    expect(messageFamily('OK')).toBe('reply');
    expect(messageFamily('TXN_RESULT')).toBe('reply');
    expect(messageFamily('KEEPALIVE_ACK')).toBe('reply');
    expect(messageFamily('KEEPALIVE')).toBe('heartbeat');
    expect(messageFamily('HEALTH_CHECK')).toBe('heartbeat');
    expect(messageFamily('TXN')).toBe('store');
    expect(messageFamily('LEASE_GRANT')).toBe('store');
    expect(messageFamily('WRITE')).toBe('data');
    expect(messageFamily('WAL')).toBe('data');
    expect(messageFamily('WRITE_REJECTED')).toBe('reject');
    expect(messageFamily('WRITE_FAILED')).toBe('reject');
    const shapes = new Set(
      ['ELECTION', 'TXN', 'WRITE', 'KEEPALIVE', 'WRITE_REJECTED', 'COORDINATOR'].map((x) => messageGlyph(x)),
    );
    expect(shapes.size).toBe(6);
  });

  it('draws the glyphs d3-shape draws (the same symbol geometry, without the library)', () => {
    const cases: Array<[string, SymbolType, number]> = [
      ['ELECTION', symbolDiamond, 70],
      ['KEEPALIVE', symbolCircle, 40],
      ['TXN', symbolSquare, 70],
      ['WRITE', symbolTriangle, 70],
      ['COORDINATOR', symbolStar, 70 * 1.3],
    ];
    for (const [type, shape, size] of cases)
      expect(messageGlyph(type, type === 'KEEPALIVE' ? 40 : 70)).toBe(symbol(shape, size)());
    expect(messageGlyph('WRITE_REJECTED')).toMatch(/^M4\.514,0A.*Z$/);
  });

  it('stops a lost message where it was lost and fades it out at the end', () => {
    expect(messageReach({ fate: 'delivered' })).toBe(1);
    expect(messageReach({ fate: 'dropped', dropReason: 'partition' })).toBe(0.5);
    expect(messageReach({ fate: 'dropped', dropReason: 'node-down' })).toBe(1);
    expect(messageOpacity({ fate: 'delivered', progress: 0.99 })).toBe(1);
    expect(messageOpacity({ fate: 'dropped', progress: 0.5 })).toBe(1);
    expect(messageOpacity({ fate: 'dropped', progress: 0.99 })).toBeLessThan(0.3);
    // Reduced motion: no fade, one step.
    expect(messageOpacity({ fate: 'dropped', progress: 0.75 }, true)).toBe(0.4);
    expect(messageOpacity({ fate: 'dropped', progress: 0.99 }, true)).toBe(0.4);
  });
});

describe('labels', () => {
  const base: NodeView = {
    id: 'node-3',
    kind: 'node',
    role: 'leader',
    believed: 'leader',
    token: 43,
    up: true,
    paused: false,
    isolated: null,
    group: null,
    drift: 1,
  };

  it('reduced motion: a message stands beside its sender, then beside its receiver', () => {
    const stops = new Set([0, 0.1, 0.3, 0.49, 0.5, 0.7, 0.99, 1].map(messageStop));
    expect([...stops]).toEqual([0.2, 0.8]);
    expect(messageStop(0.49)).toBe(0.2);
    expect(messageStop(0.5)).toBe(0.8);
  });

  it('says the role and token in words, starting with the words drawn in the node', () => {
    expect(nodeLabel(base, false)).toBe('node-3: leader, token 43');
    expect(nodeLabel({ ...base, role: 'paused', paused: true }, false)).toBe(
      'node-3: paused, token 43, believes it leads',
    );
    expect(nodeLabel({ ...base, id: 'node-1' }, true)).toBe('node-1: split-brain, token 43, leader');
    const { token: _t, ...termed } = base;
    expect(nodeLabel({ ...termed, term: 7 }, false)).toBe('node-3: leader, term 7');
    expect(nodeLabel({ ...termed, term: 7, role: 'follower', believed: 'follower' }, false)).toBe(
      'node-3: follower',
    );
    const { token: _, ...follower } = base;
    expect(nodeLabel({ ...follower, role: 'follower', believed: 'follower' }, false)).toBe(
      'node-3: follower',
    );
    expect(
      nodeLabel({ ...follower, id: 'etcd', kind: 'store', role: 'follower', believed: null }, false),
    ).toBe('etcd: coordination store');
    // No election at all (skiplocked): a node that does not lead is a worker; a down one is down.
    expect(nodeLabel({ ...follower, role: 'follower', believed: 'follower' }, false, undefined, true)).toBe(
      'node-3: worker',
    );
    expect(nodeLabel({ ...follower, role: 'down', believed: null }, false, undefined, true)).toBe(
      'node-3: down',
    );
  });

  it('a leader per shard: the pill and the label list the shards whose keys name the node', () => {
    const { token: _t, ...leader } = base;
    const kv = (key: string, value: string, lease: number) => ({ key, value, lease });
    const keys = [
      kv('/shards/10/leader', 'node-3', 5),
      kv('/shards/03/leader', 'node-3', 5),
      kv('/shards/04/leader', 'node-1', 2),
      kv('/shards/07/leader', 'node-3', 0),
      kv('/members/node-3', 'node-3', 5),
    ];
    const declared = ['/shards/03/leader', '/shards/04/leader', '/shards/07/leader', '/shards/10/leader'];
    const shards = shardsLed(keys, declared, 'node-3');
    expect(shards).toEqual(['03', '10']);
    expect(nodePill(leader, shards)).toBe('shards 03 10');
    expect(nodePill(leader, ['04'])).toBe('shard 04');
    expect(nodeLabel(leader, false, shards)).toBe('node-3: leader, shards 03 10');
    expect(nodePill(leader, [])).toBe('');
  });

  it('finds the leader key among leased keys', () => {
    const k = (key: string, lease: number) => ({ key, lease });
    expect(leaderKeyOf([k('/service/b/members/pg-1', 7), k('/service/b/leader', 7)])?.key).toBe(
      '/service/b/leader',
    );
    expect(leaderKeyOf([k('/election/leader', 0)])).toBeUndefined();
    expect(leaderKeyOf([k('/service/b/optime/leader', 0)])).toBeUndefined();
  });
});

describe('large and short layouts', () => {
  const withStore = (n: number, prefix = 'node'): HostInfo[] => [
    { id: 'etcd', kind: 'store' },
    { id: 'storage', kind: 'resource' },
    ...nodes(n, prefix),
  ];

  it('keeps circles apart and shortens names beyond 9 nodes (Bully up to 200)', () => {
    for (const n of [20, 50, 200])
      for (const [w, h] of [
        [1400, 640],
        [420, 600],
      ] as const) {
        const l = layoutHosts(nodes(n), w, h);
        expect(l.crowd).toBe(true);
        const ps = nodes(n).map((x) => l.pos.get(x.id)!);
        for (let i = 0; i < n; i++) {
          const q = ps[(i + 1) % n]!;
          expect(Math.hypot(ps[i]!.x - q.x, ps[i]!.y - q.y), `${n} at ${w}x${h}`).toBeGreaterThan(
            2 * l.nodeR,
          );
        }
        // "node-17" does not fit a small circle: its number or nothing is drawn, never a spill.
        expect(l.nameFit).not.toBe('full');
      }
    expect(layoutHosts(nodes(5), 1400, 640)).toMatchObject({ crowd: false, nameFit: 'full' });
    expect(shortName('node-17')).toBe('17');
    expect(shortName('etcd')).toBe('etcd');
  });

  it('never puts a node, its badge or its pill on the store box, in short frames too', () => {
    const frames: Array<[number, number]> = [
      [375, 165],
      [304, 230],
      [304, 150],
      [880, 390],
      [1400, 640],
    ];
    // The plain layout of a 390 x 300 embed (its picture 375 x 165) sits Patroni's ring on etcd.
    const short = layoutSize(375, 165);
    expect(crowded(layoutHosts(patroni, short.width, short.height), patroni)).toBe(true);
    for (const [w, h] of frames) {
      for (const hosts of [withStore(5), patroni, withStore(3, 'pg')]) {
        const l = fitLayout(hosts, w, h, hosts[2]?.id);
        expect(crowded(l, hosts, hosts[2]?.id), `${hosts.length} hosts at ${w}x${h}`).toBe(false);
        // The same aspect: drawn scaled, never stretched.
        expect(l.width / l.height).toBeCloseTo(layoutSize(w, h).width / layoutSize(w, h).height, 5);
      }
    }
  });

  it('tallies a crowd by type, largest first', () => {
    const lines = tallyLabels(
      new Map([
        ['OK', 3],
        ['ELECTION', 49],
      ]),
      { width: 1000 },
    );
    expect(lines.map((l) => l.text)).toEqual(['Messages in flight', 'ELECTION ×49', 'OK ×3']);
    expect(lines[2]!.y).toBeGreaterThan(lines[1]!.y);
    expect(tallyLabels(new Map(), { width: 1000 })).toEqual([]);
  });
});

describe('the ADR-001 badge', () => {
  /** How far the badge's rectangle at (x, y) stays from a circle of radius r at c (negative: it covers it). */
  const clearance = (x: number, y: number, c: { x: number; y: number }, r: number) => {
    const nx = Math.max(x - ADR_BADGE_W / 2, Math.min(c.x, x + ADR_BADGE_W / 2));
    const ny = Math.max(y - ADR_BADGE_H / 2, Math.min(c.y, y + ADR_BADGE_H / 2));
    return Math.hypot(nx - c.x, ny - c.y) - r;
  };
  const twenty: HostInfo[] = [...nodes(20), { id: 'db', kind: 'resource' }];

  it('covers no node of twenty-instances, at the sizes its picture has at 1920, 1366 and 390 px', () => {
    // The picture's box at each window width (the 390 px one laid out at 420 px and drawn smaller).
    for (const [w, h] of [
      [1264, 660],
      [950, 422],
      [348, 460],
    ] as const) {
      const l = fitLayout(twenty, w, h, 'node-1');
      const p = l.pos.get('node-1')!;
      const n2 = l.pos.get('node-2')!;
      // The fixed place up and to the right (the code before) sits on node-2 below 1920 px...
      if (w < 1264)
        expect(clearance(p.x + l.nodeR + 32, p.y - l.nodeR + 4, n2, l.nodeR), `${w}x${h}`).toBeLessThan(0);
      // ...the badge goes where it covers no circle, and stays in the picture.
      const b = adrBadgeAt(l, twenty, 'node-1');
      for (const x of nodes(20).slice(1))
        expect(clearance(b.x, b.y, l.pos.get(x.id)!, l.nodeR), `${x.id} at ${w}x${h}`).toBeGreaterThan(4);
      expect(b.x - ADR_BADGE_W / 2).toBeGreaterThan(0);
      expect(b.y - ADR_BADGE_H / 2).toBeGreaterThan(0);
      expect(b.x + ADR_BADGE_W / 2).toBeLessThan(l.width);
    }
  });

  it('keeps its place up and to the right of node-1 in the five-node stories', () => {
    const l = fitLayout(etcdLease, 1264, 660, 'node-1');
    const p = l.pos.get('node-1')!;
    expect(adrBadgeAt(l, etcdLease, 'node-1')).toEqual({ x: p.x + l.nodeR + 32, y: p.y - l.nodeR + 4 });
  });
});

describe('portrait links', () => {
  it("keeps every node's links to etcd and to storage off the other box (a 390 px phone)", () => {
    const kinds = new Map(etcdLease.map((h) => [h.id, h.kind]));
    const boxOf = (l: ReturnType<typeof fitLayout>, id: string) => {
      const p = l.pos.get(id)!;
      return { x0: p.x - l.boxW / 2, x1: p.x + l.boxW / 2, y0: p.y - l.boxH / 2, y1: p.y + l.boxH / 2 };
    };
    // The picture's box on a 390 px phone, and two taller ones.
    for (const [w, h] of [
      [348, 460],
      [370, 520],
      [560, 700],
    ] as const) {
      const l = fitLayout(etcdLease, w, h, 'node-1');
      expect(l.portrait).toBe(true);
      for (const n of nodes(5)) {
        const toStorage = ends(l, kinds, n.id, 'storage')!;
        expect(segmentHitsBox(toStorage, boxOf(l, 'etcd')), `${n.id} to storage at ${w}x${h}`).toBe(false);
        const toEtcd = ends(l, kinds, n.id, 'etcd')!;
        expect(segmentHitsBox(toEtcd, boxOf(l, 'storage')), `${n.id} to etcd at ${w}x${h}`).toBe(false);
      }
    }
  });
});
