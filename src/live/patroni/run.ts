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
import { scenarios } from '../../../scenarios/index.ts';
import { scenarioParams } from '../../sim/inputs.ts';
import type { Params } from '../../sim/params.ts';
import type { Scenario, TimedFault } from '../../sim/scenario/schema.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import { resolveSteps } from '../../sim/trace/narrate.ts';
import { type Trace, traceOf } from '../../sim/trace/trace.ts';
import { etcdVersion } from '../../testing/etcd/etcdServer.ts';
import { PrefixWatch, type WatchEvent } from '../watch.ts';
import { NAMESPACE, PatroniCluster, type PgNode, SCOPE } from './cluster.ts';
import { type PgError, queryOnce } from './pgWire.ts';

export const LEADER_KEY = `${NAMESPACE}${SCOPE}/leader`;

/** What `--fault` can do to the live Patroni cluster. */
export type PatroniFault =
  /**
   * `afterLoopMs`: at the primary's next HA loop ("no action. I am (pg-N), the leader with the lock")
   * plus this, so the kill falls at the same point of its lease every time (the story kills 1.4 s
   * after the last refresh, scenarios/patroni.ts).
   */
  | { kind: 'kill-primary'; afterLoopMs?: number }
  | { kind: 'kill'; node: string }
  | { kind: 'pause'; node: string }
  | { kind: 'resume'; node: string }
  | { kind: 'isolate-etcd'; node: string }
  | { kind: 'rejoin-etcd'; node: string }
  | { kind: 'cut-checks'; node: string }
  | { kind: 'heal-checks'; node: string };

export const PATRONI_FAULT_KINDS = [
  'kill-primary',
  'kill',
  'pause',
  'resume',
  'isolate-etcd',
  'rejoin-etcd',
  'cut-checks',
  'heal-checks',
] as const;

/** The story's scenario: its picture, panels and narration steps draw the recording. */
export function patroniScenario(): Scenario {
  const s = scenarios.find((x) => x.id === 'patroni');
  if (!s) throw new Error('no patroni scenario');
  return s;
}

/** Patroni's role names (`master` before 3.0.x renamed it, `primary`, `replica`) as the trace's. */
function roleOf(r: string): 'leader' | 'follower' | 'candidate' | null {
  if (r === 'master' || r === 'primary' || r === 'standby_leader') return 'leader';
  if (r === 'replica') return 'follower';
  return null;
}

