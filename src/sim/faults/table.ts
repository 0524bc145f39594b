/**
 * Every fault kind, one entry each. The rest of the code reads this table instead of switching on
 * the kind: the Fault type and the zod schema (scenario/schema.ts), the zod-free link check and the
 * link text (app/link), the simulation (simulate.ts), the network (net/reach.ts), frameAt, the
 * metrics, the sequence diagram's spans, the event log, the timeline icons, the What-if menu and
 * the chaos generator's closing faults. A new kind is one entry here plus its strings
 * (`log.fault.<words>` in src/i18n and `fault.<words>` in the sandbox strings).
 */
import {
  blocked as blockedBy,
  linkKey,
  type NetState,
  oneWayKey,
  openNet,
  partitioned,
} from '../net/reach.ts';
import { type Fields, groups, host, ms, number, optionalChoice, type ShapeOf } from './shape.ts';
import type { HostLife, MenuNode, MenuOptions } from './subject.ts';

export type { HostLife, MenuNode, MenuOptions, ServerLife } from './subject.ts';

/** What a fault's wording may depend on beyond its fields. */
export interface WordsOptions {
  /** The host of the run's store when it is a Raft group (Declaration.storeGroup): its servers are members. */
  storeGroup?: string | undefined;
}

/**
 * A store member's name as the store group names it (sim/store/group.ts `memberId`; not imported,
 * which would bring the Raft machine into every page that words a fault).
 */
export const memberName = (server: number): string => `member-${server}`;

export interface FaultKindSpec<F extends Fields> {
  /** The fields, in link order: `12000,pause,node-1,8000`. */
  readonly fields: F;
  /** Timeline glyph: an SVG path in a 12x12 box centred on 0,0, stroked. */
  readonly icon: string;
  /** How loud the event log shows it. */
  readonly severity: 'danger' | 'warning';
  /**
   * Its wording when the kind's name is not enough: the key suffix (`log.fault.<key>`, sandbox
   * `fault.<key>`; the kind by default) and values beside its fields (words.ts formats the fields).
   */
  words?(f: ShapeOf<F>, o: WordsOptions): { key: string; vars?: Record<string, string | number> };
  /** Hides it from the timeline (a pause's own end is shown by the pause). */
  readonly quiet?: boolean;
  /**
   * How it changes the life of the host it names (its `node`): only what changes, or null when it
   * would change nothing (then the simulation does not record it).
   */
  life?(f: ShapeOf<F>, before: HostLife): Partial<HostLife> | null;
  /** The network after it. */
  net?(s: NetState, f: ShapeOf<F>): NetState;
  /**
   * What it tells the coordination store's process on the host it names (Process.onFault): its quorum
   * is lost (nothing is answered, nothing expires) or back (etcd's new leader extends every lease).
   */
  readonly quorum?: 'lost' | 'back';
  /** What it does to one server of the ensemble the named store host stands for (Process.onFault). */
  member?(f: ShapeOf<F>): { server: number; act: 'kill' | 'restart' | 'stop' | 'resume' };
  /**
   * Every host's process hears it (Process.onFault), not only the one it names: an operator's request
   * to the cluster, which its leader acts on (a Raft membership change).
   */
  readonly toCluster?: boolean;
  /** A host it names that the cluster does not have yet is made at the start, outside the cluster (a spare). */
  readonly makesHost?: boolean;
  /** A fault that follows by itself (a pause ends), if the host is still in the same life. */
  followUp?(f: ShapeOf<F>): { afterMs: number; fault: Fault };
  /** The fault that undoes it, for chaos schedules that stop their faults. */
  undo?(f: ShapeOf<F>): Fault | null;
  /**
   * What the What-if node menu offers of this kind for a node in its current state; its label is
   * `faults.<label ?? id>` in the sandbox strings. Nothing when it would change nothing.
   */
  menu?(n: MenuNode, o: MenuOptions): MenuItem[];
  /**
   * Live mode (src/live) can do it to a real node process: its machine stops (crash), starts again
   * (restart), stops handling its clock and messages (pause), or has its requests to etcd dropped
   * (isolate). The value is what live mode fixes in it (`liveForm`): the live nodes talk to etcd alone,
   * so a node cut off from everyone is cut off from the store. Links and partitions have no counterpart.
   */
  readonly live?: Partial<ShapeOf<F>>;
}

