/**
 * Every key of the model's English text (en.model.ts) with its source: what the pt and ru packs must
 * translate. The tests read it; the page does not (its callers pass the source as t()'s
 * fallback), so it may import every scenario and every algorithm's declaration.
 */
import { scenarios } from '../../scenarios/index.ts';
import { algorithms } from '../sim/algorithms/registry.ts';
import { netParams, netRules } from '../sim/params.ts';
import { scenarioKeys, scenarioSource } from './en.model.ts';

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
