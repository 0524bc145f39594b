/**
 * The few runtime values of the scenario model that need no schema: the browser's first view uses
 * them (the sandbox's algorithm choice), and schema.ts (zod) loads only with trace import.
 */
export type { AlgorithmId } from '../algorithms/registry.ts';

/** A scenario (file, link or CLI input) that breaks a rule; the message names the path and the rule. */
export class ScenarioError extends Error {}

/** Where a scenario sits in the catalogue, in the catalogue's order. */
export const scenarioGroups = ['stories', 'pitfalls', 'systems', 'sandbox'] as const;
export type ScenarioGroup = (typeof scenarioGroups)[number];
