/**
 * Operation scripts run against the ZooKeeper model (model.ts) and a real 3-server ensemble
 * (real.ts), whose normalised answers, watch events and client states must agree (compare.ts).
 *
 * Conventions: each script works under its own persistent parent; znodes are named relative to it
 * ("n_0000000000"); clients are named by letter, and client i (in order of first connect) lists the
 * servers starting at server i mod 3 + 1, so which server it reaches is known. A cut's `during` steps
 * run (by other clients) while it lasts; the script's clients do an operation right before a cut, so
 * the session was renewed when the cut began. Timing is ZooKeeper's with tickTime = TICK_MS.
 */
import { createRng } from '../../lib/rng.ts';
import { pingIntervalMs, readTimeoutMs } from '../../sim/algorithms/zookeeper/machine.ts';

/** The ensemble's tickTime: the session timeout it grants lies in [2, 20] x tickTime. */
export const TICK_MS = 200;
/** 20 x tickTime, the largest the servers grant; also the lab's smallest sessionTimeoutMs. */
export const SESSION_MS = 4000;
export const READ_TIMEOUT_MS = readTimeoutMs(SESSION_MS);
export const PING_MS = pingIntervalMs(SESSION_MS);

export type Step =
  | { op: 'connect'; c: string }
  | { op: 'create'; c: string }
  | { op: 'children'; c: string }
  | { op: 'exists'; c: string; node: string; watch: boolean }
  | { op: 'delete'; c: string; node: string }
  /** The server c's connection goes to now (1-3). */
  | { op: 'where'; c: string }
  | { op: 'wait'; ms: number }
  /**
   * Every chunk on c's path goes through `ms` later from now on (0 ends it). The model has no latency:
   * a delay well under the read timeout must change no answer, no event, no state, only times.
   */
  | { op: 'delay'; c: string; ms: number }
  /** A silent cut of c's path to every server for `ms`; `during` runs right after it starts. */
  | { op: 'cut'; c: string; ms: number; during?: Step[] }
  /** c's connection is reset (RST), as when its server's process dies; `during` runs right after. */
  | { op: 'reset'; c: string; during?: Step[] }
  /**
   * SIGKILL the server c is connected to (its other clients lose it too); restarted at the end. It
   * must be a follower: the ensemble's own leader election, which a dead leader costs, is not modelled.
   */
  | { op: 'kill'; c: string }
  /** SIGKILL server 1-3 (3 is the ensemble's leader in a script that kills); restarted at the end. */
  | { op: 'killServer'; server: number }
  /** Starts a killed server again; what follows is timed from when it serves. */
  | { op: 'restartServer'; server: number };

export interface Script {
  name: string;
  description: string;
  steps: Step[];
  /** Kills a server: runs alone on the ensemble. */
  exclusive?: boolean;
}

/** After a heal or a reset, long enough for a reconnect (connect timeout + spin delay) to land. */
export const SETTLE_MS = 2500;

const n = (i: number) => `n_${String(i).padStart(10, '0')}`;

