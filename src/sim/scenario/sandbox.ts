import { type AlgorithmId, ScenarioError } from './ids.ts';
import type { Scenario } from './schema.ts';

export const isFreePlay = (s: Scenario): boolean => s.freePlay !== undefined;

/**
 * The scenario as it runs with a chosen algorithm: a free-play scenario takes the variant's
 * algorithm, cluster size, pace and ADR sections; undefined keeps the scenario's own. A story
 * scenario has a fixed algorithm: naming another one is an error, never ignored.
 */
export function withAlgorithm(s: Scenario, algorithm: string | undefined): Scenario {
  if (algorithm === undefined || algorithm === s.algorithm) {
    if (!s.freePlay) return s;
  } else if (!s.freePlay) {
    throw new ScenarioError(`${s.id} runs ${s.algorithm} only; the algorithm is chosen in the sandbox`);
  }
  const alg = algorithm ?? s.algorithm;
  // The free-play variants are keyed by algorithm id: a name it has none for is refused.
  const v = Object.hasOwn(s.freePlay, alg) ? s.freePlay[alg as AlgorithmId] : undefined;
  if (!v)
    throw new ScenarioError(
      `unknown algorithm "${alg.slice(0, 40)}" (known: ${Object.keys(s.freePlay).join(', ')})`,
    );
  return { ...s, algorithm: alg as AlgorithmId, nodes: v.nodes, timeScale: v.timeScale, adr: v.adr };
}