export interface MenuItem {
  readonly id: string;
  readonly label?: string;
  /** The label's values ("Kill server {server}"). */
  readonly vars?: Readonly<Record<string, number>>;
  readonly fault: Fault;
}

/** The ensemble's servers (ZooKeeper's three, algorithms/zookeeper/process.ts SERVERS; a store group's up to 5). */
const ENSEMBLE_SERVERS = [1, 2, 3, 4, 5] as const;

const onNode = { node: host } as const;
const link = { a: host, b: host } as const;

const without = <V>(m: ReadonlyMap<string, V>, k: string): Map<string, V> => {
  const out = new Map(m);
  out.delete(k);
  return out;
};

/** Each kind's fields, in link order (the Fault type is read off them). */
const SHAPES = {
  crash: onNode,
  restart: onNode,
  pause: { node: host, durationMs: ms(1) },
  resume: onNode,
  partition: { groups },
  heal: {},
  isolate: { node: host, from: optionalChoice(['all', 'store']) },
  rejoin: onNode,
  'cut-link': link,
  'restore-link': link,
  'delay-link': { a: host, b: host, extraMs: ms(0) },
  kill: onNode,
  // A rate far from 1 stops being a drift and breaks the timer arithmetic (1e-300 -> infinite delays).
  'clock-drift': { node: host, rate: number(0.01, 100) },
  'store-unavailable': { node: host, durationMs: ms(1) },
  // Messages from `from` to `to` are lost; the other direction still carries.
  'cut-oneway': { from: host, to: host },
  // The wall clock's offset from true time after the step, up to a day either way.
  'clock-skew': { node: host, offsetMs: number(-86_400_000, 86_400_000) },
  // One server of the ensemble the store host stands for (1-3), and what happens to it (kill by default).
  server: { node: host, server: number(1, 5), act: optionalChoice(['kill', 'restart', 'stop', 'resume']) },
  // The server added to or removed from a Raft cluster's configuration.
  'add-server': onNode,
  'remove-server': onNode,
  // The node's HA agent alone (Patroni), its database running on: stopped (SIGSTOP) by default.
  agent: { node: host, act: optionalChoice(['stop', 'resume']) },
} as const satisfies Record<string, Fields>;

export type FaultKind = keyof typeof SHAPES;
/** One fault, as scenarios, links, the CLI and the trace write it. */
export type Fault = { [K in FaultKind]: { kind: K } & ShapeOf<(typeof SHAPES)[K]> }[FaultKind];
export type FaultOf<K extends FaultKind> = Extract<Fault, { kind: K }>;

