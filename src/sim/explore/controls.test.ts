/**
 * The negative controls (issue #41, item 6): without its fix a pitfall's violation is found at the
 * minimum bounds (3 nodes, K = 2 from a menu with a pause past the TTL, L = 1, the horizon 2 x TTL),
 * and with it none is found with one fault. Long searches: the slow tier only (vitest.config.ts).
 */
import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { scenarioParams } from '../inputs.ts';
import type { Params } from '../params.ts';
import type { ViolationKind } from '../trace/events.ts';
import { explore, replay } from './explore.ts';
import { ttlMsOf } from './menu.ts';

function search(id: string, params: Partial<Params>, faults: number, losses: number) {
  const scenario = scenarioById(id);
  if (!scenario) throw new Error(`no ${id}`);
  const ttl = ttlMsOf(scenarioParams(scenario, params));
  const input = {
    scenario,
    params,
    bounds: { nodes: 3, faults, losses, deviations: 0, horizonMs: 2 * ttl, pauseMs: Math.ceil(ttl * 1.1) },
  };
  return { input, result: explore(input) };
}

const controls: Array<[string, Partial<Params>, Partial<Params>, ViolationKind]> = [
  ['lease-no-fencing', {}, { fix: true }, 'stale-write-accepted'],
  ['update-without-token', {}, { fix: true }, 'split-brain'],
  ['heartbeat-no-confirm', {}, { fix: true }, 'split-brain'],
  ['gossip-leader', {}, { fix: true }, 'split-brain'],
  ['split-brain', { quorum: false }, { quorum: true }, 'split-brain'],
  ['fencing-token', { fencing: false }, { fencing: true }, 'stale-write-accepted'],
];

describe('explore: the negative controls', () => {
  it.each(controls)('%s: found at the minimum bounds, shrunk, and it replays', (id, off, _on, kind) => {
    const { input, result } = search(id, off, 2, 1);
    expect(result.outcome).toBe('violation');
    const c = result.counterexample;
    expect(c?.violation.kind).toBe(kind);
    if (!c) return;
    expect(c.shrunk).toBeLessThanOrEqual(c.found);
    expect(replay(input, c.choices, c.atMs + 1)).toMatchObject({ v: { kind }, t: c.atMs });
  });

  it.each(controls.filter(([id]) => id !== 'fencing-token'))(
    '%s with the fix: no violation with one fault',
    (id, _off, on) => {
      expect(search(id, on, 1, 0).result.outcome).toBe('clean');
    },
  );

  it('check-before-act finds a stale write with its fix too: the check and the write are two steps', () => {
    const { result } = search('check-before-act', { fix: true }, 1, 0);
    expect(result.counterexample?.violation.kind).toBe('stale-write-accepted');
  });
});
