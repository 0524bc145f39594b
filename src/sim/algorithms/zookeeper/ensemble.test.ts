/**
 * The lab's ZooKeeper (zk.ts, with the client rules of machine.ts) against a real 3-server ZooKeeper
 * 3.8 ensemble on loopback (src/testing/zookeeper): every script runs on both, and the normalised
 * answers, watch events and client states must agree, event times within the tolerance of
 * src/testing/zookeeper/outcome.ts. Then a seeded differential of random scripts:
 * ZK_DIFF_SCRIPTS=n runs n of them (default DIFF_DEFAULT), ZK_DIFF_SEED=s starts at seed s.
 *
 * Needs java and Debian's zookeeper package (ZK_JAR, JAVA): without them the suite is skipped with a
 * warning, unless REQUIRE_ZOOKEEPER=1 (.ci/run sets it), where it fails. SKIP_ZOOKEEPER=1 skips it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZkEnsemble, zookeeperMissing } from '../../../testing/zookeeper/ensemble.ts';
import { runModel } from '../../../testing/zookeeper/model.ts';
import { compareOutcomes, type Outcome, together } from '../../../testing/zookeeper/outcome.ts';
import { makeParent, runReal } from '../../../testing/zookeeper/real.ts';
import { randomScript, type Script, scripts } from '../../../testing/zookeeper/scripts.ts';

const DIFF_DEFAULT = 40;
/** Scripts running at once on the ensemble: they mostly sleep through cuts. */
const PARALLEL = 12;
const diffCount = Number(process.env.ZK_DIFF_SCRIPTS ?? DIFF_DEFAULT);
const diffSeed = Number(process.env.ZK_DIFF_SEED ?? 1);

const missing = zookeeperMissing();
const required = process.env.REQUIRE_ZOOKEEPER === '1';
const skip = process.env.SKIP_ZOOKEEPER === '1' || (missing !== undefined && !required);
if (skip)
  console.warn(
    `ZooKeeper ensemble suite SKIPPED (the model is NOT checked against ZooKeeper): ${missing ?? 'SKIP_ZOOKEEPER=1'}`,
  );

describe('ZooKeeper model scripts', () => {
  it('are deterministic, and the random ones vary', () => {
    for (const s of [...scripts, randomScript(1), randomScript(2)]) expect(runModel(s)).toEqual(runModel(s));
    expect(randomScript(1)).toEqual(randomScript(1));
    expect(randomScript(1).steps).not.toEqual(randomScript(2).steps);
  });

  it('compare NodeDeleted events that come together as a set, and nothing else', () => {
    const ev = (what: string, at: number) => ({ what, anchor: '0', since: at, at });
    const real = [ev('SyncConnected', 0), ev('NodeDeleted n_1', 100), ev('NodeDeleted n_0', 110)];
    expect(together(real).map((e) => e.what)).toEqual([
      'SyncConnected',
      'NodeDeleted n_0',
      'NodeDeleted n_1',
    ]);
    const apart = [ev('NodeDeleted n_1', 100), ev('NodeDeleted n_0', 400)];
    expect(together(apart).map((e) => e.what)).toEqual(['NodeDeleted n_1', 'NodeDeleted n_0']);
    const model: Outcome = {
      answers: [],
      events: { A: [ev('NodeDeleted n_0', 100), ev('NodeDeleted n_1', 100)] },
      anchors: { 0: 0 },
    };
    const swapped: Outcome = {
      ...model,
      events: { A: [ev('NodeDeleted n_1', 120), ev('NodeDeleted n_0', 121)] },
    };
    expect(compareOutcomes('x', model, swapped)).toBeUndefined();
    const missing: Outcome = { ...model, events: { A: [ev('NodeDeleted n_1', 120)] } };
    expect(compareOutcomes('x', model, missing)).toContain('client A events');
  });

  it('widen the time window by how long the harness itself was held up, and by no more', () => {
    const ev = (what: string, at: number) => ({ what, anchor: '0', since: at, at });
    const model: Outcome = { answers: [], events: { A: [ev('SyncConnected', 0)] }, anchors: { 0: 0 } };
    const late: Outcome = { ...model, events: { A: [ev('SyncConnected', 558)] } };
    expect(compareOutcomes('x', model, late)).toContain('client A SyncConnected');
    expect(compareOutcomes('x', model, { ...late, stallMs: 200 })).toBeUndefined();
    expect(compareOutcomes('x', model, { ...late, stallMs: 100 })).toContain('held up 100 ms');
  });

  it('cover the cases of the real suite', () => {
    const ops = new Set(scripts.flatMap((s) => s.steps.map((x) => x.op)));
    for (const op of [
      'create',
      'children',
      'exists',
      'delete',
      'cut',
      'reset',
      'delay',
      'kill',
      'killServer',
    ] as const)
      expect(ops).toContain(op);
    const events = scripts.map((s) => JSON.stringify(runModel(s).events));
    for (const what of ['Disconnected', 'Expired', 'NodeDeleted'])
      expect(events.some((e) => e.includes(what))).toBe(true);
  });
});

