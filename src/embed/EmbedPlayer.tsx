import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useCallback, useEffect } from 'react';
import { lazyChunk } from '../app/boot/lazyChunk.tsx';
import type { EmbedControls } from '../app/link/embed.ts';
import { ForeignStory } from '../app/link/ForeignStory.tsx';
import { LinkNotice } from '../app/link/LinkNotice.tsx';
import type { LinkProblem } from '../app/link/problems.ts';
import { readStoryHash } from '../app/link/storyLink.ts';
import { encodeView, type LinkTheme, viewOf } from '../app/link/view.ts';
import { type SharedStory, viewUrl } from '../app/share/shareSnippets.ts';
import { keyAction, keyInputOf } from '../app/shell/keys.ts';
import { getLocale, t } from '../i18n/index.ts';
import { useLocale } from '../i18n/react.ts';
import { scenarioText } from '../i18n/scenarios.ts';
import { usePlayer, usePlayerStore } from '../player/react.ts';
import type { PlayerStore, Run } from '../player/store.ts';
import { ClusterView } from '../views/ClusterView.tsx';
import { Controls } from '../views/Controls.tsx';
import { Narration } from '../views/Narration.tsx';
import { useCaptions, useShownStep, useStepFrame, useStorySteps } from '../views/story.ts';
import { ExploreInLab } from './EmbedExtras.tsx';
import type { StepRange } from './range.ts';

export interface EmbedPlayerProps {
  controls: EmbedControls;
  problems: readonly LinkProblem[];
  /** Problems known once the link's run is simulated (boot.ts). */
  later?: Promise<LinkProblem[]>;
  /** Notice title: "Link problem" in an iframe, "Embed problem" for an element's attributes. */
  noticeLabel: string;
  /** The full app's address (no query): the "Open in Leader Election Lab" link starts here; null = no link. */
  appUrl: string | null;
  theme: LinkTheme | null;
  /** The link's `start`–`end` steps, and the story they belong to (a host's `select` leaves them). */
  range?: StepRange;
  rangeOf?: string | null;
  /**
   * `frame`: the whole document is this player (an iframe), shortcuts listen on the window.
   * `element`: one of several players on a page, shortcuts act only while focus is inside it.
   */
  scope: 'frame' | 'element';
  /** The story this player opened when it is not the catalogue's (its link's data or `src=`). */
  story?: SharedStory;
}

/** The story a player was given, for its links to the lab: `#story=` data, else `src=`, else none. */
export function storyOfPage(hash: string, src: string | null): SharedStory {
  const link = readStoryHash(hash);
  if (link) return { link };
  return src ? { src } : null;
}

/**
 * The full app's link for what the player shows; a story not in the catalogue goes with it (its
 * link's data or `src=`), so the lab opens that story, not the query's name of it. `whatIf`: with the
 * What-if panel open (a challenge is played there, Explore runs there).
 */
export function labLink(
  store: PlayerStore,
  appUrl: string,
  theme: LinkTheme | null,
  story: SharedStory = null,
  whatIf = false,
): string {
  const s = store.getState();
  const query = encodeView(
    viewOf(whatIf ? { ...s, whatIf } : s, { panel: 'sequence', theme, lang: getLocale() }),
  );
  const id = (s.run?.scenario.id ?? '').replace(/^challenge-/, '');
  return viewUrl(appUrl, query, id.startsWith('file-') ? story : null);
}

/**
 * The bare player of embed mode: the cluster picture, the caption and the chosen controls, nothing
 * else. Reads its own store from PlayerContext, so every embedded player is independent.
 */
