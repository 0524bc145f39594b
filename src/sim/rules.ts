/**
 * The rules every input obeys, whichever door it comes through: a link (src/app/link), a scenario
 * file (scenario/schema.ts), an imported trace (trace/import.ts), a postMessage command (src/embed)
 * and the CLI's arguments (src/cli). One module, so that no door is laxer than another. Each rule
 * answers with what is wrong (English, one line) or null; the caller adds where (which argument,
 * which link parameter, which field). No zod: links are read at boot without it.
 */

/** Longest user value a message quotes (a 100 KB argument is not echoed back). */
export const MAX_SHOWN = 60;

/**
 * A user's value inside a message: cut at MAX_SHOWN characters, JSON-quoted so that a newline or a
 * control byte stays escaped on one line; DEL and the C1 controls (U+0080-U+009F, 0x9B is a
 * terminal's CSI) are escaped too, which JSON.stringify leaves raw.
 */
export function shown(value: string): string {
  const cut = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}...` : value;
  return JSON.stringify(cut).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A key no rule knows: refused, never dropped (a dropped key silently changes what the input meant). */
export function unknownKeyProblem(obj: object, allowed: readonly string[]): string | null {
  // Own keys only: getOwnPropertyNames sees a `__proto__` that JSON.parse set as an own key.
  const extra = Object.getOwnPropertyNames(obj).find((k) => !allowed.includes(k));
  return extra === undefined ? null : `unknown key ${shown(extra)} (allowed: ${allowed.join(', ')})`;
}

/**
 * A host in two partition groups: the groups of a partition are the sides of a cut, and a host on
 * two sides would both reach and not reach the same peers. Names the second place it appears (a
 * host named twice in one group is only said twice).
 */
export function hostInTwoGroups(
  groups: readonly (readonly string[])[],
): { group: number; index: number; problem: string } | null {
  const first = new Map<string, number>();
  for (const [i, g] of groups.entries())
    for (const [j, id] of g.entries()) {
      const was = first.get(id);
      if (was !== undefined && was !== i)
        return {
          group: i,
          index: j,
          problem: `${shown(id)} is already in group ${was}: a host is on one side of a partition`,
        };
      if (was === undefined) first.set(id, i);
    }
  return null;
}

/** A fault after the run's end: it would never happen, so the input does not mean what it says. */
export function pastEndProblem(atMs: number, durationMs: number): string | null {
  return atMs > durationMs ? `${atMs} ms is after the end of the run (${durationMs} ms)` : null;
}

/** A word outside its vocabulary (`--omit`'s message types): named, with the words it may be. */
export function unknownWordProblem(word: string, vocabulary: readonly string[], what: string): string | null {
  return vocabulary.includes(word)
    ? null
    : `unknown ${what} ${shown(word)} (known: ${vocabulary.join(', ')})`;
}
