/**
 * The one reachability rule, over an immutable network state. The network (net/network.ts) asks it
 * for every message; frameAt, the metrics and the cluster picture derive the same state from the
 * recorded faults (each fault kind's `net` step in faults/table.ts), so all of them agree.
 *
 * Rule: an isolated host reaches nobody (`all`) or no store (`store`); a cut link carries nothing; in
 * a partition, hosts in different groups cannot talk; a one-way cut carries nothing from its `from`
 * to its `to` (the other way still carries). Hosts not named in any group (infrastructure
 * such as the protected storage or a client) stay reachable from every side.
 */

/** `refused`: the receiver's processes were killed on a live host; the sender gets REFUSED back. */
/** `closed`: it arrived on a TCP connection its receiver has closed (Network.closeStream). */
export type DropReason = 'partition' | 'loss' | 'link-cut' | 'node-down' | 'isolated' | 'refused' | 'closed';

export interface NetState {
  /** The groups as the partition named them, or null. */
  readonly groups: readonly (readonly string[])[] | null;
  readonly groupOf: ReadonlyMap<string, number> | null;
  readonly isolated: ReadonlyMap<string, 'all' | 'store'>;
  /** Cut links by linkKey (one-way cuts by oneWayKey), each as the fault named it. */
  readonly cuts: ReadonlyMap<string, readonly [string, string]>;
  /** Extra one-way latency by linkKey (does not change reachability). */
  readonly delays: ReadonlyMap<string, number>;
}

export const openNet: NetState = {
  groups: null,
  groupOf: null,
  isolated: new Map(),
  cuts: new Map(),
  delays: new Map(),
};

export const linkKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);
/** A one-way cut (`cut-oneway`): only messages from `from` to `to` are lost. Kept in `cuts` too. */
export const oneWayKey = (from: string, to: string): string => `${from}>${to}`;

export function partitioned(s: NetState, groups: readonly (readonly string[])[]): NetState {
  const groupOf = new Map<string, number>();
  groups.forEach((g, i) => {
    for (const id of g) groupOf.set(id, i);
  });
  return { ...s, groups, groupOf };
}

/** A host a partition leaves out of its groups: every side still reaches it (the rule above). */
export function onEverySide(s: NetState, id: string): boolean {
  return s.groupOf !== null && !s.groupOf.has(id);
}

/** Why a message from a to b cannot get through in state s, or null if it can. */
export function blocked(
  s: NetState,
  isStore: (id: string) => boolean,
  a: string,
  b: string,
): DropReason | null {
  for (const [n, from] of s.isolated) {
    if (n !== a && n !== b) continue;
    const other = n === a ? b : a;
    if (from === 'all' || isStore(other)) return 'isolated';
  }
  if (s.cuts.has(linkKey(a, b)) || s.cuts.has(oneWayKey(a, b))) return 'link-cut';
  if (s.groupOf) {
    const ga = s.groupOf.get(a);
    const gb = s.groupOf.get(b);
    if (ga !== undefined && gb !== undefined && ga !== gb) return 'partition';
  }
  return null;
}

/** The state a frame shows (its partition, cut links and isolated nodes), for the same rule. */
export function netShown(
  groups: readonly (readonly string[])[] | null,
  cuts: ReadonlyArray<readonly [string, string]>,
  isolated: Iterable<readonly [string, 'all' | 'store']>,
): NetState {
  const base = groups ? partitioned(openNet, groups) : openNet;
  return {
    ...base,
    isolated: new Map(isolated),
    cuts: new Map(cuts.map(([a, b]) => [linkKey(a, b), [a, b] as const])),
  };
}
