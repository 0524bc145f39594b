import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startReaper, writePids } from './reaper.ts';

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
afterEach(() => {
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
});
