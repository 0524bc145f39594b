/**
 * A live run: the simulation's lease-candidate XState machines (src/sim/algorithms/lease), hosted in
 * Node on a real clock (injected, as the simulation injects its virtual one), talking to a real etcd
 * cluster through its JSON gateway, recorded as an ordinary Trace (src/sim/trace/trace.ts).
 *
 * Timings. A request is recorded when its answer (or its deadline) is known: sent at t0, at etcd
 * midway through the round trip, answered at t1. So the recording runs `lagMs` (one request
 * deadline and a little) behind the clock: events older than that are final, in time order.
 *
 * Node faults (crash, restart, pause, resume, isolate from the store, rejoin) act on the node's host
 * here, as src/sim/net/host.ts does in the simulation; member faults act on the etcd processes
 * through `members` and are recorded as marks of the store host, with `quorum-lost` and
 * `quorum-back` when fewer than two of three members can serve. Node-only.
 */
import type { AnyActorLogic } from 'xstate';
import { createRng } from '../lib/rng.ts';
import { leaseConfig } from '../sim/algorithms/lease/index.ts';
import { ELECTION_PREFIX, STORAGE_HOST, STORE_HOST, TOKEN_KEY } from '../sim/algorithms/lease/keys.ts';
import { leaseMachine } from '../sim/algorithms/lease/machine.ts';
import { machineProcess } from '../sim/algorithms/machineProcess.ts';
import { foldFault } from '../sim/faults/fold.ts';
import { LIVE_FAULT_KINDS, type LiveNodeFault, specOf } from '../sim/faults/table.ts';
import { clockFrom } from '../sim/kernel/clock.ts';
import type { ProcessEnv } from '../sim/net/host.ts';
import { summarize } from '../sim/net/message.ts';
import type { Params } from '../sim/params.ts';
import { clusterVars, resolveScenarioAliases } from '../sim/scenario/aliases.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { resolveSteps } from '../sim/trace/narrate.ts';
import { type EtcdSource, type Trace, traceOf } from '../sim/trace/trace.ts';
import { type RealClock, systemClock } from './clock.ts';
import type { MemberAction, MemberInfo } from './cluster.ts';
import { type Answer, ask, padToken, RESOURCE_TOKEN_KEY } from './etcdApi.ts';
import type { EtcdAuth } from './etcdAuth.ts';
import { b64, Gateway, Unavailable } from './gateway.ts';
import { MemberPoller } from './memberStatus.ts';
import { LiveNode } from './node.ts';
import { Recorder } from './recorder.ts';
import { PrefixWatch, type WatchEvent } from './watch.ts';

/** A store fault: what `--fault` and the control service do to etcd members. */
export type StoreFault = { kind: `member-${MemberAction}`; member: number };
export const storeFaultKinds = ['member-stop', 'member-resume', 'member-kill', 'member-restart'] as const;
export const isStoreFault = (f: { kind: string }): f is StoreFault =>
  (storeFaultKinds as readonly string[]).includes(f.kind);

/** Node faults live mode can act on: the fault table's kinds with a `live` form (the What-if menu offers these). */
export type { LiveNodeFault };
export const isLiveNodeFault = (f: { kind: string }): f is LiveNodeFault =>
  (LIVE_FAULT_KINDS as readonly string[]).includes(f.kind);

export interface Members {
  readonly endpoints: readonly string[];
  /** The lab's credentials for the members, when the cluster's auth is on (src/live/etcdAuth.ts). */
  readonly auth?: EtcdAuth;
  info(): MemberInfo[];
  act(index: number, action: MemberAction): Promise<boolean>;
}

export interface LiveOptions {
  members: Members;
  etcdVersion: string;
  /** The lease algorithm's knobs, resolved (scenarioParams). */
  params: Params;
  nodes: number;
  clock?: RealClock;
  /** The scenario the recording is shown as (the sandbox with the lease algorithm): its steps. */
  scenario?: Scenario;
}

export class LiveRun {
  private readonly clock: RealClock;
  private readonly t0: number;
  private readonly gw: Gateway;
  private readonly rec = new Recorder();
  private readonly nodes = new Map<string, LiveNode>();
  private readonly interventions: TimedFault[] = [];
  private readonly listeners = new Set<(events: TraceEvent[]) => void>();
  private readonly revoked = new Set<number>();
  /** Each node's last reported role: its token while it leads, undefined otherwise. */
  private readonly roles = new Map<string, number | null | undefined>();
  private readonly expired = new Set<number>();
  private readonly hostList: Trace['hosts'];
  private readonly lagMs: number;
  private readonly deadlineMs: number;
  private msgId = 0;
  private leaseSeq = 0;
  private readonly leaseBase: number;
  private watch: PrefixWatch | null = null;
  private poller: MemberPoller | null = null;
  private ticker: unknown = null;
  private endedAt: number | null = null;
  private quorum = true;
  /** The last time any member answered (for the page: "the cluster is unreachable"). */
  lastAnswerAt = 0;
  lastFailureAt = -1;

