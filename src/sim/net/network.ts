import type { Rng } from '../../lib/rng.ts';
import type { EventQueue } from '../kernel/queue.ts';
import type { DropReason, TraceEvent } from '../trace/events.ts';
import type { Host } from './host.ts';
import { type Message, summarize } from './message.ts';

export interface NetConfig {
  /** One-way latency is uniform in [latencyMinMs, latencyMaxMs] (jitter = the spread). */
  latencyMinMs: number;
  latencyMaxMs: number;
  /** Probability that a message is lost. */
  dropRate: number;
}

const linkKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The network between hosts. Reachability is checked when a message is sent and again when it
 * would arrive, so a partition that starts mid-flight loses the message. Hosts not named in a
 * partition's groups (infrastructure such as the resource) stay reachable from every side.
 */
export class Network {
  private nextId = 1;
  private groupOf: Map<string, number> | null = null;
  private isolated = new Map<string, 'all' | 'store'>();
  private cuts = new Set<string>();
  private delays = new Map<string, number>();
  readonly hosts = new Map<string, Host>();

  constructor(
    private readonly queue: EventQueue,
    private readonly rng: Rng,
    private readonly emit: (e: TraceEvent) => void,
    private readonly cfg: NetConfig,
  ) {}

  add(host: Host): void {
    this.hosts.set(host.id, host);
  }

  partition(groups: string[][]): void {
    this.groupOf = new Map();
    groups.forEach((g, i) => {
      for (const id of g) this.groupOf?.set(id, i);
    });
  }

  heal(): void {
    this.groupOf = null;
    this.isolated.clear();
    this.cuts.clear();
    this.delays.clear();
  }

  isolate(node: string, from: 'all' | 'store'): void {
    this.isolated.set(node, from);
  }

  rejoin(node: string): void {
    this.isolated.delete(node);
  }

  cut(a: string, b: string, on: boolean): void {
    if (on) this.cuts.add(linkKey(a, b));
    else this.cuts.delete(linkKey(a, b));
  }

  delay(a: string, b: string, extraMs: number): void {
    if (extraMs > 0) this.delays.set(linkKey(a, b), extraMs);
    else this.delays.delete(linkKey(a, b));
  }

  /** Why a message from a to b cannot get through now, or null if it can. */
  blocked(a: string, b: string): DropReason | null {
    for (const [n, from] of this.isolated) {
      if (n !== a && n !== b) continue;
      const other = n === a ? b : a;
      if (from === 'all' || this.hosts.get(other)?.kind === 'store') return 'isolated';
    }
    if (this.cuts.has(linkKey(a, b))) return 'link-cut';
    if (this.groupOf) {
      const ga = this.groupOf.get(a);
      const gb = this.groupOf.get(b);
      if (ga !== undefined && gb !== undefined && ga !== gb) return 'partition';
    }
    return null;
  }

  send(from: string, to: string, type: string, body: Record<string, unknown> = {}): void {
    const id = this.nextId++;
    const now = this.queue.now;
    // Always draw both numbers so that a fault elsewhere does not shift later draws.
    const latency = this.rng.int(this.cfg.latencyMinMs, this.cfg.latencyMaxMs);
    const lost = this.rng.chance(this.cfg.dropRate);
    const deliverAt = now + latency + (this.delays.get(linkKey(from, to)) ?? 0);
    const data = summarize(body);
    this.emit({ k: 'send', t: now, id, from, to, type, deliverAt, ...(data ? { data } : {}) });
    const atSend: DropReason | null = this.blocked(from, to) ?? (lost ? 'loss' : null);
    const msg: Message = { id, from, to, type, body };
    this.queue.at(deliverAt, () => {
      const reason = atSend ?? this.blocked(from, to);
      const host = this.hosts.get(to);
      if (reason || !host || !host.up) {
        this.emit({ k: 'drop', t: this.queue.now, id, reason: reason ?? 'node-down' });
        return;
      }
      this.emit({ k: 'deliver', t: this.queue.now, id });
      host.deliver(msg);
    });
  }

  /** The partition groups in force (for the trace and the picture). */
  groups(): string[][] | null {
    if (!this.groupOf) return null;
    const out: string[][] = [];
    for (const [id, g] of this.groupOf) {
      out[g] ??= [];
      out[g].push(id);
    }
    return out;
  }
}
