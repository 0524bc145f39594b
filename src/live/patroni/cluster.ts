/**
 * A real Patroni cluster on loopback for `npm run live -- --system patroni`: the live 3-member etcd
 * (src/live/cluster.ts), three PostgreSQL 15 each under its own Patroni 3.0.2, and HAProxy 2.6 in
 * front of them, on free ports, with every data dir in ONE temporary folder watched by the reaper
 * (src/live/reaper.ts). As root, PostgreSQL, Patroni and HAProxy run as Debian's `postgres` user.
 *
 * Patroni reaches etcd only through TcpProxy ports of its own (etcd3 `use_proxies: true`: "Patroni
 * will consider hosts as a list of proxies and will not perform a topology discovery of etcd
 * cluster", Patroni docs, YAML Configuration Settings, Etcd), and HAProxy checks each REST port
 * through another, so a node can be cut from etcd or from HAProxy's checks.
 *
 * Stopping: Patroni's groups are SIGKILLed first (no Patroni restarts a postmaster), then each
 * postmaster found in its `postmaster.pid` gets SIGQUIT (PostgreSQL's immediate shutdown, which still
 * removes its shared memory) and SIGKILL after 5 s; the segments a SIGKILLed postmaster left (recorded
 * from /proc/<pid>/maps and postmaster.pid while it ran) are removed; then etcd, the proxies, the folder.
 * Node-only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts, sleep } from '../../testing/etcd/etcdServer.ts';
import { EtcdCluster } from '../cluster.ts';
import { startReaper, writeList } from '../reaper.ts';
import { haproxyConfig, patroniConfig, SCOPE } from './config.ts';
import { findPatroniBins, type PatroniBins, postgresUser } from './deps.ts';
import { gone, postmasterOf, SharedMemory, signal, signalGroup } from './postmasters.ts';
import { TcpProxy } from './tcpProxy.ts';
import type { PatroniCredentials, PatroniStatus, PgNode } from './types.ts';

export { DCS, HAPROXY, NAMESPACE, SCOPE } from './config.ts';

const all = new Set<PatroniCluster>();
process.once('exit', () => {
  for (const c of all) c.stopNow();
});

export class PatroniCluster {
  private readonly memory: SharedMemory;
  /** Patroni's `synchronous_mode` (config.ts), set before the nodes are configured. */
  private synchronousMode = false;

  private constructor(
    readonly dir: string,
    readonly bins: PatroniBins,
    readonly etcd: EtcdCluster,
    readonly nodes: PgNode[],
    readonly haproxyPort: number,
    readonly statsPort: number,
    readonly creds: PatroniCredentials,
    private readonly user: { uid: number; gid: number } | null,
    private haproxy: ChildProcess | null = null,
    private haproxyLog = '',
  ) {
    this.memory = new SharedMemory(dir);
  }

  /** Every port this cluster listens on (etcd's, PostgreSQL's, REST, proxies, HAProxy's). */
  ports(): number[] {
    return [
      ...this.etcd.endpoints.flatMap((u) => [Number(new URL(u).port)]),
      ...this.nodes.flatMap((n) => [
        n.pgPort,
        n.restPort,
        n.restProxy.port,
        ...n.etcdProxies.map((p) => p.port),
      ]),
      this.haproxyPort,
      this.statsPort,
    ];
  }

  static async start(
    opts: { nodes?: number; timeoutMs?: number; synchronousMode?: boolean } = {},
  ): Promise<PatroniCluster> {
    const bins = findPatroniBins();
    const user = postgresUser();
    const dir = await mkdtemp(join(tmpdir(), 'lel-patroni-'));
    // If this process dies without cleaning up, the watcher reaps everything listed in the folder.
    startReaper(dir);
    if (user) chownSync(dir, user.uid, user.gid);
    let etcd: EtcdCluster | null = null;
    const proxies: TcpProxy[] = [];
    try {
      etcd = await EtcdCluster.start({ bin: bins.etcd, dir });
      const n = opts.nodes ?? 3;
      const ports = await freePorts(2 * n + 2);
      const secret = () => randomBytes(18).toString('base64url');
      const creds: PatroniCredentials = {
        superuser: { username: 'postgres', password: secret() },
        replication: { username: 'replicator', password: secret() },
      };
      const patroniUser = { user: `patroni-${randomBytes(4).toString('hex')}`, password: secret() };
      await addEtcdUser(etcd, patroniUser);
      const memberPorts = etcd.endpoints.map((u) => Number(new URL(u).port));
      const nodes: PgNode[] = [];
      for (let i = 0; i < n; i++) {
        const restPort = ports[2 * i + 1] as number;
        const restProxy = await TcpProxy.start(restPort);
        proxies.push(restProxy);
        const etcdProxies: TcpProxy[] = [];
        for (const p of memberPorts) {
          const proxy = await TcpProxy.start(p);
          proxies.push(proxy);
          etcdProxies.push(proxy);
        }
        nodes.push({
          name: `pg-${i + 1}`,
          dir: join(dir, `pg-${i + 1}`),
          pgPort: ports[2 * i] as number,
          restPort,
          restProxy,
          etcdProxies,
          child: null,
          pgid: null,
          log: '',
          leaderLoops: [],
          stopped: false,
        });
      }
      const c = new PatroniCluster(
        dir,
        bins,
        etcd,
        nodes,
        ports[2 * n] as number,
        ports[2 * n + 1] as number,
        creds,
        user,
      );
      all.add(c);
      c.synchronousMode = opts.synchronousMode ?? false;
      try {
        for (const node of nodes) c.configure(node, patroniUser);
        // pg-1 first, alone, so it bootstraps and is the primary (the story's order); then the others.
        c.spawnPatroni(nodes[0] as PgNode);
        c.spawnHaproxy();
        const deadline = performance.now() + (opts.timeoutMs ?? 120_000);
        await c.waitFor('pg-1 to run as the primary', deadline, async () => {
          const s = await c.status(nodes[0] as PgNode);
          return s?.role === 'primary' || s?.role === 'master';
        });
        for (const node of nodes.slice(1)) c.spawnPatroni(node);
        // Caught up, not only streaming: a replica more than maximum_lag_on_failover behind the
        // leader's last optime does not race for the key ("My wal position exceeds maximum replication
        // lag", patroni/ha.py), and on a busy machine a kill right after the start found them behind.
        // Caught up with where the primary's WAL is now, read before the replicas in the same poll
        // (so a replica never trails a later read). Not with where it was when first read: each
        // replica's base backup ends in a WAL segment switch, so the primary moves on by up to a
        // segment (16 MB) after that first read, and a replica that had not yet streamed past the
        // switch passed the check a segment behind (pg-2 waiting for WAL at 0/3000018, pg-3 at
        // 0/4000018); the kill then found it out of the race (seen in CI: "My wal
        // position exceeds maximum replication lag", and no failover at all). Patroni's REST answer
        // reads Postgres: on a loaded machine it took longer than the usual 1.5 s, hence 5 s.
        await c.waitFor('every replica to catch up with the primary', deadline, async () => {
          const p = await c.status(nodes[0] as PgNode, 5_000);
          const at = p?.xlog?.location;
          if (at === undefined) return false;
          const s = await Promise.all(nodes.slice(1).map((x) => c.status(x, 5_000)));
          return s.every(
            (x) => x?.role === 'replica' && x.state === 'running' && (x.xlog?.received_location ?? -1) >= at,
          );
        });
        // synchronous_mode takes effect only once the primary's HA loop has named a synchronous standby
        // (synchronous_standby_names); until then commits are acknowledged asynchronously, and a kill
        // in that window lost an acknowledged write. pg-2's `GET /sync` answers 200 once it is the one
        // (Patroni docs, REST API: "only when the Patroni node is running as a synchronous standby").
        if (c.synchronousMode)
          await c.waitFor('pg-2 to be the synchronous standby', deadline, async () => {
            const res = await fetch(`http://127.0.0.1:${(nodes[1] as PgNode).restPort}/sync`, {
              signal: AbortSignal.timeout(1500),
            }).catch(() => null);
            return res?.status === 200;
          });
        await c.waitFor('HAProxy to send writes to pg-1 (its /primary check up)', deadline, async () => {
          const b = await c.backends();
          return b['pg-1'] === 'UP';
        });
      } catch (e) {
        await c.stop();
        throw e;
      }
      return c;
    } catch (e) {
      if (!all.size || ![...all].some((c) => c.dir === dir)) {
        for (const p of proxies) await p.close();
        await etcd?.stop();
        await rm(dir, { recursive: true, force: true });
      }
      throw e;
    }
  }

  private async waitFor(what: string, deadline: number, ok: () => Promise<boolean>): Promise<void> {
    for (;;) {
      if (await ok()) return;
      const dead = this.nodes.find((n) => n.pgid !== null && n.child === null && !n.stopped);
      if (dead)
        throw new Error(`patroni ${dead.name} exited while waiting for ${what}:\n${dead.log.slice(-3000)}`);
      if (this.haproxy === null) throw new Error(`haproxy exited:\n${this.haproxyLog}`);
      if (performance.now() > deadline)
        throw new Error(
          `timed out waiting for ${what}\n${this.nodes.map((n) => `--- ${n.name}\n${n.log.slice(-1500)}`).join('\n')}`,
        );
      await sleep(250);
    }
  }

  private own(path: string): void {
    if (this.user) chownSync(path, this.user.uid, this.user.gid);
  }

  /** Patroni's YAML (as JSON, which YAML reads) and the node's folder, owned by the postgres user. */
  private configure(node: PgNode, etcdUser: { user: string; password: string }): void {
    mkdirSync(node.dir, { mode: 0o700 });
    this.own(node.dir);
    const config = patroniConfig(node, {
      etcdUser,
      creds: this.creds,
      pgBinDir: this.bins.pgBinDir,
      synchronousMode: this.synchronousMode,
    });
    const file = join(node.dir, 'patroni.yml');
    writeFileSync(file, JSON.stringify(config, null, 2), { mode: 0o600 });
    this.own(file);
  }

  private spawnOpts(cwd: string) {
    return {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
      ...(this.user ? { uid: this.user.uid, gid: this.user.gid } : {}),
    };
  }

  private writeGroups(): void {
    const groups = [...this.nodes.map((n) => n.pgid), this.haproxy?.pid ?? null].filter(
      (g): g is number => g !== null,
    );
    writeList(this.dir, 'pgids', groups);
  }

  spawnPatroni(node: PgNode): void {
    const child = spawn(this.bins.patroni, [join(node.dir, 'patroni.yml')], this.spawnOpts(node.dir));
    node.log = '';
    node.stopped = false;
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (text.includes(`no action. I am (${node.name}), the leader with the lock`))
        node.leaderLoops.push(performance.now());
      // PostgreSQL logs to the same stream: keep Patroni's own lines and PostgreSQL's errors, not the
      // probes' read-only refusals, which would push Patroni's lines out of the tail.
      const kept = text
        .split('\n')
        .filter((l) => !/read-only transaction|lel_probe|lel_writes/.test(l))
        .join('\n');
      node.log = (node.log + kept).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', (e) => {
      node.log += `\nspawn error: ${e.message}`;
    });
    child.once('exit', () => {
      if (node.child === child) node.child = null;
    });
    node.child = child;
    node.pgid = child.pid ?? null;
    this.writeGroups();
  }

  private spawnHaproxy(): void {
    const cfg = haproxyConfig(this.nodes, this.statsPort, this.haproxyPort);
    const file = join(this.dir, 'haproxy.cfg');
    writeFileSync(file, cfg, { mode: 0o600 });
    this.own(file);
    const child = spawn(this.bins.haproxy, ['-db', '-f', file], this.spawnOpts(this.dir));
    const keep = (chunk: Buffer) => {
      this.haproxyLog = (this.haproxyLog + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', () => {
      if (this.haproxy === child) this.haproxy = null;
    });
    this.haproxy = child;
    this.writeGroups();
  }

  /**
   * GET /patroni on a node's REST port: its role, state and timeline; null when it does not answer
   * within `timeoutMs` (short by default: a paused node never answers, and polls move on).
   */
  async status(node: PgNode, timeoutMs = 1500): Promise<PatroniStatus | null> {
    try {
      const res = await fetch(`http://127.0.0.1:${node.restPort}/patroni`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      const j = (await res.json()) as Partial<PatroniStatus>;
      return {
        role: j.role ?? '',
        state: j.state ?? '',
        ...(j.timeline !== undefined ? { timeline: j.timeline } : {}),
        ...(j.xlog !== undefined ? { xlog: j.xlog } : {}),
      };
    } catch {
      return null;
    }
  }

  /** HAProxy's view of each backend (its CSV stats page: `status` is UP, DOWN, "UP 1/3", ...). */
  async backends(): Promise<Record<string, string>> {
    try {
      const res = await fetch(`http://127.0.0.1:${this.statsPort}/;csv`, {
        signal: AbortSignal.timeout(1500),
      });
      const [head, ...rows] = (await res.text()).split('\n');
      const cols = (head ?? '').replace(/^# /, '').split(',');
      const px = cols.indexOf('pxname');
      const sv = cols.indexOf('svname');
      const st = cols.indexOf('status');
      const out: Record<string, string> = {};
      for (const r of rows) {
        const f = r.split(',');
        if (f[px] === SCOPE && /^pg-\d+$/.test(f[sv] ?? '')) out[f[sv] as string] = f[st] ?? '';
      }
      return out;
    } catch {
      return {};
    }
  }

  /** Notes the shared memory each running postmaster holds, for the cleanup after a SIGKILL. */
  noteSharedMemory(): void {
    this.memory.note(this.nodes);
  }

  /** The story's fault: SIGKILL a node's Patroni (its whole group) and its postmaster, together. */
  killNode(node: PgNode): boolean {
    this.noteSharedMemory();
    const pm = postmasterOf(node);
    let done = false;
    if (node.pgid !== null) done = signalGroup(node.pgid, 'SIGKILL') || done;
    if (pm) done = signal(pm.pid, 'SIGKILL') || done;
    node.stopped = true;
    return done;
  }

  /** SIGSTOP / SIGCONT a node's Patroni (its group; PostgreSQL runs on). */
  pausePatroni(node: PgNode, pause: boolean): boolean {
    return node.pgid !== null && signalGroup(node.pgid, pause ? 'SIGSTOP' : 'SIGCONT');
  }

  private stopping: Promise<void> | null = null;

  /** Stops everything and removes the folder; safe to call twice. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.noteSharedMemory();
      for (const n of this.nodes) {
        if (n.pgid !== null) signalGroup(n.pgid, 'SIGKILL');
        n.stopped = true;
      }
      if (this.haproxy?.pid) signalGroup(this.haproxy.pid, 'SIGKILL');
      const pms = this.nodes.flatMap((n) => {
        const pm = postmasterOf(n);
        return pm ? [pm.pid] : [];
      });
      for (const pid of pms) signal(pid, 'SIGQUIT');
      const end = performance.now() + 5000;
      while (pms.some((p) => !gone(p)) && performance.now() < end) await sleep(100);
      for (const pid of pms) signal(pid, 'SIGKILL');
      this.memory.remove();
      for (const n of this.nodes) for (const p of [n.restProxy, ...n.etcdProxies]) await p.close();
      await this.etcd.stop();
      await rm(this.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      all.delete(this);
    })();
    return this.stopping;
  }

  /** Synchronous last resort (process exit): the same, without waiting for the postmasters. */
  stopNow(): void {
    for (const n of this.nodes) if (n.pgid !== null) signalGroup(n.pgid, 'SIGKILL');
    if (this.haproxy?.pid) signalGroup(this.haproxy.pid, 'SIGKILL');
    for (const n of this.nodes) {
      const pm = postmasterOf(n);
      if (pm) signal(pm.pid, 'SIGKILL');
    }
    this.etcd.stopNow();
    // The postmasters' children exit a moment after: the reaper, still watching, removes the rest.
    if (existsSync(this.dir)) rmSync(this.dir, { recursive: true, force: true });
    all.delete(this);
  }
}

/** A user for Patroni in the session's etcd (auth is on, src/live/etcdAuth.ts), with the root role. */
async function addEtcdUser(etcd: EtcdCluster, u: { user: string; password: string }): Promise<void> {
  const url = etcd.endpoints[0] as string;
  const headers = await etcd.auth.headers();
  for (const [path, body] of [
    ['/v3/auth/user/add', { name: u.user, password: u.password }],
    ['/v3/auth/user/grant', { user: u.user, role: 'root' }],
  ] as const) {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    const j = (await res.json()) as { error?: string };
    if (j.error !== undefined) throw new Error(`etcd ${path}: ${j.error}`);
  }
}
