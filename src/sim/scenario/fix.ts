import type { Params } from '../params.ts';
import type { Scenario } from './schema.ts';

/**
 * A pitfall story's `fix` knob: one boolean that turns the story into the same story with the defence
 * the sources recommend. The story file declares what the fix changes (schema.ts `fix`): named knobs,
 * and where the story needs it the algorithm, the node count, the faults or the script. Explicit knobs
 * override the fix's own (`--set fix=on --set ttlS=5`). `fix` is not a knob of any algorithm: it is
 * resolved here, before the algorithm's knobs are, and never reaches them.
 */
export const FIX_KNOB = 'fix';

/** Whether these inputs ask for the fix (the override wins over the story's own `params.fix`). */
export function fixOn(scenario: Scenario, overrides?: Partial<Params>): boolean {
  if (!scenario.fix) return false;
  const v = overrides && Object.hasOwn(overrides, FIX_KNOB) ? overrides[FIX_KNOB] : undefined;
  return v === true;
}

/** The overrides without the `fix` knob. */
export function withoutFixKnob(overrides?: Partial<Params>): Partial<Params> | undefined {
  if (!overrides || !Object.hasOwn(overrides, FIX_KNOB)) return overrides;
  const { [FIX_KNOB]: _, ...rest } = overrides;
  return rest;
}

/**
 * The scenario a run actually uses, and the overrides left for its algorithm's knobs. Without a
 * `fix` block (every story but the pitfalls) or with the fix off, the scenario is returned as it is.
 */
export function withFix(
  scenario: Scenario,
  overrides?: Partial<Params>,
): { scenario: Scenario; overrides: Partial<Params> | undefined } {
  const rest = withoutFixKnob(overrides);
  if (!fixOn(scenario, overrides) || !scenario.fix) return { scenario, overrides: rest };
  const f = scenario.fix;
  return {
    scenario: {
      ...scenario,
      ...(f.algorithm ? { algorithm: f.algorithm } : {}),
      ...(f.nodes !== undefined ? { nodes: f.nodes } : {}),
      ...(f.faults ? { faults: f.faults } : {}),
      ...(f.steps ? { steps: f.steps } : {}),
      ...(f.expect ? { expect: f.expect } : {}),
      // The algorithm may change with the fix, so the story's own knobs apply only when it does not.
      params: { ...(f.algorithm && f.algorithm !== scenario.algorithm ? {} : scenario.params), ...f.params },
    },
    overrides: rest,
  };
}

/**
 * A step's English caption: the story's own steps, then its fixed run's. The two share one key space
 * (`scenario.<id>.step.<stepId>`), so a step id in both has one caption (scenarios/index.test.ts).
 */
export function stepCaption(scenario: Scenario, stepId: string): string | undefined {
  return (
    scenario.steps.find((s) => s.id === stepId)?.caption ??
    scenario.fix?.steps?.find((s) => s.id === stepId)?.caption
  );
}

/** The scenario a trace ran: with the fix applied when its params say so (`fix: true`, simulate.ts). */
export function ranScenario(scenario: Scenario, params: Partial<Params>): Scenario {
  return params[FIX_KNOB] === true ? withFix(scenario, { [FIX_KNOB]: true }).scenario : scenario;
}
