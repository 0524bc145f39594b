/** The page's player built from its URL (no React): what the app and the iframe embed start from. */
import { locales, setLocale } from '../../i18n/index.ts';
import { loadLocale, readLangParam } from '../../i18n/persist.ts';
import { type SimEngine, sharedEngine } from '../../player/engine/client.ts';
import { stepsOf } from '../../player/steps.ts';
import { createPlayerStore, type PlayerStore, shownScenario } from '../../player/store.ts';
import { stepById } from '../../sim/trace/derive.ts';
import { decodeLink } from '../link/decoder.ts';
import type { EmbedOptions } from '../link/embed.ts';
import { type LinkProblem, readStepParam } from '../link/problems.ts';
import { readStoryHash } from '../link/storyLink.ts';
import type { LinkTheme, TracePanel } from '../link/view.ts';
import { pageFirstRun } from '../prerender/firstRun.ts';
import { linkInputs, RUN_PARAMS } from './linkInputs.ts';
import { loadScenarios, scenarioModuleNow } from './scenarioList.ts';

/** Where the page is, for a story it opens from its fragment or from `src=`. */
export interface BootPage {
  /** The URL's fragment (`#story=…`). */
  hash?: string;
  /** The lab's origin: `src=` is fetched from it only. */
  origin?: string;
  /** What a relative `src=` is resolved against (the page's URL; default: the origin's root). */
  base?: string;
  /** A player on another page (the custom element, the React component). */
  embedded?: boolean;
}

export interface Boot {
  store: PlayerStore;
  /** Embed-mode options of the link (src/embed). */
  embed: EmbedOptions;
  problems: LinkProblem[];
  /**
   * The problems known once the link's run is simulated (a step it names, a refusal from the
   * simulator): resolved when it is, at once when nothing was left to simulate.
   */
  later: Promise<LinkProblem[]>;
  /** Theme from the link (this visit only), else null. */
  theme: LinkTheme | null;
  panel: TracePanel;
}

/**
 * Builds this page's player from the URL: every view parameter of link/view.ts; bad ones are problems.
 * The story opens at once; the link's own inputs (seed, knobs, nodes, faults, length) are checked
 * here and simulated as one change by `engine` (a worker in the browser): a 24 h link with hundreds
 * of faults shows its progress and can be cancelled, and never freezes the page.
 */
