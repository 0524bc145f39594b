/**
 * Stories this page opened from elsewhere (a link's `#story=`, an embed's `src=`), by run id: the
 * player says they were written by someone else. Ids of files are `file-<id>`, never a built-in one.
 */
/** `mine`: from the reader's own library (never marked: the note is for someone else's). */
export type StoryOrigin = 'link' | 'src' | 'mine';

const foreign = new Map<string, StoryOrigin>();
/** The `src=` each story opened from a file on the lab's site came from: Share names it again. */
const srcs = new Map<string, string>();

export function markForeign(scenarioId: string, origin: StoryOrigin, src?: string): void {
  if (origin === 'mine') foreign.delete(scenarioId);
  else foreign.set(scenarioId, origin);
  if (origin === 'src' && src !== undefined) srcs.set(scenarioId, src);
  else srcs.delete(scenarioId);
}

/** The `src=` a story was opened from, if it was. */
export function foreignSrc(scenarioId: string): string | undefined {
  return srcs.get(scenarioId);
}

export function foreignOrigin(scenarioId: string): StoryOrigin | undefined {
  return foreign.get(scenarioId);
}

/** A link's `scenario=file-<id>` that this browser's "My stories" has not (LinkProblem reasons). */
export const NOT_SAVED = 'not saved in My stories in this browser';
/** The same in an embed: its storage is its own, partitioned from the lab's site when on another. */
export const NOT_SAVED_EMBEDDED = 'not saved in My stories here (partitioned)';
