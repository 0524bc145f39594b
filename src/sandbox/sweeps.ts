import { type SweepPoint, type SweepResult, sweepValues } from '../sim/metrics/index.ts';
import {
  bullyMessagesVsNodes,
  failoverVsTtl,
  leaseMessagesVsNodes,
  spuriousVsElectionTimeout,
} from './predefinedSweeps.ts';

/** A predefined sweep as the sandbox runs it: one value at a time, so the page stays responsive. */
export interface SweepChoice {
  id: string;
  values: number[];
  /** The sweep for some of its values (the result's points and references cover exactly those). */
  run(values: number[]): SweepResult;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The predefined sweeps (predefinedSweeps.ts), with value sets sized for a browser. */
export const SWEEPS: SweepChoice[] = [
  { id: 'bully-messages-vs-nodes', values: range(3, 30), run: (v) => bullyMessagesVsNodes(v) },
  { id: 'lease-messages-vs-nodes', values: [2, 3, 4, 5, 7, 10, 15, 20], run: (v) => leaseMessagesVsNodes(v) },
  {
    id: 'failover-vs-ttl',
    values: sweepValues({ from: 5, to: 60, steps: 12 }),
    run: (v) => failoverVsTtl(v),
  },
  {
    id: 'spurious-vs-election-timeout',
    values: [500, 700, 750, 800, 900, 1000, 1250, 1500, 2000, 2500, 3000],
    run: (v) => spuriousVsElectionTimeout(v),
  },
];

/** Joins per-value results (same sweep) into one, points and reference curves in value order. */
export function mergeResults(parts: readonly SweepResult[]): SweepResult | null {
  const first = parts[0];
  if (!first) return null;
  const points: SweepPoint[] = parts.flatMap((p) => p.points).sort((a, b) => a.x - b.x);
  const references = first.references.map((r, i) => ({
    label: r.label,
    points: parts.flatMap((p) => p.references[i]?.points ?? []).sort((a, b) => a.x - b.x),
  }));
  return { ...first, points, references };
}
