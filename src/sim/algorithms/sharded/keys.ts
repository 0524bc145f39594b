/**
 * Sharded leadership's keys in etcd and its assignment rule. Each shard has its own leader key,
 * `/shards/<nn>/leader`, held under the holder's session lease; the key's create_revision is the
 * shard's fencing token (etcd api.md: revisions only grow, so a later holder of the same key always
 * has a higher one).
 */
export { STORAGE_HOST, STORE_HOST } from '../lease/keys.ts';

export const SHARD_PREFIX = '/shards/';
/** The `shards` knob's upper bound: every shard key is declared up front (leadership.keys). */
export const MAX_SHARDS = 24;

/** Shard numbers are 1-based and zero-padded, so the store lists the keys in shard order. */
export const shardName = (shard: number): string => String(shard).padStart(2, '0');
export const shardKey = (shard: number): string => `${SHARD_PREFIX}${shardName(shard)}/leader`;
/** What a shard's writes carry to the storage: the item its fencing token guards. */
export const shardItem = (shard: number): string => `shard-${shardName(shard)}`;

/** The shard a leader key names, or null for any other key. */
export function shardOfKey(key: string): number | null {
  const m = /^\/shards\/(\d+)\/leader$/.exec(key);
  return m ? Number(m[1]) : null;
}

export const allShardKeys: readonly string[] = Array.from({ length: MAX_SHARDS }, (_, i) => shardKey(i + 1));

/** 32-bit FNV-1a (Fowler, Noll, Vo; IETF draft-eastlake-fnv), then murmur3's fmix32 finalizer to spread the bits. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Rendezvous (highest random weight) hashing: every node scores `hash(<shard path>/<node>)` and the
 * shard's candidates are the nodes by falling score (D. Thaler and C. Ravishankar, "Using Name-Based
 * Mappings to Increase Hit Rates", IEEE/ACM Trans. Networking 6(1), 1998). When a node goes, only
 * the shards it topped move, each to its own next candidate: the others keep their leader.
 */
export function candidatesOf(shard: number, nodeIds: readonly string[]): string[] {
  const score = new Map(nodeIds.map((n) => [n, hash32(`${SHARD_PREFIX}${shardName(shard)}/${n}`)]));
  return [...nodeIds].sort((a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0) || (a < b ? -1 : 1));
}

/** The shards each node is the first candidate of (its preferred shards), in shard order. */
export function preferredShards(nodeIds: readonly string[], shards: number): Map<string, number[]> {
  const out = new Map(nodeIds.map((n) => [n, [] as number[]]));
  for (let s = 1; s <= shards; s++) out.get(candidatesOf(s, nodeIds)[0] as string)?.push(s);
  return out;
}
