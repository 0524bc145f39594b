/**
 * A three-member etcd 3.4 cluster on loopback, for live mode: free ports, data dirs in one temporary
 * folder removed on stop, members stopped (SIGSTOP), resumed (SIGCONT), killed (SIGKILL) and
 * restarted on their own data dir. The process handling, free-port choice and cleanup are the
 * conformance suite's (src/testing/etcd/etcdServer.ts).
 *
 * The members answer the lab alone: auth on with this session's random users (src/live/etcdAuth.ts),
 * `--host-whitelist=127.0.0.1` (a DNS-rebinding name in `Host` gets 421, etcd's fix for
 * CVE-2018-5702), and `--cors` naming each member's own origin, so no other page reads an answer
 * (an empty --cors, the default, means every origin: "If CORS is empty, allow all", etcdserver
 * AccessController.OriginAllowed). Node-only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  etcdEnv,
  freePorts,
  gatewayAnswers,
  SKIP_HINT,
  sleep,
  waitExit,
} from '../testing/etcd/etcdServer.ts';
import { EtcdAuth, enableAuth, sessionCredentials } from './etcdAuth.ts';
import { startReaper, writePids } from './reaper.ts';

export type MemberState = 'running' | 'stopped' | 'killed';

export interface MemberInfo {
  /** 1-based, as store faults name it. */
  index: number;
  name: string;
  /** etcd's member id, hex, as `etcdctl member list` prints it. */
  id: string;
  clientUrl: string;
  state: MemberState;
}

/** What `--fault` and the control service can do to members. */
export type MemberAction = 'stop' | 'resume' | 'kill' | 'restart';

export interface ClusterOptions {
  bin: string;
  timeoutMs?: number;
  /**
   * etcd's Raft timing (etcd docs, tuning.md: heartbeat 100 ms, election 1000 ms by default). The
   * minimum lease TTL is ceil(1.5 x election timeout) s (lease/lessor.go minLeaseTTL): 2 s here.
   */
  heartbeatMs?: number;
  electionMs?: number;
  /**
   * A folder the caller made and watches (its reaper started): the members' data dirs go in it, and
   * stopping removes only them. The live Patroni cluster keeps everything in one folder this way.
   */
  dir?: string;
}

interface Member {
  index: number;
  name: string;
  clientUrl: string;
  peerUrl: string;
  dataDir: string;
  child: ChildProcess | null;
  state: MemberState;
  id: string;
  log: string;
}

/** Every child of every cluster of this process, for the last-resort cleanup on exit. */
const live = new Set<EtcdCluster>();
process.once('exit', () => {
  for (const c of live) c.stopNow();
});

export class EtcdCluster {
  private constructor(
    readonly dir: string,
    private readonly members: Member[],
    private readonly args: (m: Member) => string[],
    private readonly bin: string,
    /** The lab's credentials: every client of the members uses them (Gateway, PrefixWatch). */
    readonly auth: EtcdAuth,
    /** The folder is the caller's: remove the members' data dirs only. */
    private readonly shared = false,
  ) {}