export const FAULTS: { readonly [K in FaultKind]: FaultKindSpec<(typeof SHAPES)[K]> } = {
  crash: {
    fields: SHAPES.crash,
    live: {},
    icon: 'M-4 -4 L4 4 M4 -4 L-4 4',
    severity: 'danger',
    life: (_f, s) => (s.up ? { up: false, paused: false } : null),
    undo: (f) => ({ kind: 'restart', node: f.node }),
    menu: (n) => (n.up ? [{ id: 'crash', fault: { kind: 'crash', node: n.id } }] : []),
  },
  /**
   * The processes die, the host stays up (kill -9 of the agent and the database on a live machine):
   * a connection to it is refused at once (the kernel answers the SYN with a RST: "Connection
   * refused", ECONNREFUSED in connect(2)), so connection-oriented clients learn it in one round
   * trip. A `crash` is a host going dark: packets are dropped and only timeouts tell.
   */
  kill: {
    fields: SHAPES.kill,
    icon: 'M-4 -4 L4 4 M4 -4 L-4 4 M-5 5 H5',
    severity: 'danger',
    life: (_f, s) => (s.up ? { up: false, paused: false, refuses: true } : null),
    undo: (f) => ({ kind: 'restart', node: f.node }),
    menu: (n) => (n.up ? [{ id: 'kill', fault: { kind: 'kill', node: n.id } }] : []),
  },
  restart: {
    fields: SHAPES.restart,
    live: {},
    icon: 'M3.5 -2.5 A4.3 4.3 0 1 0 4.3 1 M4.3 -4.5 V-1.8 H1.6',
    severity: 'warning',
    life: (_f, s) => (s.up ? null : { up: true }),
    menu: (n) => (n.up ? [] : [{ id: 'restart', fault: { kind: 'restart', node: n.id } }]),
  },
  pause: {
    fields: SHAPES.pause,
    live: {},
    icon: 'M-2.2 -4 V4 M2.2 -4 V4',
    severity: 'warning',
    life: (_f, s) => (s.up && !s.paused ? { paused: true } : null),
    followUp: (f) => ({ afterMs: f.durationMs, fault: { kind: 'resume', node: f.node } }),
    menu: (n, o) =>
      n.up && !n.paused ? [{ id: 'pause', fault: { kind: 'pause', node: n.id, durationMs: o.pauseMs } }] : [],
  },
  resume: {
    fields: SHAPES.resume,
    live: {},
    icon: 'M-2.5 -4 L3.5 0 L-2.5 4 Z',
    severity: 'warning',
    quiet: true,
    life: (_f, s) => (s.paused ? { paused: false } : null),
    menu: (n) => (n.paused ? [{ id: 'resume', fault: { kind: 'resume', node: n.id } }] : []),
  },
  partition: {
    fields: SHAPES.partition,
    icon: 'M-2 -5 L2 5 M-5 -1 H-2.5 M2.5 1 H5',
    severity: 'danger',
    net: (s, f) => partitioned(s, f.groups),
    undo: () => ({ kind: 'heal' }),
  },
  heal: {
    fields: SHAPES.heal,
    icon: 'M-5 -1.6 H5 M-5 1.6 H5',
    severity: 'warning',
    net: () => openNet,
  },
  isolate: {
    fields: SHAPES.isolate,
    live: { from: 'store' },
    icon: 'M0 0 m-4.2 0 a4.2 4.2 0 1 0 8.4 0 a4.2 4.2 0 1 0 -8.4 0 M-3 3 L3 -3',
    severity: 'warning',
    words: (f) => ({ key: `isolate.${f.from ?? 'all'}` }),
    net: (s, f) => ({ ...s, isolated: new Map(s.isolated).set(f.node, f.from ?? 'all') }),
    undo: (f) => ({ kind: 'rejoin', node: f.node }),
    menu: (n, o) =>
      n.isolated !== null
        ? []
        : [
            // Live nodes reach nothing but etcd: cut off from everyone is cut off from the store.
            ...(o.live
              ? []
              : [{ id: 'isolate', fault: { kind: 'isolate', node: n.id, from: 'all' } } as const]),
            ...(o.hasStore
              ? [
                  {
                    id: 'isolate-store',
                    label: 'isolateStore',
                    fault: { kind: 'isolate', node: n.id, from: 'store' },
                  } as const,
                ]
              : []),
          ],
  },
  rejoin: {
    fields: SHAPES.rejoin,
    live: {},
    icon: 'M0 0 m-4.2 0 a4.2 4.2 0 1 0 8.4 0 a4.2 4.2 0 1 0 -8.4 0',
    severity: 'warning',
    // The end of a `store-unavailable` is a rejoin of the store host.
    quorum: 'back',
    net: (s, f) => ({ ...s, isolated: without(s.isolated, f.node) }),
    menu: (n) => (n.isolated === null ? [] : [{ id: 'rejoin', fault: { kind: 'rejoin', node: n.id } }]),
  },
  'cut-link': {
    fields: SHAPES['cut-link'],
    icon: 'M-5 0 H-1.5 M1.5 0 H5 M-1.5 -3 L1.5 3',
    severity: 'warning',
    net: (s, f) =>
      s.cuts.has(linkKey(f.a, f.b)) ? s : { ...s, cuts: new Map(s.cuts).set(linkKey(f.a, f.b), [f.a, f.b]) },
    undo: (f) => ({ kind: 'restore-link', a: f.a, b: f.b }),
  },
  'restore-link': {
    fields: SHAPES['restore-link'],
    icon: 'M-5 0 H5',
    severity: 'warning',
    // Restores both directions: a two-way cut and a one-way cut either way (`cut-oneway`).
    net: (s, f) => ({
      ...s,
      cuts: without(without(without(s.cuts, linkKey(f.a, f.b)), oneWayKey(f.a, f.b)), oneWayKey(f.b, f.a)),
    }),
  },
  'delay-link': {
    fields: SHAPES['delay-link'],
    icon: 'M-3.5 -4.5 H3.5 L-3.5 4.5 H3.5 Z',
    severity: 'warning',
    net: (s, f) => ({
      ...s,
      delays:
        f.extraMs > 0
          ? new Map(s.delays).set(linkKey(f.a, f.b), f.extraMs)
          : without(s.delays, linkKey(f.a, f.b)),
    }),
    undo: (f) => ({ kind: 'delay-link', a: f.a, b: f.b, extraMs: 0 }),
  },
  'clock-drift': {
    fields: SHAPES['clock-drift'],
    icon: 'M-5 1 Q-2.5 -3 0 0 T5 -1',
    severity: 'warning',
    life: (f) => ({ drift: f.rate }),
    undo: (f) => ({ kind: 'clock-drift', node: f.node, rate: 1 }),
  },
  /**
   * The coordination store without quorum for a while: the model's one member stands for a cluster
   * that has lost two of three members (live mode's member faults map to it). No request is answered
   * (a member without a leader answers nothing within a client's deadline), no lease expires, and when
   * quorum is back the new leader extends every lease by its TTL (etcd lease/lessor.go Promote), so a
   * leader key outlives the outage by one TTL. It ends by itself with a `rejoin`.
   */
  'store-unavailable': {
    fields: SHAPES['store-unavailable'],
    icon: 'M-4.5 -3 H4.5 V3 H-4.5 Z M-4.5 -3 L4.5 3',
    severity: 'danger',
    quorum: 'lost',
    net: (s, f) => ({ ...s, isolated: new Map(s.isolated).set(f.node, 'all') }),
    followUp: (f) => ({ afterMs: f.durationMs, fault: { kind: 'rejoin', node: f.node } }),
    undo: (f) => ({ kind: 'rejoin', node: f.node }),
  },
  /**
   * A one-way link failure: what `from` sends to `to` is lost, what `to` sends back still arrives (an
   * asymmetric fault such as a firewall rule on one side, or a NIC that only receives). A sender that
   * fires and forgets cannot tell; a client that checks the answers can (etcd clientv3 lease.go closes a keepalive
   * channel with no response within the TTL, commit e534532 "close keep alive channel if no response
   * within TTL", and concurrency.Session's Done() closes with it). The link is drawn
   * cut; `restore-link` ends it.
   */
  'cut-oneway': {
    fields: SHAPES['cut-oneway'],
    icon: 'M-5 0 H-1.5 M1.5 0 H5 M2 -3 L5 0 L2 3',
    severity: 'warning',
    net: (s, f) =>
      s.cuts.has(oneWayKey(f.from, f.to))
        ? s
        : { ...s, cuts: new Map(s.cuts).set(oneWayKey(f.from, f.to), [f.from, f.to]) },
    undo: (f) => ({ kind: 'restore-link', a: f.from, b: f.to }),
  },
  /**
   * A step of a node's wall clock to `offsetMs` from true time: NTP stepping a clock that was far off
   * (ntpd steps past 128 ms, ntpd(8) "-x"; chronyd's makestep), or a VM restored from a snapshot with
   * the clock it had then. Only wall-clock reads move: the deadlines that etcd's clientv3 (Go's
   * monotonic time.Now readings, time package docs "Monotonic Clocks"), client-go's leader election
   * (observedTime with its monotonic reading) and Raft's election timers run on do not. What reads the
   * wall clock here is said beside each read of `wallNow` (the database's now() of a lease row, a
   * cron's 03:00). Undone by a step back to 0.
   */
  'clock-skew': {
    fields: SHAPES['clock-skew'],
    icon: 'M0 0 m-4.5 0 a4.5 4.5 0 1 0 9 0 a4.5 4.5 0 1 0 -9 0 M0 -2.6 V0 L2 1.2 M5.5 -5 L3.5 -3',
    severity: 'warning',
    words: (f) => ({
      key: `clock-skew.${f.offsetMs > 0 ? 'ahead' : f.offsetMs < 0 ? 'behind' : 'true'}`,
      vars: { stepMs: Math.abs(f.offsetMs) },
    }),
    life: (f, s) => ((s.skewMs ?? 0) === f.offsetMs ? null : { skewMs: f.offsetMs }),
    undo: (f) => ({ kind: 'clock-skew', node: f.node, offsetMs: 0 }),
  },
  /**
   * One server of a replicated store's ensemble (ZooKeeper's three), the store host itself staying
   * up: `kill` (SIGKILL: its clients' connections are reset at once, and they fail over to another
   * server), `stop` (SIGSTOP: its connections hang until a client's read timeout), `resume`,
   * `restart`. Without a majority of servers up the ensemble is unavailable: no writes, no session
   * expiry (ZooKeeper Administrator's Guide, "Clustered (Multi-Server) Setup"). Only the store's
   * process acts on it (Process.onFault); a store that models no ensemble ignores it.
   */
  server: {
    fields: SHAPES.server,
    icon: 'M-4 -4.5 H4 V4.5 H-4 Z M-4 -1.5 H4 M-4 1.5 H4',
    severity: 'danger',
    // A server of a store that is a Raft group is one of its members (member-1), as its stories and
    // the What-if menu name it.
    words: (f, o) =>
      o.storeGroup === f.node
        ? { key: `member.${f.act ?? 'kill'}`, vars: { member: memberName(Math.round(f.server)) } }
        : { key: `server.${f.act ?? 'kill'}` },
    member: (f) => ({ server: Math.round(f.server), act: f.act ?? 'kill' }),
    // Each server's moves from the state the fault stream left it in: an up server is killed or
    // stopped, a stopped one resumed, a dead one restarted.
    menu: (n, o) =>
      o.ensemble !== n.id || !n.up
        ? []
        : ENSEMBLE_SERVERS.slice(0, o.ensembleSize ?? 3).flatMap((server) => {
            const life = n.servers?.[server];
            const acts = life === 'down' ? ['restart'] : life === 'stopped' ? ['resume'] : ['kill', 'stop'];
            return acts.map((act) => ({
              id: `server-${server}-${act}`,
              label: `server-${act}`,
              vars: { server },
              fault: { kind: 'server', node: n.id, server, act } as Fault,
            }));
          }),
    undo: (f) =>
      (f.act ?? 'kill') === 'kill'
        ? { kind: 'server', node: f.node, server: f.server, act: 'restart' }
        : f.act === 'stop'
          ? { kind: 'server', node: f.node, server: f.server, act: 'resume' }
          : null,
  },
  /**
   * An operator adds a server to a Raft cluster, one at a time (Ongaro 2014, PhD thesis, §4.1,
   * AddServer): the leader appends the new configuration to its log. A server the cluster does not
   * have is there from the start, empty and outside the configuration, as a new machine waits for
   * its `member add` (etcd's runtime reconfiguration: add the member, then start it); it catches up
   * from the leader (§4.2.1). A leader refuses it while a change is uncommitted.
   */
  'add-server': {
    fields: SHAPES['add-server'],
    icon: 'M0 0 m-4.2 0 a4.2 4.2 0 1 0 8.4 0 a4.2 4.2 0 1 0 -8.4 0 M0 -2.4 V2.4 M-2.4 0 H2.4',
    severity: 'warning',
    toCluster: true,
    makesHost: true,
    menu: (n, o) =>
      o.membership && n.member === false
        ? [{ id: 'add-server', fault: { kind: 'add-server', node: n.id } }]
        : [],
  },
  /**
   * An operator removes a server, the leader too (thesis §4.1 RemoveServer, §4.2.2: a removed leader
   * steps down once the entry commits).
   */
  'remove-server': {
    fields: SHAPES['remove-server'],
    icon: 'M0 0 m-4.2 0 a4.2 4.2 0 1 0 8.4 0 a4.2 4.2 0 1 0 -8.4 0 M-2.4 0 H2.4',
    severity: 'warning',
    toCluster: true,
    menu: (n, o) =>
      o.membership && n.member === true
        ? [{ id: 'remove-server', fault: { kind: 'remove-server', node: n.id } }]
        : [],
  },
  /**
   * The node's HA agent stopped (SIGSTOP) or resumed, its database running on: the host stays up, so
   * the database answers connections and takes writes while the agent neither refreshes its lease nor
   * answers its REST API. Only a process that models an agent acts on it (Process.onFault: Patroni's,
   * algorithms/patroni/machine.ts); Patroni's watchdog exists for it (Patroni docs, Watchdog support:
   * https://patroni.readthedocs.io/en/latest/watchdog.html).
   */
  agent: {
    fields: SHAPES.agent,
    icon: 'M-4 -4 V4 M-1 -4 V4 M2 -4 L6 0 L2 4',
    severity: 'danger',
    words: (f) => ({ key: `agent.${f.act ?? 'stop'}` }),
    undo: (f) => ((f.act ?? 'stop') === 'stop' ? { kind: 'agent', node: f.node, act: 'resume' } : null),
  },
};

