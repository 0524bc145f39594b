/**
 * A small ZooKeeper, as much of it as the election recipe needs (ZooKeeper Programmer's Guide:
 * "ZooKeeper Sessions", "Ephemeral Nodes", "Sequence Nodes -- Unique Naming", "ZooKeeper Watches";
 * zookeeper.apache.org/doc/current/recipes.html#sc_leaderElection):
 *
 * - a session has a timeout; every request or ping from its client renews it; when the server hears
 *   nothing for the timeout it expires the session and deletes the session's ephemeral znodes;
 * - `create(path, EPHEMERAL_SEQUENTIAL)` appends the parent's counter as 10 digits
 *   ("<path>0000000007"); the counter only grows (the parent's cversion), so names never repeat;
 * - `getChildren(path)` lists the children's names;
 * - `exists(path, watch)` answers the znode's stat (or none) and, with `watch`, leaves a one-shot
 *   watch: the next change of that znode (here its deletion) sends ONE event to that session, and the
 *   watch is gone; a session's watches go with it when it expires;
 * - every change is a transaction with the next zxid; a znode's czxid is the zxid that created it.
 *
 * One server stands for the ensemble: what the clients see of a healthy quorum. Nothing here reads a
 * clock: calls take `now`, the server's clock in ms. The real server expires sessions in buckets of
 * tickTime (SessionTrackerImpl); the model expires each one exactly at its deadline.
 */

export interface Znode {
  path: string;
  /** The owning session (0 = persistent). */
  ephemeralOwner: number;
  czxid: number;
  /** The sequence number its name ends with (-1 for a znode created without SEQUENTIAL). */
  seq: number;
}

export interface Session {
  id: number;
  timeoutMs: number;
  /** Server time the session expires if nothing more is heard. */
  deadlineMs: number;
}

/** One change for the trace and the watch events it fires. */
export type ZkChange =
  | { kind: 'session-open'; session: Session }
  | { kind: 'session-touch'; session: Session }
  | { kind: 'session-expire'; session: number; zxid: number }
  | { kind: 'create'; node: Znode; zxid: number }
  | { kind: 'delete'; node: Znode; zxid: number; cause: 'session-expired' | 'delete' }
  | { kind: 'watch-fired'; path: string; session: number; type: 'NodeDeleted' };

export const FIRST_SESSION_ID = 0x1c0ffee00;

export class ZooKeeper {
  private zxid = 0;
  private nextSession = FIRST_SESSION_ID;
  private sessions = new Map<number, Session>();
  private nodes = new Map<string, Znode>();
  /** Parent path -> its child counter (cversion). */
  private counters = new Map<string, number>();
  /** Path -> the sessions with a one-shot exists-watch on it, in the order they set it. */
  private watches = new Map<string, number[]>();
  /** `session/protectedId` -> the znode a protected create made. */
  private protectedNodes = new Map<string, string>();
  private changes: ZkChange[] = [];

  drainChanges(): ZkChange[] {
    const out = this.changes;
    this.changes = [];
    return out;
  }

  connect(timeoutMs: number, now: number): Session {
    this.expire(now);
    const s = { id: this.nextSession++, timeoutMs, deadlineMs: now + timeoutMs };
    this.sessions.set(s.id, s);
    this.changes.push({ kind: 'session-open', session: { ...s } });
    return { ...s };
  }

  /** A request or ping from the session's client renews it; false = it has expired. */
  touch(session: number, now: number): boolean {
    this.expire(now);
    const s = this.sessions.get(session);
    if (!s) return false;
    s.deadlineMs = now + s.timeoutMs;
    this.changes.push({ kind: 'session-touch', session: { ...s } });
    return true;
  }

  alive(session: number): boolean {
    return this.sessions.has(session);
  }

  /**
   * `protectedId`: Curator's protection mode (CreateBuilder.withProtection). A create can succeed on
   * the server while its answer is lost with the connection; created again, it would leave the first
   * znode behind, the lowest in the line, and nobody would lead while the session lives. Curator puts a
   * GUID in the name and, after a connection loss, looks the znode up by it; the model keeps the
   * names the recipe shows, so here the server finds it: a create with an id it has already created
   * for that session gets that znode back.
   */
  createEphemeralSequential(
    session: number,
    prefix: string,
    now: number,
    protectedId?: string,
  ): Znode | null {
    if (!this.touch(session, now)) return null;
    const mine = protectedId === undefined ? undefined : this.protectedNodes.get(`${session}/${protectedId}`);
    const existing = mine === undefined ? undefined : this.nodes.get(mine);
    if (existing) return { ...existing };
    const parent = prefix.slice(0, prefix.lastIndexOf('/')) || '/';
    const seq = this.counters.get(parent) ?? 0;
    this.counters.set(parent, seq + 1);
    const node = {
      path: `${prefix}${String(seq).padStart(10, '0')}`,
      ephemeralOwner: session,
      czxid: ++this.zxid,
      seq,
    };
    this.nodes.set(node.path, node);
    if (protectedId !== undefined) this.protectedNodes.set(`${session}/${protectedId}`, node.path);
    this.changes.push({ kind: 'create', node: { ...node }, zxid: node.czxid });
    return { ...node };
  }

