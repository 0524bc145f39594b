/**
 * Stories this page opened from elsewhere (a link's `#story=`, an embed's `src=`), by run id: the
 * player says they were written by someone else. Ids of files are `file-<id>`, never a built-in one.
 */
export type StoryOrigin = 'link' | 'src';

const foreign = new Map<string, StoryOrigin>();

export function markForeign(scenarioId: string, origin: StoryOrigin): void {
  foreign.set(scenarioId, origin);
}

export function foreignOrigin(scenarioId: string): StoryOrigin | undefined {
  return foreign.get(scenarioId);
}
