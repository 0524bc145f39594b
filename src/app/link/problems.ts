/** What a link got wrong (LinkProblem), and the step check that needs the run (the link alone cannot say). */

export interface LinkProblem {
  /** The parameter's name as written in the link (an unknown one too). */
  param: string;
  value: string;
  /** Unknown parameter name (not a bad value). */
  unknown?: boolean;
  /** Technical detail: the knob rule or the fault shape that was refused. */
  reason?: string;
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
