import type { Rng } from '../../lib/rng.ts';
import type { FaultStep } from '../faults/fold.ts';
import type { HostLife } from '../faults/table.ts';
import type { ClockGate, XClock } from '../kernel/clock.ts';
import type { Descriptor, EventQueue } from '../kernel/queue.ts';
import type { Fault, Role, TraceEvent } from '../trace/events.ts';

type WithoutT<E> = E extends unknown ? Omit<E, 't'> : never;
/** A trace event without its time (the host stamps it). */
export type Recorded = WithoutT<TraceEvent>;

import type { Message, Primitive } from './message.ts';

export type HostKind = 'node' | 'store' | 'resource' | 'proxy' | 'client';

/** What a process (an XState actor, the store, the resource) sees of the world. */
export interface ProcessEnv {
  readonly id: string;
  /** Local clock in ms: virtual time scaled by this node's drift. Monotonic: timers and deadlines run on it. */
  now(): number;
  /**
   * The wall clock in ms: the local clock plus the host's skew (a `clock-skew` step). Only what real
   * code reads from the wall clock reads it (a database's now(), a cron schedule): say so beside each read.
   */
  wallNow(): number;
  send(to: string, type: string, body?: Record<string, unknown>): void;
  /**
   * Sends on a TCP connection named `stream` (Network.sendOnStream): a short cut delays it instead of
   * losing it. Where no connection is modelled (live mode), a plain send.
   */
  sendOnStream?(stream: string, to: string, type: string, body?: Record<string, unknown>): void;
  /** Closes that connection: what it still holds is never delivered. */
  closeStream?(stream: string): void;
  readonly clock: XClock;
  /**
   * Runs fn after `localMs` of this node's clock (late if paused, never after a crash); returns a
   * cancel. `name` says what the timer is for and `data` what its callback carries that the process's
   * state does not (a request it will answer): the queue's descriptor, which a fingerprint reads.
   */
  after(localMs: number, fn: () => void, name: string, data?: unknown): () => void;
  /** A random stream private to this node and purpose. */
  rng(purpose: string): Rng;
  /** Reports the role the process believes it has (nodes only). */
  reportRole(role: Role, info?: { token?: number; term?: number }): void;
  /** A named moment in the algorithm, for narration and metrics. */
  mark(name: string, data?: Record<string, Primitive>): void;
  /** Appends a trace event at the current time (store changes, writes). */
  record(e: Recorded): void;
  /** Whether the run records statechart moves (SimOptions.states); false where nobody inspects. */
  readonly recordsStates?: boolean;
}

export interface Process {
  receive(msg: Message): void;
  stop(): void;
  /** A fault on this process's host that changes no life (the store learns it is unavailable). */
  onFault?(f: Fault): void;
  /**
   * Everything of the process its future depends on, as plain data (Maps, Sets and arrays allowed):
   * the explorer's fingerprint of a world (issue #41). A process without it makes every world it is
   * in a world of its own: never merged.
   */
  state?(): unknown;
}

export type ProcessFactory = (env: ProcessEnv) => Process;

export interface HostServices {
  /** What the host reads of the time: the simulation's event queue, or live mode's real clock. */
  readonly queue: Pick<EventQueue, 'now'>;
  envFor(host: Host): ProcessEnv;
}

/**
 * A node's life: up or crashed, running or paused (GC), and its local clock rate. A crash drops the
 * process and its timers (in-memory state is lost); a restart builds a fresh process. While paused
 * nothing runs: deliveries and due timers wait in a backlog and run, in order, on resume.
 */
export class Host implements ClockGate {
  up = true;
  /** Down with the host still up (its processes were killed): connections are refused. */
  refuses = false;
  paused = false;
  incarnation = 0;
  rate = 1;
  /** The wall clock's offset from the local clock (ms). */
  skewMs = 0;
  private backlog: Array<{ fn: () => void; what: Descriptor; alive?: (() => boolean) | undefined }> = [];
  private process: Process | null = null;
  private localBase = 0;
  private realBase = 0;
  readonly env: ProcessEnv;

