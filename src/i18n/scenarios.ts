import type { Scenario } from '../sim/scenario/schema.ts';
import { type ScenarioTextKey, scenarioSource } from './en.model.ts';
import { type Locale, tIn } from './index.ts';

export { type ScenarioTextKey, scenarioKeys, scenarioSource } from './en.model.ts';

/**
 * A scenario text in `lang`: a story file's own (`texts`), else the pack's `scenario.<id>.<key>`, else
 * the scenario's own English.
 */
export function scenarioText(lang: Locale, scenario: Scenario, key: ScenarioTextKey): string {
  const own = scenario.texts?.[lang]?.[key];
  if (own !== undefined) return own;
  const source = scenarioSource(scenario, key) ?? (key.startsWith('step.') ? key.slice(5) : '');
  // No vars: a caption's own {placeholders} are filled later, from the trace.
  return tIn(lang, `scenario.${scenario.id}.${key}`, undefined, source);
}
