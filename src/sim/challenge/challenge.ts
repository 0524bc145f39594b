/**
 * A challenge ("try to break it", scenario/schema.ts challengeSchema), framework-free: its start, the
 * budget the student's faults spend, and whether its goal's checker fired. The app draws on these
 * (src/app/challenge); the fix search is search.ts.
 */
import { type Fault, type FaultKind, specOf } from '../faults/table.ts';
import type { Params } from '../params.ts';
import { FIX_KNOB } from '../scenario/fix.ts';
import type { Challenge, Scenario, TimedFault } from '../scenario/schema.ts';
import type { TraceEvent, Violation } from '../trace/events.ts';

export type { Challenge };

/**
 * Faults that undo another (a crashed node restarted, a partition healed): they cost nothing, or a
 * student who spent the budget could not even put the cluster back.
 */
export const REPAIR_KINDS: readonly FaultKind[] = ['restart', 'resume', 'heal', 'rejoin', 'restore-link'];

/** A repair: one of REPAIR_KINDS, or a fault that sets its own kind back (a drift to rate 1, a delay of 0). */
export function isRepair(f: Fault): boolean {
  if (REPAIR_KINDS.includes(f.kind)) return true;
  if (f.kind === 'server') return f.act === 'restart' || f.act === 'resume';
  const undo = specOf(f).undo?.(f as never);
  return undo !== undefined && undo !== null && JSON.stringify(undo) === JSON.stringify(f);
}

/** The run's id of a story's challenge: beside the story, never one of the catalogue's ids. */
export const challengeRunId = (storyId: string) => `challenge-${storyId}`;

/**
 * The challenge's start: the story without its scripted faults (the student brings the faults), the
 * start's knobs over the story's, and the story's script kept for its closing words. The fix stays
 * in the scenario, for a `fix-block` challenge.
 */
export function challengeStart(story: Scenario): Scenario {
  const c = story.challenge;
  if (!c) throw new Error(`${story.id} has no challenge`);
  return {
    ...story,
    id: challengeRunId(story.id),
    faults: [],
    params: { ...story.params, ...(c.params ?? {}) },
    fix: story.fix ? { ...story.fix, faults: [] } : undefined,
    expect: {},
  };
}

/** The knobs that turn the fix on, over the start's. */
export function fixKnobs(c: Challenge): Partial<Params> {
  return c.fix === 'fix-block' ? { [FIX_KNOB]: true } : { ...c.fix };
}

/** Whether these knob overrides have the fix on. */
export function fixIsOn(c: Challenge, params: Partial<Params>): boolean {
  return Object.entries(fixKnobs(c)).every(([k, v]) => params[k] === v);
}

/** The knobs the student may not touch: the named ones, and the fix's (the switch turns them). */
export function lockedKnobs(c: Challenge): string[] {
  return [...new Set([...c.lockedKnobs, ...Object.keys(fixKnobs(c))])];
}

export interface KindUse {
  kind: FaultKind;
  used: number;
  max: number;
}

export interface BudgetUse {
  /** The kinds the budget allows, in its order, with what the faults spent of each. */
  kinds: KindUse[];
  used: number;
  total: number;
}

/** What these faults spent of the budget (repairs are free). */
export function budgetUse(c: Challenge, faults: readonly TimedFault[]): BudgetUse {
  const counted = faults.filter((tf) => !isRepair(tf.fault));
  const kinds = (Object.entries(c.budget.faults) as [FaultKind, number][]).map(([kind, max]) => ({
    kind,
    max,
    used: counted.filter((tf) => tf.fault.kind === kind).length,
  }));
  return { kinds, used: counted.length, total: c.budget.total };
}

/** Why a fault may not be added now: its kind is not in the budget, its kind or the total is spent. */
export type Refusal = 'not-in-budget' | 'kind-spent' | 'total-spent';

export function refusal(c: Challenge, faults: readonly TimedFault[], f: Fault): Refusal | null {
  if (isRepair(f)) return null;
  const use = budgetUse(c, faults);
  const k = use.kinds.find((x) => x.kind === f.kind);
  if (!k || k.max === 0) return 'not-in-budget';
  if (k.used >= k.max) return 'kind-spent';
  if (use.used >= use.total) return 'total-spent';
  return null;
}

/** Whether these faults stay within the budget. */
export function withinBudget(c: Challenge, faults: readonly TimedFault[]): boolean {
  const use = budgetUse(c, faults);
  return (
    use.used <= use.total &&
    faults.every(
      (tf) => isRepair(tf.fault) || use.kinds.some((k) => k.kind === tf.fault.kind && k.used <= k.max),
    )
  );
}

/** The goal's checker fired: its first violation in the run, and when. */
export interface Broken {
  t: number;
  violation: Violation;
}

export function goalReached(events: readonly TraceEvent[], goal: Challenge['goal']): Broken | null {
  for (const e of events)
    if (e.k === 'violation' && e.violation.kind === goal) return { t: e.t, violation: e.violation };
  return null;
}
