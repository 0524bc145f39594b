/**
 * Test-only: what a live Patroni run holds (processes, ports, shared memory, its folder), read from
 * its folder while it runs, and what of it is still there afterwards. Linux (/proc). Node-only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { segmentsOf } from '../reaper.ts';
import { sysvSegments } from './postmasters.ts';

export interface Holdings {
  pids: Set<number>;
  ports: Set<number>;
  shm: Set<string>;
  sysv: Set<string>;
}

export const emptyHoldings = (): Holdings => ({
  pids: new Set(),
  ports: new Set(),
  shm: new Set(),
  sysv: new Set(),
});

const read = (f: string) => {
  try {
    return readFileSync(f, 'utf8');
  } catch {
    return '';
  }
};

/** A process's /proc stat fields after its command name (state, ppid, ...); '' when it is gone. */
const statAfterName = (pid: number | string) => {
  const st = read(`/proc/${pid}/stat`);
  return st === '' ? '' : st.slice(st.lastIndexOf(')') + 2);
};

/** Every process under `root` (npm, sh, tsx, the live process and what it started), from /proc. */
export function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const f of readdirSync('/proc')) {
    if (!/^\d+$/.test(f)) continue;
    const st = statAfterName(f);
    if (st !== '') parent.set(Number(f), Number(st.split(' ')[1]));
  }
  const out: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next = [...parent].filter(([, pp]) => frontier.includes(pp)).map(([p]) => p);
    out.push(...next);
    frontier = next;
  }
  return out;
}

/** Alive and not a zombie. */
export function running(pid: number): boolean {
  const st = statAfterName(pid);
  return st !== '' && !/^[ZX]/.test(st);
}

/** Adds to `h` what the run in `dir` holds now: every process whose group, command line or cwd is the run's. */
export function noteHoldings(dir: string, h: Holdings, extraPids: number[] = []): void {
  const groups = new Set(read(join(dir, 'pgids')).split(/\s+/).filter(Boolean).map(Number));
  for (const p of read(join(dir, 'pids')).split(/\s+/).filter(Boolean).map(Number)) h.pids.add(p);
  for (const p of extraPids) h.pids.add(p);
  for (const f of readdirSync('/proc')) {
    if (!/^\d+$/.test(f)) continue;
    const pid = Number(f);
    const pgid = Number(statAfterName(pid).split(' ')[2]);
    const cmd = read(`/proc/${pid}/cmdline`);
    if (groups.has(pgid) || cmd.includes(dir)) h.pids.add(pid);
  }
  // Postmasters and their children (they run in sessions of their own).
  let subs: string[] = [];
  try {
    subs = readdirSync(dir);
  } catch {
    // gone
  }
  for (const d of subs) {
    const pm = Number(read(join(dir, d, 'data', 'postmaster.pid')).split('\n')[0]);
    if (pm > 1) {
      h.pids.add(pm);
      for (const c of read(`/proc/${pm}/task/${pm}/children`).split(/\s+/).filter(Boolean))
        h.pids.add(Number(c));
      const shmid = read(join(dir, d, 'data', 'postmaster.pid'))
        .split('\n')[6]
        ?.trim()
        .split(/\s+/)[1];
      if (shmid && /^\d+$/.test(shmid)) h.sysv.add(shmid);
    }
    for (const m of read(join(dir, d, 'patroni.yml')).matchAll(/127\.0\.0\.1:(\d+)/g))
      h.ports.add(Number(m[1]));
  }
  for (const m of read(join(dir, 'haproxy.cfg')).matchAll(/127\.0\.0\.1:(\d+)|port (\d+)/g))
    h.ports.add(Number(m[1] ?? m[2]));
  for (const pid of h.pids)
    for (const m of read(`/proc/${pid}/cmdline`).matchAll(/127\.0\.0\.1:(\d+)/g)) h.ports.add(Number(m[1]));
  for (const name of read(join(dir, 'shm')).split(/\s+/).filter(Boolean)) {
    h.shm.add(name);
    try {
      for (const s of segmentsOf(readFileSync(`/dev/shm/${name}`))) h.shm.add(s);
    } catch {
      // removed
    }
  }
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** What of `h` is still there: processes alive, ports taken, segments present. */
export async function leftOver(
  h: Holdings,
): Promise<{ pids: number[]; ports: number[]; shm: string[]; sysv: string[] }> {
  const ports: number[] = [];
  for (const p of h.ports) if (!(await portFree(p))) ports.push(p);
  const sysv = sysvSegments();
  return {
    pids: [...h.pids].filter(running),
    ports,
    shm: [...h.shm].filter((n) => read(`/dev/shm/${n}`) !== '' || readdirSync('/dev/shm').includes(n)),
    sysv: [...h.sysv].filter((id) => sysv.has(id)),
  };
}
