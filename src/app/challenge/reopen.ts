/**
 * A challenge's own link after a reload (`scenario=challenge-<story>`, boot.ts): the challenge is not
 * one of the catalogue's runs, so it is opened from its story as "Try to break it" opens it, and the
 * link's run inputs (the student's faults, the fix's switch, the step) are laid over its start.
 */
import { locales } from '../../i18n/index.ts';
import type { PlayerStore } from '../../player/store.ts';
import { challengeRunId } from '../../sim/challenge/challenge.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { linkInputs, RUN_PARAMS } from '../boot/linkInputs.ts';
import { loadScenarios } from '../boot/scenarioList.ts';
import { decodeLink } from '../link/decoder.ts';
import { NO_CHALLENGE } from '../link/params.ts';
import type { LinkProblem } from '../link/problems.ts';
import { challengeScenario, openChallenge } from './challengeRun.ts';

const settled = (store: PlayerStore) =>
  new Promise<void>((resolve) => store.getState().whenSettled(() => resolve()));

/**
 * Opens the challenge `runId` names with the link's inputs; what it could not take is a problem.
 * `opened`: its story when it is not the catalogue's (a story file, already open), else looked up.
 */
export async function reopenChallenge(
  store: PlayerStore,
  runId: string,
  search: string,
  opened?: Scenario,
): Promise<LinkProblem[]> {
  const storyId = runId.slice(challengeRunId('').length);
  const catalogue = opened ? null : await loadScenarios().catch(() => null);
  const known = opened ?? catalogue?.scenarios.find((s) => s.id === storyId);
  if (!known) return [{ param: 'scenario', value: runId }];
  const story = known.challenge ? known : null;
  if (!story) {
    // A story without a challenge: the story itself, and the notice says why.
    if (!opened) {
      store.getState().selectScenario(known.id);
      await settled(store);
    }
    return [{ param: 'scenario', value: runId, reason: NO_CHALLENGE }];
  }
  await openChallenge(store, story);
  await settled(store);
  // The link read again with the challenge as its run; the view's other parameters were read at boot.
  const { view, problems: all } = decodeLink(search, { scenarios: [challengeScenario(story)], locales });
  const problems = all.filter((p) => (RUN_PARAMS as readonly string[]).includes(p.param));
  const inputs = linkInputs(challengeScenario(story), view, problems);
  if (Object.keys(inputs).length > 0) {
    store.getState().setInputs(inputs);
    await settled(store);
  }
  const s = store.getState();
  if (s.rejected) {
    problems.push({ param: 'rejected', value: '', reason: s.rejected });
    store.setState({ rejected: null });
  }
  if (view.step !== null) s.goToStep(view.step);
  if (view.t !== null && s.run && view.t <= s.run.trace.durationMs) s.seek(view.t);
  return problems;
}
