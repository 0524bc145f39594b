import { describe, expect, it } from 'vitest';
import { type MenuNode, menuFor } from './table.ts';

/** The What-if menu's membership entries (Raft, thesis ch. 4): offered only where the algorithm has them. */
describe('add-server and remove-server in the node menu', () => {
  const node = (member?: boolean): MenuNode => ({
    id: 'node-6',
    up: true,
    paused: false,
    isolated: null,
    ...(member === undefined ? {} : { member }),
  });
  const ids = (n: MenuNode, membership: boolean) =>
    menuFor(n, { hasStore: false, pauseMs: 4000, membership }).map((m) => m.id);

  it('a member may be removed, a server outside the configuration added, and only with membership', () => {
    expect(ids(node(true), true)).toContain('remove-server');
    expect(ids(node(true), true)).not.toContain('add-server');
    expect(ids(node(false), true)).toContain('add-server');
    expect(ids(node(false), true)).not.toContain('remove-server');
    // Another algorithm (no membership): neither, whatever the node.
    for (const m of [true, false, undefined]) {
      expect(ids(node(m), false)).not.toContain('add-server');
      expect(ids(node(m), false)).not.toContain('remove-server');
    }
  });

  it('live mode offers neither (live mode drives a real etcd, not this Raft)', () => {
    const live = menuFor(node(true), { hasStore: true, pauseMs: 4000, membership: true, live: true });
    expect(live.map((m) => m.id)).not.toContain('remove-server');
  });
});
