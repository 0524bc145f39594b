import type { Rng } from '../../lib/rng.ts';
import { type Fault, netAfter } from '../faults/table.ts';
import type { EventQueue } from '../kernel/queue.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Host } from './host.ts';
import { type Message, summarize } from './message.ts';
import { blocked, type DropReason, linkKey, type NetState, openNet } from './reach.ts';

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
  ) {}

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

  send(from: string, to: string, type: string, body: Record<string, unknown> = {}): void {
    const id = this.nextId++;
    const now = this.queue.now;
    // Always draw both numbers so that a fault elsewhere does not shift later draws.
    let latency = this.rng.int(this.cfg.latencyMinMs, this.cfg.latencyMaxMs);
    const lost = this.rng.chance(this.cfg.dropRate);
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
    const msg: Message = { id, from, to, type, body };
    this.queue.at(deliverAt, () => {
      this.inFlight--;
      const reason = atSend ?? this.blocked(from, to);
      const host = this.hosts.get(to);
      if (!reason && host && !host.up && host.refuses) {
        this.emit({ k: 'drop', t: this.queue.now, id, reason: 'refused' });
        this.queue.after(latency, () => {
          const back = this.hosts.get(from);
          if (!back || this.blocked(to, from)) return;
          back.deliver({ id, from: to, to: from, type: 'REFUSED', body: { ...body, of: type } });
        });
        return;
      }
      if (reason || !host || !host.up) {
        this.emit({ k: 'drop', t: this.queue.now, id, reason: reason ?? 'node-down' });
        return;
      }
      this.emit({ k: 'deliver', t: this.queue.now, id });
      host.deliver(msg);
    });
  }
}
