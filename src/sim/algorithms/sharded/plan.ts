/**
 * What a sharded node makes of one read of `/shards/`: the shards it no longer holds, which free
 * shards it campaigns for now, and how long it has seen each one free. Pure, so the rule is tested
 * on its own (sharded.test.ts).
 *
 * The rule: a node campaigns for a free shard once it has seen it free in more consecutive polls
 * than its place among the shard's candidates (rendezvous order, keys.ts). The first candidate
 * campaigns at its first sight, the second one poll later, and so on: the highest-ranked live node
 * takes the shard, as Kafka hands a partition to its preferred replica, the first of its replica
 * list, and on failure to the next one in sync (Kafka documentation, "Replication").
 */
import type { KeyValue } from '../../store/api.ts';
import { candidatesOf, shardKey } from './keys.ts';

export interface PollView {
  me: string;
  nodeIds: readonly string[];
  shards: number;
  /** This node's session lease (keys under another lease are not its own). */
  lease: number;
  /** shard -> fencing token, for the shards it leads. */
  held: Readonly<Record<number, number>>;
  /** freeSeen[s - 1]: consecutive polls that saw shard s free. */
  freeSeen: readonly number[];
}

export interface PollPlan {
  held: Record<number, number>;
  freeSeen: number[];
  /** Shards it led whose key is gone or another's now. */
  lost: number[];
  /** Its own keys it did not know of (a lost TXN answer): it leads them, token = create_revision. */
  adopted: number[];
  campaign: number[];
}

export function planPoll(v: PollView, kvs: readonly KeyValue[]): PollPlan {
  const byKey = new Map(kvs.map((kv) => [kv.key, kv]));
  const held: Record<number, number> = {};
  const freeSeen: number[] = [];
  const lost: number[] = [];
  const adopted: number[] = [];
  const campaign: number[] = [];
  for (let s = 1; s <= v.shards; s++) {
    const kv = byKey.get(shardKey(s));
    const mine = kv !== undefined && kv.value === v.me && kv.lease === v.lease;
    const token = v.held[s];
    if (mine) {
      held[s] = token ?? kv.createRevision;
      if (token === undefined) adopted.push(s);
    } else if (token !== undefined) lost.push(s);
    const seen = kv ? 0 : (v.freeSeen[s - 1] ?? 0) + 1;
    freeSeen.push(seen);
    if (!kv && seen > candidatesOf(s, v.nodeIds).indexOf(v.me)) campaign.push(s);
  }
  return { held, freeSeen, lost, adopted, campaign };
}
