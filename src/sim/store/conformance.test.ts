/**
 * Conformance of the EtcdStore model with a real etcd 3.4: every script of conformance/scripts.ts runs
 * against a fresh model and against a real server (through the JSON gateway), and the normalised
 * answer of every step must be equal. Needs the etcd binary (ETCD_BIN or PATH); SKIP_ETCD=1 skips.
 *
 * A small pool of single-member servers runs the scripts in parallel, one script per server at a time
 * (revisions are compared as deltas, so a server must not be shared by two running scripts). Each
 * script starts on an empty keyspace and revokes its leases when done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtcdBackend, ModelBackend } from '../../testing/etcd/backend.ts';
import { type EtcdServer, etcdVersion, findEtcd, startEtcd } from '../../testing/etcd/etcdServer.ts';
import { conformanceReport, type RunOutcome, runScript } from '../../testing/etcd/runner.ts';
import { scripts } from '../../testing/etcd/scripts.ts';
import { EtcdStore } from './etcd.ts';

const POOL_SIZE = 4;
const skip = process.env.SKIP_ETCD === '1';
if (skip)
  console.warn('SKIP_ETCD=1: the etcd conformance suite is skipped (the model is NOT checked against etcd)');

/** Hands servers out one script at a time. */
class Pool {
  private readonly idle: EtcdServer[];
  private readonly waiting: Array<(s: EtcdServer) => void> = [];
  constructor(readonly servers: EtcdServer[]) {
    this.idle = [...servers];
  }
  acquire(): Promise<EtcdServer> {
    const s = this.idle.pop();
    if (s !== undefined) return Promise.resolve(s);
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(s: EtcdServer): void {
    const next = this.waiting.shift();
    if (next !== undefined) next(s);
    else this.idle.push(s);
  }
}

describe('model scripts are deterministic', () => {
  it('gives the same answers twice', async () => {
    for (const script of scripts) {
      const a = await runScript(script, new ModelBackend(new EtcdStore()));
      const b = await runScript(script, new ModelBackend(new EtcdStore()));
      expect(b.results).toEqual(a.results);
    }
  });

  it('has at least 14 scripts with unique names', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(14);
    expect(new Set(scripts.map((s) => s.name)).size).toBe(scripts.length);
  });
});

describe.skipIf(skip).concurrent('etcd 3.4 conformance', () => {
  let pool: Pool | undefined;
  const started: EtcdServer[] = [];

  beforeAll(async () => {
    const bin = findEtcd(); // throws a clear "etcd not found ... SKIP_ETCD=1" error
    const version = etcdVersion(bin);
    if (!version.startsWith('3.4.')) console.warn(`the model follows etcd 3.4; ${bin} is ${version}`);
    const results = await Promise.allSettled(
      Array.from({ length: POOL_SIZE }, (_, i) => startEtcd(bin, `conf${i}`)),
    );
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
    pool = new Pool(started);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
  }, 30_000);

  for (const script of scripts) {
    it(script.name, async () => {
      if (pool === undefined) throw new Error('no etcd server (see the beforeAll error)');
      const server = await pool.acquire();
      const etcd = new EtcdBackend(server.url);
      let real: RunOutcome | undefined;
      try {
        await etcd.deleteRange('\0', '\0'); // empty keyspace
        real = await runScript(script, etcd);
      } finally {
        for (const id of real?.leaseIds ?? []) await etcd.revoke(id).catch(() => undefined);
        await etcd.deleteRange('\0', '\0').catch(() => undefined);
        pool.release(server);
      }
      if (real === undefined) throw new Error('unreachable');
      const model = await runScript(script, new ModelBackend(new EtcdStore()));
      const report = conformanceReport(script, model.results, real.results);
      if (report !== undefined) expect.fail(report);
    }, 60_000);
  }
});
