import type { FaultStep } from '../sim/faults/fold.ts';
import type { HostLife } from '../sim/faults/table.ts';
import { Host, type Process, type ProcessEnv } from '../sim/net/host.ts';
import type { Message } from '../sim/net/message.ts';
import { type NetState, openNet } from '../sim/net/reach.ts';

/**
 * One live node: the simulation's Host (its life: up or crashed, paused with a backlog, the
 * incarnation that drops a dead process's timers and answers) on the real clock, and whether it is
 * cut off from the store (live mode drops its requests to etcd).
 */
export class LiveNode {
  readonly host: Host;
  isolated = false;

  constructor(
    readonly id: string,
    factory: (env: ProcessEnv) => Process,
    env: (node: LiveNode) => ProcessEnv,
    now: () => number,
  ) {
    this.host = new Host(id, 'node', factory, {
      queue: {
        get now() {
          return now();
        },
      },
      envFor: () => env(this),
    });
  }

  get env(): ProcessEnv {
    return this.host.env;
  }
  get up(): boolean {
    return this.host.up;
  }
  get paused(): boolean {
    return this.host.paused;
  }
  get incarnation(): number {
    return this.host.incarnation;
  }

  start(): void {
    this.host.start();
  }

  fire(inc: number, fn: () => void, name = 'live'): void {
    this.host.fire(inc, fn, { k: 'timer', host: this.id, inc, name, ms: 0 });
  }

  /** An answer to a request an earlier incarnation sent is dropped: that process is gone. */
  deliver(inc: number, msg: Message): boolean {
    return inc === this.host.incarnation && this.host.deliver(msg);
  }

  /** Its life as the fault table reads it (a live node's clock runs at the real rate). */
  get life(): HostLife {
    return this.host.life;
  }

  /** Its network as the fault table reads it: cut off from the store, or not. */
  get net(): NetState {
    return this.isolated ? { ...openNet, isolated: new Map([[this.id, 'store' as const]]) } : openNet;
  }

  /** Acts out what a fault did (faults/fold.ts), as the simulation does. */
  live(step: FaultStep): void {
    // A node process that stops loses its connections; it comes back reaching the store.
    this.isolated = step.move !== 'stop' && step.net.isolated.has(this.id);
    this.host.live(step);
  }
}
