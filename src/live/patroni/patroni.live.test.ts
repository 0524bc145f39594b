/**
 * `npm run live -- --system patroni` against a real Patroni 3.0.2 / PostgreSQL 15 / HAProxy 2.6 /
 * etcd 3.4 cluster: one headless run with the story's fault (the primary's Patroni and postmaster
 * SIGKILLed), and one run SIGKILLed itself, each checked for what it leaves behind. Without the
 * packages it skips with a warning, unless REQUIRE_PATRONI=1 (.ci/run sets it), where it fails.
 * Linux (/proc).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTrace } from '../../sim/trace/import.ts';
import { sleep } from '../../testing/etcd/etcdServer.ts';
import { exited, type LiveChild, reap, startLive, waitUntil } from '../liveChild.ts';
import { findPatroniBins } from './deps.ts';
import { descendants, leftOver, noteHoldings, running } from './leftovers.ts';
import { PATRONI_MEASURED, widened } from './measured.ts';
import type { Figures } from './run.ts';

const required = process.env.REQUIRE_PATRONI === '1';
let missing: string | undefined;
try {
  findPatroniBins();
} catch (e) {
  missing = (e as Error).message;
}
if (process.platform !== 'linux') missing = 'Linux only';
if (missing !== undefined && !required) console.warn(`skipping the live Patroni tests: ${missing}`);

let current: LiveChild | null = null;

/** `npm run live -- --system patroni ...`, noting what it holds every 500 ms while it runs. */
function startPatroni(args: string[]): LiveChild {
  current = startLive('patroni', args, (live) =>
    noteHoldings(live.dir as string, live.held, [
      live.child.pid as number,
      ...descendants(live.child.pid as number),
    ]),
  );
  return current;
}

async function expectNothingLeft(live: LiveChild): Promise<void> {
  // The reaper polls every 500 ms and gives postmasters 3 s to shut down.
  await waitUntil('the folder removed', () => live.dir !== null && !existsSync(live.dir), 15_000);
  await waitUntil('every process gone', () => [...live.held.pids].every((p) => !running(p)), 10_000).catch(
    () => {},
  );
  const left = await leftOver(live.held);
  expect(left).toEqual({ pids: [], ports: [], shm: [], sysv: [] });
  // What was held is what a run holds: etcd, 3 Patroni, 3 postmasters with their children, HAProxy.
  expect(live.held.pids.size).toBeGreaterThanOrEqual(15);
  expect(live.held.ports.size).toBeGreaterThanOrEqual(12);
  expect(live.held.shm.size).toBeGreaterThanOrEqual(3);
}

/** The test's own folders (the recording's): removed after each test, failed or not. */
const made: string[] = [];

afterEach(async () => {
  // A failed test leaves nothing behind either: its run is killed and its reaper cleans up.
  const live = current;
  current = null;
  await reap(live, 15_000);
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(missing !== undefined && !required)('npm run live -- --system patroni', () => {
  it('fails here when REQUIRE_PATRONI=1 and a package is missing', () => {
    if (missing !== undefined) throw new Error(`REQUIRE_PATRONI=1, but ${missing}`);
  });

  it("the story's kill: one new primary, the client's outage in the story's range, nothing left behind", async () => {
    // Killed 1.4 s after one of the primary's HA loops, as in the story (scenarios/patroni.ts).
    const out = join(mkdtempSync(join(tmpdir(), 'lel-patroni-test-')), 'run.json');
    made.push(dirname(out));
    const live = startPatroni([
      '--out',
      out,
      '--headless',
      '--duration',
      '52000',
      '--fault',
      '0:{"kind":"kill-primary","afterLoopMs":1400}',
    ]);
    await waitUntil('the run ends', () => exited(live.child), 170_000, live);
    expect(live.child.exitCode, live.err).toBe(0);
    const doc = JSON.parse(live.out) as {
      source: string;
      figures: Figures;
      leaders: Array<{ node: string }>;
    };
    expect(doc.source).toBe('patroni');
    const f = doc.figures;
    expect(f.killed).toBe('pg-1');
    // What the run said, beside its figures, where a failover that did not come has its cause.
    const said = `figures ${JSON.stringify(f)}; the run said, last:\n${live.err.slice(-6000)}`;
    expect(f.newPrimaries, said).toEqual(['pg-2']);
    const [lo, hi] = widened(PATRONI_MEASURED.outage);
    expect(f.outage).toBeGreaterThanOrEqual(lo);
    expect(f.outage).toBeLessThanOrEqual(hi);
    // The recording is a trace of the story like any other: it imports, and the story's steps anchor on it.
    const trace = parseTrace(readFileSync(out, 'utf8'));
    expect([trace.scenario, trace.algorithm]).toEqual(['patroni', 'patroni']);
    expect(trace.steps.map((s) => s.id)).toEqual(
      expect.arrayContaining([
        'pg-1-crashes',
        'haproxy-marks-pg-1-down',
        'lease-expires',
        'pg-2-promotes',
        'pg-2-is-primary',
        'writes-reach-pg-2',
      ]),
    );
    // The cluster as it starts, at time 0: pg-1 the primary on timeline 1, the others replicas.
    expect(
      trace.events.flatMap((e) => (e.k === 'role' && e.t === 0 ? [`${e.node}:${e.role}:${e.token}`] : [])),
    ).toEqual(['pg-1:leader:1', 'pg-2:follower:1', 'pg-3:follower:1']);
    // HAProxy's view from the start: the replicas' backends DOWN before the kill (their /primary is 503).
    const kill = trace.events.find((e) => e.k === 'fault')?.t as number;
    const downBefore = trace.events.flatMap((e) =>
      e.k === 'mark' && e.name === 'backend-down' && e.t < kill ? [e.data?.backend] : [],
    );
    expect(downBefore.sort()).toEqual(['pg-2', 'pg-3']);
    await expectNothingLeft(live);
  }, 180_000);

  it('SIGTERM to the npm process: everything stops and nothing is left', async () => {
    const live = startPatroni(['--headless', '--duration', '120000']);
    // Past the cluster's own 120 s start deadline, so its message says which step did not come.
    await waitUntil('the cluster up', () => live.pid !== null, 130_000, live);
    await sleep(2000);
    process.kill(live.child.pid as number, 'SIGTERM');
    await waitUntil('npm exits', () => exited(live.child), 30_000);
    await expectNothingLeft(live);
  }, 180_000);

  it('SIGKILLed while it runs: the reaper stops every process and postmaster and removes the rest', async () => {
    const live = startPatroni(['--headless', '--duration', '120000']);
    // Past the cluster's own 120 s start deadline, so its message says which step did not come.
    await waitUntil('the cluster up', () => live.pid !== null, 130_000, live);
    // Let every postmaster's shared memory be noted by the run and by this test.
    await sleep(2000);
    process.kill(live.pid as number, 'SIGKILL');
    await waitUntil('npm exits', () => exited(live.child), 20_000);
    await expectNothingLeft(live);
  }, 180_000);
});
