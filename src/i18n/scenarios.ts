import type { Scenario } from '../sim/scenario/schema.ts';
import type { Locale } from './index.ts';

/**
 * Scenario texts per language, keyed `scenario.<id>.title`, `scenario.<id>.summary` and
 * `scenario.<id>.step.<stepId>`. English stays in the scenario files (the source, and what the CLI
 * prints); a missing translation falls back to it.
 */
export type ScenarioTextKey = 'title' | 'summary' | `step.${string}`;

/** Empty until the language is loaded (loadLanguage in index.ts fills it from scenarios.<lang>.ts). */
export const scenarioCatalogs: Record<Exclude<Locale, 'en'>, Record<string, string>> = {
  pt: {},
  ru: {},
};

/** The English source text for a key, straight from the scenario. */
export function scenarioSource(scenario: Scenario, key: ScenarioTextKey): string | undefined {
  if (key === 'title') return scenario.title;
  if (key === 'summary') return scenario.summary;
  const stepId = key.slice('step.'.length);
  return scenario.steps.find((s) => s.id === stepId)?.caption;
}

/** Every key a scenario has text for, in the order a reader meets them. */
export function scenarioKeys(scenario: Scenario): ScenarioTextKey[] {
  return ['title', 'summary', ...scenario.steps.map((s) => `step.${s.id}` as const)];
}

export function scenarioText(lang: Locale, scenario: Scenario, key: ScenarioTextKey): string {
  if (lang !== 'en') {
    const s = scenarioCatalogs[lang][`scenario.${scenario.id}.${key}`];
    if (s) return s;
  }
  return scenarioSource(scenario, key) ?? (key.startsWith('step.') ? key.slice(5) : '');
}
