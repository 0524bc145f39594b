import { createConnection, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TcpProxy } from './tcpProxy.ts';

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const x of open.splice(0)) await x.close();
});

/** An echo server on a free loopback port. */
async function echo(): Promise<number> {
  const server: Server = createServer((s) => {
    // A cut resets the proxy's upstream connection too: the echo side sees ECONNRESET.
    s.on('error', () => {});
    s.pipe(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  open.push({ close: () => new Promise((r) => server.close(r)) });
  return (server.address() as { port: number }).port;
}

/** Sends `text` through a new connection to `port`: the echo, or the error code (ECONNRESET...). */
function roundTrip(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    s.once('data', (d) => {
      resolve(d.toString());
      s.destroy();
    });
    s.once('close', () => resolve('closed'));
    s.write(text);
  });
}

describe('the TCP proxy in front of etcd and the REST ports', () => {
  it('forwards; once cut it resets the open connections and refuses new ones; healed it forwards again', async () => {
    const proxy = await TcpProxy.start(await echo());
    open.push(proxy);
    expect(await roundTrip(proxy.port, 'hello')).toBe('hello');

    const held = createConnection({ host: '127.0.0.1', port: proxy.port });
    const heldEnd = new Promise<string>((r) => {
      held.on('error', (e: NodeJS.ErrnoException) => r(e.code ?? 'error'));
      held.once('close', () => r('closed'));
    });
    await new Promise((r) => held.once('connect', r));
    await new Promise((r) => setTimeout(r, 50));
    expect(proxy.cut()).toBe(true);
    expect(proxy.cut()).toBe(false);
    expect(await heldEnd).toBe('ECONNRESET');
    expect(await roundTrip(proxy.port, 'again')).toBe('ECONNRESET');

    expect(proxy.heal()).toBe(true);
    expect(await roundTrip(proxy.port, 'back')).toBe('back');
  });
});
