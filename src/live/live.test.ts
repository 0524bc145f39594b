/**
 * Live mode against a real three-member etcd 3.4 cluster: the lease machines run in Node on the real
 * clock and talk to etcd through its JSON gateway. Needs the etcd binary (ETCD_BIN or PATH);
 * SKIP_ETCD=1 skips it. Times are bounded loosely (3 x TTL), never measured here: the measured
 * failover is scripts/liveFailover.ts's job.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { scenarioParams } from '../sim/inputs.ts';
import { withAlgorithm } from '../sim/scenario/sandbox.ts';
import { parseTrace } from '../sim/trace/import.ts';
import { leaderIntervals } from '../sim/trace/summary.ts';
import { sleep } from '../testing/etcd/etcdServer.ts';
import { b64, Gateway, unb64 } from './gateway.ts';
import { type LiveSession, startSession } from './session.ts';

const skip = process.env.SKIP_ETCD === '1';
const TTL_S = 2;
const TTL_MS = TTL_S * 1000;
const sandbox = scenarios.find((s) => s.id === 'sandbox');
if (!sandbox) throw new Error('no sandbox scenario');
// renewS = TTL/3 (clientv3), a short retry period and a frequent job keep the wall time small.
const params = scenarioParams(withAlgorithm(sandbox, 'lease'), {
  ttlS: TTL_S,
  renewS: TTL_S / 3,
  retryMs: 500,
  requestTimeoutMs: 800,
  writeIntervalMs: 500,
  workMs: 50,
});

/** Polls until `ok()` holds; returns how long it took, or fails after `withinMs`. */
async function waitFor(what: string, ok: () => boolean, withinMs: number): Promise<number> {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(50);
  }
  return Date.now() - start;
}

