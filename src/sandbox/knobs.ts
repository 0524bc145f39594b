import { t } from '../i18n/index.ts';
import { algorithmFor, algorithms } from '../sim/algorithms/registry.ts';
import {
  knobAlias,
  netParams,
  netRules,
  type ParamSpec,
  type Params,
  type ParamValue,
  ruleProblem,
} from '../sim/params.ts';
import type { Scenario } from '../sim/scenario/schema.ts';

export interface Knob {
  name: string;
  /** What the panel calls it: the algorithm's own name where it declares one (Patroni's loop_wait), else `name`. */
  label: string;
  spec: ParamSpec;
  /** The value in effect (defaults < scenario < the user's overrides). */
  value: ParamValue;
  /** The user changed it from the scenario's value. */
  changed: boolean;
}

/** The algorithm's own knobs first, then the network's, with the values of the run on screen. */
export function knobsOf(scenario: Scenario, params: Params): Knob[] {
  const alg = algorithmFor(scenario.algorithm);
  const specs = { ...alg.params, ...netParams };
  return Object.entries(specs).map(([name, spec]) => {
    const base = Object.hasOwn(scenario.params, name) ? scenario.params[name] : spec.default;
    const value = Object.hasOwn(params, name) ? (params[name] as ParamValue) : (base as ParamValue);
    return { name, label: knobAlias(name, alg.knobAliases) ?? name, spec, value, changed: value !== base };
  });
}

/**
 * The cluster sizes the algorithm declares (minNodes to maxNodes: Bully up to 200); null when there is
 * no choice. Over 9 nodes the picture tallies messages and shortens names (d3/cluster/layout.ts).
 */
export function nodeChoices(scenario: Scenario): { min: number; max: number } | null {
  const alg = algorithmFor(scenario.algorithm);
  return alg.maxNodes > alg.minNodes ? { min: alg.minNodes, max: alg.maxNodes } : null;
}

/** A number input's text as a knob value; an error message (never a clamp) when it is not a number. */
export function parseKnobInput(name: string, raw: string): { value: number } | { error: string } {
  const v = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(v)) return { error: t('knobs.notNumber', { name }) };
  return { value: v };
}

/** Overrides with one knob set; a knob set back to the scenario's value leaves the overrides. */
export function withKnob(
  scenario: Scenario,
  overrides: Partial<Params>,
  name: string,
  value: ParamValue,
): Partial<Params> {
  const alg = algorithmFor(scenario.algorithm);
  const spec = alg.params[name] ?? netParams[name];
  const base = Object.hasOwn(scenario.params, name) ? scenario.params[name] : spec?.default;
  const next: Partial<Params> = { ...overrides };
  if (value === base) delete next[name];
  else next[name] = value;
  return next;
}

/** "ms", "s", "×"; ratios are shown as they are (0 to 1). */
export function unitText(spec: ParamSpec): string {
  if (spec.unit === 'x') return '×';
  if (spec.unit === 'ratio' || !spec.unit) return '';
  return t(`unit.${spec.unit}`);
}

/** A knob's doc in the current language (`knob.<scope>.<name>`, installed by the language pack), else the spec's English. */
export function knobDoc(scope: string, name: string, spec: ParamSpec): string {
  return t(`knob.${scope}.${name}`, undefined, spec.doc);
}

/**
 * A refusal in the current language: a broken cross-knob rule's message is translated
 * (`rule.<scope>.<id>`) and keeps its cited source as written; any other reason (a range, a type)
 * is shown as the simulator gave it.
 */
export function refusalText(problem: string): string {
  const scoped = [
    ...netRules.map((r) => ({ scope: 'net', r })),
    ...Object.values(algorithms).flatMap((a) => a.rules.map((r) => ({ scope: a.id, r }))),
  ];
  const hit = scoped.find(({ r }) => problem === ruleProblem(r));
  if (!hit) return problem;
  return `${t(`rule.${hit.scope}.${hit.r.id}`, undefined, hit.r.message)} (${hit.r.source})`;
}
