/**
 * One live ZooKeeper run: a real 3-server ensemble (src/testing/zookeeper/ensemble.ts), each
 * candidate of the recipe in its own process (recipe.ts) talking to it through its own proxy
 * (src/testing/zookeeper/proxy.ts), the faults on a schedule, and the recording as a trace of the
 * zookeeper story (src/sim/trace format):
 * - the znodes under /election from an observer's getChildren watch (a znode deleted that no
 *   candidate removed is its session expiring: the recipe never deletes one), as the simulation's
 *   store changes (a session as a lease, a znode as a key it holds);
 * - each candidate's client state and leadership (its reports over IPC), its server (`client-server`);
 * - each server's life (`server` faults) and the ensemble's leader (`srvr`, polled): `ensemble-leader`;
 * - the leader's writes to the storage, which fences them by token as the story's does.
 * Node faults: crash = SIGKILL (restart = a new process), pause = SIGSTOP (resume = SIGCONT),
 * isolate = the proxy drops silently, and delivers in order on rejoin (a TCP cut, proxy.ts).
 * Node-only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import zookeeper, { type Client } from 'node-zookeeper-client';
import { ELECTION, STORAGE_HOST, ZK_HOST } from '../../sim/algorithms/zookeeper/keys.ts';
import type { Fault } from '../../sim/faults/table.ts';
import { scenarioParams } from '../../sim/inputs.ts';
import type { Params } from '../../sim/params.ts';
import type { Scenario, TimedFault } from '../../sim/scenario/schema.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import { sleep } from '../../testing/etcd/etcdServer.ts';
import { fourLetter, ZkEnsemble } from '../../testing/zookeeper/ensemble.ts';
import { ZkProxy } from '../../testing/zookeeper/proxy.ts';
import { makeParent, manager, withReadTimeout } from '../../testing/zookeeper/real.ts';
import { FirstSeen, storyScenario, storyTrace } from '../story.ts';
import type { RecipeConfig, RecipeReport } from './recipe.ts';
import { WatchesFired } from './watchesFired.ts';

/** What `--fault` can do here: the table's node faults, and its `server` form ("leader": the ensemble's). */
export type ZkLiveFault =
  | Extract<Fault, { kind: 'crash' | 'restart' | 'pause' | 'resume' | 'isolate' | 'rejoin' }>
  | { kind: 'server'; node: string; server: number | 'leader'; act?: 'kill' | 'restart' | 'stop' | 'resume' };

/** tickTime: the ensemble grants sessions of 2 to 20 ticks (Administrator's Guide, "Minimum Configuration"). */
export const ZK_TICK_MS = 200;

export const zookeeperScenario = (): Scenario => storyScenario('zookeeper');

/** The recording's head: the story's hosts, and its source, so the page says it was recorded live. */
export function zkTraceHead(params: Params, nodeIds: readonly string[], faults: readonly TimedFault[]) {
  return {
    params,
    hosts: [
      { id: ZK_HOST, kind: 'store' as const },
      { id: STORAGE_HOST, kind: 'resource' as const },
      ...nodeIds.map((id) => ({ id, kind: 'node' as const })),
    ],
    interventions: [...faults],
    source: 'zookeeper' as const,
  };
}

interface LiveNode {
  id: string;
  proxy: ZkProxy;
  child: ChildProcess | null;
  paused: boolean;
  session: string | null;
}

const RECIPE = fileURLToPath(new URL('./recipe.ts', import.meta.url));

export class ZkLiveRun {
  private readonly t0 = performance.now();
  readonly events: TraceEvent[] = [];
  private readonly faults: TimedFault[] = [];
  private timers: NodeJS.Timeout[] = [];
  private poller: NodeJS.Timeout | null = null;
  private observer: Client | null = null;
  private stopObserver: (() => void) | null = null;
  private znodes = new Map<string, number>();
  private sessions = new FirstSeen();
  private leaderServer: number | undefined;
  private endedAt: number | null = null;
  private highestToken: number | null = null;
  /** Changes to /election so far: the trace's revisions (each create and each delete is one). */
  private revision = 0;
  private readonly nodes: LiveNode[] = [];
  private readonly fired = new WatchesFired((path, at, watchers) =>
    this.emit({
      k: 'mark',
      t: at,
      node: ZK_HOST,
      name: 'watches-fired',
      data: { path, count: watchers.length, watchers: watchers.join(', ') },
    }),
  );

  private constructor(
    readonly ensemble: ZkEnsemble,
    readonly params: Params,
    readonly nodeCount: number,
  ) {}