  constructor(
    readonly id: string,
    readonly kind: HostKind,
    private readonly factory: ProcessFactory,
    private readonly services: HostServices,
  ) {
    this.env = services.envFor(this);
  }

  start(): void {
    this.process = this.factory(this.env);
  }

  /** Its life as the fault table reads it. */
  get life(): HostLife {
    return { up: this.up, paused: this.paused, drift: this.rate, skewMs: this.skewMs };
  }

  /** Acts out what a fault did to its life (faults/fold.ts). */
  live(step: FaultStep): void {
    const c = step.change ?? {};
    if (step.move === 'stop') this.crash(c.refuses === true);
    else if (step.move === 'start') this.restart();
    else if (step.move === 'pause') this.pause();
    else if (step.move === 'resume') this.resume();
    if (c.drift !== undefined) this.setRate(c.drift);
    if (c.skewMs !== undefined) this.skewMs = c.skewMs;
  }

  wallNow(): number {
    return this.localNow() + this.skewMs;
  }

  localNow(): number {
    return Math.floor(this.localBase + (this.services.queue.now - this.realBase) * this.rate);
  }

  realDelay(localMs: number): number {
    return Math.ceil(Math.max(0, localMs) / this.rate);
  }

  fire(incarnation: number, fn: () => void, what: Descriptor, alive?: () => boolean): void {
    if (incarnation !== this.incarnation || !this.up) return;
    if (this.paused) this.backlog.push({ fn, what, alive });
    else fn();
  }

  /** Hands a delivered message to the process (or its backlog while paused). False if down. */
  deliver(msg: Message): boolean {
    if (!this.up) return false;
    const inc = this.incarnation;
    this.fire(inc, () => this.process?.receive(msg), {
      k: 'deliver',
      from: msg.from,
      to: msg.to,
      type: msg.type,
      body: msg.body,
    });
    return true;
  }

  /**
   * The host as a fingerprint reads it (issue #41): its life, its local clock against the queue's
   * (an offset, and the rate), the backlog a pause holds (dead timers left out: they run nothing) and
   * its process's state; `opaque` when the process cannot tell its state (never merged then).
   */
  world(): { life: unknown; backlog: Descriptor[]; process: unknown; opaque: boolean } {
    const now = this.services.queue.now;
    const p = this.process;
    return {
      life: {
        up: this.up,
        refuses: this.refuses,
        paused: this.paused,
        rate: this.rate,
        skewMs: this.skewMs,
        clock: this.localNow() - now,
        ...(this.rate !== 1 ? { base: this.localBase - this.realBase * this.rate } : {}),
      },
      backlog: this.backlog.filter((b) => b.alive?.() ?? true).map((b) => b.what),
      process: p?.state?.() ?? null,
      opaque: p !== null && p.state === undefined,
    };
  }

  /** Tells the process of a fault on its host that is not a change of life (a network fault). */
  notify(f: Fault): void {
    if (this.up) this.process?.onFault?.(f);
  }

  crash(refuses = false): void {
    if (!this.up) return;
    this.up = false;
    this.refuses = refuses;
    this.paused = false;
    this.backlog = [];
    this.incarnation++;
    const p = this.process;
    this.process = null;
    p?.stop();
  }

  restart(): void {
    if (this.up) return;
    this.up = true;
    this.refuses = false;
    this.incarnation++;
    this.start();
  }

  pause(): void {
    if (this.up) this.paused = true;
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    const work = this.backlog;
    this.backlog = [];
    for (const b of work) {
      if (this.paused || !this.up) {
        this.backlog.push(b);
        continue;
      }
      b.fn();
    }
  }

  setRate(rate: number): void {
    if (!(rate >= 0.01 && rate <= 100))
      throw new RangeError(`clock rate must be within 0.01..100, got ${rate}`);
    this.localBase = this.localNow();
    this.realBase = this.services.queue.now;
    this.rate = rate;
  }
}