  constructor(private readonly opts: LiveOptions) {
    this.clock = opts.clock ?? systemClock;
    this.t0 = this.clock.now();
    this.gw = new Gateway(opts.members.endpoints, opts.members.auth);
    const cfg = leaseConfig(opts.params);
    // The request deadline: shorter than the renew deadline, ttl x (1 - driftMarginRatio)
    // (client-go: every renew attempt runs under RenewDeadline; the params' rules keep renewS under it).
    this.deadlineMs = Math.min(
      cfg.requestTimeoutMs,
      Math.floor(cfg.ttlS * 1000 * (1 - cfg.driftMarginRatio)) - 1,
    );
    this.lagMs = this.deadlineMs + 250;
    // LeaseGrant takes the client's ID; a random base keeps two runs' ids apart, under 2^53.
    this.leaseBase = 0x694d5e000000 + Math.floor(Math.random() * 0xffffff) * 0x100;
    const ids = Array.from({ length: opts.nodes }, (_, i) => `node-${i + 1}`);
    this.hostList = [
      ...ids.map((id) => ({ id, kind: 'node' as const })),
      { id: STORE_HOST, kind: 'store' as const },
      { id: STORAGE_HOST, kind: 'resource' as const },
    ];
    const factory = machineProcess(leaseMachine as AnyActorLogic as typeof leaseMachine, (env) => ({
      env,
      rank: ids.indexOf(env.id),
      clusterSize: ids.length,
      cfg,
    }));
    for (const id of ids)
      this.nodes.set(
        id,
        new LiveNode(
          id,
          factory,
          (n) => this.envFor(n),
          () => this.now(),
        ),
      );
  }

  /** Local ms since the run started (the trace's time). */
  now(): number {
    return Math.max(0, Math.round(this.clock.now() - this.t0));
  }

  private emit(e: TraceEvent): void {
    if (e.k === 'role') this.roles.set(e.node, e.role === 'leader' ? (e.token ?? null) : undefined);
    this.rec.push(e);
  }

  /** Who believes it leads right now, with its token (ahead of the recording's lag). */
  leadersNow(): Array<{ node: string; token: number | null }> {
    return [...this.roles].flatMap(([node, token]) =>
      token !== undefined && this.nodes.get(node)?.up ? [{ node, token }] : [],
    );
  }

  /** A write straight to the fenced resource, outside any node (what a client would see now). */
  async probeWrite(token: number): Promise<'accepted' | 'rejected' | 'unavailable'> {
    try {
      const a = await ask(
        {
          gw: this.gw,
          deadlineMs: this.deadlineMs,
          nextLeaseId: () => this.leaseBase + ++this.leaseSeq,
          at: () => this.now(),
          fencing: true,
        },
        'WRITE',
        { token, value: 'probe' },
      );
      return a.write?.status ?? 'rejected';
    } catch (e) {
      if (e instanceof Unavailable) return 'unavailable';
      throw e;
    }
  }

  private envFor(node: LiveNode): ProcessEnv {
    const clock = this.clock;
    const after = (ms: number, fn: () => void) => {
      const inc = node.incarnation;
      let cancelled = false;
      const h = clock.setTimeout(
        () =>
          node.fire(inc, () => {
            if (!cancelled) fn();
          }),
        Math.max(0, ms),
      );
      return () => {
        cancelled = true;
        clock.clearTimeout(h);
      };
    };
    const xclock = clockFrom(after);
    return {
      id: node.id,
      now: () => this.now(),
      // No clock-skew fault in live mode: the wall clock is the local clock.
      wallNow: () => this.now(),
      send: (to, type, body = {}) => this.request(node, to, type, body),
      clock: xclock,
      after,
      rng: (purpose) => createRng(purpose.length + node.id.length),
      reportRole: (role, info) => this.emit({ k: 'role', t: this.now(), node: node.id, role, ...info }),
      mark: (name, data) =>
        this.emit({ k: 'mark', t: this.now(), node: node.id, name, ...(data ? { data } : {}) }),
      record: (e) => this.emit({ ...e, t: this.now() } as TraceEvent),
    };
  }

