import type { AnyMachineSnapshot } from 'xstate';
import { impliedExits } from '../trace/stateFold.ts';

/**
 * A node's configuration as the state record names it: its active leaf paths, and what a move from
 * one configuration to another enters and leaves. Apart from the recorder (stateRecord.ts) because
 * it knows nothing of timers, context or events: only XState's state nodes and stateFold's rule.
 */

/** The active leaf paths of a snapshot, dot-separated from the root (`session.role.following.waiting`). */
export function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (value === null || typeof value !== 'object') return prefix ? [prefix] : [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) out.push(...leafPaths(v, prefix ? `${prefix}.${k}` : k));
  return out.length > 0 ? out : prefix ? [prefix] : [];
}

/**
 * Configurations and moves, shared by every actor of every machine: a configuration's sorted leaf
 * paths, one array per distinct configuration, and what a move from one to another enters and (where
 * stateFold's rule would not tell) leaves. A node moves between a handful of configurations all run
 * long: each is worked out once, and a move costs a few lookups.
 */
const configurations = new Map<string, readonly string[]>();
export const NO_LEAVES: readonly string[] = [];
configurations.set('', NO_LEAVES);
const moves = new WeakMap<
  readonly string[],
  Map<readonly string[], { entered: string[]; left: string[] | null }>
>();
const pathOf = new WeakMap<object, string>();

/**
 * The configurations already met, by their atomic state nodes in the snapshot's order (a trie of
 * weak maps, keyed by the node objects the machine keeps): a configuration met again costs a few
 * lookups, no string built and no sort.
 */
type Seen = { next: WeakMap<object, Seen>; leaves?: readonly string[] };
const seenRoot: Seen = { next: new WeakMap() };

/** The configuration's leaves, from the snapshot's active state nodes (or its value, as a fallback). */
export function leavesOf(snap: AnyMachineSnapshot): readonly string[] {
  const nodes = (snap as { _nodes?: ReadonlyArray<{ type: string; path: string[] }> })._nodes;
  if (!nodes) return leavesFrom(snap, nodes);
  let at = seenRoot;
  for (const n of nodes) {
    if (n.type !== 'atomic' && n.type !== 'final') continue;
    let next = at.next.get(n);
    if (next === undefined) {
      next = { next: new WeakMap() };
      at.next.set(n, next);
    }
    at = next;
  }
  // No atomic node (the value fallback) is left uncached, as before.
  if (at === seenRoot) return leavesFrom(snap, nodes);
  at.leaves ??= leavesFrom(snap, nodes);
  return at.leaves;
}

function leavesFrom(
  snap: AnyMachineSnapshot,
  nodes: ReadonlyArray<{ type: string; path: string[] }> | undefined,
): readonly string[] {
  let out: string[] = [];
  if (nodes)
    for (const n of nodes) {
      if (n.type !== 'atomic' && n.type !== 'final') continue;
      let p = pathOf.get(n);
      if (p === undefined) {
        p = n.path.join('.');
        pathOf.set(n, p);
      }
      out.push(p);
    }
  if (out.length === 0) out = leafPaths(snap.value);
  out.sort();
  const key = out.join('\n');
  const known = configurations.get(key);
  if (known) return known;
  configurations.set(key, out);
  return out;
}

export function moveOf(from: readonly string[], to: readonly string[]) {
  let byTo = moves.get(from);
  if (!byTo) {
    byTo = new Map();
    moves.set(from, byTo);
  }
  let m = byTo.get(to);
  if (!m) {
    const entered = to.filter((p) => !from.includes(p));
    const implied = impliedExits(from, entered);
    const left = from.filter((p) => !to.includes(p));
    m = { entered, left: left.join() !== implied.join() ? left : null };
    byTo.set(to, m);
  }
  return m;
}

export function sameNodes(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
