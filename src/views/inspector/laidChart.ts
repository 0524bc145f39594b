/**
 * A statechart laid out at build time (layout.ts), as the inspector draws it. Coordinates are
 * absolute pixels in the chart's own box.
 */
export interface LaidState {
  /** The state's path (`session.role.following`), or ANY for the machine's own handlers. */
  path: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Transitions without a target, run in place: "EVENT [guard]". */
  inPlace: string[];
}

export interface LaidTransition {
  /** One drawn edge (a transition with two targets draws two). */
  id: string;
  /** The transition it draws (extract.ts ChartTransition id). */
  transition: string;
  source: string;
  target: string;
  event: string;
  guard: string | null;
  points: Array<[number, number]>;
  label: { x: number; y: number; text: string };
}

export interface LaidChart {
  id: string;
  width: number;
  height: number;
  states: LaidState[];
  transitions: LaidTransition[];
  /** The root's own transitions without a target (handled in every state). */
  anywhere: string[];
}

/** The drawn stand-in for "any state" (the machine root's transitions with a target). */
export const ANY = '*';
