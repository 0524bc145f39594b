/**
 * Test-only: a real 3-server ZooKeeper ensemble (Debian's `zookeeper` package, 3.8) on 127.0.0.1,
 * free ports, admin server off, a short tickTime, every server's data in one temporary folder.
 * Servers are stopped by pid (SIGTERM, then SIGKILL) and the folder removed; a detached reaper
 * (src/live/reaper.ts) kills them and removes the folder if this process dies without cleaning up.
 * Node-only; never imported by the app.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReaper, writePids } from '../../live/reaper.ts';
import { freePorts, sleep, waitExit } from '../etcd/etcdServer.ts';

/** The server's jar from Debian's package (libzookeeper-java, pulled in by `zookeeper`). */
export const ZK_JAR = process.env.ZK_JAR ?? '/usr/share/java/zookeeper.jar';
export const JAVA = process.env.JAVA ?? '/usr/bin/java';
export const ZK_SKIP_HINT =
  'Install ZooKeeper 3.8 (Debian: apt-get install zookeeper; not zookeeperd) or point ZK_JAR and JAVA ' +
  'at it; set SKIP_ZOOKEEPER=1 to skip this suite.';

/** Why the real ensemble cannot run here, or undefined when it can. */
export function zookeeperMissing(): string | undefined {
  if (!existsSync(JAVA)) return `no java at ${JAVA}. ${ZK_SKIP_HINT}`;
  if (!existsSync(ZK_JAR)) return `no ZooKeeper jar at ${ZK_JAR}. ${ZK_SKIP_HINT}`;
  return undefined;
}

export interface ZkServer {
  /** 1-based, the server's myid. */
  id: number;
  clientPort: number;
  child: ChildProcess | null;
  log: string;
}

/** A four-letter word (ZooKeeper Administrator's Guide, "The Four Letter Words"); '' when it fails. */
export function fourLetter(port: number, word: string, timeoutMs = 1000): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    const s = connect({ host: '127.0.0.1', port });
    const done = () => {
      clearTimeout(timer);
      s.destroy();
      resolve(out);
    };
    const timer = setTimeout(done, timeoutMs);
    s.on('connect', () => s.write(word));
    s.on('data', (d) => {
      out += d.toString('utf8');
    });
    s.on('end', done);
    s.on('error', done);
  });
}

/** `srvr`'s "Mode:" line: leader, follower, standalone, or undefined when the server does not serve. */
export async function serverMode(port: number): Promise<string | undefined> {
  return /Mode: (\w+)/.exec(await fourLetter(port, 'srvr'))?.[1];
}

export class ZkEnsemble {
  private stopped = false;
  /** Servers SIGSTOPped now (`pause`): alive, but they answer nothing. */
  private readonly paused = new Set<number>();
  /** Other pids the reaper must kill with the servers (live mode's recipe processes). */
  private extra: number[] = [];
  private constructor(
    readonly dir: string,
    readonly tickMs: number,
    readonly servers: ZkServer[],
  ) {}

  /**
   * Starts three servers and waits until each one serves (srvr answers a Mode). tickTime is the unit
   * of the server's timing: the session timeout it grants lies in [2, 20] x tickTime and sessions
   * expire in buckets of tickTime (ZooKeeper Administrator's Guide, "Minimum Configuration";
   * SessionTrackerImpl).
   */
  static async start(tickMs = 200, timeoutMs = 60_000): Promise<ZkEnsemble> {
    const missing = zookeeperMissing();
    if (missing !== undefined) throw new Error(missing);
    const dir = await mkdtemp(join(tmpdir(), 'lel-zk-'));
    startReaper(dir);
    const ports = await freePorts(9);
    const servers: ZkServer[] = [1, 2, 3].map((id) => ({
      id,
      clientPort: ports[(id - 1) * 3] as number,
      child: null,
      log: '',
    }));
    const peers = servers
      .map((s) => `server.${s.id}=127.0.0.1:${ports[(s.id - 1) * 3 + 1]}:${ports[(s.id - 1) * 3 + 2]}`)
      .join('\n');
    for (const s of servers) {
      const data = join(dir, `s${s.id}`);
      mkdirSync(data);
      writeFileSync(join(data, 'myid'), `${s.id}\n`);
      writeFileSync(
        join(dir, `zoo${s.id}.cfg`),
        [
          `tickTime=${tickMs}`,
          'initLimit=20',
          'syncLimit=10',
          `dataDir=${data}`,
          `clientPort=${s.clientPort}`,
          'clientPortAddress=127.0.0.1',
          'admin.enableServer=false',
          '4lw.commands.whitelist=srvr,ruok',
          // No snapshot purge task, no JMX: nothing outlives the folder.
          'autopurge.purgeInterval=0',
          peers,
          '',
        ].join('\n'),
      );
    }
    const e = new ZkEnsemble(dir, tickMs, servers);
    try {
      for (const s of servers) e.spawn(s);
      await e.waitServing(servers, timeoutMs);
    } catch (err) {
      await e.stop();
      throw err;
    }
    return e;
  }

