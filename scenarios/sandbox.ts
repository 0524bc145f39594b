import { type AlgorithmId, algorithms } from '../src/sim/algorithms/registry.ts';
import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * The sandbox: a healthy cluster with no script, for free play. The user picks the algorithm (the
 * player swaps in the variant below), injects faults at the cursor and turns the knobs. Two minutes
 * of virtual time by default, longer with the duration setting or `--duration` in the CLI.
 */
export default {
  id: 'sandbox',
  title: 'Sandbox',
  group: 'sandbox',
  tagline: 'Free play: pick an algorithm, inject faults, change knobs, read the metrics.',
  summary:
    'Free play: a healthy cluster and no script. Pick an algorithm, inject faults at the cursor, turn the knobs and watch the metrics.',
  algorithm: 'lease',
  nodes: 5,
  seed: 1,
  durationMs: 120_000,
  timeScale: 2.5,
  params: {},
  faults: [],
  steps: [
    {
      id: 'free-play',
      anchor: { k: 'start' },
      caption:
        'Free play: right-click or press Enter on a node to inject a fault at the cursor. Step back and forward jump between your faults.',
    },
  ],
  adr: ['matrix.lease', 'consequence.failover-ttl'],
  // Each algorithm's cluster size, pace and ADR sections come from its declaration (sandbox.variant).
  freePlay: Object.fromEntries(
    Object.values(algorithms).map((a) => [a.id, { ...a.sandbox.variant, adr: [...a.sandbox.variant.adr] }]),
  ) as Record<AlgorithmId, { nodes: number; timeScale: number; adr: string[] }>,

  expect: { noViolations: ['split-brain', 'stale-write-accepted', 'two-lease-holders'] },
} satisfies ScenarioInput;