export const scripts: Script[] = [
  {
    name: 'recipe-basics',
    description: 'ephemeral sequential names, getChildren, exists with a watch, delete fires NodeDeleted',
    steps: [
      { op: 'connect', c: 'A' },
      { op: 'connect', c: 'B' },
      { op: 'create', c: 'A' },
      { op: 'create', c: 'B' },
      { op: 'children', c: 'A' },
      { op: 'exists', c: 'B', node: n(0), watch: true },
      { op: 'exists', c: 'B', node: n(7), watch: false },
      { op: 'delete', c: 'A', node: n(0) },
      { op: 'delete', c: 'A', node: n(0) },
      { op: 'wait', ms: 300 },
      { op: 'children', c: 'B' },
      { op: 'create', c: 'A' },
      { op: 'children', c: 'B' },
      { op: 'where', c: 'A' },
      { op: 'where', c: 'B' },
    ],
  },
  {
    name: 'session-expiry',
    description:
      'a client cut for longer than its session: Disconnected at the read timeout, its znode deleted at expiry (the watcher sees NodeDeleted), Expired when it comes back',
    steps: [
      { op: 'connect', c: 'A' },
      { op: 'connect', c: 'B' },
      { op: 'create', c: 'A' },
      { op: 'create', c: 'B' },
      { op: 'exists', c: 'B', node: n(0), watch: true },
      { op: 'children', c: 'A' },
      { op: 'cut', c: 'A', ms: SESSION_MS + 1500 },
      { op: 'children', c: 'B' },
    ],
  },
  {
    name: 'short-silent-cut',
    description:
      'a cut shorter than the read timeout: the watched znode deleted meanwhile, NodeDeleted arrives late, in order, and the client never leaves SyncConnected',
    steps: [
      { op: 'connect', c: 'A' },
      { op: 'connect', c: 'B' },
      { op: 'create', c: 'A' },
      { op: 'create', c: 'B' },
      { op: 'exists', c: 'B', node: n(0), watch: true },
      { op: 'cut', c: 'B', ms: 1200, during: [{ op: 'delete', c: 'A', node: n(0) }] },
      { op: 'children', c: 'B' },
    ],
  },
  {
    name: 'long-silent-cut',
    description:
      'a cut longer than the read timeout, shorter than the session: Disconnected, then SyncConnected with the session, and SetWatches brings the NodeDeleted it missed',
    steps: [
      { op: 'connect', c: 'A' },
      { op: 'connect', c: 'B' },
      { op: 'create', c: 'A' },
      { op: 'create', c: 'B' },
      { op: 'exists', c: 'B', node: n(0), watch: true },
      { op: 'cut', c: 'B', ms: 3100, during: [{ op: 'delete', c: 'A', node: n(0) }] },
      { op: 'children', c: 'B' },
    ],
  },
  {
    name: 'slow-link',
    description:
      'a client whose every byte takes 150 ms more: the same answers, the watch event late, no state change',
    steps: [
      { op: 'connect', c: 'A' },
      { op: 'connect', c: 'B' },
      { op: 'create', c: 'A' },
      { op: 'delay', c: 'B', ms: 150 },
      { op: 'create', c: 'B' },
      { op: 'exists', c: 'B', node: n(0), watch: true },
      { op: 'delete', c: 'A', node: n(0) },
      { op: 'wait', ms: 600 },
      { op: 'children', c: 'B' },
      { op: 'delay', c: 'B', ms: 0 },
    ],
  },
  {
    name: 'reset',
    description:
      'a reset connection: Disconnected at once, SyncConnected on the next server, and the NodeDeleted of a deletion made meanwhile',
    steps: [
      { op: 'connect', c: 'A' },
      { op: 'connect', c: 'B' },
      { op: 'create', c: 'A' },
      { op: 'create', c: 'B' },
      { op: 'exists', c: 'B', node: n(0), watch: true },
      { op: 'reset', c: 'B', during: [{ op: 'delete', c: 'A', node: n(0) }] },
      { op: 'where', c: 'B' },
      { op: 'children', c: 'B' },
    ],
  },
  {
    name: 'server-death',
    description:
      'the server a client is connected to dies: Disconnected at once, SyncConnected on the next server of its list with its session, and its watch still fires',
    exclusive: true,
    steps: [
      { op: 'connect', c: 'A' },
      { op: 'connect', c: 'B' },
      { op: 'create', c: 'A' },
      { op: 'create', c: 'B' },
      { op: 'exists', c: 'B', node: n(0), watch: true },
      { op: 'where', c: 'B' },
      { op: 'kill', c: 'B' },
      { op: 'where', c: 'B' },
      { op: 'where', c: 'A' },
      { op: 'delete', c: 'A', node: n(0) },
      { op: 'wait', ms: 300 },
      { op: 'children', c: 'B' },
    ],
  },
  {
    name: 'quorum-loss',
    description:
      'two servers of three dead for longer than the sessions: the clients are Disconnected and nothing expires; quorum back, they are SyncConnected with their sessions and their watches',
    exclusive: true,
    steps: [
      { op: 'connect', c: 'A' },
      { op: 'connect', c: 'B' },
      { op: 'create', c: 'A' },
      { op: 'create', c: 'B' },
      { op: 'exists', c: 'B', node: n(0), watch: true },
      { op: 'killServer', server: 1 },
      { op: 'killServer', server: 3 },
      { op: 'wait', ms: SESSION_MS + 1000 },
      { op: 'restartServer', server: 1 },
      { op: 'children', c: 'A' },
      { op: 'delete', c: 'A', node: n(0) },
      { op: 'wait', ms: 300 },
      { op: 'children', c: 'B' },
    ],
  },
];

/**
 * A random script: up to three clients, operations, waits, and cuts of the three kinds, each picked
 * away from the boundaries the tolerance cannot tell apart (a short cut well under the read timeout
 * less a ping interval, a long one between the read timeout and the session timeout, an expiring one
 * well past the session timeout and the server's tick).
 */
export function randomScript(seed: number, length = 14): Script {
  const rng = createRng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)] as T;
  const steps: Step[] = [];
  const clients = ['A', 'B', 'C'].slice(0, rng.int(2, 3));
  const connected = new Set<string>();
  let created = 0;
  const live = () => clients.filter((c) => connected.has(c));
  const names = () => Array.from({ length: created }, (_, i) => n(i));
  const op = (c: string): Step => {
    const r = rng.int(0, 9);
    if (r < 3 || created === 0) {
      created++;
      return { op: 'create', c };
    }
    if (r < 5) return { op: 'children', c };
    if (r < 8) return { op: 'exists', c, node: pick(names()), watch: rng.chance(0.8) };
    return { op: 'delete', c, node: pick(names()) };
  };
  for (const c of clients) {
    steps.push({ op: 'connect', c });
    connected.add(c);
  }
  for (let i = 0; i < length; i++) {
    const r = rng.int(0, 9);
    const c = pick(live());
    if (r < 6 || live().length < 2) steps.push(op(c));
    else if (r < 7) steps.push({ op: 'wait', ms: rng.int(2, 10) * 100 });
    else {
      // The victim renews its session right before the cut (see the file's comment).
      steps.push({ op: 'children', c });
      const others = live().filter((x) => x !== c);
      const during = Array.from({ length: rng.int(0, 2) }, () => op(pick(others)));
      const kind = rng.int(0, 3);
      if (kind === 0) steps.push({ op: 'reset', c, during });
      else {
        const ms =
          kind === 1
            ? rng.int(6, 12) * 100
            : kind === 2
              ? rng.int(3000, 3200)
              : SESSION_MS + rng.int(10, 16) * 100;
        steps.push({ op: 'cut', c, ms, during });
        if (kind === 3) {
          connected.delete(c);
          if (live().length < 2) break;
        }
      }
    }
  }
  const last = live()[0];
  if (last !== undefined) steps.push({ op: 'children', c: last });
  return { name: `random-${seed}`, description: `random script, seed ${seed}`, steps };
}
