/**
 * The last resort for a live cluster whose owner died without cleaning up. A process killed with
 * SIGKILL, or torn down by a launcher before its own SIGTERM handler has finished (a `pkill -f` that
 * hits npm, tsx and node at once), runs no exit handler, and its etcd members would keep running with
 * their data dirs. So each cluster starts a small detached watcher: while its owner lives it does
 * nothing; once the owner is gone it SIGKILLs the pids listed in the folder's `pids` file and removes
 * the folder. It exits by itself when the folder is gone (a normal stop removed it).
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
const tick = () => {
  if (!fs.existsSync(dir)) process.exit(0);
  if (alive(owner)) return;
  let pids = [];
  try { pids = fs.readFileSync(path.join(dir, 'pids'), 'utf8').split(/\\s+/).filter(Boolean).map(Number); } catch {}
  for (const pid of pids) { try { process.kill(pid, 'SIGKILL'); } catch {} }
  // A member just killed may still hold files open for a moment: try again until the folder is gone.
  try { fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }); } catch {}
};
setInterval(tick, ${POLL_MS});
`;

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
  try {
    writeFileSync(join(dir, 'pids'), pids.join('\n'));
  } catch {
    // The folder is being removed: nothing left to watch.
  }
}
