import type { AnyStateMachine } from 'xstate';
import { eventName } from '../algorithms/stateRecord.ts';

/**
 * A statechart read off an XState v5 machine definition (machine.root and its StateNodes: `states`,
 * `type`, `transitions`, `always`; https://stately.ai/docs/machines), never drawn by hand. Paths are
 * the dot-joined StateNode `path`, without the machine id: the same strings the trace's state events
 * carry (stateRecord.ts leafPaths).
 */
export interface ChartState {
  path: string;
  key: string;
  parent: string | null;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The parent's initial child (a parallel state's regions are all entered). */
  initial: boolean;
}

export interface ChartTransition {
  /** Stable within the machine: source, event and the transition's place among that event's. */
  id: string;
  source: string;
  /** Targets; a transition without one runs its actions in place (drawn as a loop on its source). */
  targets: string[];
  /** The event as the trace names it (`after:<delay>` for a delayed transition, `always` for eventless). */
  event: string;
  guard: string | null;
}

export interface Chart {
  id: string;
  states: ChartState[];
  transitions: ChartTransition[];
}

type Node = AnyStateMachine['root'];
type Transition = NonNullable<Node['always']>[number];

/** A guard's name: its type (`{ type: 'deadlinePassed' }`), a string, or a named function. */
function guardName(g: unknown): string | null {
  if (g === undefined || g === null) return null;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') return g.name && g.name !== 'guard' ? g.name : 'inline guard';
  if (typeof g === 'object' && 'type' in g && typeof g.type === 'string') return g.type;
  return 'guard';
}

const pathOf = (n: Node) => n.path.join('.');

export function extractChart(machine: AnyStateMachine): Chart {
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];
  const add = (source: string, event: string, list: readonly Transition[]) =>
    list.forEach((t, i) => {
      transitions.push({
        id: `${source}|${event}|${i}`,
        source,
        targets: (t.target ?? []).map((n) => pathOf(n as Node)),
        event,
        guard: guardName(t.guard),
      });
    });
  const walk = (n: Node) => {
    const path = pathOf(n);
    for (const [type, list] of n.transitions) add(path, eventName(type), list);
    if (n.always) add(path, 'always', n.always);
    for (const child of Object.values(n.states) as Node[]) {
      states.push({
        path: pathOf(child),
        key: child.key,
        parent: path === '' ? null : path,
        type: child.type,
        initial: n.type === 'compound' && n.initial.target.some((t) => t === child),
      });
      walk(child);
    }
  };
  walk(machine.root);
  return { id: machine.id, states, transitions };
}