  static async start(opts: {
    nodes: number;
    params: Partial<Params>;
    faults: Array<{ atMs: number; fault: ZkLiveFault }>;
  }): Promise<ZkLiveRun> {
    const params = scenarioParams(zookeeperScenario(), opts.params);
    const ensemble = await ZkEnsemble.start(ZK_TICK_MS);
    const run = new ZkLiveRun(ensemble, params, opts.nodes);
    try {
      await makeParent(ensemble, ELECTION);
      await run.begin(opts.faults);
    } catch (e) {
      await run.stop();
      throw e;
    }
    return run;
  }

  /** ms since the run started (the trace's clock). */
  now(): number {
    return Math.round(performance.now() - this.t0);
  }

  get dir(): string {
    return this.ensemble.dir;
  }

  private emit(e: TraceEvent): void {
    if (this.endedAt === null) this.events.push(e);
  }

  private mark(node: string, name: string, data?: Record<string, string | number | boolean | null>): void {
    this.emit({ k: 'mark', t: this.now(), node, name, ...(data ? { data } : {}) });
  }

  /** A session id as its number in the recording; its first sighting is its grant. */
  private sessionNumber(hex: string): number {
    const { n, first } = this.sessions.of(hex);
    if (first)
      this.emit({
        k: 'store',
        t: this.now(),
        change: {
          kind: 'lease-grant',
          lease: n,
          ttlSec: Number(this.params.sessionTimeoutMs) / 1000,
          deadlineMs: this.now() + Number(this.params.sessionTimeoutMs),
        },
      });
    return n;
  }

  private async begin(faults: Array<{ atMs: number; fault: ZkLiveFault }>): Promise<void> {
    await this.pollLeader();
    await this.observe();
    for (let i = 0; i < this.nodeCount; i++) {
      // Node i tries the servers from server i mod 3 + 1 on, so the clients spread over the ensemble.
      const order = [0, 1, 2].map((k) => ((i + k) % 3) + 1);
      const proxy = await ZkProxy.start(order.map((id) => [id, this.ensemble.server(id).clientPort]));
      const node: LiveNode = { id: `node-${i + 1}`, proxy, child: null, paused: false, session: null };
      this.nodes.push(node);
      this.spawn(node);
      // The story's start order: node-k's znode is the k-th (scenarios/zookeeper.ts, 500 ms apart).
      await this.waitFor(() => this.znodes.size > i || this.endedAt !== null, 15_000);
    }
    this.poller = setInterval(() => void this.pollLeader(), 300);
    for (const { atMs, fault } of faults)
      this.timers.push(setTimeout(() => void this.fault(fault), Math.max(0, atMs - this.now())));
  }

  private async waitFor(ok: () => boolean, ms: number): Promise<void> {
    const end = performance.now() + ms;
    while (!ok() && performance.now() < end) await sleep(50);
  }

