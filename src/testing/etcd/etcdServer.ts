/**
 * Test-only helper: start a real, single-member etcd on loopback (free ports, temp data dir), wait
 * until its JSON gateway answers, and stop it by pid. Node-only; never imported by the app.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';

export const SKIP_HINT =
  'Install etcd 3.4 (Debian: apt-get install etcd-server) or point ETCD_BIN at it; ' +
  'set SKIP_ETCD=1 to skip this suite.';

/** Resolve `process.env.ETCD_BIN ?? 'etcd'` to an executable path, or throw a clear error. */
export function findEtcd(): string {
  const bin = process.env.ETCD_BIN ?? 'etcd';
  const candidates =
    bin.includes('/') || isAbsolute(bin)
      ? [bin]
      : (process.env.PATH ?? '')
          .split(delimiter)
          .filter((d) => d !== '')
          .map((d) => join(d, bin));
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {
      // try the next one
    }
  }
  throw new Error(`etcd binary "${bin}" not found (ETCD_BIN or PATH). ${SKIP_HINT}`);
}

/** `etcd --version` first line's version, e.g. "3.4.23". */
export function etcdVersion(bin: string): string {
  const out = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return /etcd Version:\s*(\S+)/.exec(out)?.[1] ?? 'unknown';
}

/**
 * The first port of the range the kernel gives outgoing connections their local ports from (Linux:
 * ip_local_port_range; the IANA dynamic range elsewhere, RFC 6335 §6).
 */
function ephemeralStart(): number {
  try {
    const lo = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(lo) && lo > 1024 ? lo : 49_152;
  } catch {
    return 49_152;
  }
}

/** Listens on `port` (0: any), or resolves null when it is taken. */
function hold(port: number): Promise<Server | null> {
  const s = createServer();
  return new Promise((resolve, reject) => {
    s.once('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EADDRINUSE' || e.code === 'EACCES' ? resolve(null) : reject(e),
    );
    s.listen(port, '127.0.0.1', () => resolve(s));
  });
}

/**
 * `n` distinct free loopback ports, each bound until all are known. Below the kernel's range for
 * outgoing connections: a port from that range (what binding port 0 gives) can be taken, between
 * its test bind and the service's, as the local port of any connection the machine opens (a
 * HAProxy health check, a REST poll), and a cluster then failed to start with "Address already in
 * use" on a busy machine. From a random place in the 10,000 ports below it, so that clusters started
 * at once by other processes rarely look at the same ones.
 */
export async function freePorts(n: number): Promise<number[]> {
  const top = ephemeralStart();
  const bottom = Math.max(1025, top - 10_000);
  const span = top - bottom;
  const servers: Server[] = [];
  try {
    const start = Math.floor(Math.random() * span);
    for (let i = 0; i < span && servers.length < n; i++) {
      const s = await hold(bottom + ((start + i) % span));
      if (s) servers.push(s);
    }
    // A machine with every one of those taken: any port, as the kernel gives them.
    while (servers.length < n) {
      const s = await hold(0);
      if (s) servers.push(s);
    }
    return servers.map((s) => {
      const addr = s.address();
      if (addr === null || typeof addr === 'string') throw new Error('no port');
      return addr.port;
    });
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}

/** The caller's environment without ETCD_* variables: etcd reads its flags from them. */
export function etcdEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ETCD_')));
}

export interface EtcdServer {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  pid: number;
  dataDir: string;
  /** Last lines etcd printed (for error messages). */
  logTail(): string;
  stop(): Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function gatewayAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/v3/kv/range`, {
      method: 'POST',
      body: JSON.stringify({ key: Buffer.from('health').toString('base64') }),
      signal: AbortSignal.timeout(1000),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { header?: { revision?: string } };
    return body.header?.revision !== undefined;
  } catch {
    return false;
  }
}

export function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Start one etcd member listening on 127.0.0.1 only; resolves once `POST /v3/kv/range` answers. */
export async function startEtcd(bin: string, name: string, timeoutMs = 20_000): Promise<EtcdServer> {
  const dataDir = await mkdtemp(join(tmpdir(), `lel-etcd-${name}-`));
  const [clientPort, peerPort] = await freePorts(2);
  const url = `http://127.0.0.1:${clientPort}`;
  const peer = `http://127.0.0.1:${peerPort}`;
  const env = etcdEnv();
  const child = spawn(
    bin,
    [
      `--name=${name}`,
      `--data-dir=${dataDir}`,
      `--listen-client-urls=${url}`,
      `--advertise-client-urls=${url}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=${name}=${peer}`,
      `--initial-cluster-token=${name}-${process.pid}`,
      '--initial-cluster-state=new',
      '--logger=zap',
      '--log-level=warn',
      '--log-outputs=stderr',
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (e) => {
    spawnError = e;
  });

  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid, 'SIGTERM');
      if (!(await waitExit(child, 5000))) {
        process.kill(child.pid, 'SIGKILL');
        await waitExit(child, 2000);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (spawnError !== undefined) {
      await stop();
      throw new Error(`could not start etcd "${bin}": ${spawnError.message}. ${SKIP_HINT}`);
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`etcd exited early (code ${child.exitCode}, signal ${child.signalCode}):\n${log}`);
    }
    if (await gatewayAnswers(url)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`etcd did not answer on ${url} within ${timeoutMs} ms:\n${log}`);
    }
    await sleep(100);
  }
  if (child.pid === undefined) throw new Error('etcd has no pid');
  return { url, pid: child.pid, dataDir, logTail: () => log, stop };
}
