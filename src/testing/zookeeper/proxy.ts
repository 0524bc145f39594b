/**
 * Test-only: one client's TCP path to the ensemble, with one loopback listener per server, so the
 * three session cases can be caused on purpose:
 * - `cut()`: a silent cut. Nothing passes either way, nothing is closed; bytes (and closes) wait and
 *   go through in order on `heal()`, as TCP's retransmission delivers them after a short cut
 *   (RFC 6298). New connections are accepted but get no answer, like a SYN into a dead link after
 *   the client's connect timeout.
 * - `reset()`: every open connection is reset at once (RST), as when the server's process dies.
 * - `delayMs`: each chunk goes through this much later, in order.
 * Node-only.
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

interface Pipe {
  client: Socket;
  upstream: Socket;
  /** Chunks (or a close, as null) held by a cut, per direction. */
  held: Array<{ to: Socket; data: Buffer | null }>;
  /** The server this connection goes to. */
  serverId: number;
}

export class ZkProxy {
  delayMs = 0;
  private cutNow = false;
  private readonly pipes = new Set<Pipe>();
  private constructor(
    private readonly servers: Server[],
    /** Listener port -> the server id behind it. */
    readonly ports: ReadonlyMap<number, number>,
  ) {}

  /** One listener per `[serverId, serverPort]`. */
  static async start(targets: ReadonlyArray<[number, number]>): Promise<ZkProxy> {
    const servers: Server[] = [];
    const ports = new Map<number, number>();
    const proxy = new ZkProxy(servers, ports);
    for (const [id, port] of targets) {
      const s = createServer((client) => proxy.accept(client, id, port));
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => resolve());
      });
      const addr = s.address();
      if (addr === null || typeof addr === 'string') throw new Error('no port');
      servers.push(s);
      ports.set(addr.port, id);
    }
    return proxy;
  }

  /** `127.0.0.1:a,127.0.0.1:b,...`: the client's connect string. */
  connectString(): string {
    return [...this.ports.keys()].map((p) => `127.0.0.1:${p}`).join(',');
  }

  /** The server the client's open connection goes to, if it has one. */
  serverOf(client: Socket | undefined): number | undefined {
    if (client === undefined) return undefined;
    return this.ports.get(client.remotePort ?? -1);
  }

  private accept(client: Socket, serverId: number, port: number): void {
    client.setNoDelay(true);
    const upstream = tcpConnect({ host: '127.0.0.1', port });
    upstream.setNoDelay(true);
    const pipe: Pipe = { client, upstream, held: [], serverId };
    this.pipes.add(pipe);
    const pass = (to: Socket, data: Buffer | null) => {
      if (this.cutNow) {
        pipe.held.push({ to, data });
        return;
      }
      const go = () => {
        if (data === null) to.destroy();
        else if (!to.destroyed) to.write(data);
      };
      if (this.delayMs > 0) setTimeout(go, this.delayMs);
      else go();
    };
    client.on('data', (d) => pass(upstream, d));
    upstream.on('data', (d) => pass(client, d));
    // A server that dies resets its connections: the client sees the close at once (unless cut).
    upstream.on('close', () => pass(client, null));
    client.on('close', () => pass(upstream, null));
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    const forget = () => {
      if (client.destroyed && upstream.destroyed && pipe.held.length === 0) this.pipes.delete(pipe);
    };
    client.on('close', forget);
    upstream.on('close', forget);
  }

  cut(): void {
    this.cutNow = true;
  }

  get isCut(): boolean {
    return this.cutNow;
  }

  /** Ends a cut: what it held goes through, in order. */
  heal(): void {
    this.cutNow = false;
    for (const p of this.pipes) {
      const held = p.held.splice(0);
      // A connection the client gave up on during the cut: its unacknowledged bytes never arrive,
      // the server's side is reset (else a stale ConnectRequest would renew the session).
      if (p.client.destroyed) {
        p.upstream.resetAndDestroy();
        continue;
      }
      for (const { to, data } of held) {
        if (data === null) to.destroy();
        else if (!to.destroyed) to.write(data);
      }
    }
  }

  /** Resets every open connection (the client gets ECONNRESET at once). */
  reset(): void {
    for (const p of this.pipes) {
      p.held.length = 0;
      p.client.resetAndDestroy();
      p.upstream.resetAndDestroy();
    }
    this.pipes.clear();
  }

  async close(): Promise<void> {
    this.reset();
    await Promise.all(this.servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}
