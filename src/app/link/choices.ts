/**
 * A schedule in a link: `choices=1:26,0,57,0,...`, the `choices` version, a colon, then the values of
 * the run's draws in the order it made them (src/sim/kernel/choices.ts). The schedule's faults travel
 * as the link's `fault=` entries, which the simulator merges with them the same way (simulate.ts), so
 * a counterexample's link is its draws plus ordinary faults. A run with `choices` leaves the story's
 * scripted faults out, as the explorer's runs do (`sim --no-script`): the schedule is the whole run.
 */
import { CHOICES_VERSION, type Choices } from '../../sim/kernel/choices.ts';

/** Longest `choices` value read: a minute of a 3-node lease is ~330 draws, ~1.5 kB. */
export const MAX_CHOICES_TEXT = 60_000;

/** A schedule's draws as link text (its faults go to `fault=`). */
export function choicesToText(c: Pick<Choices, 'draws'>): string {
  return `${CHOICES_VERSION}:${c.draws.map((v) => String(v)).join(',')}`;
}

/**
 * Reads `choices` link text: the draws (faults are the link's `fault=`), or why not, naming what is
 * wrong and where (the version, or the position of the first bad draw, counted from 0 as the
 * simulator's own message counts them).
 */
export function choicesFromText(raw: string): Choices | string {
  const s = raw.trim();
  if (s.length > MAX_CHOICES_TEXT) return `longer than ${MAX_CHOICES_TEXT} characters`;
  const colon = s.indexOf(':');
  if (colon < 0) return `expected <version>:<draws separated by commas>, as ${CHOICES_VERSION}:26,0,57`;
  const version = s.slice(0, colon).trim();
  if (version !== String(CHOICES_VERSION))
    return `version "${version.slice(0, 12)}" is not read: this lab reads choices version ${CHOICES_VERSION}`;
  const body = s.slice(colon + 1).trim();
  const parts = body === '' ? [] : body.split(',');
  const draws: number[] = [];
  for (const [i, p] of parts.entries()) {
    const x = p.trim();
    const v = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(x) ? Number(x) : Number.NaN;
    if (!Number.isFinite(v)) return `draw ${i} is "${x.slice(0, 20)}", not a number`;
    draws.push(v);
  }
  return { version: CHOICES_VERSION, draws };
}
