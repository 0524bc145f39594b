/** The control service's gate: the token, Host and Origin checks, and the short list of faults. */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveToken } from '../player/liveToken.ts';
import { faultOf, type LiveServer, startServer } from './server.ts';

function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('live control service', () => {
  let srv: LiveServer;
  beforeAll(async () => {
    srv = await startServer(() => null, { root: process.cwd() });
  });
  afterAll(async () => {
    await srv.close();
  });

  it('listens on loopback and prints a URL with its token', () => {
    expect(srv.url).toBe(`http://127.0.0.1:${srv.port}/#live=${srv.token}`);
    expect(srv.token).toMatch(/^[0-9a-f]{48}$/);
  });

  it('refuses the API without the token, with a wrong Host, or from another origin', async () => {
    expect(await get(srv.port, '/live/trace')).toBe(403);
    expect(await get(srv.port, '/live/trace?token=00')).toBe(403);
    expect(await get(srv.port, `/live/trace?token=${srv.token}`, { host: 'evil.example:80' })).toBe(421);
    expect(await get(srv.port, `/live/trace?token=${srv.token}`, { origin: 'http://evil.example' })).toBe(
      403,
    );
    // With everything right: not started yet (503), and anything off the list is 404.
    expect(await get(srv.port, `/live/trace?token=${srv.token}`)).toBe(503);
    expect(await get(srv.port, `/live/exec?token=${srv.token}`, {}, 'POST')).toBe(404);
    expect(
      await get(srv.port, `/live/trace`, {
        'x-live-token': srv.token,
        origin: `http://127.0.0.1:${srv.port}`,
      }),
    ).toBe(503);
    expect(await get(srv.port, '/index.html', {}, 'DELETE')).toBe(405);
    expect(await get(srv.port, '/../../etc/passwd')).not.toBe(200);
  });

  it('takes only the faults on its short list', () => {
    expect(faultOf({ kind: 'crash', node: 'node-1' }, 3)).toEqual({ kind: 'crash', node: 'node-1' });
    expect(faultOf({ kind: 'member-kill', member: 2 }, 3)).toEqual({ kind: 'member-kill', member: 2 });
    expect(faultOf({ kind: 'pause', node: 'node-2', durationMs: 5000 }, 3)).toEqual({
      kind: 'pause',
      node: 'node-2',
      durationMs: 5000,
    });
    expect(faultOf({ kind: 'isolate', node: 'node-3', from: 'store' }, 3)).not.toBeNull();
    for (const bad of [
      { kind: 'crash', node: 'node-4' },
      { kind: 'crash', node: 'etcd' },
      { kind: 'crash', node: 'node-1', extra: 1 },
      { kind: 'member-kill', member: 4 },
      { kind: 'member-kill', member: '1' },
      { kind: 'partition', groups: [['node-1'], ['node-2']] },
      { kind: 'isolate', node: 'node-1', from: 'all' },
      { kind: 'pause', node: 'node-1', durationMs: -1 },
      { kind: 'exec', cmd: 'rm -rf /' },
      ['crash'],
      null,
    ])
      expect(faultOf(bad, 3)).toBeNull();
  });

  it('the page reads the token from the hash and keeps it for reloads', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    expect(readLiveToken('#live=0123456789abcdef0123', storage)).toBe('0123456789abcdef0123');
    expect(readLiveToken('', storage)).toBe('0123456789abcdef0123');
    expect(readLiveToken('#live=<script>', null)).toBeNull();
  });
});
