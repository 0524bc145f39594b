import type { Algorithm } from './algorithm.ts';
import { bully } from './bully/index.ts';
import { cronjob } from './cronjob/index.ts';
import { dbjob } from './dbjob/index.ts';
import { declare, algorithmFor as declaredFor, declarationOf as declaredOf } from './declared.ts';
import { gossip } from './gossip/index.ts';
import { heartbeat } from './heartbeat/index.ts';
import { kubernetes } from './kubernetes/index.ts';
import { lease } from './lease/index.ts';
import { patroni } from './patroni/index.ts';
import { raft } from './raft/index.ts';
import { sharded } from './sharded/index.ts';
import { skiplocked } from './skiplocked/index.ts';
import { zookeeper } from './zookeeper/index.ts';

/**
 * Every algorithm a scenario can name, by its declaration. A new algorithm is one folder beside these
 * (knobs, rules and declaration in its index.ts; machines and hosts in its runtime.ts) plus one line
 * here, one in runtimes.ts, and its strings.
 */
export const algorithms = {
  bully,
  heartbeat,
  lease,
  patroni,
  gossip,
  kubernetes,
  zookeeper,
  dbjob,
  sharded,
  cronjob,
  skiplocked,
  raft,
} satisfies Record<string, Algorithm>;

export type AlgorithmId = keyof typeof algorithms;
/** In the registry's order: the sandbox's choice, the CLI's usage, the schema's enum. */
export const algorithmIds = Object.keys(algorithms) as [AlgorithmId, ...AlgorithmId[]];

/**
 * Every declaration, for the views and whatever else reads them from declared.ts: where the registry is
 * imported, all of them are declared. (A module-level call: the build keeps it wherever the registry's
 * own exports are used; the page declares them itself when its catalogue arrives, app/scenarioList.ts.)
 */
export function declareAll(): void {
  declare(Object.values(algorithms));
}
declareAll();

/**
 * declared.ts's lookups (one meaning each: what this process has declared), reached through the
 * registry: a caller that imports them from here has every algorithm declared. Not a re-export: the
 * bundler would resolve that to declared.ts, leave this module out and with it `declareAll()` (the
 * worker then knew no algorithm and answered no run).
 */
export const declarationOf = (id: string): Algorithm | null => declaredOf(id);
export const algorithmFor = (id: string): Algorithm => declaredFor(id);
