/**
 * English text that lives in the model, as catalog keys: every scenario's title, summary and step
 * captions (`scenario.<id>.<key>`; the scenario files are the source, and what the CLI prints), every
 * knob's doc (`knob.<scope>.<name>`, scope `net` or the algorithm id) and every cross-knob rule's
 * message (`rule.<scope>.<id>`). The page's English catalog does not copy them: each caller passes the
 * model's own text as t()'s fallback, so the first view carries no other story's text. The pt and ru
 * packs carry the same keys (modelStrings.ts lists them, for the tests).
 */
import { stepCaption } from '../sim/scenario/fix.ts';
import type { Scenario } from '../sim/scenario/schema.ts';

/**
 * Scenario text keys: `scenario.<id>.title`, `scenario.<id>.summary`, `scenario.<id>.tagline` (the
 * catalogue card's line) and `scenario.<id>.step.<stepId>` (the story's steps, then the fixed run's
 * own). English stays in the scenario files (the source, and what the CLI prints); a missing
 * translation falls back to it.
 */
export type ScenarioTextKey = 'title' | 'summary' | 'tagline' | `step.${string}`;

/** The English source text for a key, straight from the scenario. */
export function scenarioSource(scenario: Scenario, key: ScenarioTextKey): string | undefined {
  if (key === 'title') return scenario.title;
  if (key === 'summary') return scenario.summary;
  if (key === 'tagline') return scenario.tagline;
  // A pitfall's fixed run tells its own steps (scenario/fix.ts); they share the story's key space.
  return stepCaption(scenario, key.slice('step.'.length));
}

/** Every key a scenario has text for, in the order a reader meets them. */
export function scenarioKeys(scenario: Scenario): ScenarioTextKey[] {
  const ids = [...scenario.steps, ...(scenario.fix?.steps ?? [])].map((s) => s.id);
  return [
    'title',
    'summary',
    ...(scenario.tagline !== undefined ? (['tagline'] as const) : []),
    ...[...new Set(ids)].map((id) => `step.${id}` as const),
  ];
}