export function boot(
  pageSearch: string,
  engine: SimEngine | undefined = defaultEngine(),
  page: BootPage = {},
): Boot {
  // A story in the fragment (link/storyLink.ts), or a story file at `src=` (link/storySrc.ts), opens
  // once read; the query's story and step are its own then (the address bar says `scenario=file-…`
  // once it opened), read after it did.
  const storyText = readStoryHash(page.hash ?? '');
  // `scenario=file-<id>` alone: a story from "My stories" (app/library), open when the page was left.
  const savedId = new URLSearchParams(pageSearch).get('scenario')?.trim() ?? '';
  const saved = savedId.startsWith('file-') ? savedId : null;
  // `scenario=challenge-<story>`: a challenge ("Try to break it"), which is not one of the catalogue's
  // runs: it is opened from its story once the catalogue is here, then the link's own run inputs (the
  // student's faults, the fix's switch) are laid over its start (challenge/reopen.ts). The story of
  // `challenge-file-<id>` is not the catalogue's: it comes with the link (`#story=`, `src=`) or from
  // My stories, and its challenge opens once it is read.
  const named = challengeIdOf(pageSearch);
  const challengeOfLink = named !== null && (storyText === null || isFileId(named)) ? named : null;
  const challenge = challengeOfLink === null ? null : `${CHALLENGE_PREFIX}${challengeOfLink}`;
  const foreign =
    storyText !== null ||
    (new URLSearchParams(pageSearch).get('src')?.trim() ?? '') !== '' ||
    saved !== null ||
    challenge !== null;
  const storyStep = foreign ? new URLSearchParams(pageSearch).get('step') : null;
  const search = challenge ? withoutRun(pageSearch) : foreign ? withoutStoryView(pageSearch) : pageSearch;
  const prebuilt = pageFirstRun();
  // The catalogue, else (the default view, before its chunk arrives) the one story of the page's run.
  const opening = scenarioModuleNow()?.scenarios ?? (prebuilt ? [prebuilt.scenario] : null);
  if (!opening)
    throw new Error('boot needs the scenario catalogue or the first run, and this page has neither');
  const scenarios = () => scenarioModuleNow()?.scenarios ?? opening;
  const { view, hasScenario, problems, embed } = decodeLink(search, { scenarios: opening, locales });
  const store = createPlayerStore({
    scenarios,
    more: loadScenarios,
    ...(prebuilt ? { prebuilt } : {}),
    ...(hasScenario ? { scenarioId: view.scenario } : {}),
    ...(view.algorithm !== null ? { algorithm: view.algorithm } : {}),
    ...(engine ? { engine } : {}),
  });
  // Language: `?lang=` for this visit, else the last choice, else English (see i18n/persist.ts).
  const lang = readLangParam(search);
  setLocale(lang.locale ?? loadLocale() ?? 'en');
  const p = store.getState();
  const later: LinkProblem[] = [];
  if (p.run) {
    const inputs = linkInputs(p.run.scenario, view, problems);
    // The link's inputs are where this visit starts: simulated once, nothing to undo.
    if (Object.keys(inputs).length > 0) p.setInputs(inputs);
    if (view.compare) store.getState().setCompare(view.compare);
  }
  if (view.speed !== 1) store.getState().setSpeed(view.speed);
  if (view.whatIf) store.getState().setWhatIf(true);
  const settled = new Promise<LinkProblem[]>((resolve) =>
    store.getState().whenSettled(() => {
      const s = store.getState();
      if (s.rejected) {
        // The link's notice tells it: the store's own notice would say it a second time.
        later.push({ param: 'rejected', value: '', reason: s.rejected });
        store.setState({ rejected: null });
      }
      const run = s.run;
      if (run) {
        const rawStep = view.step === null ? new URLSearchParams(search).get('step') : String(view.step + 1);
        const st = readStepParam(view.step === null ? null : rawStep, stepsOf(run).length);
        if (st.step !== undefined) s.goToStep(st.step);
        if (st.problem) later.push(st.problem);
        if (view.stepId !== undefined) {
          // A numbered step of that id (the story's, or one derived after its last), else a moment the trace tells.
          const own = stepsOf(run).findIndex((x) => x.id === view.stepId);
          const at = own >= 0 ? { step: own, t: 0 } : stepById(run.trace, shownScenario(run), view.stepId);
          if (at === null) later.push({ param: 'step', value: view.stepId });
          else if (at.step !== undefined) s.goToStep(at.step);
          else s.seek(at.t);
        }
        if (view.t !== null) {
          if (view.t <= run.trace.durationMs) s.seek(view.t);
          else later.push({ param: 't', value: String(view.t) });
        }
        if (view.inspect) {
          // Only the run's own nodes have a statechart to show.
          const nodes = new Set(run.trace.hosts.filter((h) => h.kind === 'node').map((h) => h.id));
          const known = view.inspect.filter((n) => nodes.has(n));
          const unknown = view.inspect.filter((n) => !nodes.has(n));
          if (known.length > 0) s.setInspect(known);
          if (unknown.length > 0)
            later.push({
              param: 'inspect',
              value: unknown.join(','),
              reason: `not a node of this run (${[...nodes].join(', ')})`,
            });
        }
      }
      resolve(later);
    }),
  );
  // Known at once (nothing left to simulate): listed with the others from the first render.
  const now = !store.getState().pending;
  if (now) problems.push(...later.splice(0));
  const own = now ? Promise.resolve([]) : settled;
  return {
    store,
    problems,
    later: !foreign
      ? own
      : own.then(async (first) => {
          const open = await import('../link/openStoryLink.ts');
          if (challenge !== null && challengeOfLink !== null) {
            const { reopenChallenge } = await import('../challenge/reopen.ts');
            if (!isFileId(challengeOfLink))
              return [...first, ...(await reopenChallenge(store, challenge, pageSearch))];
            // The story first (its own problems said), then its challenge, named by the query.
            const origin = page.origin ?? '';
            const read =
              storyText !== null
                ? await open.openStoryLink(store, storyText, null)
                : embed.src !== null
                  ? await open.openStorySrc(
                      store,
                      embed.src,
                      { origin, base: page.base ?? `${origin}/` },
                      null,
                    )
                  : await open.openSavedById(
                      store,
                      challengeOfLink,
                      null,
                      embed.embed || page.embedded === true,
                    );
            const story = store.getState().run?.scenario;
            // Another story than the challenge names: that story, and the link's notice says so.
            if (story?.id !== challengeOfLink)
              return [
                ...first,
                ...read,
                ...(read.length === 0 ? [{ param: 'scenario', value: challenge }] : []),
              ];
            return [...first, ...read, ...(await reopenChallenge(store, challenge, pageSearch, story))];
          }
          if (storyText !== null)
            return [...first, ...(await open.openStoryLink(store, storyText, storyStep))];
          if (embed.src === null && saved !== null)
            return [
              ...first,
              ...(await open.openSavedById(store, saved, storyStep, embed.embed || page.embedded === true)),
            ];
          if (embed.src === null) return first;
          const origin = page.origin ?? '';
          const more = await open.openStorySrc(
            store,
            embed.src,
            { origin, base: page.base ?? `${origin}/` },
            storyStep,
          );
          return [...first, ...more];
        }),
    theme: view.theme,
    panel: view.panel,
    embed,
  };
}

const CHALLENGE_PREFIX = 'challenge-';

/** A story file's run id (`file-<id>`): a story from a link, a `src=` or My stories. */
const isFileId = (id: string) => id.startsWith('file-');

/** `scenario=challenge-<story id>` names a story's challenge: the story's id, else null. */
export function challengeIdOf(search: string): string | null {
  const raw = new URLSearchParams(search).get('scenario')?.trim().toLowerCase() ?? '';
  return raw.startsWith(CHALLENGE_PREFIX) && raw.length > CHALLENGE_PREFIX.length
    ? raw.slice(CHALLENGE_PREFIX.length)
    : null;
}

/** The query without what names the run: a story link's fragment names it. */
function withoutStoryView(search: string): string {
  const q = new URLSearchParams(search);
  for (const k of ['scenario', 'step', 't', 'algorithm']) q.delete(k);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The query without the run it names (its story and inputs): a challenge's link is read once it opened. */
function withoutRun(search: string): string {
  const q = new URLSearchParams(search);
  for (const k of RUN_PARAMS) q.delete(k);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The page's worker where it can start one (the browser), else at once (Node: tests, scripts). */
function defaultEngine(): SimEngine | undefined {
  return typeof Worker === 'function' ? sharedEngine() : undefined;
}
