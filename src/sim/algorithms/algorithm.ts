import type { HostKind, ProcessFactory } from '../net/host.ts';
import type { ParamRule, ParamSpecs, Params } from '../params.ts';

/** What an algorithm's build() gets: the node ids, the resolved params, and a way to add hosts. */
export interface BuildContext {
  readonly nodeIds: string[];
  readonly params: Params;
  addHost(id: string, kind: HostKind, factory: ProcessFactory): void;
}

/** One algorithm = one folder in src/sim/algorithms whose index exports an Algorithm. */
export interface Algorithm {
  id: string;
  /** Its own knobs (network knobs are added for every algorithm). */
  params: ParamSpecs;
  rules: ParamRule[];
  /** Host ids of the election participants for a cluster of n. */
  nodeIds(n: number): string[];
  minNodes: number;
  /** Store keys that act as a lock (at most one holder at a time), for the lease-holders checker. */
  lockKeys?: string[];
  maxNodes: number;
  build(ctx: BuildContext): void;
}

export const numberedIds = (prefix: string) => (n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);
