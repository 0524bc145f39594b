import type { Algorithm } from './algorithm.ts';
import { bully } from './bully/bully.ts';
import { heartbeat } from './heartbeat/heartbeat.ts';
import { lease } from './lease/lease.ts';
import { patroni } from './patroni/patroni.ts';

/** Every algorithm a scenario can name. A new algorithm is one file in this folder plus one line here. */
export const algorithms: Record<string, Algorithm> = { bully, heartbeat, lease, patroni };

export function algorithmFor(id: string): Algorithm {
  const a = algorithms[id];
  if (!a) throw new Error(`unknown algorithm "${id}" (known: ${Object.keys(algorithms).join(', ')})`);
  return a;
}
