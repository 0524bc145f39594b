import { mapShapeHosts } from '../faults/shape.ts';
import { type Fault, specOf } from '../faults/table.ts';
import type { Scenario, Shows, TimedFault } from './schema.ts';

/**
 * Scenario files may name nodes by rank so a story scales with --nodes: `node-last` is the highest id,
 * `node-last-1` the one below it (same for any prefix, e.g. `pg-last`). Concrete ids pass through.
 */
export function resolveAlias(id: string, nodeIds: string[]): string {
  const m = /^(.*)-last(?:-(\d+))?$/.exec(id);
  if (!m) return id;
  const k = Number(m[2] ?? 0);
  const target = nodeIds[nodeIds.length - 1 - k];
  return target?.startsWith(`${m[1]}-`) ? target : id;
}

function resolveFault(f: Fault, ids: string[]): Fault {
  return mapShapeHosts(specOf(f).fields, f, (x) => resolveAlias(x, ids));
}

export function resolveFaults(faults: TimedFault[], nodeIds: string[]): TimedFault[] {
  return faults.map((tf) => ({ atMs: tf.atMs, fault: resolveFault(tf.fault, nodeIds) }));
}

/** The scenario with aliases in its faults, step anchors and declared pictures replaced by this cluster's ids. */
export function resolveScenarioAliases(s: Scenario, nodeIds: string[]): Scenario {
  const r = (x: string | undefined) => (x === undefined ? undefined : resolveAlias(x, nodeIds));
  return {
    ...s,
    faults: resolveFaults(s.faults, nodeIds),
    steps: s.steps.map((st) => ({
      ...st,
      ...(st.shows ? { shows: resolveShows(st.shows, nodeIds) } : {}),
      anchor: {
        ...st.anchor,
        ...(st.anchor.node ? { node: r(st.anchor.node) } : {}),
        ...(st.anchor.from ? { from: r(st.anchor.from) } : {}),
        ...(st.anchor.to ? { to: r(st.anchor.to) } : {}),
      },
    })),
  };
}

/** A step's declared picture with its nodes named for this cluster (`node-last` drawn as a leader). */
function resolveShows(shows: Shows, nodeIds: string[]): Shows {
  const r = (x: string) => resolveAlias(x, nodeIds);
  const keyed = <V>(rec: Record<string, V> | undefined) =>
    rec && Object.fromEntries(Object.entries(rec).map(([k, v]) => [r(k), v]));
  return {
    ...shows,
    ...(shows.roles ? { roles: keyed(shows.roles) } : {}),
    ...(shows.tokens ? { tokens: keyed(shows.tokens) } : {}),
    ...(shows.message
      ? {
          message: {
            ...shows.message,
            ...(shows.message.from ? { from: r(shows.message.from) } : {}),
            ...(shows.message.to ? { to: r(shows.message.to) } : {}),
          },
        }
      : {}),
    ...(shows.holder?.node ? { holder: { ...shows.holder, node: r(shows.holder.node) } } : {}),
    ...(shows.write ? { write: { ...shows.write, node: r(shows.write.node) } } : {}),
  };
}

/** Caption variables every step gets: the cluster size and the highest ids. */
export function clusterVars(nodeIds: string[]): Record<string, string | number> {
  return {
    n: nodeIds.length,
    last: nodeIds[nodeIds.length - 1] ?? '',
    secondLast: nodeIds[nodeIds.length - 2] ?? '',
  };
}
