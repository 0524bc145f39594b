/**
 * What outlives a killed Patroni and must still go: its postmaster (a SIGKILLed Patroni does not stop
 * it) and the shared memory a SIGKILLed postmaster leaves (its /dev/shm/PostgreSQL.* segments and its
 * SysV segment). Noted while the cluster runs, so the cleanup (cluster.ts stop, and the reaper from
 * the folder's lists) knows them after a kill. Linux (/proc). Node-only.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { segmentsOf, writeList } from '../reaper.ts';
import type { PgNode } from './types.ts';

/** The postmaster's pid from its postmaster.pid, and its SysV segment id (line 7: "key shmid"). */
export function postmasterOf(node: Pick<PgNode, 'dir'>): { pid: number; shmid: string | null } | null {
  try {
    const lines = readFileSync(join(node.dir, 'data', 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const shmid = (lines[6] ?? '').trim().split(/\s+/)[1] ?? null;
    return pid > 1 ? { pid, shmid: shmid && /^\d+$/.test(shmid) ? shmid : null } : null;
  } catch {
    return null;
  }
}

/** The shared memory the cluster's postmasters used, kept in the folder's `shm` and `sysv` lists. */
export class SharedMemory {
  private shm = new Set<string>();
  private sysv = new Set<string>();

  constructor(private readonly dir: string) {}

  /** Notes each running postmaster's /dev/shm/PostgreSQL.* mappings and its SysV segment. */
  note(nodes: ReadonlyArray<Pick<PgNode, 'dir'>>): void {
    let changed = false;
    for (const node of nodes) {
      const pm = postmasterOf(node);
      if (!pm) continue;
      if (pm.shmid && !this.sysv.has(pm.shmid)) {
        this.sysv.add(pm.shmid);
        changed = true;
      }
      try {
        for (const m of readFileSync(`/proc/${pm.pid}/maps`, 'utf8').matchAll(
          /\/dev\/shm\/(PostgreSQL\.\d+)/g,
        ))
          if (!this.shm.has(m[1] as string)) {
            this.shm.add(m[1] as string);
            changed = true;
          }
      } catch {
        // gone
      }
    }
    if (changed) {
      writeList(this.dir, 'shm', [...this.shm]);
      writeList(this.dir, 'sysv', [...this.sysv]);
    }
  }

  /** Removes every segment noted (and those each DSM control segment lists) that is still there. */
  remove(): void {
    for (const control of this.shm) {
      let listed: string[] = [];
      try {
        listed = segmentsOf(readFileSync(`/dev/shm/${control}`));
      } catch {
        // removed by its postmaster's shutdown, with every segment it listed
      }
      for (const name of [...listed, control]) {
        try {
          unlinkSync(`/dev/shm/${name}`);
        } catch {
          // already gone
        }
      }
    }
    const live = sysvSegments();
    for (const id of this.sysv) if (live.has(id)) spawnSync('ipcrm', ['-m', id], { stdio: 'ignore' });
  }
}

export function signal(pid: number, sig: NodeJS.Signals): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}
export const signalGroup = (pgid: number, sig: NodeJS.Signals) => signal(-pgid, sig);

/** Gone, or a zombie nobody has reaped yet (a postmaster's parent, Patroni, was killed). */
export function gone(pid: number): boolean {
  try {
    const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^[ZX]/.test(st.slice(st.lastIndexOf(')') + 2));
  } catch {
    return true;
  }
}

/** The SysV shared memory ids that exist now (/proc/sysvipc/shm). */
export function sysvSegments(): Set<string> {
  try {
    const rows = readFileSync('/proc/sysvipc/shm', 'utf8').trim().split('\n').slice(1);
    return new Set(rows.map((r) => r.trim().split(/\s+/)[1] as string));
  } catch {
    return new Set();
  }
}