export interface Figures {
  /** Seconds after the kill; null when it did not happen within the run. */
  keyDeleted: number | null;
  newKey: number | null;
  writable: number | null;
  haproxyDown: number | null;
  haproxyUp: number | null;
  /** From the kill to the first client write accepted after it. */
  outage: number | null;
  killed: string;
  /** The nodes whose role became primary after the kill. */
  newPrimaries: string[];
  failedWrites: number;
}

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

  private constructor(readonly cluster: PatroniCluster) {
    this.t0 = performance.now();
    this.byPort = new Map(cluster.nodes.map((n) => [n.pgPort, n.name]));
    this.params = scenarioParams(patroniScenario());
    this.etcdVersion = etcdVersion(cluster.bins.etcd);
  }

  static async start(
    opts: { faults?: Array<{ atMs: number; fault: PatroniFault }> } = {},
  ): Promise<PatroniRun> {
    const cluster = await PatroniCluster.start();
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

  private leases = new Map<string, number>();

  /** etcd's int64 lease id (a string in JSON) as 1, 2, 3... in the order the recording meets them; 0 = none. */
  private leaseNumber(raw: unknown): number {
    const id = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '0';
    if (id === '0') return 0;
    let n = this.leases.get(id);
    if (n === undefined) {
      n = this.leases.size + 1;
      this.leases.set(id, n);
    }
    return n;
  }

  private onWatch(evs: WatchEvent[]): void {
    const t = this.now();
    const byRev = new Map<number, WatchEvent[]>();
    for (const e of evs) byRev.set(e.kv.modRevision, [...(byRev.get(e.kv.modRevision) ?? []), e]);
    for (const [revision, group] of byRev) {
      // Patroni never deletes two keys in one transaction; etcd deletes every key of an expired lease at once.
      const leases = new Set(group.filter((e) => e.type === 'delete').map((e) => e.prev?.lease ?? 0));
      const lease = leases.size === 1 ? ([...leases][0] as number) : 0;
      const expired = lease !== 0 && group.every((e) => e.type === 'delete') && group.length > 1;
      if (expired) this.emit({ k: 'store', t, change: { kind: 'lease-expire', lease, revision } });
      for (const e of group) {
        if (e.type === 'put') this.emit({ k: 'store', t, change: { kind: 'put', kv: e.kv } });
        else
          this.emit({
            k: 'store',
            t,
            change: {
              kind: 'delete',
              key: e.kv.key,
              revision,
              cause: expired ? 'lease-expired' : 'delete',
              ...(e.prev?.lease ? { lease: e.prev.lease } : {}),
            },
          });
      }
    }
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
      this.fault(f);
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
        setTimeout(() => this.fault({ kind: 'kill', node: node.name }), Math.max(0, afterLoopMs - late)),
      );
    }, 20);
    this.timers.push(wait);
  }

  /** Applies a fault now; false when it changes nothing (kill a killed node, no primary to kill). */
  fault(f: PatroniFault): boolean {
    const t = this.now();
    const name = f.kind === 'kill-primary' ? this.primary() : f.node;
    if (name === null) return false;
    const n = this.node(name);
    let done = false;
    let recorded: TimedFault['fault'] | null = null;
    switch (f.kind) {
      case 'kill-primary':
      case 'kill':
        done = this.cluster.killNode(n);
        recorded = { kind: 'kill', node: name };
        if (done) {
          this.lastKill = { t, node: name };
          this.probeSurvivors();
        }
        break;
      case 'pause':
      case 'resume':
        done = this.cluster.pausePatroni(n, f.kind === 'pause');
        // A pause lasts until its resume: the trace's pause holds a duration, so an hour stands for "open".
        recorded =
          f.kind === 'pause'
            ? { kind: 'pause', node: name, durationMs: 3_600_000 }
            : { kind: 'resume', node: name };
        break;
      case 'isolate-etcd':
        done = n.etcdProxies.map((p) => p.cut()).some(Boolean);
        recorded = { kind: 'isolate', node: name, from: 'store' };
        break;
      case 'rejoin-etcd':
        done = n.etcdProxies.map((p) => p.heal()).some(Boolean);
        recorded = { kind: 'rejoin', node: name };
        break;
      case 'cut-checks':
        done = n.restProxy.cut();
        recorded = { kind: 'cut-link', a: 'haproxy', b: name };
        break;
      case 'heal-checks':
        done = n.restProxy.heal();
        recorded = { kind: 'restore-link', a: 'haproxy', b: name };
        break;
    }
    if (done && recorded) {
      const tf = { atMs: t, fault: recorded } as TimedFault;
      this.faults.push(tf);
      this.emit({ k: 'fault', t, fault: tf.fault, source: 'intervention' });
    }
    return done;
  }

  /** The kill's figures (seconds after it), read from the recording. */
  figures(): Figures | null {
    const kill = this.lastKill;
    if (!kill) return null;
    const after = this.events.filter((e) => e.t >= kill.t);
    const sec = (t: number | undefined) => (t === undefined ? null : (t - kill.t) / 1000);
    const leaderStore = (kind: 'put' | 'delete') =>
      after.find(
        (e) =>
          e.k === 'store' &&
          e.change.kind === kind &&
          (kind === 'put'
            ? e.change.kind === 'put' && e.change.kv.key === LEADER_KEY && e.change.kv.value !== kill.node
            : e.change.kind === 'delete' && e.change.key === LEADER_KEY),
      )?.t;
    const mark = (name: string, pred: (e: Extract<TraceEvent, { k: 'mark' }>) => boolean = () => true) =>
      after.find((e) => e.k === 'mark' && e.name === name && pred(e))?.t;
    const newPrimaries = [
      ...new Set(after.flatMap((e) => (e.k === 'role' && e.role === 'leader' ? [e.node] : []))),
    ];
    const up = newPrimaries[0];
    return {
      killed: kill.node,
      keyDeleted: sec(leaderStore('delete')),
      newKey: sec(leaderStore('put')),
      writable: sec(mark('writable')),
      haproxyDown: sec(mark('backend-down', (e) => e.data?.backend === kill.node)),
      haproxyUp: up === undefined ? null : sec(mark('backend-up', (e) => e.data?.backend === up)),
      outage: sec(after.find((e) => e.k === 'write' && e.status === 'accepted')?.t),
      newPrimaries,
      failedWrites: after.filter((e) => e.k === 'write' && e.status === 'rejected').length,
    };
  }

  trace(): Trace {
    const events = [...this.events].sort((a, b) => a.t - b.t);
    const durationMs = Math.max(1, this.endedAt ?? this.now());
    const sc = patroniScenario();
    const ids = this.cluster.nodes.map((n) => n.name);
    const story: Scenario = { ...sc, faults: [] };
    return traceOf(
      {
        version: 2,
        scenario: sc.id,
        algorithm: 'patroni',
        seed: 0,
        params: this.params,
        hosts: [
          { id: 'etcd', kind: 'store' },
          ...ids.map((id) => ({ id, kind: 'node' as const })),
          { id: 'haproxy', kind: 'proxy' },
          { id: 'app', kind: 'client' },
        ],
        durationMs,
        interventions: [...this.faults],
        source: 'etcd',
        etcd: {
          version: this.etcdVersion,
          members: this.cluster.etcd.info().map((m) => ({ index: m.index, name: m.name, id: m.id })),
        },
      },
      events,
      resolveSteps(story, events, durationMs),
    );
  }

  private stopping: Promise<Trace> | null = null;

  /** Stops the client, the polls and the watch, then the whole cluster; the recording. */
  stop(): Promise<Trace> {
    this.stopping ??= (async () => {
      for (const h of this.timers) clearTimeout(h);
      for (const h of [this.poller, this.writer, this.prober]) if (h) clearInterval(h);
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