  private spawn(n: LiveNode): void {
    const cfg: RecipeConfig = {
      id: n.id,
      connect: n.proxy.connectString(),
      sessionMs: Number(this.params.sessionTimeoutMs),
      writeIntervalMs: Number(this.params.writeIntervalMs),
      election: ELECTION,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', RECIPE, JSON.stringify(cfg)], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    n.child = child;
    n.paused = false;
    child.on('message', (m) => this.onReport(n, m as RecipeReport));
    child.once('exit', () => {
      if (n.child === child) n.child = null;
      this.notePids();
    });
    this.notePids();
  }

  private notePids(): void {
    this.ensemble.setExtraPids(this.nodes.flatMap((n) => (n.child?.pid ? [n.child.pid] : [])));
  }

  private onReport(n: LiveNode, r: RecipeReport): void {
    const t = this.now();
    switch (r.ev) {
      case 'state': {
        this.mark(n.id, 'client-state', { state: r.state });
        if (r.state === 'SyncConnected') {
          if (r.session) {
            n.session = r.session;
            this.sessionNumber(r.session);
          }
          const server = r.port === undefined ? undefined : n.proxy.ports.get(r.port);
          if (server !== undefined) this.mark(ZK_HOST, 'client-server', { client: n.id, server });
        }
        if (r.state === 'Disconnected') this.mark(n.id, 'disconnected');
        if (r.state === 'Expired')
          this.mark(n.id, 'session-expired', { session: n.session ? this.sessionNumber(n.session) : null });
        return;
      }
      case 'heard':
        // The session as the store panel shows a lease: renewed, its deadline a timeout from now.
        if (n.session)
          this.emit({
            k: 'store',
            t,
            change: {
              kind: 'lease-keepalive',
              lease: this.sessionNumber(n.session),
              ttlSec: Number(this.params.sessionTimeoutMs) / 1000,
              deadlineMs: t + Number(this.params.sessionTimeoutMs),
            },
          });
        return;
      case 'curator':
        this.mark(n.id, 'connection-state', { state: r.state });
        return;
      case 'znode':
        this.mark(n.id, 'znode-created', { path: r.path, seq: r.seq });
        return;
      case 'watching':
        this.mark(n.id, 'watching', { path: r.path, mine: r.mine });
        return;
      case 'watch-event':
        // ZooKeeper fires NodeDeleted after the deletion: if the observer has not seen it yet, it is now.
        this.gone(r.path.slice(ELECTION.length + 1), t);
        this.mark(n.id, 'watch-event', { path: r.path });
        this.fired.add(r.path, n.id, t);
        return;
      case 'role':
        if (r.role === 'leader') this.mark(n.id, 'leading', { seq: r.token ?? null });
        this.emit({
          k: 'role',
          t,
          node: n.id,
          role: r.role,
          ...(r.token !== undefined ? { token: r.token } : {}),
        });
        return;
      case 'step-down':
        this.mark(n.id, 'step-down', { reason: r.reason, token: r.token });
        return;
      case 'write': {
        // The storage fences by token (the story's fencing=true): a lower token than one seen is refused.
        const seen = this.highestToken;
        const fenced = Boolean(this.params.fencing) && seen !== null && r.token < seen;
        if (!fenced) this.highestToken = Math.max(seen ?? r.token, r.token);
        this.emit({
          k: 'write',
          t,
          node: n.id,
          resource: STORAGE_HOST,
          token: r.token,
          status: fenced ? 'rejected' : 'accepted',
          code: fenced ? 409 : 200,
          ...(fenced ? { reason: 'stale token' } : {}),
          seen,
          value: r.value,
        });
        return;
      }
    }
  }

  /** The observer: a plain client straight to the ensemble, listing /election on every change. */
  private async observe(): Promise<void> {
    const servers = this.ensemble.servers.map((s) => `127.0.0.1:${s.clientPort}`).join(',');
    const c = zookeeper.createClient(servers, { sessionTimeout: Number(this.params.sessionTimeoutMs) });
    this.stopObserver = withReadTimeout(manager(c), Number(this.params.sessionTimeoutMs));
    this.observer = c;
    const list = () => {
      if (this.observer !== c) return;
      c.getChildren(
        ELECTION,
        () => list(),
        (err, children) => {
          if (err || this.observer !== c) return;
          this.onChildren(c, children);
        },
      );
    };
    c.on('state', (s: zookeeper.State) => {
      if (s === zookeeper.State.SYNC_CONNECTED) list();
    });
    await new Promise<void>((resolve) => {
      c.once('connected', () => resolve());
      c.connect();
    });
  }

  /** A znode gone: the recipe deletes none, so its session ended (expiry; a close only at the end). */
  private gone(name: string, t: number): void {
    const lease = this.znodes.get(name);
    if (lease === undefined) return;
    this.znodes.delete(name);
    this.revision++;
    this.emit({ k: 'store', t, change: { kind: 'lease-expire', lease, revision: this.revision } });
    this.emit({
      k: 'store',
      t,
      change: {
        kind: 'delete',
        key: `${ELECTION}/${name}`,
        revision: this.revision,
        cause: 'lease-expired',
        lease,
      },
    });
  }

  private onChildren(c: Client, children: string[]): void {
    const t = this.now();
    const now = new Set(children);
    for (const name of [...this.znodes.keys()]) if (!now.has(name)) this.gone(name, t);
    for (const name of children) {
      if (this.znodes.has(name)) continue;
      this.znodes.set(name, 0);
      c.exists(`${ELECTION}/${name}`, (err, stat) => {
        if (err || !stat || !this.znodes.has(name)) return;
        const hex = stat.ephemeralOwner.toString('hex');
        const lease = this.sessionNumber(hex);
        this.znodes.set(name, lease);
        const owner = this.nodes.find((n) => n.session === hex)?.id ?? '?';
        const rev = ++this.revision;
        this.emit({
          k: 'store',
          t,
          change: {
            kind: 'put',
            kv: {
              key: `${ELECTION}/${name}`,
              value: `ephemeralOwner 0x${hex.replace(/^0+/, '')} (${owner})`,
              createRevision: rev,
              modRevision: rev,
              version: 0,
              lease,
            },
          },
        });
      });
    }
  }

  /** The ensemble's leader by `srvr` on every running server; a change is an `ensemble-leader` mark. */
  private async pollLeader(): Promise<void> {
    const modes = await Promise.all(
      this.ensemble.servers.map(async (s) =>
        this.ensemble.isAlive(s.id) && !this.ensemble.isPaused(s.id)
          ? /Mode: (\w+)/.exec(await fourLetter(s.clientPort, 'srvr', 250))?.[1]
          : undefined,
      ),
    );
    const i = modes.indexOf('leader');
    const leader = i < 0 ? undefined : this.ensemble.servers[i]?.id;
    if (leader === this.leaderServer || this.endedAt !== null) return;
    this.leaderServer = leader;
    this.mark(ZK_HOST, 'ensemble-leader', { server: leader ?? null });
  }

  /** The ensemble's leader as last polled. */
  ensembleLeader(): number | undefined {
    return this.leaderServer;
  }

  /** The node whose last role report was leader. */
  leader(): string | null {
    const last = new Map<string, string>();
    for (const e of this.events) if (e.k === 'role') last.set(e.node, e.role);
    return [...last].find(([, r]) => r === 'leader')?.[0] ?? null;
  }

  private node(id: string): LiveNode {
    const n = this.nodes.find((x) => x.id === id);
    if (!n) throw new RangeError(`unknown node ${id} (node-1 to node-${this.nodes.length})`);
    return n;
  }

  /** Applies a fault now; false when it changes nothing. Recorded as the simulation's form. */
  async fault(f: ZkLiveFault): Promise<boolean> {
    if (this.endedAt !== null) return false;
    const t = this.now();
    let fault: Fault;
    if (f.kind === 'server') {
      const id = f.server === 'leader' ? await this.currentLeader() : f.server;
      if (id === undefined) return false;
      const act = f.act ?? 'kill';
      const alive = this.ensemble.isAlive(id);
      if (act === 'kill' && alive) await this.ensemble.kill(id);
      else if (act === 'restart' && !alive) void this.ensemble.restart(id).catch(() => {});
      else if ((act !== 'stop' && act !== 'resume') || !this.ensemble.pause(id, act === 'stop')) return false;
      fault = { kind: 'server', node: ZK_HOST, server: id, act };
    } else {
      const n = this.node(f.node);
      const pid = n.child?.pid;
      switch (f.kind) {
        case 'crash':
          if (pid === undefined) return false;
          process.kill(pid, 'SIGKILL');
          n.child = null;
          break;
        case 'restart':
          if (n.child) return false;
          this.spawn(n);
          break;
        case 'pause':
          if (pid === undefined || n.paused) return false;
          process.kill(pid, 'SIGSTOP');
          n.paused = true;
          this.timers.push(setTimeout(() => void this.fault({ kind: 'resume', node: n.id }), f.durationMs));
          break;
        case 'resume':
          if (pid === undefined || !n.paused) return false;
          process.kill(pid, 'SIGCONT');
          n.paused = false;
          break;
        case 'isolate':
          if (n.proxy.isCut) return false;
          n.proxy.cut();
          break;
        case 'rejoin':
          if (!n.proxy.isCut) return false;
          n.proxy.heal();
          break;
      }
      fault = f;
    }
    this.faults.push({ atMs: t, fault });
    this.emit({ k: 'fault', t, fault, source: 'intervention' });
    return true;
  }

  /** The ensemble's leader now, asked afresh (the poll may be up to 300 ms old). */
  private async currentLeader(): Promise<number | undefined> {
    await this.pollLeader();
    return this.leaderServer;
  }

  trace(): Trace {
    return storyTrace(
      zookeeperScenario(),
      zkTraceHead(
        this.params,
        this.nodes.map((n) => n.id),
        this.faults,
      ),
      this.events,
      this.endedAt ?? this.now(),
    );
  }

  private stopping: Promise<Trace> | null = null;

  /** Stops the candidates, the observer and the polls, then the ensemble; the recording. */
  stop(): Promise<Trace> {
    this.stopping ??= (async () => {
      for (const h of this.timers) clearTimeout(h);
      this.fired.stop();
      if (this.poller) clearInterval(this.poller);
      this.endedAt ??= this.now();
      const trace = this.trace();
      for (const n of this.nodes) {
        const c = n.child;
        if (c?.pid === undefined) continue;
        try {
          process.kill(c.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      this.stopObserver?.();
      this.observer?.close();
      this.observer = null;
      await Promise.all(this.nodes.map((n) => n.proxy.close()));
      await this.ensemble.stop();
      return trace;
    })();
    return this.stopping;
  }
}
