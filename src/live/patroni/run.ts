/**
 * One live Patroni run: the cluster (cluster.ts), the story's client writing through HAProxy, the
 * faults on a schedule, and the recording as a trace of the Patroni story (src/sim/trace format):
 * - the keys under /service/batman/ from etcd's watch, with their revisions; a leased key deleted at
 *   the same revision as every other key of its lease, by no client of ours, is the lease expiring;
 * - each Patroni's role from its REST API (`GET /patroni`, polled), and a replica's promotion;
 * - HAProxy's backend states from its CSV stats page (polled), as the story's backend-down/up marks;
 * - every client write with the backend that took it (`inet_server_port()`) or its error.
 * Node-only.
 */
import { scenarioParams } from '../../sim/inputs.ts';
import type { Params } from '../../sim/params.ts';
import type { Scenario, TimedFault } from '../../sim/scenario/schema.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import { etcdVersion } from '../../testing/etcd/etcdServer.ts';
import { FirstSeen, storyScenario, storyTrace } from '../story.ts';
import { PrefixWatch, type WatchEvent } from '../watch.ts';
import { NAMESPACE, PatroniCluster, SCOPE } from './cluster.ts';
import { PATRONI_FAULTS, type PatroniFault, type PatroniFaultKind } from './faults.ts';
import { type Figures, figuresOf, type PauseFigures, pauseFiguresOf } from './figures.ts';
import { roleOf, storeChanges } from './observe.ts';
import { type PgError, queryOnce } from './pgWire.ts';
import type { PgNode } from './types.ts';

export { PATRONI_FAULT_KINDS, type PatroniFault } from './faults.ts';
export { LEADER_KEY } from './figures.ts';

/** The story's scenario: its picture, panels and narration steps draw the recording. */
export const patroniScenario = (): Scenario => storyScenario('patroni');

export type { Figures, PauseFigures } from './figures.ts';

export class PatroniRun {
  private readonly t0: number;
  readonly events: TraceEvent[] = [];
  private readonly faults: TimedFault[] = [];
  private timers: NodeJS.Timeout[] = [];
  private poller: NodeJS.Timeout | null = null;
  private writer: NodeJS.Timeout | null = null;
  private prober: NodeJS.Timeout | null = null;
  private watch: PrefixWatch | null = null;
  private roles = new Map<string, string>();
  private backendState = new Map<string, string>();
  private wid = 0;
  private inFlight = new Set<Promise<unknown>>();
  private endedAt: number | null = null;
  private readonly byPort: Map<number, string>;
  readonly params: Params;
  private readonly etcdVersion: string;
  private writableSeen = false;
  /** The last kill's time and node, for the direct probes of the survivors. */
  private lastKill: { t: number; node: string } | null = null;
  /** The first stop of a Patroni (an entry that `stopsAgent`), for `pauseFigures`. */
  private firstStop: { t: number; node: string } | null = null;

  private constructor(readonly cluster: PatroniCluster) {
    this.t0 = performance.now();
    this.byPort = new Map(cluster.nodes.map((n) => [n.pgPort, n.name]));
    this.params = scenarioParams(patroniScenario());
    this.etcdVersion = etcdVersion(cluster.bins.etcd);
  }

  static async start(
    opts: { faults?: Array<{ atMs: number; fault: PatroniFault }>; synchronousMode?: boolean } = {},
  ): Promise<PatroniRun> {
    const cluster = await PatroniCluster.start({ synchronousMode: opts.synchronousMode ?? false });
    const run = new PatroniRun(cluster);
    try {
      await run.begin(opts.faults ?? []);
    } catch (e) {
      await run.stop();
      throw e;
    }
    return run;
  }

  /** ms since the run started (the trace's clock). */
  now(): number {
    return Math.round(performance.now() - this.t0);
  }

  private emit(e: TraceEvent): void {
    this.events.push(e);
    for (const l of this.listeners) l([e]);
  }

  private readonly listeners = new Set<(events: TraceEvent[]) => void>();

