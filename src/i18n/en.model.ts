/**
 * English text that lives in the model, as catalog keys: every scenario's title, summary and step
 * captions (`scenario.<id>.<key>`, the scenario files are the source, and what the CLI prints) and
 * every knob's doc (`knob.<scope>.<name>`, scope `net` or the algorithm id; the param specs are the
 * source) and every cross-knob rule's message (`rule.<scope>.<id>`; the rules are the source, and
 * the CLI prints them as they are). The pt and ru packs carry the same keys.
 */
import { scenarios } from '../../scenarios/index.ts';
import { algorithms } from '../sim/algorithms/registry.ts';
import { netParams, netRules } from '../sim/params.ts';
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

/** The English catalog of the model's text. */
export function modelStrings(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of scenarios)
    for (const key of scenarioKeys(s)) out[`scenario.${s.id}.${key}`] = scenarioSource(s, key) ?? '';
  for (const [name, spec] of Object.entries(netParams)) out[`knob.net.${name}`] = spec.doc;
  for (const a of Object.values(algorithms))
    for (const [name, spec] of Object.entries(a.params)) out[`knob.${a.id}.${name}`] = spec.doc;
  for (const r of netRules) out[`rule.net.${r.id}`] = r.message;
  for (const a of Object.values(algorithms)) for (const r of a.rules) out[`rule.${a.id}.${r.id}`] = r.message;
  return out;
}
