/**
 * `npm run live -- --system <system>` as the live tests drive it (zookeeper.live.test.ts,
 * patroni.live.test.ts): the child, what it printed, its folder and pid once it says them, and what
 * it holds (looked at every 500 ms by the test's `note`). After a test, `reap` kills a run still
 * going and waits for its reaper to remove the folder. Node-only, Linux (/proc).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sleep } from '../testing/etcd/etcdServer.ts';
import { emptyHoldings, type Holdings } from './patroni/leftovers.ts';

export interface LiveChild {
  child: ChildProcess;
  out: string;
  err: string;
  dir: string | null;
  pid: number | null;
  held: Holdings;
}

export function startLive(system: string, args: string[], note: (live: LiveChild) => void): LiveChild {
  const child = spawn('npm', ['run', '-s', 'live', '--', '--system', system, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const live: LiveChild = { child, out: '', err: '', dir: null, pid: null, held: emptyHoldings() };
  child.stdout?.on('data', (c: Buffer) => {
    live.out += c.toString('utf8');
  });
  child.stderr?.on('data', (c: Buffer) => {
    live.err += c.toString('utf8');
    const m = /pid (\d+), folder (\S+)\)/.exec(live.err);
    if (m && live.dir === null) {
      live.pid = Number(m[1]);
      live.dir = m[2] as string;
    }
  });
  const noting = setInterval(() => {
    if (live.dir !== null && existsSync(live.dir)) note(live);
  }, 500);
  child.once('exit', () => clearInterval(noting));
  return live;
}

/** Waits for `ok`; past `withinMs` it fails with what the run said last, where the cause is. */
export async function waitUntil(
  what: string,
  ok: () => boolean,
  withinMs: number,
  live?: LiveChild | null,
): Promise<void> {
  const end = Date.now() + withinMs;
  while (!ok()) {
    if (Date.now() > end)
      throw new Error(
        `${what}: not within ${withinMs} ms${live ? `; the run said:\n${live.err.slice(-3000)}` : ''}`,
      );
    await sleep(100);
  }
}

export const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

/** After a test, passed or not: its run killed if it still runs, and its folder reaped. */
export async function reap(live: LiveChild | null, withinMs: number): Promise<void> {
  if (!live) return;
  if (!exited(live.child) && live.pid !== null) {
    try {
      process.kill(live.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  if (live.dir !== null)
    await waitUntil('reaped', () => !existsSync(live.dir as string), withinMs).catch(() => {});
}
