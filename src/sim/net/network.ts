import type { Rng } from '../../lib/rng.ts';
import { type Fault, netAfter } from '../faults/table.ts';
import type { DrawContext } from '../kernel/choices.ts';
import type { Descriptor, EventQueue } from '../kernel/queue.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Host } from './host.ts';
import { type Message, summarize } from './message.ts';
import { blocked, type DropReason, linkKey, type NetState, openNet } from './reach.ts';

/** Linux's bounds on TCP's retransmission timeout (include/net/tcp.h TCP_RTO_MIN, TCP_RTO_MAX). */
const RTO_MIN_MS = 200;
const RTO_MAX_MS = 120_000;

/** One direction of a TCP connection. */
interface StreamDirection {
  /** Segments sent so far: the next one's sequence number. */
  sent: number;
  /** The next sequence number the receiving process gets. */
  next: number;
  /** Segments that arrived after a gap, held until it is filled. */
  held: Map<number, () => void>;
}

/** What `send` tells a TCP connection about one of its segments. */
interface TcpHooks {
  stream: string;
  /** The segment's number on its connection. */
  seq: number;
  lost(): void;
  arrived(msg: Message, deliver: (m: Message) => void): void;
}

export interface NetConfig {
  /** One-way latency is uniform in [latencyMinMs, latencyMaxMs] (jitter = the spread). */
  latencyMinMs: number;
  latencyMaxMs: number;
  /** Probability that a message is lost. */
  dropRate: number;
  /**
   * The 99th-percentile latency, a tail beyond latencyMaxMs (0: none). Dean & Barroso, "The Tail at
   * Scale" (CACM 2013): rare slow responses (GC, queueing, a busy neighbour) dominate at scale.
   */
  latencyP99Ms?: number;
}

/**
 * The share of messages drawn from the tail [latencyMaxMs, 2 x p99 - latencyMaxMs]: half of them,
 * 1% of all, land above the p99, so the knob is the 99th percentile.
 */
export const TAIL_SHARE = 0.02;

/**
 * The network between hosts. Reachability (net/reach.ts) is checked when a message is sent and again
 * when it would arrive, so a partition that starts mid-flight loses the message. Each fault kind's
 * `net` step (faults/table.ts) moves the state on.
 *
 * A message that reaches a host whose processes were killed (the host is up: `Host.refuses`) is
 * refused: it is dropped as `refused` and the sender gets REFUSED {of: its type, ...its body} after the
 * same latency back, as a TCP RST answers a SYN to a closed port (connect(2): ECONNREFUSED). REFUSED
 * is not a message on the trace (no send event); a process that does not handle it ignores it.
 */
export class Network {
  private nextId = 1;
  /** Messages sent and not yet delivered or dropped (the run's budget counts them). */
  inFlight = 0;
  private state: NetState = openNet;
  readonly hosts = new Map<string, Host>();
  private readonly isStore = (id: string) => this.hosts.get(id)?.kind === 'store';

  constructor(
    private readonly queue: EventQueue,
    private readonly rng: Rng,
    private readonly emit: (e: TraceEvent) => void,
    private readonly cfg: NetConfig,
    /** The tail's own stream: drawn from only when the tail is on, so runs without it keep their draws. */
    private readonly tailRng?: Rng,
    /** Told which message the next draws are for, where a chooser writes draws down (kernel/choices.ts). */
    private readonly drawing?: DrawContext,
  ) {}

  /**
   * The network as a fingerprint reads it (issue #41): its partitions, cuts, isolations and delays,
   * and each TCP connection's counters and held segments. Message ids and the in-flight count are
   * not: ids only name messages on the trace, and what is in flight is in the queue.
   */
  world(): unknown {
    return {
      state: this.state,
      streams: [...this.streams].map(([k, d]) => [
        k,
        d.sent,
        d.next,
        [...d.held.keys()].sort((a, b) => a - b),
      ]),
      closed: [...this.closedStreams].sort(),
    };
  }

  add(host: Host): void {
    this.hosts.set(host.id, host);
  }

  /** Applies a network fault (any other fault leaves the network as it is). */
  apply(f: Fault): void {
    this.state = netAfter(this.state, f);
  }

  /** Why a message from a to b cannot get through now, or null if it can. */
  blocked(a: string, b: string): DropReason | null {
    return blocked(this.state, this.isStore, a, b);
  }

  /**
   * A message on a TCP connection (`stream`: the connection's name, chosen by the end that opened it).
   * TCP hides a short cut: a segment lost to a partition or to loss is sent again after the
   * retransmission timeout, doubling at each try (RFC 6298 5.5; Linux's TCP_RTO_MIN is 200 ms, and
   * RTO_MAX 120 s), and the receiver hands segments to its process in the order they were sent,
   * holding one that arrives after a gap until the gap is filled. Each try is a message on the trace
   * (the lost one ends as dropped), so the views draw what the wire did. The connection ends when
   * either side closes it (`closeStream`: a client's read timeout) or a host on it goes down: what it
   * still holds is gone.
   */
  sendOnStream(
    stream: string,
    from: string,
    to: string,
    type: string,
    body: Record<string, unknown> = {},
  ): void {
    if (this.closedStreams.has(stream)) return;
    const dir = this.direction(stream, from, to);
    this.transmit(stream, dir, dir.sent++, from, to, type, body, 0);
  }

