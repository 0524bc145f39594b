/**
 * `npm run live` stops everything when the npm process itself gets SIGINT or SIGTERM (a process
 * manager, `kill <pid>`, an IDE's stop button), not only on Ctrl+C in a terminal, which signals the
 * whole process group. npm runs a script through `sh -c`, and that shell kept SIGINT to itself: the
 * cluster ran on. The script `exec`s tsx, which passes the signal on to the live process. Needs etcd
 * (ETCD_BIN or PATH); SKIP_ETCD=1 skips it. Linux: the process tree is read from /proc.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sleep } from '../testing/etcd/etcdServer.ts';

const skip = process.env.SKIP_ETCD === '1' || process.platform !== 'linux';

/** A process's parent and command line; null once it is gone (or a zombie, waiting to be reaped). */
function proc(pid: number): { ppid: number; cmd: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') return null;
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    return { ppid: Number(ppid), cmd };
  } catch {
    return null;
  }
}

/** Every process under `root`, with its command line. */
function descendants(root: number): Map<number, string> {
  const all = new Map<number, { ppid: number; cmd: string }>();
  for (const f of readdirSync('/proc')) {
    if (!/^\d+$/.test(f)) continue;
    const p = proc(Number(f));
    if (p) all.set(Number(f), p);
  }
  const out = new Map<number, string>();
  let frontier = [root];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const [pid, p] of all)
      if (frontier.includes(p.ppid) && !out.has(pid)) {
        out.set(pid, p.cmd);
        next.push(pid);
      }
    frontier = next;
  }
  return out;
}

async function waitUntil(what: string, ok: () => boolean, withinMs: number): Promise<void> {
  const end = Date.now() + withinMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(100);
  }
}

let started: { pids: number[]; folder: string } | null = null;

afterEach(async () => {
  // A failed test leaves nothing behind: what it started is killed by pid (the reaper last, once it
  // has removed the folder, or the folder is removed here).
  if (!started) return;
  const { pids, folder } = started;
  started = null;
  const kill = (pid: number) => {
    try {
      if (proc(pid)) process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  };
  const reaper = (pid: number) => /fs\.existsSync\(dir\)/.test(proc(pid)?.cmd ?? '');
  for (const pid of pids) if (!reaper(pid)) kill(pid);
  await waitUntil('the reaper removes the folder', () => !existsSync(folder), 5000).catch(() => {});
  rmSync(folder, { recursive: true, force: true });
  for (const pid of pids) kill(pid);
});

describe.skipIf(skip)('npm run live stops everything on a signal to the npm process', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`${signal}: every process it started exits and the cluster's folder is removed`, async () => {
      const npm = spawn(
        'npm',
        ['run', 'live', '--', '--headless', '--duration', '120000', '--set', 'ttlS=2'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const pid = npm.pid as number;
      npm.stdout?.resume();
      npm.stderr?.resume();
      // Up: three members, each with its data dir in the session's folder.
      const members = () => [...descendants(pid).values()].filter((c) => /etcd --name=m\d/.test(c));
      await waitUntil('three etcd members', () => members().length === 3, 60_000);
      const dataDir = /--data-dir=(\S+)/.exec(members()[0] as string)?.[1];
      const folder = dirname(dataDir as string);
      started = { pids: [pid, ...descendants(pid).keys()], folder };
      expect(folder).toMatch(/lel-live-/);
      expect(existsSync(folder)).toBe(true);
      // Let it elect (auth on, the run started) before the signal.
      await sleep(3000);
      started.pids = [...new Set([...started.pids, ...descendants(pid).keys()])];

      process.kill(pid, signal);
      await waitUntil('npm exits', () => npm.exitCode !== null || npm.signalCode !== null, 20_000);
      await waitUntil(
        `every process gone (left: ${started.pids.filter((p) => proc(p)).join(', ')})`,
        () => started?.pids.every((p) => proc(p) === null) ?? true,
        20_000,
      );
      await waitUntil('the folder removed', () => !existsSync(folder), 5000);
      // etcd members, tsx and its node, esbuild's service and the reaper were all there to stop.
      expect(started.pids.length).toBeGreaterThanOrEqual(7);
    }, 120_000);
});
