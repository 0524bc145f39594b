// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scenarioById } from '../../../../scenarios/index.ts';
import { declarationOf } from '../../../sim/algorithms/registry.ts';
import type { Scenario } from '../../../sim/scenario/schema.ts';
import { simulate } from '../../../sim/simulate.ts';
import { TraceIndex } from '../../../sim/trace/frame.ts';
import { createClusterView } from './index.ts';

afterEach(() => vi.restoreAllMocks());

describe('updateHosts: a box whose detail alone changed', () => {
  it('moves the store TTL bar without rewriting the box (its label, icon and text stay the same nodes)', () => {
    // No canvas in happy-dom: the message layer draws nothing.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const index = new TraceIndex(simulate(scenarioById('etcd-lease') as Scenario));
    const el = document.createElement('div');
    document.body.append(el);
    const view = createClusterView(el, {
      hosts: index.trace.hosts,
      links: [],
      leaderKeys: declarationOf(index.trace.algorithm)?.leadership.keys,
      flashMs: 900,
      label: 'cluster',
    });
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
