/**
 * Sharded leadership's figures for the CLI's JSON summary (`storyMetrics`), read off the writes the
 * storage accepted and the shards won.
 */
import { stopsHost } from '../../faults/table.ts';
import type { Params } from '../../params.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { shardItem } from './keys.ts';

export interface ShardFigures {
  [name: string]: number | null;
  /** Shards whose writes stopped for more than two write intervals after the first node went down. */
  unavailableShards: number | null;
  /** unavailableShards / shards: about 1/n with n nodes; 1 with a single leader for the cluster. */
  unavailableShardFraction: number | null;
  /** The longest such gap: from a shard's last write by its old leader to the first by its new one. */
  shardFailoverMs: number | null;
  /** Shards taken by a node other than the one that led them before. */
  shardsMoved: number;
}

/**
 * The failover window starts at the first crash or kill of a node. A leader writes each of its
 * shards every writeIntervalMs, so a gap of more than two intervals between a shard's accepted
 * writes from then on means nobody was writing it: it waited for a failover. Shards whose leader
 * lived keep writing through the window. Null when no node went down.
 */
export function shardFigures(events: readonly TraceEvent[], params: Params): ShardFigures {
  const shards = Number(params.shards);
  const limit = 2 * Number(params.writeIntervalMs);
  const down = events.find((e) => e.k === 'fault' && 'node' in e.fault && stopsHost(e.fault));
  let shardsMoved = 0;
  const leaderOf = new Map<string, string>();
  for (const e of events)
    if (e.k === 'mark' && e.name === 'shard-won' && typeof e.data?.shard === 'string') {
      const prev = leaderOf.get(e.data.shard);
      if (prev !== undefined && prev !== e.node) shardsMoved++;
      leaderOf.set(e.data.shard, e.node);
    }
  if (!down)
    return { unavailableShards: null, unavailableShardFraction: null, shardFailoverMs: null, shardsMoved };
  const from = down.t;
  const end = events.at(-1)?.t ?? from;
  let unavailable = 0;
  let longest = 0;
  for (let s = 1; s <= shards; s++) {
    const item = shardItem(s);
    const times = events
      .filter((e) => e.k === 'write' && e.status === 'accepted' && e.key === item)
      .map((e) => e.t);
    let prev = times.filter((t) => t <= from).at(-1) ?? from;
    let gap = 0;
    for (const t of times) if (t > from) [gap, prev] = [Math.max(gap, t - prev), t];
    gap = Math.max(gap, end - prev);
    if (gap > limit) {
      unavailable++;
      longest = Math.max(longest, gap);
    }
  }
  return {
    unavailableShards: unavailable,
    unavailableShardFraction: Math.round((unavailable / shards) * 1000) / 1000,
    shardFailoverMs: unavailable > 0 ? longest : null,
    shardsMoved,
  };
}