  private spawn(s: ZkServer): void {
    const child = spawn(
      JAVA,
      [
        // Small and quick to start: three JVMs share two cores with the tests.
        '-Xmx96m',
        '-XX:+UseSerialGC',
        '-XX:TieredStopAtLevel=1',
        '-Dzookeeper.jmx.log4j.disable=true',
        `-Dzookeeper.log.dir=${this.dir}`,
        '-cp',
        ZK_JAR,
        'org.apache.zookeeper.server.quorum.QuorumPeerMain',
        join(this.dir, `zoo${s.id}.cfg`),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, JVMFLAGS: '' } },
    );
    const keep = (chunk: Buffer) => {
      s.log = (s.log + chunk.toString('utf8')).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', (err) => keep(Buffer.from(String(err))));
    s.child = child;
    this.writePids();
  }

  private writePids(): void {
    const pids = this.servers.flatMap((s) => (s.child?.pid !== undefined ? [s.child.pid] : []));
    writePids(this.dir, [...pids, ...this.extra]);
  }

  /** Also kill these if this process dies without cleaning up (the reaper's `pids` list). */
  setExtraPids(pids: readonly number[]): void {
    this.extra = [...pids];
    this.writePids();
  }

  /** Is server `id` running (not killed; a stopped one is running)? */
  isAlive(id: number): boolean {
    return this.alive(this.server(id));
  }

  /** Is server `id` SIGSTOPped? */
  isPaused(id: number): boolean {
    return this.paused.has(id);
  }

  /**
   * SIGSTOP (`stop`) or SIGCONT (`resume`): a stopped server keeps its connections open and answers
   * nothing, so its clients learn it only from their read timeout. False when it changes nothing.
   */
  pause(id: number, stop: boolean): boolean {
    const s = this.server(id);
    if (s.child?.pid === undefined || !this.alive(s) || this.paused.has(id) === stop) return false;
    process.kill(s.child.pid, stop ? 'SIGSTOP' : 'SIGCONT');
    if (stop) this.paused.add(id);
    else this.paused.delete(id);
    return true;
  }

  private alive(s: ZkServer): boolean {
    return s.child !== null && s.child.exitCode === null && s.child.signalCode === null;
  }

  async waitServing(servers: readonly ZkServer[], timeoutMs = 30_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    for (const s of servers) {
      for (;;) {
        if (!this.alive(s)) throw new Error(`ZooKeeper server ${s.id} exited:\n${s.log}`);
        const mode = await serverMode(s.clientPort);
        if (mode === 'leader' || mode === 'follower') break;
        if (Date.now() > end)
          throw new Error(`ZooKeeper server ${s.id} did not serve within ${timeoutMs} ms:\n${s.log}`);
        await sleep(100);
      }
    }
  }

  /** The id of the ensemble's leader now, if one serves. */
  async leader(): Promise<number | undefined> {
    for (const s of this.servers)
      if (this.alive(s) && (await serverMode(s.clientPort)) === 'leader') return s.id;
    return undefined;
  }

  /** SIGKILL: the server's connections are reset by the kernel, its clients see them close at once. */
  async kill(id: number): Promise<void> {
    const s = this.server(id);
    if (s.child?.pid !== undefined && this.alive(s)) {
      process.kill(s.child.pid, 'SIGKILL');
      await waitExit(s.child, 5000);
    }
    this.paused.delete(id);
    s.child = null;
    this.writePids();
  }

  /** Starts a killed server again on its own data and waits until it serves. */
  async restart(id: number): Promise<void> {
    const s = this.server(id);
    if (this.alive(s)) return;
    this.spawn(s);
    await this.waitServing([s]);
  }

  server(id: number): ZkServer {
    const s = this.servers.find((x) => x.id === id);
    if (s === undefined) throw new Error(`no server ${id}`);
    return s;
  }

  /** Stops every server by pid (SIGTERM, SIGKILL after 5 s) and removes the folder. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.all(
      this.servers.map(async (s) => {
        const c = s.child;
        if (c?.pid === undefined || !this.alive(s)) return;
        // A stopped JVM handles no SIGTERM until it runs again.
        if (this.paused.delete(s.id)) process.kill(c.pid, 'SIGCONT');
        process.kill(c.pid, 'SIGTERM');
        if (!(await waitExit(c, 5000))) {
          process.kill(c.pid, 'SIGKILL');
          await waitExit(c, 2000);
        }
      }),
    );
    // Removing the folder also ends the reaper.
    rmSync(this.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}
