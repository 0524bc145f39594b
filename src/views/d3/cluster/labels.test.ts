import { describe, expect, it } from 'vitest';
import type { HostKind } from '../../../sim/net/host.ts';
import { labelHits } from './labels.ts';
import type { Layout } from './layout.ts';

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
