/**
 * One live ZooKeeper candidate, in a process of its own (src/live/zookeeper/run.ts spawns it with an
 * IPC channel): the recipe of the simulated machine (src/sim/algorithms/zookeeper/machine.ts: an
 * ephemeral sequential znode under /election, the lowest leads, each other candidate watches the one
 * just below its own) with node-zookeeper-client, which owns the session: it pings and reconnects by
 * itself. Its connection goes through the run's proxy for this node, so the parent can pause it
 * (SIGSTOP), crash it (SIGKILL) or cut it (the proxy) where the library cannot hide it.
 *
 * The library's states, reported as ZooKeeper's (SyncConnected, Disconnected, Expired), and what the
 * recipe makes of them, as Curator's connection states (Apache Curator, "Error handling"):
 * SyncConnected after Disconnected is RECONNECTED (the session lives: list the children again),
 * Disconnected is SUSPENDED (stop leading until ZooKeeper answers again), Expired is LOST (the znode
 * is gone: a new session and a new znode). Every change is one IPC message to the parent, which
 * timestamps it and records it. Node-only.
 */
import zookeeper, { type Client } from 'node-zookeeper-client';
import { manager, withReadTimeout } from '../../testing/zookeeper/real.ts';

export interface RecipeConfig {
  id: string;
  /** The proxy's listeners, in the order this node tries the servers. */
  connect: string;
  sessionMs: number;
  writeIntervalMs: number;
  election: string;
}

/** What a candidate tells its parent (src/live/zookeeper/run.ts records each one). */
export type RecipeReport =
  | { ev: 'state'; state: 'SyncConnected' | 'Disconnected' | 'Expired'; port?: number; session?: string }
  | { ev: 'curator'; state: 'CONNECTED' | 'SUSPENDED' | 'RECONNECTED' | 'LOST' }
  | { ev: 'znode'; path: string; seq: number; session: string }
  | { ev: 'watching'; path: string; mine: string }
  | { ev: 'watch-event'; path: string }
  | { ev: 'role'; role: 'leader' | 'follower' | 'candidate'; token?: number }
  | { ev: 'step-down'; reason: 'disconnected' | 'session-expired'; token: number }
  | { ev: 'write'; token: number; value: string }
  /** An answer from its server: the server renewed the session when it took the request (at most 1/s). */
  | { ev: 'heard' };

const seqOf = (name: string) => Number(name.slice(name.lastIndexOf('_') + 1));

