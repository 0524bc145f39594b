/**
 * Test-only helper: start a real, single-member etcd on loopback (free ports, temp data dir), wait
 * until its JSON gateway answers, and stop it by pid. Node-only; never imported by the app.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
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

/** `n` distinct free loopback ports, by binding port 0 (all held open until all are known). */
export async function freePorts(n: number): Promise<number[]> {
  const servers: Server[] = [];
  const ports: number[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const s = createServer();
      servers.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => resolve());
      });
      const addr = s.address();
      if (addr === null || typeof addr === 'string') throw new Error('no port');
      ports.push(addr.port);
    }
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
  return ports;
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
