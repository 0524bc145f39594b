/**
 * A script run on a real ensemble, with node-zookeeper-client (pure JavaScript: it installs with
 * `npm ci` anywhere, no native build). Each client reaches the servers through its own ZkProxy.
 *
 * The library differs from ClientCnxn 3.8 in two ways this harness evens out, so the comparison is
 * about ZooKeeper and not about one library's gaps: it has no read timeout at all (a silent cut
 * would leave it "connected" for as long as TCP keeps trying), so `withReadTimeout` closes the
 * socket when nothing was heard for two thirds of the session timeout, as ClientCnxn does; and it
 * pings every third of the session timeout, so the ping interval is set to ClientCnxn's. It also
 * shuffles the connect string: the order is set back to the script's (scripts.ts).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import zookeeper, { type Client } from 'node-zookeeper-client';
import { pingIntervalMs, readTimeoutMs } from '../../sim/algorithms/zookeeper/machine.ts';
import { sleep } from '../etcd/etcdServer.ts';
import type { ZkEnsemble } from './ensemble.ts';
import type { ClientEvent, Outcome } from './outcome.ts';
import { ZkProxy } from './proxy.ts';
import { type Script, SESSION_MS, SETTLE_MS, type Step } from './scripts.ts';

/** The library's private connection manager, as far as this harness touches it. */
export interface Manager {
  state: number;
  socket?: import('node:net').Socket;
  servers: Array<{ host: string; port: number }>;
  pingTimeout: number;
  updateTimeout(ms: number): void;
  onSocketData(buffer: Buffer): void;
}
const CONNECTED = 2;

export function manager(client: Client): Manager {
  return (client as unknown as { connectionManager: Manager }).connectionManager;
}

/**
 * ClientCnxn's read timeout and ping interval on the library's connection, for a session of
 * `sessionMs` (the scripts' by default); stops with `close`. Live mode (src/live/zookeeper) uses it too.
 */
export function withReadTimeout(cm: Manager, sessionMs = SESSION_MS): () => void {
  const pingMs = pingIntervalMs(sessionMs);
  const readMs = readTimeoutMs(sessionMs);
  let lastHeard = performance.now();
  const updateTimeout = cm.updateTimeout.bind(cm);
  cm.updateTimeout = (ms: number) => {
    updateTimeout(ms);
    cm.pingTimeout = pingMs;
  };
  cm.pingTimeout = pingMs;
  const onData = cm.onSocketData.bind(cm);
  cm.onSocketData = (buffer: Buffer) => {
    lastHeard = performance.now();
    onData(buffer);
  };
  let wasConnected = false;
  const timer = setInterval(() => {
    const connected = cm.state === CONNECTED;
    if (connected && !wasConnected) lastHeard = performance.now();
    wasConnected = connected;
    if (connected && performance.now() - lastHeard > readMs) cm.socket?.destroy();
  }, 20);
  return () => clearInterval(timer);
}

interface RealClient {
  zk: Client;
  proxy: ZkProxy;
  stop: () => void;
  /** One watcher per client: the library calls a given function once per event. */
  watcher: (e: zookeeper.Event) => void;
}

const code = (err: unknown) =>
  err instanceof Error && 'getName' in err ? String((err as { getName(): string }).getName()) : String(err);

