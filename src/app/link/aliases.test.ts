import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { run } from '../../cli/main.ts';
import { knobsOf as panelKnobs } from '../../sandbox/knobs.ts';
import { algorithmFor } from '../../sim/algorithms/registry.ts';
import { canonicalKnob, knobAlias } from '../../sim/params.ts';
import { decodeView } from './decode.ts';
import { encodeView } from './view.ts';

const ctx = { scenarios, locales: ['en', 'pt', 'ru'] };

describe("Patroni's own knob names", () => {
  const aliases = algorithmFor('patroni').knobAliases;

  it('are declared by the algorithm and map to the canonical keys', () => {
    expect(canonicalKnob('loop_wait', aliases)).toBe('loopWaitS');
    expect(canonicalKnob('ttl', aliases)).toBe('ttlS');
    expect(canonicalKnob('retry_timeout', aliases)).toBe('retryTimeoutS');
    expect(canonicalKnob('loopWaitS', aliases)).toBe('loopWaitS');
    expect(canonicalKnob('toString', aliases)).toBe('toString');
    expect(knobAlias('loopWaitS', aliases)).toBe('loop_wait');
    expect(knobAlias('latencyMinMs', aliases)).toBeNull();
  });

  it('are read in links, and the link is written back with the canonical keys', () => {
    const d = decodeView('?scenario=patroni&set=ttl:40&set=loop_wait:5&compare=retry_timeout:5', ctx);
    expect(d.problems).toEqual([]);
    expect(d.view.params).toEqual({ ttlS: 40, loopWaitS: 5 });
    expect(d.view.compare).toEqual({ name: 'retryTimeoutS', value: 5 });
    const url = encodeView(d.view);
    expect(url).toContain('set=ttlS:40');
    expect(url).toContain('set=loopWaitS:5');
    expect(url).not.toContain('loop_wait');
    // Another algorithm has no such names.
    expect(decodeView('?scenario=etcd-lease&set=loop_wait:5', ctx).problems.map((p) => p.param)).toEqual([
      'set',
    ]);
  });

  it('are accepted by the CLI --set, and the JSON says the canonical key', () => {
    const r = run(['patroni', '--set', 'loop_wait=5', '--set', 'ttl=40', '--format', 'json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.params.loopWaitS).toBe(5);
    expect(out.params.ttlS).toBe(40);
    expect(out.params.loop_wait).toBeUndefined();
  });

  it('are the labels of the knobs panel; other algorithms keep their keys', () => {
    const patroni = scenarios.find((x) => x.id === 'patroni')!;
    const knobs = panelKnobs(patroni, {});
    const label = (name: string) => knobs.find((k) => k.name === name)?.label;
    expect([label('ttlS'), label('loopWaitS'), label('retryTimeoutS')]).toEqual([
      'ttl',
      'loop_wait',
      'retry_timeout',
    ]);
    expect(label('latencyMinMs')).toBe('latencyMinMs');
    const lease = scenarios.find((x) => x.id === 'etcd-lease')!;
    expect(panelKnobs(lease, {}).find((k) => k.name === 'ttlS')?.label).toBe('ttlS');
  });
});
