/** A run's budget, apart from inputs.ts so that trace import can read it without the machines. */

/**
 * What a run may hold. Counted on the run itself (trace events, messages on the wire), never on
 * memory or time, so the same inputs stop at the same event in Node, in a worker and on the page.
 */
export interface RunBudget {
  /** Trace events held by the run. */
  events: number;
  /** Messages sent and not yet delivered or dropped. */
  inFlight: number;
  /** Callbacks run (timers and deliveries): a process that loops without recording anything. */
  callbacks: number;
}

/**
 * The 24 h soak of the etcd-lease story holds 1.27 M events (about 450 MB of V8 heap, 125 MB as
 * JSON) and the largest story 0.31 M (short-timeout): 2 M events admits both with room, and stays
 * under 1 GB in the worker and again on the page, which gets a copy. A Bully storm or a week-long
 * run stops here with a message instead of taking the tab or the CLI down with it (4.5 GB and more).
 * Messages in flight: a Bully election of 200 nodes has under 20,000 at once. Callbacks: a 24 h
 * lease run takes about 1.2 M.
 */
export const DEFAULT_BUDGET: RunBudget = { events: 2_000_000, inFlight: 200_000, callbacks: 50_000_000 };