export const FAULT_KINDS = Object.keys(FAULTS) as FaultKind[];
/** The node faults a live recording can apply (the kinds with a `live` form). */
export const LIVE_FAULT_KINDS = FAULT_KINDS.filter((k) => FAULTS[k].live !== undefined);
/** A fault live mode can do to a node process. */
export type LiveNodeFault = FaultOf<'crash' | 'restart' | 'pause' | 'resume' | 'isolate' | 'rejoin'>;

/** The form live mode applies f in, or null when live mode cannot do it. */
export function liveForm(f: Fault): LiveNodeFault | null {
  const spec = specOf(f);
  if (!spec.live) return null;
  // Its fields, in the table's order, and no other; then what live mode fixes (an isolation's `from`).
  const own = f as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { kind: f.kind };
  for (const name of Object.keys(spec.fields)) if (own[name] !== undefined) out[name] = own[name];
  return { ...out, ...spec.live } as LiveNodeFault;
}

export function isFaultKind(k: string): k is FaultKind {
  return Object.hasOwn(FAULTS, k);
}

/** The entry of a fault's kind, typed for that fault (the table is indexed once, here). */
export function specOf(f: Fault): FaultKindSpec<Fields> {
  return FAULTS[f.kind] as unknown as FaultKindSpec<Fields>;
}

