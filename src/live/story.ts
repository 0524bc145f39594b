/**
 * What the live runs of a story share (`--system patroni`, `--system zookeeper`): the story they record,
 * the `--fault MS:{...}` argument's time and object, and the recording as a trace of that story, so the
 * player draws it with the story's picture and panels and narrates it from the recorded events.
 * Node-only.
 */
import { scenarios } from '../../scenarios/index.ts';
import { UsageError } from '../cli/args.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { resolveSteps } from '../sim/trace/narrate.ts';
import { type Trace, traceOf } from '../sim/trace/trace.ts';

export function storyScenario(id: string): Scenario {
  const s = scenarios.find((x) => x.id === id);
  if (!s) throw new Error(`no ${id} scenario`);
  return s;
}

/**
 * A cluster's long ids (etcd's int64 lease ids, ZooKeeper's session ids) as 1, 2, 3... in the order
 * the recording meets them: a trace's lease numbers are doubles, which cannot keep an int64.
 */
export class FirstSeen {
  private readonly numbers = new Map<string, number>();
  /** The id's number, and whether this is the first time it is seen. */
  of(id: string): { n: number; first: boolean } {
    const known = this.numbers.get(id);
    if (known !== undefined) return { n: known, first: false };
    const n = this.numbers.size + 1;
    this.numbers.set(id, n);
    return { n, first: true };
  }
}

/** `--fault MS:{...}`: the whole milliseconds and the JSON object; what each kind takes is the caller's. */
export function faultArg(raw: string): { atMs: number; f: Record<string, unknown> } {
  const colon = raw.indexOf(':');
  const at = raw.slice(0, Math.max(0, colon));
  let f: Record<string, unknown>;
  try {
    f = JSON.parse(raw.slice(colon + 1)) as Record<string, unknown>;
  } catch {
    throw new UsageError(`--fault takes MS:{"kind":...}, got ${JSON.stringify(raw)}`);
  }
  if (!/^\d+$/.test(at))
    throw new UsageError(`--fault time must be a whole number of ms, got ${JSON.stringify(at)}`);
  return { atMs: Number(at), f };
}

/**
 * A live recording as a trace of its story: the events sorted by time, seed 0, the faults applied as
 * its interventions, and the story's steps resolved on the events (the story's own faults left out:
 * the recording has only those applied).
 */
export function storyTrace(
  story: Scenario,
  head: Pick<Trace, 'params' | 'hosts' | 'interventions'> & Partial<Pick<Trace, 'source' | 'etcd'>>,
  recorded: readonly TraceEvent[],
  durationMs: number,
): Trace {
  const events = [...recorded].sort((a, b) => a.t - b.t);
  const length = Math.max(1, durationMs);
  return traceOf(
    {
      version: 2,
      scenario: story.id,
      algorithm: story.algorithm,
      seed: 0,
      params: head.params,
      hosts: head.hosts,
      durationMs: length,
      interventions: [...head.interventions],
      ...(head.source !== undefined ? { source: head.source } : {}),
      ...(head.etcd !== undefined ? { etcd: head.etcd } : {}),
    },
    events,
    resolveSteps({ ...story, faults: [] }, events, length),
  );
}
