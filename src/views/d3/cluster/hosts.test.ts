// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scenarioById } from '../../../../scenarios/index.ts';
import { declarationOf } from '../../../sim/algorithms/registry.ts';
import type { Scenario } from '../../../sim/scenario/schema.ts';
import { simulate } from '../../../sim/simulate.ts';
import { TraceIndex } from '../../../sim/trace/frame.ts';
import { boxCaption, captionRoom } from './hosts.ts';
import { createClusterView } from './index.ts';
import { fitLayout } from './layout.ts';

afterEach(() => vi.restoreAllMocks());

/** A story's cluster picture in the page, on its trace. */
function mount(id: string) {
  // No canvas in happy-dom: the message layer draws nothing.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const index = new TraceIndex(simulate(scenarioById(id) as Scenario));
  const el = document.createElement('div');
  document.body.append(el);
  const view = createClusterView(el, {
    hosts: index.trace.hosts,
    links: [],
    leaderKeys: declarationOf(index.trace.algorithm)?.leadership.keys,
    flashMs: 900,
    label: 'cluster',
  });
  return { index, el, view };
}

describe('updateHosts: a box whose detail alone changed', () => {
  it('moves the store TTL bar without rewriting the box (its label, icon and text stay the same nodes)', () => {
    const { index, el, view } = mount('etcd-lease');
    // node-1 holds the leader key and renews every 10 s: between renewals only the TTL runs down.
    view.update(index.frameAt(12_000));
    const store = el.querySelector('g.host-store') as SVGGElement;
    const bar = () => store.querySelector('.ttl-bar')?.getAttribute('width');
    const text = store.querySelector('.detail')?.firstChild;
    const barBefore = bar();
    const watch = new MutationObserver(() => {});
    watch.observe(store, { subtree: true, attributes: true, childList: true, characterData: true });
    view.update(index.frameAt(14_000));
    const writes = watch
      .takeRecords()
      .map(
        (m) => `${m.type}:${m.attributeName ?? ''}:${(m.target as Element).getAttribute?.('class') ?? ''}`,
      );
    watch.disconnect();
    expect(bar()).not.toBe(barBefore);
    expect(store.querySelector('.detail')?.firstChild).toBe(text);
    expect(writes.filter((w) => !/:ttl-(bar|track)/.test(w))).toEqual([]);
    view.destroy();
    el.remove();
  });
});

describe('a store that is a Raft group (storeMembers 3)', () => {
  it('draws its members on the box, the leader marked, and leaves them alone while only the TTL moves', () => {
    const { index, el, view } = mount('etcd-leader-change');
    const store = () => el.querySelector('g.host-store') as SVGGElement;
    const pips = () => [...store().querySelectorAll('.members .member')].map((m) => m.getAttribute('class'));
    view.update(index.frameAt(12_000));
    expect(pips()).toEqual(['member member-leader', 'member member-follower', 'member member-follower']);
    expect(store().querySelector('.members')?.getAttribute('aria-label')).toBe(
      'Members of the store: 1 leader, 2 follower, 3 follower',
    );
    const watch = new MutationObserver(() => {});
    watch.observe(store().querySelector('.members') as Element, { subtree: true, attributes: true });
    view.update(index.frameAt(14_000));
    expect(watch.takeRecords()).toEqual([]);
    watch.disconnect();
    view.update(index.frameAt(25_000));
    expect(pips()).toEqual(['member member-down', 'member member-leader', 'member member-follower']);
    view.update(index.frameAt(60_000));
    expect(pips().filter((c) => c === 'member member-leader')).toEqual([]);
    view.destroy();
    el.remove();
  });

  it('a one-member store draws no members', () => {
    const { index, el, view } = mount('etcd-lease');
    view.update(index.frameAt(12_000));
    expect(el.querySelectorAll('g.host-store .members .member')).toHaveLength(0);
    view.destroy();
    el.remove();
  });
});

describe('a box caption', () => {
  it('wraps at the space nearest its middle only when its neighbour leaves no room', () => {
    expect(boxCaption('coordination store', 400)).toEqual(['coordination store']);
    expect(boxCaption('armazenamento protegido', 100)).toEqual(['armazenamento', 'protegido']);
    expect(boxCaption('serviço de coordenação', 100)).toEqual(['serviço de', 'coordenação']);
    expect(boxCaption('etcd', 10)).toEqual(['etcd']);
  });

  it('on a phone, no two captions in the row under the ring reach each other, in any language', () => {
    const captions = {
      store: ['coordination store', 'serviço de coordenação', 'сервис координации'],
      resource: ['protected storage', 'armazenamento protegido', 'защищённое хранилище'],
    };
    for (const n of [3, 5, 7])
      for (const [w, h] of [
        [348, 460],
        [348, 380],
        [300, 420],
      ] as const) {
        const hosts = [
          { id: 'etcd', kind: 'store' as const },
          { id: 'storage', kind: 'resource' as const },
          ...Array.from({ length: n }, (_, i) => ({ id: `node-${i + 1}`, kind: 'node' as const })),
        ];
        const layout = fitLayout(hosts, w, h, 'node-1');
        for (const [id, kind] of [
          ['etcd', 'store'],
          ['storage', 'resource'],
        ] as const)
          for (const c of captions[kind]) {
            const room = captionRoom(layout, id);
            const widest = Math.max(...boxCaption(c, room).map((l) => l.length * 5.8));
            expect(widest, `${c} at ${w} x ${h}, ${n} nodes`).toBeLessThanOrEqual(room);
          }
      }
  });
});
