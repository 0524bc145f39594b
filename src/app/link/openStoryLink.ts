/**
 * Opening a story that came from elsewhere (a link's `#story=`, an embed's `src=`): a chunk of its
 * own, fetched only then, since the story file's schema (zod) stays out of the first view.
 */
// zod's schemas are built jitless: its eval probe would break the page's CSP (zodJitless.ts).
import '../boot/zodJitless.ts';
import { loadSimulator } from '../../player/simulator.ts';
import { stepsOf } from '../../player/steps.ts';
import type { PlayerStore } from '../../player/store.ts';
import { parseStoryFile, StoryFileError } from '../../sim/scenario/storyFile.ts';
import type { LinkProblem } from './problems.ts';
import { decodeStoryLink, StoryLinkError } from './storyLink.ts';
import { markForeign, NOT_SAVED, NOT_SAVED_EMBEDDED, type StoryOrigin } from './storyOrigin.ts';
import { fetchStoryFile, StorySrcError } from './storySrc.ts';

/**
 * Reads the story (`load`), opens it in the player and goes to `step` (1-based) if given. What went
 * wrong is one problem (`param` story or src), the first line of what the reader said; the page's
 * own run stays.
 */
export async function openForeignStory(
  store: PlayerStore,
  load: () => Promise<unknown>,
  where: string,
  origin: StoryOrigin,
  step: string | null,
): Promise<LinkProblem[]> {
  const param = origin === 'link' ? 'story' : origin === 'src' ? 'src' : 'scenario';
  let scenarioId: string;
  try {
    const data = await load();
    const { hostIdsOf } = await loadSimulator();
    const { scenario } = parseStoryFile(data, where, { hostIdsOf: (sc) => hostIdsOf(sc) });
    markForeign(scenario.id, origin, origin === 'src' ? where : undefined);
    store.getState().openStory(scenario);
    scenarioId = scenario.id;
  } catch (e) {
    const known = e instanceof StoryLinkError || e instanceof StoryFileError || e instanceof StorySrcError;
    const message = e instanceof Error ? e.message : String(e);
    return [
      { param, value: '', reason: known ? (message.split('\n')[0] ?? message) : `${where}: ${message}` },
    ];
  }
  return new Promise((resolve) =>
    store.getState().whenSettled(() => {
      const s = store.getState();
      const problems: LinkProblem[] = [];
      if (s.rejected) {
        problems.push({ param: 'rejected', value: '', reason: s.rejected });
        store.setState({ rejected: null });
      }
      const count = s.run?.scenario.id === scenarioId ? stepsOf(s.run).length : 0;
      if (step !== null) {
        const n = /^\d+$/.test(step.trim()) ? Number(step) : 0;
        if (n >= 1 && n <= count) s.goToStep(n - 1);
        else problems.push({ param: 'step', value: step });
      }
      resolve(problems);
    }),
  );
}

/** A link's `#story=` text, opened as someone else's story. */
export function openStoryLink(store: PlayerStore, text: string, step: string | null): Promise<LinkProblem[]> {
  return openForeignStory(store, () => decodeStoryLink(text), '#story', 'link', step);
}

/** An embed's `src=` story file, fetched from the lab's own origin and opened as someone else's story. */
export function openStorySrc(
  store: PlayerStore,
  src: string,
  page: { origin: string; base: string },
  step: string | null,
): Promise<LinkProblem[]> {
  return openForeignStory(store, () => fetchStoryFile(src, page.origin, page.base), src, 'src', step);
}

/** A story from "My stories" (app/library): the reader's own, opened without the note. */
export async function openSavedStory(store: PlayerStore, data: unknown, where: string): Promise<void> {
  const { hostIdsOf } = await loadSimulator();
  const { scenario } = parseStoryFile(data, where, { hostIdsOf: (sc) => hostIdsOf(sc) });
  store.getState().openStory(scenario);
}

/**
 * The address bar's `scenario=file-<id>` after a reload: the story saved under that id, else a
 * problem that says where it was looked for (an embed on another site has a library of its own).
 */
export async function openSavedById(
  store: PlayerStore,
  runId: string,
  step: string | null,
  embedded: boolean,
): Promise<LinkProblem[]> {
  const { library } = await import('../library/library.ts');
  const id = runId.replace(/^file-/, '');
  let saved: Awaited<ReturnType<typeof library.find>>;
  try {
    saved = await library.find(id);
  } catch {
    saved = undefined;
  }
  if (!saved)
    return [
      {
        param: 'scenario',
        value: runId,
        reason: embedded ? NOT_SAVED_EMBEDDED : NOT_SAVED,
      },
    ];
  return openForeignStory(store, async () => saved.file, `My stories: ${id}`, 'mine', step);
}