export async function runReal(script: Script, ensemble: ZkEnsemble, parent: string): Promise<Outcome> {
  const clients = new Map<string, RealClient>();
  const answers: string[] = [];
  const events: Record<string, ClientEvent[]> = {};
  const killed: number[] = [];
  let anchor = 'start';
  // How long the harness itself was held up: its times are read that late (outcome.ts stallMs).
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const t0 = performance.now();
  let anchorAt = t0;
  let closing = false;
  const anchors: Record<string, number> = {};
  const setAnchor = (a: string) => {
    anchor = a;
    anchorAt = performance.now();
    anchors[a] = anchorAt - t0;
  };
  const emit = (c: string, what: string) => {
    if (closing) return; // closing a session deletes its znodes: not part of the script
    const list = events[c] ?? [];
    events[c] = list;
    const now = performance.now();
    list.push({ what, anchor, since: now - anchorAt, at: now - t0 });
  };
  const name = (path: string) => path.slice(parent.length + 1);
  const client = (n: string) => {
    const c = clients.get(n);
    if (c === undefined) throw new Error(`client ${n} never connected`);
    return c;
  };
  const call = <T>(f: (cb: (err: Error | Exception | null, v: T) => void) => void) =>
    new Promise<{ err?: string; v?: T }>((resolve) =>
      f((err, v) => resolve(err ? { err: code(err) } : { v })),
    );
  type Exception = zookeeper.Exception;
  /**
   * ZooKeeper's reads are answered by the client's own server, which may not have applied a write
   * another client has just seen succeed ("Consistency Guarantees": no simultaneously consistent
   * cross-client views; sync() first). The model has one copy, so before a read the client makes its
   * server catch up: this library has no sync(), and a write of its own (the parent's data) orders
   * the server's view the same way.
   */
  const syncView = (zk: Client) => call<unknown>((cb) => zk.setData(parent, Buffer.alloc(0), -1, cb));

  // Scripts name servers 1-3; a script that kills one has the ensemble's leader as its server 3, so
  // that the server it kills (a client's first, server 1 or 2) is a follower.
  const lead = script.exclusive ? await ensemble.leader() : undefined;
  const physical = [
    ...ensemble.servers.map((x) => x.id).filter((id) => id !== lead),
    ...(lead === undefined ? [] : [lead]),
  ];
  const phys = (logical: number) => physical[logical - 1] as number;

  const run = async (step: Step): Promise<void> => {
    switch (step.op) {
      case 'connect': {
        const i = clients.size;
        const order = [0, 1, 2].map((k) => ((i + k) % 3) + 1);
        const proxy = await ZkProxy.start(order.map((id) => [id, ensemble.server(phys(id)).clientPort]));
        const zk = zookeeper.createClient(proxy.connectString(), {
          sessionTimeout: SESSION_MS,
          retries: 0,
        });
        const cm = manager(zk);
        const byPort = new Map([...proxy.ports].map(([port, id]) => [id, port]));
        cm.servers = order.map((id) => ({ host: '127.0.0.1', port: byPort.get(id) as number }));
        const stop = withReadTimeout(cm);
        const c: RealClient = {
          zk,
          proxy,
          stop,
          watcher: (e) =>
            emit(
              step.c,
              `${e.getName() === 'NODE_DELETED' ? 'NodeDeleted' : e.getName()} ${name(e.getPath())}`,
            ),
        };
        clients.set(step.c, c);
        const connected = new Promise<void>((resolve) => zk.once('connected', () => resolve()));
        zk.on('state', (s: zookeeper.State) => {
          // The library reports its socket closing after Expired; ClientCnxn's event thread ends there.
          if (events[step.c]?.at(-1)?.what === 'Expired') return;
          const what =
            s.name === 'SYNC_CONNECTED'
              ? 'SyncConnected'
              : s.name === 'DISCONNECTED'
                ? 'Disconnected'
                : s.name === 'EXPIRED'
                  ? 'Expired'
                  : s.name;
          emit(step.c, what);
        });
        zk.connect();
        await Promise.race([connected, sleep(10_000)]);
        answers.push(
          zk.getState().name === 'SYNC_CONNECTED' ? 'connected' : `not connected: ${zk.getState().name}`,
        );
        return;
      }
      case 'create': {
        const r = await call<string>((cb) =>
          client(step.c).zk.create(`${parent}/n_`, zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL, cb),
        );
        answers.push(r.err ?? name(r.v as string));
        return;
      }
      case 'children': {
        await syncView(client(step.c).zk);
        const r = await call<string[]>((cb) => client(step.c).zk.getChildren(parent, cb));
        answers.push(r.err ?? `[${[...(r.v as string[])].sort().join(' ')}]`);
        return;
      }
      case 'exists': {
        const c = client(step.c);
        const path = `${parent}/${step.node}`;
        await syncView(c.zk);
        const r = await call<zookeeper.Stat | null>((cb) =>
          step.watch ? c.zk.exists(path, c.watcher, cb) : c.zk.exists(path, cb),
        );
        answers.push(r.err ?? (r.v ? 'exists' : 'none'));
        return;
      }
      case 'delete': {
        const r = await call<void>((cb) => client(step.c).zk.remove(`${parent}/${step.node}`, -1, cb));
        answers.push(r.err === undefined ? 'ok' : r.err);
        return;
      }
      case 'where': {
        const c = client(step.c);
        answers.push(`server ${c.proxy.serverOf(manager(c.zk).socket) ?? '?'}`);
        return;
      }
      case 'wait':
        await sleep(step.ms);
        return;
      case 'delay':
        client(step.c).proxy.delayMs = step.ms;
        return;
      case 'cut': {
        const c = client(step.c);
        const start = performance.now();
        c.proxy.cut();
        for (const d of step.during ?? []) await run(d);
        await sleep(Math.max(0, step.ms - (performance.now() - start)));
        return;
      }
      case 'reset': {
        client(step.c).proxy.reset();
        for (const d of step.during ?? []) await run(d);
        await sleep(SETTLE_MS);
        return;
      }
      case 'killServer':
        killed.push(phys(step.server));
        await ensemble.kill(phys(step.server));
        await sleep(SETTLE_MS);
        return;
      case 'restartServer':
        await ensemble.restart(phys(step.server));
        return;
      case 'kill': {
        const c = client(step.c);
        const server = c.proxy.serverOf(manager(c.zk).socket);
        if (server === undefined) throw new Error(`client ${step.c} has no server to kill`);
        if ((await ensemble.leader()) === phys(server))
          throw new Error(
            `server ${server} leads the ensemble: the script needs a follower (see scripts.ts)`,
          );
        killed.push(phys(server));
        await ensemble.kill(phys(server));
        await sleep(SETTLE_MS);
        return;
      }
    }
  };

  try {
    for (const [i, step] of script.steps.entries()) {
      setAnchor(String(i));
      await run(step);
      if (step.op === 'restartServer') {
        setAnchor(`${i}/up`); // once it serves
        await sleep(SETTLE_MS);
      }
      if (step.op === 'cut') {
        setAnchor(`${i}/heal`);
        client(step.c).proxy.heal();
        await sleep(SETTLE_MS);
      }
    }
  } finally {
    closing = true;
    for (const c of clients.values()) {
      c.stop();
      c.zk.removeAllListeners('state'); // closing is not part of the script
      c.zk.close();
    }
    await sleep(50);
    for (const c of clients.values()) await c.proxy.close();
    for (const s of killed) await ensemble.restart(s);
  }
  lag.disable();
  // The histogram's max is in ns; a delay under its resolution is no stall.
  return { answers, events, anchors, stallMs: Math.max(0, lag.max / 1e6 - 10) };
}

/** Creates the script's persistent parent through a plain client (not part of the comparison). */
export async function makeParent(ensemble: ZkEnsemble, parent: string): Promise<void> {
  const zk = zookeeper.createClient(`127.0.0.1:${ensemble.server(1).clientPort}`, {
    sessionTimeout: SESSION_MS,
  });
  await new Promise<void>((resolve, reject) => {
    zk.once('connected', () => zk.mkdirp(parent, (err) => (err ? reject(err) : resolve())));
    zk.connect();
  });
  zk.close();
}
