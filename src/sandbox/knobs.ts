import { formatNumber, t } from '../i18n/index.ts';
import { algorithmFor, declaredAlgorithms } from '../sim/algorithms/declared.ts';
import {
  knobAlias,
  netParams,
  netRules,
  type ParamProblem,
  type ParamRule,
  type ParamSpec,
  type Params,
  type ParamValue,
  ruleProblem,
} from '../sim/params.ts';
import { FIX_KNOB, withFix } from '../sim/scenario/fix.ts';
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

/** The scope a rule's message is translated under (`rule.<scope>.<id>`): `net` or the algorithm's id. */
function ruleScope(rule: ParamRule): string | null {
  if (netRules.includes(rule)) return 'net';
  return declaredAlgorithms().find((a) => a.rules.includes(rule))?.id ?? null;
}

/** A broken rule in the current language; its cited source stays as written. */
function ruleText(rule: ParamRule): string {
  const scope = ruleScope(rule);
  const message = scope ? t(`rule.${scope}.${rule.id}`, undefined, rule.message) : rule.message;
  return `${message} (${rule.source})`;
}

/**
 * A refusal in the current language. A ParamProblem (the data a ParamError carries) is worded here:
 * the knob under its label (Patroni's loop_wait), the numbers as the language writes them, with the
 * knob's unit; a broken cross-knob rule's message is translated (`rule.<scope>.<id>`) and keeps its
 * cited source. A plain message (a SimError) is shown as the simulator gave it, unless it is a rule's.
 */
export function refusalText(problem: ParamProblem | string, algorithm?: string): string {
  if (typeof problem === 'string') {
    const rules = [...netRules, ...declaredAlgorithms().flatMap((a) => a.rules)];
    const hit = rules.find((r) => problem === ruleProblem(r));
    return hit ? ruleText(hit) : problem;
  }
  if (problem.kind === 'rule') return ruleText(problem.rule);
  if (problem.kind === 'text') return refusalText(problem.text);
  const alg = declaredAlgorithms().find((a) => a.id === algorithm);
  const knob = knobAlias(problem.knob, alg?.knobAliases) ?? problem.knob;
  const spec =
    (alg && Object.hasOwn(alg.params, problem.knob) ? alg.params[problem.knob] : undefined) ??
    (Object.hasOwn(netParams, problem.knob) ? netParams[problem.knob] : undefined);
  const unit = spec ? unitText(spec) : '';
  const num = (n: number) => {
    const v = formatNumber(n);
    return unit === '' ? v : unit === '×' ? `${v}×` : `${v} ${unit}`;
  };
  switch (problem.kind) {
    case 'min':
    case 'max':
      return t(`knobs.problem.${problem.kind}`, { knob, bound: num(problem.bound), got: num(problem.got) });
    case 'whole':
      return t('knobs.problem.whole', { knob, got: num(problem.got) });
    case 'finite':
      return t('knobs.problem.finite', { knob });
    case 'expects':
      return t(problem.expects === 'on/off' ? 'knobs.problem.onOff' : 'knobs.problem.number', { knob });
    case 'unknown':
      return t('knobs.problem.unknown', { knob });
  }
}

/**
 * What a pitfall story's `fix` changes, in the reader's words ("election: lease · UPDATE with a token ·
 * TTL 15 s"): each knob by what it does (`fix.knob.<algorithm>.<name>`), its value with its unit (a
 * whole number of seconds as seconds; a switch turned off by `.<name>.off`), then the algorithm, the size and the faults where the fix
 * changes them (scenario/fix.ts). A knob without such a label falls back to its name and value.
 */
export function fixChanges(story: Scenario): string {
  const f = story.fix;
  if (!f) return '';
  const fixed = withFix(story, { [FIX_KNOB]: true }).scenario;
  const alg = algorithmFor(fixed.algorithm);
  const out = Object.entries(f.params ?? {}).map(([name, v]) => {
    const spec = alg.params[name] ?? netParams[name];
    const value = typeof v === 'boolean' ? t(v ? 'knobs.on' : 'knobs.off') : withUnit(v, spec);
    // A switch the fix turns off is named by what its off means (`.off`), where the catalog has one.
    const key = `fix.knob.${fixed.algorithm}.${name}${v === false ? '.off' : ''}`;
    const label = t(key, { value }, '');
    return label || `${knobAlias(name, alg.knobAliases) ?? name} = ${value}`;
  });
  if (f.algorithm && f.algorithm !== story.algorithm)
    out.push(
      t(`fix.algorithm.${f.algorithm}`, undefined, '') ||
        t('fix.change.algorithm', { algorithm: f.algorithm }),
    );
  if (f.nodes !== undefined && f.nodes !== story.nodes) out.push(t('fix.change.nodes', { n: f.nodes }));
  if (f.faults) out.push(t('fix.change.faults'));
  return out.join(' · ');
}

/** A knob's number with its unit; milliseconds of a whole second or more as seconds ("10 s", not "10000 ms"). */
function withUnit(v: number, spec: ParamSpec | undefined): string {
  if (spec?.unit === 'ms' && v >= 1000 && v % 100 === 0) return `${formatNumber(v / 1000)} ${t('unit.s')}`;
  const unit = spec ? unitText(spec) : '';
  return unit === '×' ? `${formatNumber(v)}×` : `${formatNumber(v)}${unit ? ` ${unit}` : ''}`;
}

/**
 * The user's knobs with the fix turned on or off. Knobs the other run's algorithm does not have are
 * left out (the fix may change the algorithm), so the switch never ends in a refusal.
 */
export function withFixKnob(story: Scenario, overrides: Partial<Params>, on: boolean): Partial<Params> {
  const { [FIX_KNOB]: _, ...rest } = overrides;
  const target = withFix(story, on ? { [FIX_KNOB]: true } : {}).scenario;
  const alg = algorithmFor(target.algorithm);
  const kept = Object.fromEntries(
    Object.entries(rest).filter(([k]) => Object.hasOwn(alg.params, k) || Object.hasOwn(netParams, k)),
  );
  return on ? { ...kept, [FIX_KNOB]: true } : kept;
}
