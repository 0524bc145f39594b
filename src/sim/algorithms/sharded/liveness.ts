/** Sharded leadership's liveness property for the chaos suite (src/sim/chaos). */
import type { LivenessResult } from '../../chaos/recovery.ts';
import { liveness, stableSince } from '../../chaos/recovery.ts';
import type { ChaosSchedule } from '../../chaos/schedule.ts';
import type { TraceEvent } from '../../trace/events.ts';
import type { Trace } from '../../trace/trace.ts';
import { shardKey, shardOfKey } from './keys.ts';

/**
 * `shard-leaders`: every shard's key is held, each by a node that is up and believes it leads
 * (the schedule's `shards` knob says how many).
 */
export function shardLeaders(trace: Trace, s: ChaosSchedule): LivenessResult {
  const until = s.faultsEndMs + s.boundMs;
  const shards = Number(s.params.shards);
  const holder = new Map<string, string>();
  const step = (e: TraceEvent) => {
    if (e.k !== 'store') return;
    if (e.change.kind === 'delete') holder.delete(e.change.key);
    if (e.change.kind === 'put' && shardOfKey(e.change.kv.key) !== null)
      holder.set(e.change.kv.key, e.change.kv.value);
  };
  let last: Set<string> = new Set();
  const missing = (ls: Set<string>) =>
    Array.from({ length: shards }, (_, i) => shardKey(i + 1)).filter((k) => !ls.has(holder.get(k) ?? ''));
  const since = stableSince(trace.events, until, step, (ls) => {
    last = new Set(ls);
    return missing(ls).length === 0;
  });
  return liveness(
    'shard-leaders',
    s,
    since,
    () =>
      `at ${until} ms no live leader for ${missing(last).join(', ')} (believers [${[...last].join(', ')}])`,
  );
}
