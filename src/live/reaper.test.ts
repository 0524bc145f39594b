import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { segmentsOf, startReaper, writeList, writePids } from './reaper.ts';

// Stand-ins: an "owner" and a "member" that would otherwise sleep for a minute.
const sleeper = () => spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (ok: () => boolean, ms = 5000) => {
  const end = performance.now() + ms;
  while (!ok() && performance.now() < end) await new Promise((r) => setTimeout(r, 50));
  return ok();
};

const children: ChildProcess[] = [];
const dirs: string[] = [];
const shm: string[] = [];
afterEach(() => {
  for (const f of shm.splice(0)) rmSync(f, { force: true });
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the live cluster reaper', () => {
  it('kills the members and removes the folder once the owner is gone without cleaning up', async () => {
    const owner = sleeper();
    const member = sleeper();
    children.push(owner, member);
    const dir = mkdtempSync(join(tmpdir(), 'lel-reaper-test-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'data'), 'x');
    startReaper(dir, owner.pid as number);
    writePids(dir, [member.pid as number]);
    // While the owner lives, nothing happens.
    await new Promise((r) => setTimeout(r, 1200));
    expect(alive(member.pid as number)).toBe(true);
    expect(existsSync(dir)).toBe(true);

    owner.kill('SIGKILL');
    expect(await until(() => !existsSync(dir))).toBe(true);
    expect(await until(() => !alive(member.pid as number))).toBe(true);
  });

  it('leaves once its folder is removed by a normal stop', async () => {
    const member = sleeper();
    children.push(member);
    const dir = mkdtempSync(join(tmpdir(), 'lel-reaper-test-'));
    const watcher = startReaper(dir) as number;
    writePids(dir, [member.pid as number]);
    expect(alive(watcher)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
    // The watcher exits, and the member, whose owner (this process) lives on, is not its to kill.
    expect(await until(() => !alive(watcher))).toBe(true);
    expect(alive(member.pid as number)).toBe(true);
  });

  it('for a Patroni cluster: kills the groups, SIGQUITs each postmaster, removes the shared memory it left', async () => {
    const owner = sleeper();
    children.push(owner);
    const dir = mkdtempSync(join(tmpdir(), 'lel-reaper-test-'));
    const outside = mkdtempSync(join(tmpdir(), 'lel-reaper-test-'));
    dirs.push(dir, outside);
    // A "Patroni": a group leader with a child in its group (initdb, pg_basebackup).
    const group = spawn(
      process.execPath,
      [
        '-e',
        "require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' }); setTimeout(() => {}, 60000)",
      ],
      { detached: true, stdio: 'ignore' },
    );
    children.push(group);
    // A "postmaster" in a session of its own, that notes the signal it got.
    const quitMark = join(outside, 'quit');
    const postmaster = spawn(
      process.execPath,
      [
        '-e',
        `process.on('SIGQUIT', () => { require('node:fs').writeFileSync(${JSON.stringify(quitMark)}, 'SIGQUIT'); process.exit(0); }); setTimeout(() => {}, 60000)`,
      ],
      { detached: true, stdio: 'ignore' },
    );
    children.push(postmaster);
    mkdirSync(join(dir, 'pg-1', 'data'), { recursive: true });
    writeFileSync(join(dir, 'pg-1', 'data', 'postmaster.pid'), `${postmaster.pid}\n${dir}/pg-1/data\n`);
    // A SIGKILLed postmaster's control segment and the segment it lists (a pinned one, mapped by nobody).
    const handle = 3_000_000_000 + Math.floor(Math.random() * 1e8);
    const control = Buffer.alloc(16 + 40 * 2);
    control.writeUInt32LE(0x9a503d32, 0);
    control.writeUInt32LE(1, 4);
    control.writeUInt32LE(2, 8);
    control.writeUInt32LE(handle, 16);
    control.writeUInt32LE(2, 20);
    const controlName = `PostgreSQL.${handle + 1}`;
    shm.push(`/dev/shm/${controlName}`, `/dev/shm/PostgreSQL.${handle}`);
    writeFileSync(`/dev/shm/${controlName}`, control);
    writeFileSync(`/dev/shm/PostgreSQL.${handle}`, 'x');
    expect(segmentsOf(control)).toEqual([`PostgreSQL.${handle}`]);
    startReaper(dir, owner.pid as number);
    writeList(dir, 'pgids', [group.pid as number]);
    writeList(dir, 'shm', [controlName]);
    const groupChildren = () =>
      readFileSync(`/proc/${group.pid}/task/${group.pid}/children`, 'utf8')
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    expect(await until(() => groupChildren().length === 1)).toBe(true);
    const groupPids = groupChildren();
    // The postmaster stand-in has its SIGQUIT handler once it runs: wait for its process to be node's.
    expect(
      await until(() => readFileSync(`/proc/${postmaster.pid}/cmdline`, 'utf8').includes('SIGQUIT')),
    ).toBe(true);
    await new Promise((r) => setTimeout(r, 500));

    owner.kill('SIGKILL');
    expect(await until(() => !existsSync(dir))).toBe(true);
    expect(await until(() => !alive(group.pid as number) && groupPids.every((p) => !alive(p)))).toBe(true);
    expect(await until(() => !alive(postmaster.pid as number))).toBe(true);
    expect(readFileSync(quitMark, 'utf8')).toBe('SIGQUIT');
    expect(existsSync(`/dev/shm/${controlName}`)).toBe(false);
    expect(existsSync(`/dev/shm/PostgreSQL.${handle}`)).toBe(false);
  });
});