  /** The children's names (not full paths), sorted. */
  getChildren(session: number, parent: string, now: number): string[] | null {
    if (!this.touch(session, now)) return null;
    const pre = `${parent}/`;
    return [...this.nodes.keys()]
      .filter((p) => p.startsWith(pre) && !p.slice(pre.length).includes('/'))
      .map((p) => p.slice(pre.length))
      .sort();
  }

  exists(session: number, path: string, watch: boolean, now: number): { node: Znode | null } | null {
    if (!this.touch(session, now)) return null;
    const node = this.nodes.get(path) ?? null;
    // ZooKeeper leaves the watch either way (an exists-watch on a missing znode fires on its creation);
    // the recipe goes back to getChildren when the predecessor is gone, so only a live one is watched here.
    if (watch && node) {
      const ws = this.watches.get(path) ?? [];
      if (!ws.includes(session)) ws.push(session);
      this.watches.set(path, ws);
    }
    return { node: node && { ...node } };
  }

  /**
   * `delete(path, -1)`: any session may delete any znode, whatever its version; its watchers get
   * NodeDeleted (Programmer's Guide, "ZooKeeper Watches"). Null = the session has expired.
   */
  delete(session: number, path: string, now: number): 'ok' | 'NO_NODE' | null {
    if (!this.touch(session, now)) return null;
    const node = this.nodes.get(path);
    if (!node) return 'NO_NODE';
    this.remove(node, ++this.zxid, 'delete');
    return 'ok';
  }

  private remove(node: Znode, zxid: number, cause: 'session-expired' | 'delete'): void {
    this.nodes.delete(node.path);
    this.changes.push({ kind: 'delete', node: { ...node }, zxid, cause });
    const ws = this.watches.get(node.path) ?? [];
    this.watches.delete(node.path);
    for (const session of ws)
      this.changes.push({ kind: 'watch-fired', path: node.path, session, type: 'NodeDeleted' });
  }

  /**
   * A reconnected client's SetWatches: each data watch it had (exists() on a znode that was there)
   * is set again on this server, and one whose znode has gone meanwhile fires NodeDeleted now, the
   * event the client missed while it was away (DataTree.setWatches; Programmer's Guide, "ZooKeeper
   * Watches": "When a client reconnects, any previously registered watches will be reregistered and
   * triggered if needed"). False = the session has expired.
   */
  setWatches(session: number, paths: readonly string[], now: number): boolean {
    if (!this.touch(session, now)) return false;
    for (const path of paths) {
      if (this.nodes.has(path)) {
        const ws = this.watches.get(path) ?? [];
        if (!ws.includes(session)) ws.push(session);
        this.watches.set(path, ws);
      } else this.changes.push({ kind: 'watch-fired', path, session, type: 'NodeDeleted' });
    }
    return true;
  }

  /**
   * The ensemble has a quorum again: its new leader tracks every session afresh, each with its whole
   * timeout from now (SessionTrackerImpl: the leader adds each session of its database with its
   * timeout when it starts serving), so no session expires for the outage it could not help.
   */
  promote(now: number): void {
    for (const s of this.sessions.values()) {
      s.deadlineMs = now + s.timeoutMs;
      this.changes.push({ kind: 'session-touch', session: { ...s } });
    }
  }

  nextExpiryMs(): number | undefined {
    let min: number | undefined;
    for (const s of this.sessions.values()) if (min === undefined || s.deadlineMs < min) min = s.deadlineMs;
    return min;
  }

  /**
   * The model as a fingerprint reads it (issue #41): the zxid, sessions with their deadlines (the
   * server's clock, as `expire` reads them), znodes, counters, watches in the order they were set, the
   * protected creates. Not the next session id: a new one is above every id in use either way.
   */
  state(): unknown {
    return {
      zxid: this.zxid,
      sessions: this.sessions,
      nodes: this.nodes,
      counters: this.counters,
      watches: this.watches,
      protectedNodes: this.protectedNodes,
      changes: this.changes,
    };
  }

  /** Expires every session whose deadline has passed, deleting its ephemerals and firing their watches. */
  expire(now: number): void {
    const due = [...this.sessions.values()].filter((s) => s.deadlineMs <= now).sort((a, b) => a.id - b.id);
    for (const s of due) {
      this.sessions.delete(s.id);
      const zxid = ++this.zxid;
      this.changes.push({ kind: 'session-expire', session: s.id, zxid });
      for (const w of this.watches.values()) {
        const i = w.indexOf(s.id);
        if (i >= 0) w.splice(i, 1);
      }
      const owned = [...this.nodes.values()]
        .filter((n) => n.ephemeralOwner === s.id)
        .sort((a, b) => (a.path < b.path ? -1 : 1));
      for (const node of owned) this.remove(node, zxid, 'session-expired');
    }
  }
}