  /** Starts three members and resolves once every member's JSON gateway answers a read. */
  static async start(opts: ClusterOptions): Promise<EtcdCluster> {
    // A port taken between the check and etcd's bind makes a member exit: choose again.
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await EtcdCluster.tryStart(opts);
      } catch (e) {
        lastError = e;
        if (!String((e as Error).message).includes('address already in use')) throw e;
      }
    }
    throw lastError;
  }

  private static async tryStart(opts: ClusterOptions): Promise<EtcdCluster> {
    const dir = opts.dir ?? (await mkdtemp(join(tmpdir(), 'lel-live-')));
    // If this process dies without cleaning up, a watcher kills the members and removes the folder.
    if (opts.dir === undefined) startReaper(dir);
    const ports = await freePorts(6);
    const token = `lel-live-${process.pid}-${ports[0]}`;
    const members: Member[] = [0, 1, 2].map((i) => ({
      index: i + 1,
      name: `m${i + 1}`,
      clientUrl: `http://127.0.0.1:${ports[2 * i]}`,
      peerUrl: `http://127.0.0.1:${ports[2 * i + 1]}`,
      dataDir: join(dir, `m${i + 1}`),
      child: null,
      state: 'killed',
      id: '',
      log: '',
    }));
    const initialCluster = members.map((m) => `${m.name}=${m.peerUrl}`).join(',');
    const args = (m: Member) => [
      `--name=${m.name}`,
      `--data-dir=${m.dataDir}`,
      `--listen-client-urls=${m.clientUrl}`,
      `--advertise-client-urls=${m.clientUrl}`,
      `--listen-peer-urls=${m.peerUrl}`,
      `--initial-advertise-peer-urls=${m.peerUrl}`,
      `--initial-cluster=${initialCluster}`,
      `--initial-cluster-token=${token}`,
      // Ignored once the data dir exists, so a restart rejoins with the same identity.
      '--initial-cluster-state=new',
      `--heartbeat-interval=${opts.heartbeatMs ?? 100}`,
      `--election-timeout=${opts.electionMs ?? 1000}`,
      // etcd 3.4's default (`etcd --help` of 3.4.23: "--pre-vote 'false'"), said here so that an
      // ETCD_BIN with another default runs the Raft the simulated store group runs (store/group.ts,
      // preVote: false) and `--compare --runs` compares like with like.
      '--pre-vote=false',
      // No page but the member's own may read its answers: an empty --cors would mean "*". No page
      // calls the members at all (the control service does, src/live/server.ts).
      `--cors=${m.clientUrl}`,
      // Requests naming another host (DNS rebinding) are refused with 421 (etcd 3.4 --host-whitelist).
      '--host-whitelist=127.0.0.1',
      '--logger=zap',
      '--log-level=warn',
      '--log-outputs=stderr',
    ];
    const creds = sessionCredentials();
    const auth = new EtcdAuth(
      members.map((m) => m.clientUrl),
      creds.lab,
    );
    const cluster = new EtcdCluster(dir, members, args, opts.bin, auth, opts.dir !== undefined);
    live.add(cluster);
    try {
      for (const m of members) cluster.spawn(m);
      await cluster.waitReady(opts.timeoutMs ?? 30_000);
      await enableAuth(members[0]?.clientUrl as string, creds);
      await cluster.readIds();
    } catch (e) {
      await cluster.stop();
      throw e;
    }
    return cluster;
  }

  private spawn(m: Member): void {
    m.log = '';
    const child = spawn(this.bin, this.args(m), { env: etcdEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      m.log = (m.log + chunk.toString('utf8')).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', (e) => {
      m.log += `\nspawn error: ${e.message}`;
    });
    child.once('exit', () => {
      if (m.child === child) {
        m.child = null;
        m.state = 'killed';
      }
      writePids(this.dir, this.pids());
    });
    m.child = child;
    m.state = 'running';
    writePids(this.dir, this.pids());
  }

  private async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const dead = this.members.find((m) => m.child === null);
      if (dead) {
        throw new Error(
          /ENOENT/.test(dead.log)
            ? `could not start etcd "${this.bin}". ${SKIP_HINT}`
            : `etcd member ${dead.name} exited early:\n${dead.log}`,
        );
      }
      const ok = await Promise.all(this.members.map((m) => gatewayAnswers(m.clientUrl)));
      if (ok.every(Boolean)) return;
      if (Date.now() > deadline)
        throw new Error(`the etcd cluster did not answer within ${timeoutMs} ms:\n${this.members[0]?.log}`);
      await sleep(100);
    }
  }

  private async readIds(): Promise<void> {
    const res = await fetch(`${this.members[0]?.clientUrl}/v3/cluster/member/list`, {
      method: 'POST',
      headers: await this.auth.headers(),
      body: '{}',
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json()) as { members?: Array<{ ID?: string; name?: string }> };
    for (const m of body.members ?? []) {
      const own = this.members.find((x) => x.name === m.name);
      if (own && m.ID) own.id = BigInt(m.ID).toString(16);
    }
  }

  get endpoints(): string[] {
    return this.members.map((m) => m.clientUrl);
  }

  info(): MemberInfo[] {
    return this.members.map(({ index, name, id, clientUrl, state }) => ({
      index,
      name,
      id,
      clientUrl,
      state,
    }));
  }

  /** Members that can take part in Raft (not stopped, not killed). */
  get running(): number {
    return this.members.filter((m) => m.state === 'running').length;
  }

  pids(): number[] {
    return this.members.flatMap((m) => (m.child?.pid !== undefined ? [m.child.pid] : []));
  }

  /** Acts on member `index` (1-based); false when it would change nothing (kill a killed member). */
  async act(index: number, action: MemberAction): Promise<boolean> {
    const m = this.members[index - 1];
    if (!m) throw new RangeError(`member ${index}: the cluster has members 1 to ${this.members.length}`);
    const pid = m.child?.pid;
    switch (action) {
      case 'stop':
        if (m.state !== 'running' || pid === undefined) return false;
        process.kill(pid, 'SIGSTOP');
        m.state = 'stopped';
        return true;
      case 'resume':
        if (m.state !== 'stopped' || pid === undefined) return false;
        process.kill(pid, 'SIGCONT');
        m.state = 'running';
        return true;
      case 'kill': {
        const child = m.child;
        if (!child || pid === undefined) return false;
        m.child = null;
        m.state = 'killed';
        process.kill(pid, 'SIGKILL');
        await waitExit(child, 5000);
        return true;
      }
      case 'restart':
        if (m.state !== 'killed') return false;
        this.spawn(m);
        return true;
    }
  }

  /** Synchronous last resort (process exit): kill every member and remove the data dirs. */
  stopNow(): void {
    for (const m of this.members) {
      const pid = m.child?.pid;
      if (pid === undefined) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
      m.child = null;
    }
    for (const d of this.shared ? this.members.map((m) => m.dataDir) : [this.dir])
      rmSync(d, { recursive: true, force: true });
    live.delete(this);
  }

  /** Stops every member (a stopped one is resumed first so it can exit) and removes the data dirs. */
  async stop(): Promise<void> {
    await Promise.all(
      this.members.map(async (m) => {
        const child = m.child;
        const pid = child?.pid;
        if (!child || pid === undefined) return;
        try {
          if (m.state === 'stopped') process.kill(pid, 'SIGCONT');
          process.kill(pid, 'SIGTERM');
        } catch {
          // already gone
        }
        if (!(await waitExit(child, 5000))) {
          process.kill(pid, 'SIGKILL');
          await waitExit(child, 2000);
        }
        m.child = null;
        m.state = 'killed';
      }),
    );
    for (const d of this.shared ? this.members.map((m) => m.dataDir) : [this.dir])
      await rm(d, { recursive: true, force: true });
    live.delete(this);
  }
}
