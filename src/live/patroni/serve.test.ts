/**
 * The control service in front of a live Patroni run: it takes exactly PATRONI_FAULTS' requests, as
 * `--fault` checks them, hands each to the run as it is, and says what is wrong with any other.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patroniActions } from '../../sandbox/livePatroni.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import type { Frame, NodeView } from '../../sim/trace/frame.ts';
import { type LiveServer, startServer } from '../server.ts';
import type { PatroniFault } from './faults.ts';
import type { PatroniRun } from './run.ts';
import { patroniService } from './serve.ts';

function post(
  port: number,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/live/fault',
        method: 'POST',
        headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A run that records what it is asked to do. */
function fakeRun(applied: PatroniFault[]): PatroniRun {
  const members = [1, 2, 3].map((index) => ({
    index,
    id: `id${index}`,
    name: `m${index}`,
    state: 'running',
  }));
  return {
    stopped: false,
    cluster: { etcd: { running: 3, info: () => members } },
    subscribe: () => () => {},
    fault: (f: PatroniFault) => {
      applied.push(f);
      return Promise.resolve(true);
    },
  } as unknown as PatroniRun;
}

describe('live Patroni: the service takes PATRONI_FAULTS and nothing else', () => {
  const applied: PatroniFault[] = [];
  let srv: LiveServer;
  let origin: string;
  beforeAll(async () => {
    const run = fakeRun(applied);
    srv = await startServer(() => patroniService(run), { root: process.cwd() });
    origin = `http://127.0.0.1:${srv.port}`;
  });
  afterAll(async () => {
    await srv.close();
  });
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    post(srv.port, typeof body === 'string' ? body : JSON.stringify(body), {
      'x-live-token': srv.token,
      origin,
      ...headers,
    });

  it('applies a good fault through the run, as --fault and stdin do', async () => {
    applied.length = 0;
    const res = await send({ kind: 'pause', node: 'pg-2' });
    expect(res).toEqual({ status: 200, text: '{"changed":true}' });
    expect(await send({ kind: 'member-kill', member: 1 })).toMatchObject({ status: 200 });
    expect(await send({ kind: 'kill-primary' })).toMatchObject({ status: 200 });
    expect(applied).toEqual([
      { kind: 'pause', node: 'pg-2' },
      { kind: 'member-kill', member: 1 },
      { kind: 'kill-primary' },
    ]);
  });

  it('every fault the What-if menu offers is accepted, and reaches the run as the menu sent it', async () => {
    const node = (id: string, kind: NodeView['kind'], more: Partial<NodeView> = {}): NodeView => ({
      id,
      kind,
      role: 'follower',
      believed: null,
      up: true,
      paused: false,
      isolated: null,
      group: null,
      drift: 1,
      ...more,
    });
    const frame = (cuts: Array<[string, string]>, eventCount = 0) =>
      ({ cuts, eventCount }) as unknown as Frame;
    const stopped: TraceEvent[] = [
      { k: 'mark', t: 1, node: 'etcd', name: 'member-stop', data: { member: 2 } },
    ];
    const killed: TraceEvent[] = [
      { k: 'mark', t: 1, node: 'etcd', name: 'member-kill', data: { member: 3 } },
    ];
    const offered = [
      ...patroniActions(node('pg-1', 'node', { role: 'leader' }), frame([]), []),
      ...patroniActions(
        node('pg-2', 'node', { paused: true, isolated: 'store' }),
        frame([['haproxy', 'pg-2']]),
        [],
      ),
      ...patroniActions(node('etcd', 'store'), frame([], 1), stopped),
      ...patroniActions(node('etcd', 'store'), frame([], 1), killed),
    ].map((a) => a.request);
    const kinds = new Set(offered.map((r) => r.kind));
    // Issue #45's list: the primary's kill, SIGSTOP / resume, the cut from etcd and back, HAProxy's
    // checks cut and restored, and each etcd member's kill, stop, resume and restart.
    expect([...kinds].sort()).toEqual(
      [
        'kill',
        'pause',
        'resume',
        'isolate-etcd',
        'rejoin-etcd',
        'cut-checks',
        'heal-checks',
        'member-kill',
        'member-stop',
        'member-resume',
        'member-restart',
      ].sort(),
    );
    applied.length = 0;
    for (const r of offered) expect(await send(r), JSON.stringify(r)).toMatchObject({ status: 200 });
    expect(applied).toEqual(offered);
  });

  it.each([
    [
      { kind: 'crash', node: 'pg-1' },
      /not a Patroni fault: "crash": --system patroni takes kill-primary, kill/,
    ],
    [{ kind: 'pause', node: 'pg-4' }, /pause takes \{"kind","node"\} with node pg-1, pg-2 or pg-3/],
    [{ kind: 'pause', node: 'node-1' }, /with node pg-1, pg-2 or pg-3/],
    [{ kind: 'pause', node: 'pg-1', durationMs: 5000 }, /pause takes no "durationMs"/],
    [{ kind: 'member-stop', member: 4 }, /member 1, 2 or 3/],
    [{ kind: 'member-stop', member: '1' }, /member 1, 2 or 3/],
    [{ kind: 'kill-primary', afterLoopMs: 1400 }, /afterLoopMs is for --fault only/],
    [['pause'], /send one object/],
    ['{"kind":', /not JSON/],
  ])('refuses %j with a 400 saying what is wrong', async (body, message) => {
    applied.length = 0;
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.text).toMatch(message);
    expect(applied).toEqual([]);
  });

  it('refuses a fault without the token, or from another origin, and applies nothing', async () => {
    applied.length = 0;
    const good = { kind: 'kill-primary' };
    expect((await send(good, { 'x-live-token': '' })).status).toBe(403);
    expect((await send(good, { 'x-live-token': 'ab'.repeat(24) })).status).toBe(403);
    expect(await send(good, { origin: 'http://evil.example' })).toEqual({
      status: 403,
      text: 'wrong Origin\n',
    });
    expect(applied).toEqual([]);
  });
});
