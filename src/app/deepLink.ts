/**
 * Deep links: `?scenario=<id>&step=<n>` opens a scenario at its n-th narration step, where n is
 * 1-based and counts the steps of the story as the player lists them ("Read the whole story").
 * Reading never throws: a bad value becomes a problem to show, and the rest of the link still loads.
 * Writing keeps every other query parameter and the hash.
 */

export interface LinkProblem {
  param: 'scenario' | 'step' | 'lang';
  value: string;
}

export interface ScenarioParam {
  /** A known scenario id, or undefined when absent or unknown. */
  scenarioId: string | undefined;
  problem: LinkProblem | null;
  /** The raw step value (validated later, once the run's step count is known). */
  rawStep: string | null;
}

export function readScenarioParam(search: string, ids: readonly string[]): ScenarioParam {
  const q = new URLSearchParams(search);
  const raw = q.get('scenario');
  const rawStep = q.get('step');
  if (raw === null) return { scenarioId: undefined, problem: null, rawStep };
  const id = raw.trim().toLowerCase();
  if (ids.includes(id)) return { scenarioId: id, problem: null, rawStep };
  return { scenarioId: undefined, problem: { param: 'scenario', value: raw }, rawStep };
}

/** A 1-based step number from the link, checked against the run's step count; returns 0-based. */
export function readStepParam(
  raw: string | null,
  count: number,
): { step: number | undefined; problem: LinkProblem | null } {
  if (raw === null) return { step: undefined, problem: null };
  const s = raw.trim();
  const n = /^\d+$/.test(s) ? Number(s) : Number.NaN;
  if (Number.isInteger(n) && n >= 1 && n <= count) return { step: n - 1, problem: null };
  return { step: undefined, problem: { param: 'step', value: raw } };
}

/** The same URL with `scenario` and `step` (1-based) set; other parameters and the hash kept. */
export function writeDeepLink(href: string, scenarioId: string, step: number | null): string {
  const url = new URL(href);
  url.searchParams.set('scenario', scenarioId);
  if (step === null) url.searchParams.delete('step');
  else url.searchParams.set('step', String(step));
  return `${url.pathname}${url.search}${url.hash}`;
}