  /** Closes a connection: what it holds in either direction is never delivered. */
  closeStream(stream: string): void {
    this.closedStreams.add(stream);
    for (const key of [...this.streams.keys()]) if (key.startsWith(`${stream}|`)) this.streams.delete(key);
  }

  private readonly streams = new Map<string, StreamDirection>();
  private readonly closedStreams = new Set<string>();

  private direction(stream: string, from: string, to: string): StreamDirection {
    const key = `${stream}|${from}>${to}`;
    let d = this.streams.get(key);
    if (!d) {
      d = { sent: 0, next: 0, held: new Map() };
      this.streams.set(key, d);
    }
    return d;
  }

  private transmit(
    stream: string,
    dir: StreamDirection,
    seq: number,
    from: string,
    to: string,
    type: string,
    body: Record<string, unknown>,
    tries: number,
  ): void {
    this.send(from, to, type, tries > 0 ? { ...body, retransmit: tries } : body, {
      stream,
      seq,
      lost: () => {
        if (this.closedStreams.has(stream) || !this.hosts.get(to)?.up) return;
        const rto = Math.min(RTO_MAX_MS, RTO_MIN_MS * 2 ** tries);
        const what = { k: 'retransmit', stream, seq, tries, from, to, type, body } as const;
        this.queue.after(rto, what, () => {
          if (this.closedStreams.has(stream) || !this.hosts.get(from)?.up) return;
          this.transmit(stream, dir, seq, from, to, type, body, tries + 1);
        });
      },
      arrived: (msg, deliver) => {
        dir.held.set(seq, () => deliver(msg));
        for (let next = dir.held.get(dir.next); next; next = dir.held.get(dir.next)) {
          dir.held.delete(dir.next++);
          next();
        }
      },
    });
  }

  send(from: string, to: string, type: string, body: Record<string, unknown> = {}, tcp?: TcpHooks): void {
    const id = this.nextId++;
    const now = this.queue.now;
    // Always draw both numbers so that a fault elsewhere does not shift later draws.
    if (this.drawing) this.drawing.message = { k: 'message', what: 'latency', id, from, to, type };
    let latency = this.rng.int(this.cfg.latencyMinMs, this.cfg.latencyMaxMs);
    const lost = this.rng.chance(this.cfg.dropRate);
    if (this.drawing) this.drawing.message = undefined;
    const p99 = this.cfg.latencyP99Ms ?? 0;
    if (p99 > 0 && this.tailRng) {
      const slow = this.tailRng.chance(TAIL_SHARE);
      const tail = this.tailRng.int(this.cfg.latencyMaxMs, 2 * p99 - this.cfg.latencyMaxMs);
      if (slow) latency = tail;
    }
    const deliverAt = now + latency + (this.state.delays.get(linkKey(from, to)) ?? 0);
    const data = summarize(body);
    this.inFlight++;
    this.emit({ k: 'send', t: now, id, from, to, type, deliverAt, ...(data ? { data } : {}) });
    const atSend: DropReason | null = this.blocked(from, to) ?? (lost ? 'loss' : null);
    const msg: Message = { id, from, to, type, body, ...(tcp ? { stream: tcp.stream } : {}) };
    const what: Descriptor = {
      k: 'deliver',
      from,
      to,
      type,
      body,
      ...(tcp ? { tcp: { stream: tcp.stream, seq: tcp.seq } } : {}),
      ...(atSend ? { lost: true } : {}),
    };
    this.queue.at(deliverAt, what, () => {
      this.inFlight--;
      const reason =
        atSend ?? this.blocked(from, to) ?? (tcp && this.closedStreams.has(tcp.stream) ? 'closed' : null);
      const host = this.hosts.get(to);
      if (!reason && host && !host.up && host.refuses) {
        this.emit({ k: 'drop', t: this.queue.now, id, reason: 'refused' });
        this.queue.after(latency, { k: 'refused', from: to, to: from, type, body }, () => {
          const back = this.hosts.get(from);
          if (!back || this.blocked(to, from)) return;
          back.deliver({ id, from: to, to: from, type: 'REFUSED', body: { ...body, of: type } });
        });
        return;
      }
      if (reason || !host || !host.up) {
        this.emit({ k: 'drop', t: this.queue.now, id, reason: reason ?? 'node-down' });
        tcp?.lost();
        return;
      }
      this.emit({ k: 'deliver', t: this.queue.now, id });
      if (tcp) tcp.arrived(msg, (m) => host.up && host.deliver(m));
      else host.deliver(msg);
    });
  }
}