  /**
   * Each new event as it is recorded (the control service streams them to the page). A fault's event
   * carries the time it was asked for, so it may arrive after a later one: the page files it in order.
   */
  subscribe(listener: (events: TraceEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The recording has ended (stop). */
  get stopped(): boolean {
    return this.endedAt !== null;
  }

  private async begin(faults: Array<{ atMs: number; fault: PatroniFault }>): Promise<void> {
    await this.poll();
    // What the first poll found is the state at the start (time 0), not some ms into the run.
    for (const e of this.events) e.t = 0;
    const primary = [...this.roles].find(([, r]) => roleOf(r) === 'leader')?.[0];
    if (primary) this.emit({ k: 'mark', t: 0, node: primary, name: 'bootstrap' });
    this.watch = new PrefixWatch(
      this.cluster.etcd.endpoints,
      `${NAMESPACE}${SCOPE}/`,
      1,
      (evs) => this.onWatch(evs),
      this.cluster.etcd.auth,
      (raw) => this.leaseNumber(raw),
    );
    // Polls a little faster than HAProxy checks (3 s) and than the client writes (2 s).
    this.poller = setInterval(() => void this.poll(), 500);
    this.writer = setInterval(() => this.write(), Number(this.params.clientWriteIntervalMs));
    for (const { atMs, fault } of faults)
      this.timers.push(setTimeout(() => this.scheduled(fault), Math.max(0, atMs - this.now())));
  }

  private leases = new FirstSeen();

  /** etcd's int64 lease id (a string in JSON) as its number in the recording; 0 = none. */
  private leaseNumber(raw: unknown): number {
    const id = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '0';
    return id === '0' ? 0 : this.leases.of(id).n;
  }

  private onWatch(evs: WatchEvent[]): void {
    const t = this.now();
    for (const change of storeChanges(evs)) this.emit({ k: 'store', t, change });
  }

  private async poll(): Promise<void> {
    this.cluster.noteSharedMemory();
    const [statuses, backends] = await Promise.all([
      Promise.all(this.cluster.nodes.map((n) => this.cluster.status(n))),
      this.cluster.backends(),
    ]);
    if (this.endedAt !== null) return;
    const t = this.now();
    this.cluster.nodes.forEach((n, i) => {
      const s = statuses[i];
      if (!s) return;
      const before = this.roles.get(n.name);
      if (before === s.role) return;
      this.roles.set(n.name, s.role);
      const role = roleOf(s.role);
      if (before !== undefined && roleOf(before) === 'follower' && role === 'leader')
        this.emit({ k: 'mark', t, node: n.name, name: 'promote', data: { timeline: s.timeline ?? null } });
      if (role)
        this.emit({
          k: 'role',
          t,
          node: n.name,
          role,
          ...(s.timeline !== undefined ? { token: s.timeline } : {}),
        });
    });
    for (const [name, st] of Object.entries(backends)) {
      const up = st.startsWith('UP') ? 'UP' : st.startsWith('DOWN') ? 'DOWN' : st;
      const before = this.backendState.get(name);
      if (before === up) continue;
      this.backendState.set(name, up);
      // The first poll tells the replicas' backends DOWN too (their /primary answers 503), so the
      // proxy panel does not take them for up; a backend first seen UP needs no mark.
      if ((before !== undefined || up === 'DOWN') && (up === 'UP' || up === 'DOWN'))
        this.emit({
          k: 'mark',
          t,
          node: 'haproxy',
          name: up === 'UP' ? 'backend-up' : 'backend-down',
          data: { backend: name },
        });
    }
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => {});
    return p;
  }

  /** The story's client: one INSERT through HAProxy, on a new connection, libpq's 2 s connect_timeout. */
  private write(): void {
    const wid = ++this.wid;
    const sent = this.now();
    const sql = `CREATE TABLE IF NOT EXISTS lel_writes (wid int, at timestamptz DEFAULT now()); INSERT INTO lel_writes (wid) VALUES (${wid}) RETURNING inet_server_port()`;
    void this.track(
      queryOnce(
        {
          port: this.cluster.haproxyPort,
          user: this.cluster.creds.superuser.username,
          password: this.cluster.creds.superuser.password,
          database: 'postgres',
          timeoutMs: Number(this.params.clientConnectTimeoutMs),
        },
        sql,
      ).then(
        (port) => {
          if (this.endedAt !== null) return;
          const backend = this.byPort.get(Number(port)) ?? `port ${port}`;
          this.emit({
            k: 'write',
            t: this.now(),
            node: 'app',
            resource: backend,
            token: null,
            status: 'accepted',
            code: 200,
            seen: null,
            value: String(wid),
          });
        },
        (e: PgError) => {
          if (this.endedAt !== null) return;
          const t = this.now();
          this.emit({
            k: 'write',
            t,
            node: 'app',
            resource: 'haproxy',
            token: null,
            status: 'rejected',
            code: 503,
            reason: e.message,
            seen: null,
            value: String(wid),
          });
          this.emit({
            k: 'mark',
            t,
            node: 'app',
            name: 'write-failed',
            data: { wid, reason: e.message, code: e.code || null, sentAt: sent },
          });
        },
      ),
    );
  }

  /** After a kill: INSERT straight into each survivor every 250 ms until one accepts ("writable"). */
  private probeSurvivors(): void {
    if (this.prober) clearInterval(this.prober);
    this.writableSeen = false;
    this.prober = setInterval(() => {
      for (const n of this.cluster.nodes) {
        if (n.name === this.lastKill?.node || this.writableSeen) continue;
        void this.track(
          queryOnce(
            {
              port: n.pgPort,
              user: this.cluster.creds.superuser.username,
              password: this.cluster.creds.superuser.password,
              database: 'postgres',
              timeoutMs: 1000,
            },
            'CREATE TABLE IF NOT EXISTS lel_probe (at timestamptz DEFAULT now()); INSERT INTO lel_probe DEFAULT VALUES RETURNING 1',
          ).then(
            () => {
              if (this.writableSeen || this.endedAt !== null) return;
              this.writableSeen = true;
              this.emit({ k: 'mark', t: this.now(), node: n.name, name: 'writable' });
              if (this.prober) clearInterval(this.prober);
              this.prober = null;
            },
            () => {},
          ),
        );
      }
    }, 250);
  }

  private node(name: string): PgNode {
    const n = this.cluster.nodes.find((x) => x.name === name);
    if (!n) throw new RangeError(`unknown node ${name} (pg-1 to pg-${this.cluster.nodes.length})`);
    return n;
  }

  /** The node whose Patroni last reported itself primary. */
  primary(): string | null {
    return [...this.roles].find(([, r]) => roleOf(r) === 'leader')?.[0] ?? null;
  }

  private scheduled(f: PatroniFault): void {
    if (f.kind !== 'kill-primary' || f.afterLoopMs === undefined) {
      void this.fault(f);
      return;
    }
    const name = this.primary();
    const node = name === null ? undefined : this.cluster.nodes.find((n) => n.name === name);
    if (!node) return;
    const seen = node.leaderLoops.length;
    const afterLoopMs = f.afterLoopMs;
    const wait = setInterval(() => {
      if (node.leaderLoops.length === seen || this.endedAt !== null) return;
      clearInterval(wait);
      const late = performance.now() - (node.leaderLoops[seen] as number);
      this.timers.push(
        setTimeout(() => void this.fault({ kind: 'kill', node: node.name }), Math.max(0, afterLoopMs - late)),
      );
    }, 20);
    this.timers.push(wait);
  }

  /** Applies a fault now (its entry in faults.ts); false when it changes nothing. */
  async fault(f: PatroniFault): Promise<boolean> {
    const spec: PatroniFaultKind = PATRONI_FAULTS[f.kind];
    const name =
      spec.target === 'primary'
        ? this.primary()
        : spec.target === 'node'
          ? (f as { node?: string }).node
          : null;
    if (spec.target !== 'member' && (name === null || name === undefined)) return false;
    const target = {
      cluster: this.cluster,
      node: name ? this.node(name) : null,
      member: spec.target === 'member' ? ((f as { member?: number }).member ?? null) : null,
    };
    const t = this.now();
    const wasPrimary = target.node !== null && target.node.name === this.primary();
    if (!(await spec.apply(target))) return false;
    if (spec.stopsAgent && target.node) {
      this.firstStop ??= { t, node: target.node.name };
      const n = target.node;
      if (wasPrimary && !this.direct)
        this.direct = setInterval(() => this.writeDirect(n), Number(this.params.clientWriteIntervalMs));
    }
    if (spec.resumesAgent && this.direct) {
      clearInterval(this.direct);
      this.direct = null;
    }
    if (spec.kills && target.node) {
      this.lastKill = { t, node: target.node.name };
      this.probeSurvivors();
    }
    const rec = spec.record(target);
    if ('fault' in rec) {
      const tf = { atMs: t, fault: rec.fault } as TimedFault;
      this.faults.push(tf);
      this.emit({ k: 'fault', t, fault: tf.fault, source: 'intervention' });
    } else {
      const info = this.cluster.etcd.info()[(target.member ?? 0) - 1];
      this.emit({
        k: 'mark',
        t,
        node: 'etcd',
        name: rec.store,
        data: { member: target.member, id: info?.id ?? '' },
      });
      if (rec.store === 'member-stop' || rec.store === 'member-kill')
        this.watch?.moveOn(target.member ?? undefined);
      const running = this.cluster.etcd.running;
      const quorum = running * 2 > this.cluster.etcd.info().length;
      if (quorum !== this.quorum) {
        this.quorum = quorum;
        this.emit({
          k: 'mark',
          t,
          node: 'etcd',
          name: quorum ? 'quorum-back' : 'quorum-lost',
          data: { running },
        });
      }
    }
    return true;
  }

  private quorum = true;

  /** The kill's figures (seconds after it), read from the recording. */
  figures(): Figures | null {
    return this.lastKill ? figuresOf(this.events, this.lastKill) : null;
  }

  /**
   * Acknowledged writes lost in the failover: the client's writes the killed primary acknowledged
   * whose ids are not in the new primary's table. Null when there is no new primary to ask.
   */
  async lostWrites(): Promise<{ acknowledged: number; lost: number[] } | null> {
    const kill = this.lastKill;
    // The killed node's last answer (primary) stays in `roles`: the new primary is the last promoted.
    const to = kill ? figuresOf(this.events, kill).newPrimaries.at(-1) : undefined;
    if (!kill || !to) return null;
    const acked = this.events.flatMap((e) =>
      e.k === 'write' && e.status === 'accepted' && e.resource === kill.node ? [Number(e.value)] : [],
    );
    const got = await queryOnce(
      { ...this.pgLogin(), port: this.node(to).pgPort, timeoutMs: 5000 },
      "SELECT coalesce(string_agg(wid::text, ','), '') FROM lel_writes",
    );
    const have = new Set((got ?? '').split(',').filter(Boolean).map(Number));
    return { acknowledged: acked.length, lost: acked.filter((w) => !have.has(w)) };
  }

  private pgLogin() {
    return {
      user: this.cluster.creds.superuser.username,
      password: this.cluster.creds.superuser.password,
      database: 'postgres',
    };
  }

  /**
   * While a paused Patroni's PostgreSQL was the primary: the client writes to it directly too, at the
   * same rate, as a client that bypasses HAProxy would (a pooler without health checks, an app with the
   * old address). Each is a `direct-write` mark: the wid, whether it was accepted and the error.
   */
  private writeDirect(n: PgNode): void {
    const wid = ++this.wid;
    const mark = (outcome: { accepted: boolean; reason?: string }) => {
      if (this.endedAt === null)
        this.emit({
          k: 'mark',
          t: this.now(),
          node: 'app',
          name: 'direct-write',
          data: { wid, to: n.name, ...outcome },
        });
    };
    void this.track(
      queryOnce(
        { ...this.pgLogin(), port: n.pgPort, timeoutMs: Number(this.params.clientConnectTimeoutMs) },
        `INSERT INTO lel_writes (wid) VALUES (${wid}) RETURNING pg_is_in_recovery()`,
      ).then(
        () => mark({ accepted: true }),
        (e: PgError) => mark({ accepted: false, reason: e.message }),
      ),
    );
  }

  private direct: NodeJS.Timeout | null = null;

  /** What the SIGSTOP of the primary's Patroni led to, read from the recording (seconds after it). */
  pauseFigures(): PauseFigures | null {
    return this.firstStop ? pauseFiguresOf(this.events, this.firstStop) : null;
  }

  trace(): Trace {
    return storyTrace(
      patroniScenario(),
      {
        params: this.params,
        hosts: [
          { id: 'etcd', kind: 'store' },
          ...this.cluster.nodes.map((n) => ({ id: n.name, kind: 'node' as const })),
          { id: 'haproxy', kind: 'proxy' },
          { id: 'app', kind: 'client' },
        ],
        interventions: this.faults,
        source: 'etcd',
        etcd: {
          version: this.etcdVersion,
          members: this.cluster.etcd.info().map((m) => ({ index: m.index, name: m.name, id: m.id })),
        },
      },
      this.events,
      this.endedAt ?? this.now(),
    );
  }

  private stopping: Promise<Trace> | null = null;

  /** Stops the client, the polls and the watch, then the whole cluster; the recording. */
  stop(): Promise<Trace> {
    this.stopping ??= (async () => {
      for (const h of this.timers) clearTimeout(h);
      for (const h of [this.poller, this.writer, this.prober, this.direct]) if (h) clearInterval(h);
      this.endedAt ??= this.now();
      await Promise.allSettled([...this.inFlight]);
      await this.watch?.stop();
      const trace = this.trace();
      await this.cluster.stop();
      return trace;
    })();
    return this.stopping;
  }
}
