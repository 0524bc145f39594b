/**
 * A TCP proxy on loopback, one listening port to one target, that the live Patroni cluster puts in
 * front of etcd (one per Patroni node and member: Patroni's etcd3 `use_proxies: true`, so it talks to
 * these ports only and does not discover the members behind them) and in front of each REST port
 * (HAProxy's health checks). `cut()` drops every open connection and refuses new ones, the way a
 * host that lost its route does; `heal()` lets them through again. Node-only, in the live process.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export class TcpProxy {
  private readonly open = new Set<Socket>();
  private cutNow = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    readonly target: number,
  ) {}

  /** Listens on a free loopback port (port 0: no race with another run) and forwards to `target`. */
  static async start(target: number): Promise<TcpProxy> {
    let self: TcpProxy | null = null;
    const server = createServer((client) => self?.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const addr = server.address();
    if (addr === null || typeof addr === 'string') throw new Error('tcp proxy: no port');
    self = new TcpProxy(server, addr.port, target);
    return self;
  }

  get isCut(): boolean {
    return this.cutNow;
  }

  private accept(client: Socket): void {
    if (this.cutNow) {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: this.target });
    for (const s of [client, upstream]) {
      this.open.add(s);
      s.on('error', () => {});
      s.once('close', () => {
        this.open.delete(s);
        (s === client ? upstream : client).destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  cut(): boolean {
    if (this.cutNow) return false;
    this.cutNow = true;
    for (const s of this.open) s.resetAndDestroy();
    return true;
  }

  heal(): boolean {
    if (!this.cutNow) return false;
    this.cutNow = false;
    return true;
  }

  async close(): Promise<void> {
    for (const s of this.open) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
