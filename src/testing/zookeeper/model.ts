/**
 * A script run on the model: the lab's ZooKeeper (src/sim/algorithms/zookeeper/zk.ts) on a virtual
 * clock, and its clients as ClientCnxn 3.8 keeps them (machine.ts's readTimeoutMs and
 * pingIntervalMs): a client pings when idle for the ping interval; cut off, it hears nothing and goes
 * Disconnected at the read timeout, and events sent meanwhile are lost with its connection; it
 * reconnects to the next server of its list, with its session if the ensemble still has it (then
 * SetWatches fires what it missed) or learns Expired. Events sent to a client cut for less than its
 * read timeout wait and arrive in order when the cut heals.
 */
import { ZooKeeper } from '../../sim/algorithms/zookeeper/zk.ts';
import type { ClientEvent, Outcome } from './outcome.ts';
import { SLOP_MS } from './outcome.ts';
import {
  PING_MS,
  READ_TIMEOUT_MS,
  type Script,
  SESSION_MS,
  SETTLE_MS,
  type Step,
  TICK_MS,
} from './scripts.ts';

const STEP_MS = 10;
/** A reconnect after a heal may wait for the attempt in flight to time out, then the spin delay. */
const RECONNECT_LATE_MS = SLOP_MS + Math.floor(SESSION_MS / 3) + 1000;
/** The server expires sessions in buckets of tickTime, and hears a follower's pings once a tick. */
const EXPIRY_LATE_MS = SLOP_MS + 2 * TICK_MS;
/** A leader that loses its followers gives up after syncLimit (10) ticks; a follower at once. */
const QUORUM_LOST_LATE_MS = SLOP_MS + 10 * TICK_MS;

interface Client {
  name: string;
  /** Server ids in the order it tries them. */
  list: number[];
  at: number;
  session: number;
  state: 'connected' | 'disconnected' | 'expired';
  cut: boolean;
  lastHeard: number;
  lastSent: number;
  /** Data watches it holds (on znodes that existed when set), by path. */
  watches: Set<string>;
  /** Events the server sent while the client is cut off: they arrive at the heal. */
  held: string[];
}