describe.skipIf(skip)('live mode against a real etcd cluster', () => {
  let s: LiveSession;
  const leaders = () => s.run.leadersNow();
  let first: { node: string; token: number | null };
  let second: { node: string; token: number | null };

  beforeAll(async () => {
    s = await startSession({ params, nodes: 3, nodeFaults: [], storeFaults: [] });
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
  }, 30_000);

  it('answers the lab alone: a request without its token writes nothing; a foreign Host gets 421', async () => {
    const [member] = s.cluster.endpoints;
    const put = await fetch(`${member}/v3/kv/put`, {
      method: 'POST',
      body: JSON.stringify({ key: b64('/intruder'), value: b64('x') }),
    });
    expect(await put.text()).toMatch(/user name is empty/);
    const lab = new Gateway(s.cluster.endpoints, s.cluster.auth);
    const read = await lab.call('/v3/kv/range', { key: b64('/intruder') }, 5000);
    expect(read.json.kvs).toBeUndefined();
    // The lab's own client reads what it wrote (the fenced resource's token, zero-padded).
    const token = await lab.call('/v3/kv/range', { key: b64('/lab/storage/token') }, 5000);
    expect(unb64((token.json.kvs as Array<{ value: string }>)[0]?.value)).toMatch(/^\d{16}$/);
    const url = new URL(member as string);
    const status = await new Promise<number>((done, fail) =>
      request(
        { host: url.hostname, port: url.port, path: '/version', headers: { Host: 'evil.example' } },
        (r) => {
          r.resume();
          done(r.statusCode ?? 0);
        },
      )
        .on('error', fail)
        .end(),
    );
    expect(status).toBe(421);
  });

  it('elects a leader', async () => {
    await waitFor('a leader', () => leaders().length === 1, 3 * TTL_MS);
    first = leaders()[0] as { node: string; token: number | null };
    expect(first.token).toBe(Number(params.tokenStart) + 1);
  });

  it('after the leader crashes another node leads with a higher token, within 3 x TTL', async () => {
    expect(s.run.nodeFault({ kind: 'crash', node: first.node })).toBe(true);
    await waitFor('a new leader', () => leaders().some((l) => l.node !== first.node), 3 * TTL_MS);
    second = leaders()[0] as { node: string; token: number | null };
    expect(second.node).not.toBe(first.node);
    expect(second.token).toBeGreaterThan(first.token ?? Number.POSITIVE_INFINITY);
  });

  it('keeps a leader with one member killed', async () => {
    expect(await s.run.storeFault({ kind: 'member-kill', member: 1 })).toBe(true);
    expect(s.run.hasQuorum).toBe(true);
    await sleep(2 * TTL_MS);
    await waitFor('a leader with two members', () => leaders().length === 1, 3 * TTL_MS);
    expect(await s.run.probeWrite(1_000_000)).toBe('accepted');
  });

  it('with a second member killed nobody leads and writes are refused', async () => {
    expect(await s.run.storeFault({ kind: 'member-kill', member: 2 })).toBe(true);
    expect(s.run.hasQuorum).toBe(false);
    // The leader steps down at its local deadline, TTL x (1 - driftMarginRatio) after its last renewal.
    await waitFor('nobody leads', () => leaders().length === 0, 3 * TTL_MS);
    const lost = s.run.now();
    expect(await s.run.probeWrite(2_000_000)).toBe('unavailable');
    await sleep(TTL_MS);
    expect(leaders()).toEqual([]);
    // No node's write is accepted once quorum is gone (the recording catches up after its lag).
    await sleep(1500);
    const accepted = s.run
      .trace()
      .events.filter((e) => e.k === 'write' && e.status === 'accepted' && e.t > lost);
    expect(accepted).toEqual([]);
  });

  it('after both members restart there is a leader again, and the recording imports', async () => {
    expect(await s.run.storeFault({ kind: 'member-restart', member: 1 })).toBe(true);
    expect(await s.run.storeFault({ kind: 'member-restart', member: 2 })).toBe(true);
    expect(s.run.hasQuorum).toBe(true);
    // etcd's new leader extends every lease by its TTL (lessor Promote), so the old key lives one
    // more TTL before a node can take it.
    await waitFor('a leader after quorum is back', () => leaders().length === 1, 30_000);
    const third = leaders()[0] as { node: string; token: number | null };
    expect(third.token).toBeGreaterThan(second.token ?? Number.POSITIVE_INFINITY);

    const trace = await s.stop();
    expect(trace.source).toBe('etcd');
    expect(trace.etcd?.members.map((m) => m.index)).toEqual([1, 2, 3]);
    const back = parseTrace(JSON.stringify(trace));
    expect(back).toEqual(trace);
    // Leaders in the recording, in order, with rising tokens.
    const tokens = leaderIntervals(trace).map((l) => l.token ?? 0);
    expect(tokens).toEqual([...tokens].sort((a, b) => a - b));
    expect(tokens[0]).toBe(first.token);
    const group = new Set(['store-group', 'store-leader']);
    const marks = trace.events.flatMap((e) =>
      e.k === 'mark' && e.node === 'etcd' && !group.has(e.name) ? [e.name] : [],
    );
    // Each member's Raft state as polled (memberStatus.ts): member-1 down after its kill, a leader
    // again in a later term once quorum is back, and the import keeps the marks (toEqual above).
    const states = trace.events.flatMap((e) =>
      e.k === 'mark' && e.node === 'etcd' && e.name === 'store-group'
        ? [{ t: e.t, ...e.data } as Record<string, unknown>]
        : [],
    );
    const killAt = trace.events.find((e) => e.k === 'mark' && e.name === 'member-kill')?.t ?? 0;
    expect(states.some((g) => Number(g.t) > killAt && String(g.roles).startsWith('down,'))).toBe(true);
    const storeLeaders = trace.events.flatMap((e) =>
      e.k === 'mark' && e.name === 'store-leader' ? [Number(e.data?.term)] : [],
    );
    expect(storeLeaders.length).toBeGreaterThanOrEqual(2);
    expect(storeLeaders.at(-1)).toBeGreaterThan(storeLeaders[0] ?? Number.POSITIVE_INFINITY);
    // etcd's leader-change counter, read on member-3 at least (it ran throughout; a member just
    // restarted may not have answered its first /metrics yet).
    expect(String(states.at(-1)?.changes)).toMatch(/^\d*,\d*,\d+$/);
    expect(marks).toEqual([
      'member-kill',
      'member-kill',
      'quorum-lost',
      'member-restart',
      'quorum-back',
      'member-restart',
    ]);
  });
});