export function EmbedPlayer({
  controls,
  problems,
  later,
  noticeLabel,
  appUrl,
  theme,
  range,
  rangeOf,
  scope,
  story = null,
}: EmbedPlayerProps) {
  const run = usePlayer((s) => s.run);
  const error = usePlayer((s) => s.error);
  const store = usePlayerStore();
  const locale = useLocale();
  const onKey = useShortcuts();

  useEffect(() => {
    if (scope !== 'frame') return;
    const listener = (e: KeyboardEvent) => {
      onKey(e);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [scope, onKey]);

  const title = run ? scenarioText(locale, run.scenario, 'title') : '';
  // In an iframe the player is the whole page (its main landmark, with a heading); on a host page it
  // is one region among the page's own.
  const Root = scope === 'frame' ? 'main' : 'section';
  return (
    <Root
      className={`embed-player embed-scope-${scope}`}
      aria-label={t('embed.player', { scenario: title })}
      // Focusable so that a click inside gives it the keyboard; a tab stop only when it has no buttons.
      tabIndex={controls === 'none' ? 0 : -1}
      // One key, one action: a key the player acted on does not also reach the page (a deck's Right).
      onKeyDown={
        scope === 'element'
          ? (e: ReactKeyboardEvent) => {
              if (onKey(e.nativeEvent)) e.stopPropagation();
            }
          : undefined
      }
      onPointerUp={(e) => giveKeyboardBack(e.currentTarget, scope)}
    >
      {scope === 'frame' && <h1 className="sr-only">{t('embed.player', { scenario: title })}</h1>}
      <LinkNotice problems={problems} {...(later ? { later } : {})} label={noticeLabel} compact />
      {run ? (
        <EmbedStage
          key={locale}
          run={run}
          controls={controls}
          range={range && run.scenario.id === rangeOf ? range : undefined}
          onAdr={() => {
            if (appUrl !== null) window.open(labLink(store, appUrl, theme, story), '_blank', 'noopener');
          }}
          open={appUrl !== null && <OpenInLab appUrl={appUrl} theme={theme} story={story} />}
          lab={appUrl === null ? null : { appUrl, theme, story }}
        />
      ) : (
        <>
          <p className="error-text">{t('app.error', { message: error ?? '' })}</p>
          {appUrl !== null && <OpenInLab appUrl={appUrl} theme={theme} story={story} />}
        </>
      )}
    </Root>
  );
}

// `inspect=`: the node's statechart (its own chunk, fetched only when asked for).
// A challenge's budget and where to play it (its own chunk, fetched for a challenge only).
const EmbedChallenge = lazyChunk(() => import('./EmbedChallenge.tsx').then((m) => m.EmbedChallenge));

const InspectorPane = lazyChunk(() =>
  import('../views/inspector/Inspector.tsx').then((m) => m.InspectorPane),
);

function EmbedStage({
  run,
  controls,
  range,
  onAdr,
  open,
  lab,
}: {
  run: Run;
  controls: EmbedControls;
  range: StepRange | undefined;
  onAdr(): void;
  open: ReactNode;
  /** The lab's page, for what the player cannot do itself (a challenge's play, Explore). */
  lab: { appUrl: string; theme: LinkTheme | null; story: SharedStory } | null;
}) {
  const store = usePlayerStore();
  // The links follow the step and the run, as "Open in Leader Election Lab" does.
  usePlayer((s) => s.stepIndex);
  const labHref = lab ? labLink(store, lab.appUrl, lab.theme, lab.story, true) : null;
  const time = usePlayer((s) => s.t);
  const stepIndex = useShownStep(run);
  const goToStep = usePlayer((s) => s.goToStep);
  const locale = useLocale();
  const frame = useStepFrame(run, time);
  const title = scenarioText(locale, run.scenario, 'title');
  const captions = useCaptions(run);
  const steps = useStorySteps(run, captions);
  const inspecting = usePlayer((s) => s.inspect.length > 0);
  return (
    <>
      <div className="embed-stage">
        {open}
        <ClusterView
          index={run.index}
          frame={frame}
          timeScale={run.scenario.timeScale}
          title={t('cluster.label', { scenario: title })}
          onAdr={onAdr}
        />
      </div>
      {inspecting && <InspectorPane run={run} />}
      <ForeignStory />
      {run.scenario.challenge && run.scenario.id.startsWith('challenge-') && (
        <EmbedChallenge run={run} href={labHref} />
      )}
      <Narration
        steps={steps}
        stepIndex={stepIndex}
        onJump={goToStep}
        {...(range ? { first: range.first ?? 0, last: range.last ?? steps.length - 1 } : {})}
      />
      <div className="embed-foot">
        {controls !== 'none' && (
          <Controls run={run} captions={captions} variant={controls === 'full' ? 'full' : 'minimal'} />
        )}
        {controls === 'full' && lab && labHref !== null && <ExploreInLab href={labHref} />}
      </div>
    </>
  );
}

/** A small link to the full app at the same view; its address follows the step (not every frame). */
function OpenInLab({
  appUrl,
  theme,
  story,
}: {
  appUrl: string;
  theme: LinkTheme | null;
  story: SharedStory;
}) {
  const store = usePlayerStore();
  // Re-rendered when the step, the run or play/pause change: cheap enough, and the link stays exact.
  usePlayer((s) => s.stepIndex);
  usePlayer((s) => s.run);
  usePlayer((s) => s.playing);
  useLocale();
  return (
    <a
      className="embed-open"
      href={labLink(store, appUrl, theme, story)}
      target="_blank"
      rel="noopener"
      title={t('embed.openInLabTitle')}
    >
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M14 3h7v7h-2V6.4l-8.3 8.3-1.4-1.4L17.6 5H14zM5 5h6v2H6v11h11v-5h2v7H4V5z" />
      </svg>
      <span className="embed-open-text">{t('embed.openInLab')}</span>
    </a>
  );
}

/**
 * A click (mouse, pen, touch) on the player does what it clicked and leaves the keyboard with the
 * page: a presenter who clicked into a slide's player keeps Right and PageDown for the deck. The
 * player's keys are for keyboard focus (Tab). In an iframe that means focusing the host's window
 * again. Not while a dialog of the player (the whole story) has the focus.
 */
function giveKeyboardBack(root: HTMLElement, scope: 'frame' | 'element'): void {
  setTimeout(() => {
    const doc = root.getRootNode() as Document | ShadowRoot;
    const active = doc.activeElement;
    if (active?.closest('dialog, [role="dialog"]')) return;
    if (active instanceof HTMLElement && (root.contains(active) || scope === 'frame')) active.blur();
    if (scope === 'frame' && window.parent !== window) window.parent.focus();
  }, 0);
}

/**
 * Space, arrows and Home (app/keys.ts) for this player; scenario keys and `?` belong to the full app.
 * PageUp and PageDown (what a presenter's clicker sends) are never the player's. The returned
 * handler says whether it acted on the key.
 */
function useShortcuts(): (e: KeyboardEvent) => boolean {
  const toggle = usePlayer((s) => s.togglePlay);
  const back = usePlayer((s) => s.stepBack);
  const forward = usePlayer((s) => s.stepForward);
  const restart = usePlayer((s) => s.restart);
  return useCallback(
    (e: KeyboardEvent) => {
      if (e.defaultPrevented) return false;
      // The full app steps on PageDown/PageUp (app/keys.ts); an embedded player leaves them to the deck.
      if (e.key === 'PageDown' || e.key === 'PageUp') return false;
      const el = e.composedPath()[0];
      const target = el instanceof Element ? el : null;
      const action = keyAction(keyInputOf(e, target), 0);
      if (!action || action.kind === 'help' || action.kind === 'scenario' || action.kind === 'present')
        return false;
      e.preventDefault();
      if (action.kind === 'toggle') toggle();
      else if (action.kind === 'back') back();
      else if (action.kind === 'forward') forward();
      else restart();
      return true;
    },
    [toggle, back, forward, restart],
  );
}