  /** A node's request to the store or the fenced resource, and its answer back to the node. */
  private request(node: LiveNode, to: string, type: string, body: Record<string, unknown>): void {
    const t0 = this.now();
    const inc = node.incarnation;
    const data = summarize(body);
    const sendReq = (deliverAt: number, extra: Record<string, number> = {}) => {
      const id = ++this.msgId;
      this.emit({
        k: 'send',
        t: t0,
        id,
        from: node.id,
        to,
        type,
        deliverAt,
        ...(data || Object.keys(extra).length > 0 ? { data: { ...data, ...extra } } : {}),
      });
      return id;
    };
    if (node.isolated) {
      // Cut off from the store: the request never leaves.
      const id = sendReq(t0 + 1);
      this.emit({ k: 'drop', t: t0 + 1, id, reason: 'isolated' });
      return;
    }
    if (type === 'LEASE_REVOKE') this.revoked.add(Number(body.lease));
    ask(
      {
        gw: this.gw,
        deadlineMs: this.deadlineMs,
        nextLeaseId: () => this.leaseBase + ++this.leaseSeq,
        at: () => Math.round((t0 + this.now()) / 2),
        fencing: Boolean(this.opts.params.fencing),
      },
      type,
      body,
    ).then(
      (a) => this.answered(node, inc, to, type, t0, a, sendReq),
      (e) => {
        const t1 = this.now();
        this.lastFailureAt = t1;
        const id = sendReq(t1, e instanceof Unavailable ? { member: e.member } : {});
        this.emit({ k: 'drop', t: t1, id, reason: 'node-down' });
        if (type === 'WRITE') {
          this.emit({
            k: 'write',
            t: t1,
            node: node.id,
            resource: STORAGE_HOST,
            token: typeof body.token === 'number' ? body.token : null,
            status: 'rejected',
            code: 503,
            reason: 'etcd unavailable',
            seen: null,
            ...(typeof body.value === 'string' ? { value: body.value } : {}),
          });
        }
      },
    );
  }

  private answered(
    node: LiveNode,
    inc: number,
    to: string,
    type: string,
    t0: number,
    a: Answer,
    sendReq: (deliverAt: number, extra?: Record<string, number>) => number,
  ): void {
    const t1 = this.now();
    this.lastAnswerAt = t1;
    const mid = Math.max(t0, Math.min(t1, Math.round((t0 + t1) / 2)));
    sendReq(mid, { member: a.member });
    this.emit({ k: 'deliver', t: mid, id: this.msgId });
    for (const change of a.changes) this.emit({ k: 'store', t: mid, change });
    if (a.write) this.emit({ k: 'write', t: mid, node: node.id, resource: to, ...a.write });
    const id = ++this.msgId;
    const rdata = summarize(a.body);
    this.emit({
      k: 'send',
      t: mid,
      id,
      from: to,
      to: node.id,
      type: a.type,
      deliverAt: t1,
      data: { ...rdata, member: a.member },
    });
    if (!node.deliver(inc, { id, from: to, to: node.id, type: a.type, body: a.body })) {
      this.emit({ k: 'drop', t: t1, id, reason: 'node-down' });
      return;
    }
    this.emit({ k: 'deliver', t: t1, id });
    void type;
  }

  /** The election keys' puts and deletes, as etcd reports them (expiries included). */
  private watched(events: WatchEvent[]): void {
    const t = this.now();
    for (const w of events) {
      if (w.type === 'put') {
        this.emit({ k: 'store', t, change: { kind: 'put', kv: w.kv } });
        continue;
      }
      const lease = w.prev?.lease ?? 0;
      const revision = w.kv.modRevision;
      const byUs = this.revoked.has(lease);
      if (lease !== 0 && !byUs && !this.expired.has(lease)) {
        this.expired.add(lease);
        this.emit({ k: 'store', t, change: { kind: 'lease-expire', lease, revision } });
      }
      this.emit({
        k: 'store',
        t,
        change: {
          kind: 'delete',
          key: w.kv.key,
          revision,
          cause: lease === 0 ? 'delete' : byUs ? 'lease-revoked' : 'lease-expired',
          ...(lease !== 0 ? { lease } : {}),
        },
      });
    }
  }

  /** Seeds the token counter and the resource, starts the watch and the nodes. */
  async start(): Promise<void> {
    const tokenStart = Number(this.opts.params.tokenStart ?? 0);
    await this.gw.call('/v3/kv/put', { key: b64(RESOURCE_TOKEN_KEY), value: b64(padToken(0)) }, 10_000);
    const put = await this.gw.call(
      '/v3/kv/put',
      { key: b64(TOKEN_KEY), value: b64(String(tokenStart)) },
      10_000,
    );
    const fromRev = Number((put.json.header as { revision?: string } | undefined)?.revision ?? 1);
    this.watch = new PrefixWatch(
      this.opts.members.endpoints,
      ELECTION_PREFIX,
      fromRev,
      (e) => this.watched(e),
      this.opts.members.auth,
    );
    this.poller = new MemberPoller(
      this.opts.members,
      (e) => this.emit(e),
      () => this.now(),
      (ms) => new Promise((r) => this.clock.setTimeout(() => r(undefined), ms)),
    );
    this.poller.start();
    for (const n of this.nodes.values()) n.start();
    const tick = () => {
      this.flush(this.now() - this.lagMs);
      this.ticker = this.clock.setTimeout(tick, 100);
    };
    tick();
  }

