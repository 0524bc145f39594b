import type { FaultStep } from '../sim/faults/fold.ts';
import type { HostLife } from '../sim/faults/table.ts';
import type { Process, ProcessEnv } from '../sim/net/host.ts';
import type { Message } from '../sim/net/message.ts';
import { type NetState, openNet } from '../sim/net/reach.ts';

/** One node's life, as Host in the simulation: up or crashed, paused (a backlog), cut off from the store. */
export class LiveNode {
  up = true;
  paused = false;
  isolated = false;
  incarnation = 0;
  private backlog: Array<() => void> = [];
  private process: Process | null = null;
  readonly env: ProcessEnv;

  constructor(
    readonly id: string,
    private readonly factory: (env: ProcessEnv) => Process,
    env: (node: LiveNode) => ProcessEnv,
  ) {
    this.env = env(this);
  }

  start(): void {
    this.process = this.factory(this.env);
  }

  fire(inc: number, fn: () => void): void {
    if (inc !== this.incarnation || !this.up) return;
    if (this.paused) this.backlog.push(fn);
    else fn();
  }

  deliver(inc: number, msg: Message): boolean {
    if (inc !== this.incarnation || !this.up) return false;
    this.fire(inc, () => this.process?.receive(msg));
    return true;
  }

  crash(): void {
    this.up = false;
    this.paused = false;
    this.backlog = [];
    this.incarnation++;
    const p = this.process;
    this.process = null;
    p?.stop();
  }

  restart(): void {
    this.up = true;
    this.incarnation++;
    this.start();
  }

  resume(): void {
    this.paused = false;
    const due = this.backlog;
    this.backlog = [];
    for (const fn of due) fn();
  }

  /** Its life as the fault table reads it (a live node's clock runs at the real rate). */
  get life(): HostLife {
    return { up: this.up, paused: this.paused, drift: 1 };
  }

  /** Its network as the fault table reads it: cut off from the store, or not. */
  get net(): NetState {
    return this.isolated ? { ...openNet, isolated: new Map([[this.id, 'store' as const]]) } : openNet;
  }

  /** Acts out what a fault did (faults/fold.ts), as Host does in the simulation. */
  live(step: FaultStep): void {
    // A node process that stops loses its connections; it comes back reaching the store.
    this.isolated = step.move !== 'stop' && step.net.isolated.has(this.id);
    if (step.move === 'stop') this.crash();
    else if (step.move === 'start') this.restart();
    else if (step.move === 'pause') this.paused = true;
    else if (step.move === 'resume') this.resume();
  }
}