/** Runs `n` tasks, at most `k` at a time. */
async function limited<T>(items: readonly T[], k: number, task: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(k, items.length) }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

describe.skipIf(skip)('the ensemble leaves nothing behind', () => {
  it('when its owner is SIGKILLed: the reaper kills the servers and removes the folder', async () => {
    const ensembleTs = fileURLToPath(new URL('../../../testing/zookeeper/ensemble.ts', import.meta.url));
    const code = `import { ZkEnsemble } from ${JSON.stringify(ensembleTs)};
      const e = await ZkEnsemble.start();
      console.log(JSON.stringify({ dir: e.dir, pids: e.servers.map((s) => s.child.pid) }));
      setInterval(() => {}, 1000);`;
    const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const started = await new Promise<{ dir: string; pids: number[] }>((resolve, reject) => {
      let out = '';
      owner.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0] as string));
      });
      owner.once('exit', (c) => reject(new Error(`the owner exited (${c}) before the ensemble served`)));
    });
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(started.pids.every(alive)).toBe(true);
    owner.kill('SIGKILL');
    const end = performance.now() + 10_000;
    while ((started.pids.some(alive) || existsSync(started.dir)) && performance.now() < end)
      await new Promise((r) => setTimeout(r, 100));
    expect(started.pids.filter(alive)).toEqual([]);
    expect(existsSync(started.dir)).toBe(false);
  }, 60_000);
});

describe.skipIf(skip)('ZooKeeper 3.8 ensemble against the model', () => {
  let ensemble: ZkEnsemble | undefined;
  let runs = 0;

  beforeAll(async () => {
    if (missing !== undefined) throw new Error(`REQUIRE_ZOOKEEPER=1, but ${missing}`);
    ensemble = await ZkEnsemble.start();
  }, 90_000);

  afterAll(async () => {
    await ensemble?.stop();
  }, 30_000);

  const check = async (script: Script): Promise<string | undefined> => {
    if (ensemble === undefined) throw new Error('no ensemble (see the beforeAll error)');
    const parent = `/${script.name}-${runs++}`;
    await makeParent(ensemble, parent);
    const real: Outcome = await runReal(script, ensemble, parent);
    return compareOutcomes(script.name, runModel(script, parent), real);
  };

  it('named scripts agree', async () => {
    const failures: string[] = [];
    await limited(
      scripts.filter((s) => !s.exclusive),
      PARALLEL,
      async (s) => {
        const r = await check(s);
        if (r !== undefined) failures.push(r);
      },
    );
    for (const s of scripts.filter((x) => x.exclusive)) {
      const r = await check(s);
      if (r !== undefined) failures.push(r);
    }
    if (failures.length > 0) expect.fail(failures.join('\n'));
  }, 120_000);

  it(`${diffCount} random scripts agree (seeds ${diffSeed}..${diffSeed + diffCount - 1})`, async () => {
    const failures: string[] = [];
    const seeds = Array.from({ length: diffCount }, (_, i) => diffSeed + i);
    let steps = 0;
    await limited(seeds, PARALLEL, async (seed) => {
      const s = randomScript(seed);
      steps += s.steps.length;
      const r = await check(s);
      if (r !== undefined) failures.push(`seed ${seed}: ${r}`);
    });
    console.info(`ZooKeeper differential: ${diffCount} scripts, ${steps} steps`);
    if (failures.length > 0) expect.fail(failures.join('\n'));
  }, 600_000);
});