export function runRecipe(cfg: RecipeConfig, report: (r: RecipeReport) => void): () => void {
  let client: Client | null = null;
  let stopTimeout: (() => void) | null = null;
  let znode: string | null = null;
  let token: number | undefined;
  let writes = 0;
  let writer: NodeJS.Timeout | null = null;
  let wasDisconnected = false;
  let gen = 0;
  const path = (name: string) => `${cfg.election}/${name}`;
  const sessionHex = () => (client ? client.getSessionId().toString('hex') : '');

  const stepDown = (reason: 'disconnected' | 'session-expired') => {
    if (writer) clearInterval(writer);
    writer = null;
    if (token !== undefined) report({ ev: 'step-down', reason, token });
    token = undefined;
  };

  const lead = (seq: number) => {
    token = seq;
    report({ ev: 'role', role: 'leader', token: seq });
    // The story's leader writes to the storage at every writeIntervalMs while it leads.
    writer = setInterval(() => {
      if (token !== undefined) report({ ev: 'write', token, value: `${cfg.id}#${++writes}` });
    }, cfg.writeIntervalMs);
  };

  /** Step 2 of the recipe, and 3-4: lead if lowest, else watch the next lower znode. */
  const list = (g: number) => {
    const c = client;
    if (!c || g !== gen || znode === null) return;
    c.getChildren(cfg.election, (err, children) => {
      if (err || g !== gen || znode === null) return; // ConnectionLoss: RECONNECTED lists again
      const mine = znode;
      const sorted = children.filter((n) => n.startsWith('n_')).sort((a, b) => seqOf(a) - seqOf(b));
      const i = sorted.indexOf(mine);
      if (i < 0) return; // gone with the session: Expired follows
      if (i === 0) {
        if (token === undefined) lead(seqOf(mine));
        return;
      }
      const target = sorted[i - 1] as string;
      report({ ev: 'role', role: 'follower' });
      c.exists(
        path(target),
        (e) => {
          if (g !== gen) return;
          report({ ev: 'watch-event', path: e.getPath() });
          list(g);
        },
        (err2, stat) => {
          if (err2 || g !== gen) return;
          if (!stat) list(g);
          else report({ ev: 'watching', path: path(target), mine: path(mine) });
        },
      );
    });
  };

  /**
   * Step 1, at most one znode per session: a create whose answer was lost may still have made one,
   * so before trying again it looks for a child this session owns (Curator's protected mode does the
   * same with a GUID in the name).
   */
  const create = (g: number) => {
    const c = client;
    if (!c || g !== gen) return;
    const session = c.getSessionId();
    c.getChildren(cfg.election, (err, children) => {
      if (err || g !== gen) return;
      let pending = children.length;
      let found: string | null = null;
      const done = () => {
        if (g !== gen) return;
        if (found !== null) {
          znode = found;
          list(g);
          return;
        }
        c.create(`${cfg.election}/n_`, zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL, (err2, p) => {
          if (err2 || g !== gen) return;
          znode = p.slice(cfg.election.length + 1);
          report({ ev: 'znode', path: p, seq: seqOf(znode), session: sessionHex() });
          report({ ev: 'role', role: 'candidate' });
          list(g);
        });
      };
      if (pending === 0) done();
      for (const n of children)
        c.exists(path(n), (err3, stat) => {
          if (!err3 && stat?.ephemeralOwner.equals(session)) found = n;
          if (--pending === 0) done();
        });
    });
  };

  const resume = () => {
    const g = ++gen;
    if (znode === null) create(g);
    else list(g);
  };

  const start = () => {
    znode = null;
    wasDisconnected = false;
    const c = zookeeper.createClient(cfg.connect, { sessionTimeout: cfg.sessionMs, retries: 0 });
    const cm = manager(c);
    // The library shuffles the connect string; this node tries the servers in the order it was given.
    cm.servers = cfg.connect.split(',').map((hp) => {
      const [host = '127.0.0.1', port = '0'] = hp.split(':');
      return { host, port: Number(port) };
    });
    // ClientCnxn's read timeout and ping interval (see real.ts: the library has neither).
    stopTimeout = withReadTimeout(cm, cfg.sessionMs);
    const onData = cm.onSocketData.bind(cm);
    let told = 0;
    cm.onSocketData = (buffer: Buffer) => {
      if (performance.now() - told >= 1000 && c.getState() === zookeeper.State.SYNC_CONNECTED) {
        told = performance.now();
        report({ ev: 'heard' });
      }
      onData(buffer);
    };
    client = c;
    c.on('state', (s: zookeeper.State) => {
      if (client !== c) return;
      if (s === zookeeper.State.SYNC_CONNECTED) {
        report({ ev: 'state', state: 'SyncConnected', port: cm.socket?.remotePort, session: sessionHex() });
        report({ ev: 'curator', state: wasDisconnected ? 'RECONNECTED' : 'CONNECTED' });
        wasDisconnected = false;
        resume();
      } else if (s === zookeeper.State.DISCONNECTED) {
        if (wasDisconnected) return;
        wasDisconnected = true;
        gen++;
        report({ ev: 'state', state: 'Disconnected' });
        report({ ev: 'curator', state: 'SUSPENDED' });
        stepDown('disconnected');
        if (znode !== null) report({ ev: 'role', role: 'candidate' });
      } else if (s === zookeeper.State.EXPIRED) {
        gen++;
        report({ ev: 'state', state: 'Expired' });
        report({ ev: 'curator', state: 'LOST' });
        stepDown('session-expired');
        stopTimeout?.();
        client = null;
        c.removeAllListeners('state');
        c.close();
        start();
      }
    });
    c.connect();
  };

  start();
  return () => {
    gen++;
    if (writer) clearInterval(writer);
    stopTimeout?.();
    client?.close();
    client = null;
  };
}

// As a child process: the config in argv[2], reports over IPC; it ends when its parent goes.
const isMain = process.argv[1]?.replace(/\\/g, '/').endsWith('src/live/zookeeper/recipe.ts');
if (isMain && process.send) {
  const cfg = JSON.parse(process.argv[2] ?? '{}') as RecipeConfig;
  runRecipe(cfg, (r) => process.send?.(r));
  process.on('disconnect', () => process.exit(0));
}