/** The host a fault acts on (its `node` field), if it is a host fault. */
export const hostOf = (f: Fault): string | undefined => ('node' in f ? f.node : undefined);

/** What f changes in the life of its host, or null if nothing (or it is not a host fault). */
function lifeChange(f: Fault, before: HostLife): Partial<HostLife> | null {
  const life = specOf(f).life;
  return life ? life(f as never, before) : null;
}

/** The network after f (the same object when f is not a network fault). */
export function netAfter(s: NetState, f: Fault): NetState {
  const net = specOf(f).net;
  return net ? net(s, f as never) : s;
}

/** What f does to one server of a store's ensemble, if it is a server fault. */
export function memberFault(f: Fault): ReturnType<NonNullable<FaultKindSpec<Fields>['member']>> | null {
  const member = specOf(f).member;
  return member ? member(f as never) : null;
}

/** Does f stop its host's processes (a crash, or a kill on a live host)? Its leaders stop leading. */
export const stopsHost = (f: Fault): boolean =>
  lifeChange(f, { up: true, paused: false, drift: 1 })?.up === false;

/** Does f start a stopped host again (a restart)? */
export const startsHost = (f: Fault): boolean =>
  lifeChange(f, { up: false, paused: false, drift: 1 })?.up === true;

export { blockedBy as blocked };

/** Every fault the What-if node menu offers for this node, in the table's order. */
export function menuFor(n: MenuNode, o: MenuOptions): MenuItem[] {
  return FAULT_KINDS.flatMap((k) => {
    const spec = FAULTS[k] as FaultKindSpec<Fields>;
    return o.live && spec.live === undefined ? [] : (spec.menu?.(n, o) ?? []);
  });
}
