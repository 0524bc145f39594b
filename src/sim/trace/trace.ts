import type { HostKind } from '../net/host.ts';
import type { Params } from '../params.ts';
import type { TimedFault } from '../scenario/schema.ts';
import type { TraceEvent } from './events.ts';

/** A narration step resolved against the trace: when it happens and the values its caption shows. */
export interface ResolvedStep {
  id: string;
  atMs: number;
  /** Index of the anchoring event (or -1 for start/end anchors). */
  eventIndex: number;
  vars: Record<string, string | number>;
}

/** The immutable result of one run; every view, the CLI and the checkers read only this. */
export interface Trace {
  version: 1;
  scenario: string;
  algorithm: string;
  seed: number;
  params: Params;
  hosts: Array<{ id: string; kind: HostKind }>;
  durationMs: number;
  interventions: TimedFault[];
  events: TraceEvent[];
  steps: ResolvedStep[];
}
