/**
 * `npm run live -- [--headless] [simulator CLI options]`: the simulator CLI's own options
 * (src/cli/args.ts) for the sandbox's lease algorithm, plus `--headless`, and `--fault` also takes
 * store faults (`{"kind":"member-kill","member":1}`: member-stop, member-resume, member-kill,
 * member-restart, member 1 to 3). Node-only.
 */
import { scenarios } from '../../scenarios/index.ts';
import { type CliArgs, parseArgs, UsageError } from '../cli/args.ts';
import { scenarioParams } from '../sim/inputs.ts';
import type { Params } from '../sim/params.ts';
import { withAlgorithm } from '../sim/scenario/sandbox.ts';
import { GROUP_DURATION_MS, GROUP_SCHEDULE, type ScheduledStoreFault } from './groupCompare.ts';
import {
  isLiveNodeFault,
  isStoreFault,
  type LiveNodeFault,
  type StoreFault,
  storeFaultKinds,
} from './run.ts';

export interface LiveArgs {
  headless: boolean;
  /** `--compare`: the headless summary also holds the same schedule simulated (src/live/compare.ts). */
  compare: boolean;
  /**
   * `--compare --runs N`: the member faults N times on a fresh cluster each, beside the store group
   * simulated (storeMembers 3) with seeds 1..N (src/live/groupCompare.ts); null without `--runs`.
   */
  runs: number | null;
  /** `--out FILE`: the headless recording is written there too (with `--runs`, FILE-1.json, FILE-2.json...). */
  out: string | null;
  cli: CliArgs;
  params: Params;
  nodes: number;
  durationMs: number;
  nodeFaults: Array<{ atMs: number; fault: LiveNodeFault }>;
  storeFaults: Array<{ atMs: number; fault: ScheduledStoreFault }>;
}

/** A live cluster of three nodes by default: the smallest that shows a failover to a second follower. */
export const LIVE_NODES = 3;
/** Headless runs stop here unless `--duration` says otherwise. */
export const LIVE_DURATION_MS = 60_000;

function storeFault(raw: string): { atMs: number; fault: ScheduledStoreFault } | null {
  const colon = raw.indexOf(':');
  if (colon <= 0) return null;
  let f: unknown;
  try {
    f = JSON.parse(raw.slice(colon + 1));
  } catch {
    return null;
  }
  if (typeof f !== 'object' || f === null || !isStoreFault(f as { kind: string })) return null;
  const atMs = Number(raw.slice(0, colon));
  const member = (f as { member?: unknown }).member;
  const keys = Object.keys(f);
  if (!/^\d+$/.test(raw.slice(0, colon)) || !Number.isSafeInteger(atMs))
    throw new UsageError(
      `--fault time must be a whole number of ms, got ${JSON.stringify(raw.slice(0, colon))}`,
    );
  const kind = (f as StoreFault).kind;
  if (member === 'leader' && keys.length === 2 && (kind === 'member-kill' || kind === 'member-stop'))
    return { atMs, fault: { kind, member } };
  if (
    typeof member !== 'number' ||
    !Number.isInteger(member) ||
    member < 1 ||
    member > 3 ||
    keys.length !== 2
  )
    throw new UsageError(
      `--fault at ${atMs} ms: ${kind} takes {"kind","member"} with member 1, 2 or 3, or "leader" for member-kill and member-stop (kinds: ${storeFaultKinds.join(', ')})`,
    );
  return { atMs, fault: { kind, member } };
}

export function parseLiveArgs(argv: string[]): LiveArgs {
  let headless = false;
  let compare = false;
  let runs: number | null = null;
  let out: string | null = null;
  const rest: string[] = [];
  const storeFaults: LiveArgs['storeFaults'] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--headless') {
      headless = true;
      continue;
    }
    if (a === '--compare') {
      compare = true;
      continue;
    }
    if (a === '--out') {
      out = argv[++i] ?? null;
      if (out === null || out === '') throw new UsageError('--out needs a file name');
      continue;
    }
    if (a === '--runs') {
      const v = argv[++i];
      if (v === undefined || !/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 20)
        throw new UsageError('--runs: 1 to 20');
      runs = Number(v);
      continue;
    }
    if (a === '--fault' || a.startsWith('--fault=')) {
      const v = a === '--fault' ? argv[i + 1] : a.slice('--fault='.length);
      const sf = v === undefined ? null : storeFault(v);
      if (sf) {
        storeFaults.push(sf);
        if (a === '--fault') i++;
        continue;
      }
    }
    rest.push(a);
  }
  const sandbox = scenarios.find((s) => s.id === 'sandbox');
  if (!sandbox) throw new Error('no sandbox scenario');
  const cli = parseArgs(['sandbox', '--algorithm', 'lease', '--no-script', ...rest], scenarios);
  const given = cli.params;
  // The keepalive interval follows a TTL given alone: clientv3 keeps a lease alive every TTL/3
  // (client/v3/lease.go sendKeepAliveLoop: "send update to server every TTL/3").
  const knobs: Partial<Params> = { ...given };
  if (given.ttlS !== undefined && given.renewS === undefined) knobs.renewS = Number(given.ttlS) / 3;
  const params = scenarioParams(withAlgorithm(sandbox, 'lease'), knobs);
  const nodeFaults: LiveArgs['nodeFaults'] = [];
  for (const tf of cli.faults) {
    if (!isLiveNodeFault(tf.fault))
      throw new UsageError(
        `--fault ${tf.fault.kind}: live mode takes crash, restart, pause, resume, isolate, rejoin and member faults`,
      );
    const node = tf.fault.node;
    const n = cli.nodes ?? LIVE_NODES;
    if (!/^node-\d+$/.test(node) || Number(node.slice(5)) < 1 || Number(node.slice(5)) > n)
      throw new UsageError(`--fault ${tf.fault.kind}: unknown node "${node}" (node-1 to node-${n})`);
    nodeFaults.push({ atMs: tf.atMs, fault: tf.fault });
  }
  const nodes = cli.nodes ?? LIVE_NODES;
  if (nodes > 9) throw new UsageError('--nodes: live mode runs 1 to 9 nodes');
  if (runs !== null && !(compare && headless)) throw new UsageError('--runs goes with --headless --compare');
  if (runs !== null && nodeFaults.length > 0)
    throw new UsageError('--runs compares member faults only: it takes no node faults');
  // The store-group comparison's own schedule when none is given (groupCompare.ts).
  if (runs !== null && storeFaults.length === 0) storeFaults.push(...GROUP_SCHEDULE);
  const durationMs = cli.durationMs ?? (runs !== null ? GROUP_DURATION_MS : LIVE_DURATION_MS);
  return {
    headless,
    compare,
    runs,
    out,
    cli,
    params,
    nodes,
    durationMs,
    nodeFaults,
    storeFaults,
  };
}
