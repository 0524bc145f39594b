/**
 * The last resort for a live cluster whose owner died without cleaning up. A process killed with
 * SIGKILL, or torn down by a launcher before its own SIGTERM handler has finished (a `pkill -f` that
 * hits npm, tsx and node at once), runs no exit handler, and its etcd members would keep running with
 * their data dirs. So each cluster starts a small detached watcher: while its owner lives it does
 * nothing; once the owner is gone it SIGKILLs the pids listed in the folder's `pids` file and removes
 * the folder. It exits by itself when the folder is gone (a normal stop removed it).
 *
 * A live Patroni cluster leaves more behind (src/live/patroni): process groups (`pgids`: each Patroni
 * with its initdb or pg_basebackup, HAProxy), postmasters in sessions of their own (Patroni starts each
 * with setsid, so they outlive a killed Patroni; read from each `postmaster.pid`), and the shared
 * memory a SIGKILLed postmaster cannot remove (`shm`: names under /dev/shm; `sysv`: SysV segment ids).
 * The watcher kills the groups first (no Patroni restarts a postmaster), then stops each postmaster
 * with SIGQUIT, PostgreSQL's immediate shutdown, which still removes its segments, and SIGKILLs it if
 * it has not exited within 3 s; only then does it remove the segments left and the folder.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How often the watcher looks at its owner (ms): the members outlive a dead owner by about this. */
const POLL_MS = 500;

// Plain CommonJS for `node -e`: no loader, no file of its own to find at run time.
const WATCHER = `
const fs = require('node:fs');
const path = require('node:path');
const [owner, dir] = [Number(process.argv[1]), process.argv[2]];
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const lines = (f) => { try { return fs.readFileSync(path.join(dir, f), 'utf8').split(/\\s+/).filter(Boolean); } catch { return []; } };
const gone = (pid) => { try { const st = fs.readFileSync('/proc/' + pid + '/stat', 'utf8'); return /^[ZX]$/.test(st.slice(st.lastIndexOf(')') + 2, st.lastIndexOf(')') + 3)); } catch { return !alive(pid); } };
const nap = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const postmasters = () => {
  const out = [];
  let subs = [];
  try { subs = fs.readdirSync(dir); } catch {}
  for (const d of subs) for (const f of [path.join(dir, d, 'data', 'postmaster.pid'), path.join(dir, d, 'postmaster.pid')]) {
    try { const pid = Number(fs.readFileSync(f, 'utf8').split('\\n')[0]); if (pid > 1) out.push(pid); } catch {}
  }
  return out;
};
const reap = () => {
  for (const g of lines('pgids').map(Number)) { try { process.kill(-g, 'SIGKILL'); } catch {} }
  const pms = postmasters();
  for (const pid of pms) { try { process.kill(pid, 'SIGQUIT'); } catch {} }
  for (let i = 0; i < 30 && pms.some((p) => !gone(p)); i++) nap(100);
  for (const pid of pms) { try { process.kill(pid, 'SIGKILL'); } catch {} }
  for (const pid of lines('pids').map(Number)) { try { process.kill(pid, 'SIGKILL'); } catch {} }
  for (const name of lines('shm')) for (const n of [...segmentsOf(readShm(name)), name]) { try { fs.unlinkSync('/dev/shm/' + n); } catch {} }
  for (const id of lines('sysv')) if (/^\\d+$/.test(id)) { try { require('node:child_process').spawnSync('ipcrm', ['-m', id], { stdio: 'ignore' }); } catch {} }
};
const readShm = (name) => { try { return /^PostgreSQL\\.\\d+$/.test(name) ? fs.readFileSync('/dev/shm/' + name) : null; } catch { return null; } };
const segmentsOf = ${segmentsOf.toString()};
const tick = () => {
  if (!fs.existsSync(dir)) process.exit(0);
  if (alive(owner)) return;
  reap();
  // A member just killed may still hold files open for a moment: try again until the folder is gone.
  try { fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }); } catch {}
};
setInterval(tick, ${POLL_MS});
`;

/**
 * The segments a postmaster's dynamic shared memory control segment lists (PostgreSQL 15
 * src/backend/storage/ipc/dsm.c: dsm_control_header {uint32 magic 0x9a503d32, nitems, maxitems},
 * then 40-byte dsm_control_item {uint32 handle, uint32 refcnt, size_t first_page, npages, void*,
 * bool pinned} from offset 16; refcnt 0 is a free slot). A pinned segment (the statistics' DSA) is
 * mapped by no process, so only this list finds it after a SIGKILL. Plain JS: the watcher embeds it.
 */
export function segmentsOf(buf: Buffer | null): string[] {
  if (!buf || buf.length < 16 || buf.readUInt32LE(0) !== 0x9a503d32) return [];
  const out: string[] = [];
  const n = Math.min(buf.readUInt32LE(4), Math.floor((buf.length - 16) / 40));
  for (let i = 0; i < n; i++) {
    if (buf.readUInt32LE(20 + 40 * i) > 0) out.push(`PostgreSQL.${buf.readUInt32LE(16 + 40 * i)}`);
  }
  return out;
}

/** Starts the watcher for the folder `dir`, owned by `owner` (this process by default); its pid. */
export function startReaper(dir: string, owner = process.pid): number | undefined {
  writePids(dir, []);
  const child = spawn(process.execPath, ['-e', WATCHER, String(owner), dir], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  return child.pid;
}

/** The pids the watcher kills if the owner dies: every member process alive now. */
export function writePids(dir: string, pids: readonly number[]): void {
  writeList(dir, 'pids', pids);
}

/** One of the watcher's lists (`pids`, `pgids`, `shm`, `sysv`), whole each time. */
export function writeList(
  dir: string,
  name: 'pids' | 'pgids' | 'shm' | 'sysv',
  items: readonly (number | string)[],
): void {
  try {
    writeFileSync(join(dir, name), items.join('\n'));
  } catch {
    // The folder is being removed: nothing left to watch.
  }
}
