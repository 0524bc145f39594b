/**
 * Live Patroni in the browser: `npm run live -- --system patroni` started as a user starts it (a real
 * Patroni 3.0.2 / PostgreSQL 15 / HAProxy 2.6 / etcd 3.4 cluster and the page's service). The page
 * sees the primary, kills it from the What-if node menu, sees HAProxy mark it DOWN and a replica
 * promoted; the recording stops; Ctrl+C ends the run and nothing is left behind. Without the Debian
 * packages it skips, unless REQUIRE_PATRONI=1 (.ci/run sets it), where it fails. Linux (/proc).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, type LiveChild, reap, startLive, waitUntil } from '../src/live/liveChild.ts';
import { findPatroniBins } from '../src/live/patroni/deps.ts';
import { descendants, leftOver, noteHoldings, running } from '../src/live/patroni/leftovers.ts';
import { expect, test, watchPage } from './helpers.ts';

let missing: string | undefined;
try {
  findPatroniBins();
} catch (e) {
  missing = (e as Error).message;
}
if (process.platform !== 'linux') missing = 'Linux only';
const required = process.env.REQUIRE_PATRONI === '1';
test.skip(missing !== undefined && !required, `live Patroni needs its Debian packages: ${missing}`);
test.describe.configure({ mode: 'serial' });

let live: LiveChild | null = null;
let folder: string | null = null;
test.afterAll(async () => {
  // A failed test leaves nothing behind either: its run is killed and its reaper cleans up, and the
  // folder of its recording goes too.
  await reap(live, 15_000);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('live Patroni: the primary killed from the What-if menu, HAProxy marks it DOWN, a replica promotes; Ctrl+C leaves nothing', async ({
  page,
}) => {
  if (missing !== undefined) throw new Error(`REQUIRE_PATRONI=1, but ${missing}`);
  test.setTimeout(180_000);
  folder = mkdtempSync(join(tmpdir(), 'lel-patroni-e2e-'));
  const out = join(folder, 'run.json');
  const run = startLive('patroni', ['--out', out], (l) =>
    noteHoldings(l.dir as string, l.held, [l.child.pid as number, ...descendants(l.child.pid as number)]),
  );
  live = run;
  // Past the cluster's own 120 s start deadline, so its message says which step did not come.
  await waitUntil('the page URL printed', () => /open (http:\S+)/.test(run.out), 130_000, run);
  const url = (/open (http:\S+)/.exec(run.out) as RegExpExecArray)[1] as string;
  const origin = url.slice(0, url.indexOf('/#'));
  const watch = watchPage(page, origin);

  await page.goto(url);
  const bar = page.getByRole('region', { name: 'Live mode' });
  await expect(bar).toContainText('Live: recording');
  await expect(bar).toContainText('A real Patroni cluster');
  const leader = page.locator('[data-node][data-role="leader"]');
  await expect(leader).toHaveCount(1, { timeout: 20_000 });
  const first = (await leader.getAttribute('data-node')) as string;
  // Patroni's bootstrap leader is pg-1, as in the story (patroni.live.test.ts).
  expect(first).toBe('pg-1');

  // The What-if menu on the primary: the faults of PATRONI_FAULTS that apply to it, now.
  await page.locator(`[data-node="${first}"]`).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Faults for ${first}, now` });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Kill Patroni and PostgreSQL (SIGKILL)',
    'Stop Patroni (SIGSTOP)',
    'Cut off from etcd',
    'Cut HAProxy’s health checks',
    'Inspect',
  ]);
  await menu.getByRole('menuitem', { name: 'Kill Patroni and PostgreSQL (SIGKILL)' }).click();
  await expect(page.locator(`[data-node="${first}"]`)).toHaveAttribute('data-role', 'down', {
    timeout: 10_000,
  });
  // HAProxy's checks fail 3 times 3 s apart (fall 3, inter 3s): its backend goes DOWN.
  // The What-if panel, on the killed node, says why it offers nothing (live mode restarts no Patroni).
  const faults = page.getByRole('region', { name: 'Faults' });
  await faults.getByRole('combobox', { name: 'Node' }).selectOption(first);
  await expect(faults).toContainText(`${first} is down: its Patroni and PostgreSQL were killed`);
  const proxy = page.getByRole('region', { name: 'Proxy: haproxy' });
  await expect(proxy.locator('tr.down', { hasText: first })).toBeVisible({ timeout: 30_000 });
  // The leader key expires (ttl 30) and a replica promotes: about 35 s after the kill in the story.
  await expect
    .poll(() => leader.getAttribute('data-node'), { timeout: 75_000 })
    .toMatch(new RegExp(`^pg-(?!${first.slice(3)})[1-3]$`));
  const second = await leader.getAttribute('data-node');

  await bar.getByRole('button', { name: 'Stop recording' }).click();
  await expect(bar).toContainText('Live: recording stopped', { timeout: 30_000 });
  await expect(page.locator('.import-badge')).toContainText('Recorded from Patroni');
  // The narration tells the kill: a step of its own (a recording's steps are derived from it).
  await page.locator('.marker.step[title*="pg-1 processes KILLED"]').click();
  const narration = page.getByRole('status', { name: 'Narration', exact: true });
  await expect(narration).toContainText('pg-1 processes KILLED (host up: connections refused)');
  // 15 s on, HAProxy refuses the writes with long errors: on a 390 px screen they wrap in their panel.
  const scrubber = page.getByRole('slider', { name: 'Timeline' });
  await scrubber.fill(String(Number(await scrubber.inputValue()) + 15_000));
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.write.rejected').first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The page was clean while the service ran; once Ctrl+C takes the service away its requests fail.
  watch.assertClean();
  await page.close();

  // Ctrl+C: the run writes its recording and exits; its folder, processes, ports and memory are gone.
  process.kill(run.pid as number, 'SIGINT');
  await waitUntil('the run exits', () => exited(run.child), 30_000, run);
  await waitUntil('the folder removed', () => run.dir !== null && !existsSync(run.dir), 15_000, run);
  await waitUntil('every process gone', () => [...run.held.pids].every((p) => !running(p)), 10_000).catch(
    () => {},
  );
  expect(await leftOver(run.held)).toEqual({ pids: [], ports: [], shm: [], sysv: [] });
  expect(run.held.pids.size).toBeGreaterThanOrEqual(15);
  const trace = JSON.parse(readFileSync(out, 'utf8')) as {
    scenario: string;
    events: Array<{ k: string; node?: string; role?: string; fault?: { kind: string; node?: string } }>;
  };
  rmSync(folder, { recursive: true, force: true });
  expect(trace.scenario).toBe('patroni');
  // The page's kill is in the recording as the story's fault, then the new primary.
  expect(trace.events.filter((e) => e.k === 'fault').map((e) => e.fault)).toEqual([
    { kind: 'kill', node: first },
  ]);
  expect(trace.events.some((e) => e.k === 'role' && e.role === 'leader' && e.node === second)).toBe(true);
});
