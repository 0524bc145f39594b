/**
 * The one fold of the fault stream. The simulation, frameAt, the metrics, the sequence diagram's
 * spans and live mode each keep a host's life and the network their own way, and each asks here what
 * one fault does to them: the host's new life, what happened to its processes (one of four moves,
 * never a fault kind), and the network after it. A new kind says what it does in its table entry
 * (`life`, `net`) and every replay follows.
 */
import type { NetState } from '../net/reach.ts';
import { type Fault, type HostLife, hostOf, specOf } from './table.ts';

/** What a fault did to its host's processes. */
export type LifeMove = 'stop' | 'start' | 'pause' | 'resume';

export interface FaultStep {
  /** The host whose life it changed (undefined when it changed none). */
  readonly host: string | undefined;
  /** Only what changed in that host's life (null when nothing did). */
  readonly change: Partial<HostLife> | null;
  /** The host's life after it (null when nothing changed). */
  readonly life: HostLife | null;
  /** What happened to the host's processes, if anything. */
  readonly move: LifeMove | null;
  /** The network after it (the same object when it is not a network fault). */
  readonly net: NetState;
}

export const freshLife: HostLife = { up: true, paused: false, drift: 1, skewMs: 0 };

const moveOf = (c: Partial<HostLife>): LifeMove | null =>
  c.up === false
    ? 'stop'
    : c.up === true
      ? 'start'
      : c.paused === true
        ? 'pause'
        : c.paused === false
          ? 'resume'
          : null;

/**
 * One fault folded onto the life of the host it names (`lifeOf` answers for known hosts; an unknown
 * host's fault changes no life) and onto the network.
 */
export function foldFault(
  f: Fault,
  lifeOf: (host: string) => HostLife | undefined,
  net: NetState,
): FaultStep {
  const spec = specOf(f);
  const id = hostOf(f);
  const before = spec.life && id !== undefined ? lifeOf(id) : undefined;
  const change = before ? (spec.life?.(f, before) ?? null) : null;
  const after = spec.net ? spec.net(net, f) : net;
  if (!before || !change) return { host: undefined, change: null, life: null, move: null, net: after };
  return { host: id, change, life: { ...before, ...change }, move: moveOf(change), net: after };
}