export function runModel(script: Script, parent = '/s'): Outcome {
  const zk = new ZooKeeper();
  const clients = new Map<string, Client>();
  const answers: string[] = [];
  const events: Record<string, ClientEvent[]> = {};
  const dead = new Set<number>();
  /** Rule of the ensemble: a majority of the three servers up, or nothing is served. */
  const quorum = () => dead.size * 2 < 3;
  let t = 0;
  let anchor = 'start';
  let anchorAt = 0;
  const anchors: Record<string, number> = {};
  const setAnchor = (a: string) => {
    anchor = a;
    anchorAt = t;
    anchors[a] = t;
  };
  const emit = (c: Client, what: string, tol: { early?: number; late?: number } = {}) => {
    const list = events[c.name] ?? [];
    events[c.name] = list;
    list.push({ what, anchor, since: t - anchorAt, at: t, ...tol });
  };
  const name = (path: string) => path.slice(parent.length + 1);
  const bySession = (s: number) => [...clients.values()].find((c) => c.session === s);

  const deliver = (tol: { early?: number; late?: number } = {}) => {
    for (const ch of zk.drainChanges()) {
      if (ch.kind !== 'watch-fired') continue;
      const c = bySession(ch.session);
      if (c === undefined || c.state !== 'connected') continue; // lost: SetWatches fires it again
      if (c.cut) c.held.push(ch.path);
      else {
        c.watches.delete(ch.path);
        emit(c, `NodeDeleted ${name(ch.path)}`, tol);
      }
    }
  };
  const heard = (c: Client) => {
    c.lastHeard = t;
    c.lastSent = t;
  };
  const reconnect = (c: Client, tol: { early?: number; late?: number } = {}) => {
    if (!quorum()) return; // refused: it stays Disconnected and tries again
    do c.at = (c.at + 1) % c.list.length;
    while (dead.has(c.list[c.at] as number));
    if (zk.touch(c.session, t)) {
      c.state = 'connected';
      heard(c);
      emit(c, 'SyncConnected', tol);
      zk.setWatches(c.session, [...c.watches], t);
      deliver(tol);
    } else {
      c.state = 'expired';
      c.watches.clear();
      emit(c, 'Expired', tol);
    }
  };
  const disconnect = (c: Client, tol: { early?: number; late?: number } = {}) => {
    c.state = 'disconnected';
    c.held = [];
    emit(c, 'Disconnected', tol);
  };
  const advance = (ms: number) => {
    const end = t + ms;
    while (t < end) {
      t = Math.min(end, t + STEP_MS);
      for (const c of clients.values()) {
        if (c.state !== 'connected') continue;
        if (!c.cut && quorum() && t - c.lastSent >= PING_MS) {
          zk.touch(c.session, t);
          heard(c);
        } else if (c.cut && t - c.lastHeard > READ_TIMEOUT_MS) disconnect(c);
      }
      if (!quorum()) continue; // nothing is served, nothing expires
      zk.expire(t);
      deliver({ late: EXPIRY_LATE_MS });
    }
  };
  const killServer = (server: number) => {
    const had = quorum();
    dead.add(server);
    for (const x of clients.values())
      if (x.state === 'connected' && x.list[x.at] === server) {
        disconnect(x);
        reconnect(x);
      }
    if (had && !quorum())
      for (const x of clients.values())
        if (x.state === 'connected') disconnect(x, { late: QUORUM_LOST_LATE_MS });
  };
  const client = (n: string) => {
    const c = clients.get(n);
    if (c === undefined) throw new Error(`client ${n} never connected`);
    return c;
  };

  const run = (step: Step) => {
    switch (step.op) {
      case 'connect': {
        const i = clients.size;
        const list = [0, 1, 2].map((k) => ((i + k) % 3) + 1);
        const s = zk.connect(SESSION_MS, t);
        const c: Client = {
          name: step.c,
          list,
          at: 0,
          session: s.id,
          state: 'connected',
          cut: false,
          lastHeard: t,
          lastSent: t,
          watches: new Set(),
          held: [],
        };
        while (dead.has(c.list[c.at] as number)) c.at++;
        clients.set(step.c, c);
        zk.drainChanges();
        emit(c, 'SyncConnected');
        answers.push('connected');
        return;
      }
      case 'create': {
        const c = client(step.c);
        const z = zk.createEphemeralSequential(c.session, `${parent}/n_`, t);
        heard(c);
        answers.push(z === null ? 'SESSION_EXPIRED' : name(z.path));
        deliver();
        return;
      }
      case 'children': {
        const c = client(step.c);
        const kids = zk.getChildren(c.session, parent, t);
        heard(c);
        answers.push(kids === null ? 'SESSION_EXPIRED' : `[${kids.join(' ')}]`);
        deliver();
        return;
      }
      case 'exists': {
        const c = client(step.c);
        const path = `${parent}/${step.node}`;
        const r = zk.exists(c.session, path, step.watch, t);
        heard(c);
        if (r?.node && step.watch) c.watches.add(path);
        answers.push(r === null ? 'SESSION_EXPIRED' : r.node ? 'exists' : 'none');
        deliver();
        return;
      }
      case 'delete': {
        const c = client(step.c);
        const r = zk.delete(c.session, `${parent}/${step.node}`, t);
        heard(c);
        answers.push(r ?? 'SESSION_EXPIRED');
        deliver();
        return;
      }
      case 'where': {
        const c = client(step.c);
        answers.push(`server ${c.list[c.at]}`);
        return;
      }
      case 'wait':
        advance(step.ms);
        return;
      case 'delay':
        return;
      case 'cut': {
        const c = client(step.c);
        c.cut = true;
        for (const d of step.during ?? []) run(d);
        advance(step.ms);
        return;
      }
      case 'reset': {
        const c = client(step.c);
        if (c.state === 'connected') {
          disconnect(c);
          reconnect(c);
        }
        for (const d of step.during ?? []) run(d);
        advance(SETTLE_MS);
        return;
      }
      case 'kill': {
        const c = client(step.c);
        killServer(c.list[c.at] as number);
        advance(SETTLE_MS);
        return;
      }
      case 'killServer':
        killServer(step.server);
        advance(SETTLE_MS);
        return;
      case 'restartServer':
        dead.delete(step.server);
        return;
    }
  };

  script.steps.forEach((step, i) => {
    setAnchor(String(i));
    const had = quorum();
    run(step);
    if (step.op === 'restartServer') {
      setAnchor(`${i}/up`);
      if (!had && quorum()) {
        // The new leader tracks every session afresh (zk.ts promote); the clients come back.
        zk.promote(t);
        for (const c of clients.values())
          if (c.state === 'disconnected' && !c.cut) reconnect(c, { late: RECONNECT_LATE_MS });
      }
      advance(SETTLE_MS);
    }
    if (step.op === 'cut') {
      const c = client(step.c);
      setAnchor(`${i}/heal`);
      c.cut = false;
      if (c.state === 'connected') {
        heard(c);
        for (const path of c.held.splice(0)) {
          c.watches.delete(path);
          emit(c, `NodeDeleted ${name(path)}`);
        }
      } else if (c.state === 'disconnected') reconnect(c, { late: RECONNECT_LATE_MS });
      advance(SETTLE_MS);
    }
  });
  return { answers, events, anchors };
}