  private flush(upTo: number): void {
    const out = this.rec.release(upTo);
    if (out.length > 0) for (const l of this.listeners) l(out);
  }

  /** New final events, in order, as they are released. */
  subscribe(listener: (events: TraceEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get stoppedAt(): number | null {
    return this.endedAt;
  }

  /** A fault on a node, now. False when it would change nothing (crash a crashed node). */
  nodeFault(f: LiveNodeFault): boolean {
    const node = this.nodes.get(f.node);
    if (!node) throw new RangeError(`unknown node "${f.node}"`);
    const step = foldFault(f, (id) => (id === node.id ? node.life : undefined), node.net);
    if (!step.change && step.net.isolated.has(node.id) === node.isolated) return false;
    const t = this.now();
    this.emit({ k: 'fault', t, fault: f, source: 'intervention' });
    this.interventions.push({ atMs: t, fault: f });
    node.live(step);
    // What follows by itself (a pause's end), if the node is still in the same life.
    const next = specOf(f).followUp?.(f as never);
    if (next) {
      const inc = node.incarnation;
      this.clock.setTimeout(() => {
        const end = next.fault as LiveNodeFault;
        if (node.incarnation === inc) this.nodeFault(end);
      }, next.afterMs);
    }
    return true;
  }

  /** The etcd member (1-based) that leads as last polled, or null when none is known. */
  storeLeader(): number | null {
    return this.poller?.leaderIndex() ?? null;
  }

  /** A fault on an etcd member, now (SIGSTOP, SIGCONT, SIGKILL, a new process on its data dir). */
  async storeFault(f: StoreFault): Promise<boolean> {
    const action = f.kind.slice('member-'.length) as MemberAction;
    const info = this.opts.members.info()[f.member - 1];
    const changed = await this.opts.members.act(f.member, action);
    if (!changed) return false;
    this.emit({
      k: 'mark',
      t: this.now(),
      node: STORE_HOST,
      name: f.kind,
      data: { member: f.member, id: info?.id ?? '' },
    });
    if (action === 'stop' || action === 'kill') this.watch?.moveOn(f.member);
    if (action === 'kill' || action === 'restart') this.poller?.forget(f.member);
    const running = this.opts.members.info().filter((m) => m.state === 'running').length;
    const quorum = running * 2 > this.opts.members.info().length;
    if (quorum !== this.quorum) {
      this.quorum = quorum;
      this.emit({
        k: 'mark',
        t: this.now(),
        node: STORE_HOST,
        name: quorum ? 'quorum-back' : 'quorum-lost',
        data: { running },
      });
    }
    return true;
  }

  get hasQuorum(): boolean {
    return this.quorum;
  }

  private head(durationMs: number): Omit<Trace, 'events' | 'steps'> {
    const etcd: EtcdSource = {
      version: this.opts.etcdVersion,
      members: this.opts.members.info().map((m) => ({ index: m.index, name: m.name, id: m.id })),
    };
    return {
      version: 2,
      scenario: this.opts.scenario?.id ?? 'sandbox',
      algorithm: 'lease',
      seed: 0,
      params: this.opts.params,
      hosts: this.hostList,
      durationMs: Math.max(1, durationMs),
      interventions: [...this.interventions],
      source: 'etcd',
      etcd,
    };
  }

  /** The recording so far (final events only), as a trace. */
  trace(): Trace {
    const last = this.rec.events[this.rec.events.length - 1]?.t ?? 0;
    const durationMs = Math.max(1, this.endedAt ?? Math.max(last, this.now() - this.lagMs));
    const events = [...this.rec.events];
    const ids = [...this.nodes.keys()];
    const sc = this.opts.scenario;
    const steps = sc
      ? resolveSteps(resolveScenarioAliases(sc, ids), events, durationMs, clusterVars(ids))
      : [];
    return traceOf(this.head(durationMs), events, steps);
  }

  /** Stops the nodes and the watch, waits for every answer in flight, and returns the whole recording. */
  async stop(): Promise<Trace> {
    if (this.endedAt === null) {
      const end = this.now();
      for (const n of this.nodes.values()) n.host.crash();
      if (this.ticker !== null) this.clock.clearTimeout(this.ticker);
      await this.poller?.stop();
      await new Promise((r) => this.clock.setTimeout(() => r(undefined), this.lagMs));
      await this.watch?.stop();
      this.endedAt = end;
      // Keep what happened before the end; answers that came after it are not part of the run.
      this.flush(end);
      this.rec.release(Number.POSITIVE_INFINITY);
      this.rec.events.splice(this.rec.events.findIndex((e) => e.t > end) >>> 0);
    }
    return this.trace();
  }
}
