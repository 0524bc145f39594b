/** The page's player built from its URL (no React): what the app and the iframe embed start from. */
import { scenarios } from '../../scenarios/index.ts';
import { locales, setLocale } from '../i18n/index.ts';
import { loadLocale, readLangParam } from '../i18n/persist.ts';
import { createPlayerStore, type PlayerStore } from '../player/store.ts';
import { stepById } from '../sim/trace/derive.ts';
import { decodeView } from './link/decode.ts';
import type { EmbedOptions } from './link/embed.ts';
import { checkFaultHosts } from './link/faults.ts';
import { type LinkProblem, readStepParam } from './link/problems.ts';
import type { LinkTheme, TracePanel } from './link/view.ts';

export interface Boot {
  store: PlayerStore;
  /** Embed-mode options of the link (src/embed). */
  embed: EmbedOptions;
  problems: LinkProblem[];
  /** Theme from the link (this visit only), else null. */
  theme: LinkTheme | null;
  panel: TracePanel;
}

/** Builds this page's player from the URL: every view parameter of link/view.ts; bad ones are problems. */
export function boot(search: string): Boot {
  const { view, hasScenario, problems, embed } = decodeView(search, { scenarios, locales });
  const store = createPlayerStore({
    scenarios,
    ...(hasScenario ? { scenarioId: view.scenario } : {}),
    ...(view.algorithm !== null ? { algorithm: view.algorithm } : {}),
  });
  // Language: `?lang=` for this visit, else the last choice, else English (see i18n/persist.ts).
  const lang = readLangParam(search);
  setLocale(lang.locale ?? loadLocale() ?? 'en');
  const p = store.getState();
  if (p.run) {
    if (view.seed !== null) p.setSeed(view.seed);
    if (view.nodes !== null) p.setNodes(view.nodes);
    if (Object.keys(view.params).length > 0) p.setParams(view.params);
    const hosts = store.getState().run?.trace.hosts.map((h) => h.id) ?? [];
    const checked = checkFaultHosts(view.faults, hosts);
    problems.push(...checked.problems);
    if (checked.faults.length > 0) store.getState().setInterventions(checked.faults);
    // Last: a long run (up to 24 h) is simulated once, with every other input already in place.
    if (view.durationMs !== null) store.getState().setDuration(view.durationMs);
    const rejected = store.getState().rejected;
    if (rejected) problems.push({ param: 'rejected', value: '', reason: rejected });
    if (view.compare) store.getState().setCompare(view.compare);
    // The link's inputs are where this visit starts: nothing to undo yet.
    store.setState({ history: { past: [], future: [] } });
  }
  if (view.speed !== 1) store.getState().setSpeed(view.speed);
  if (view.whatIf) store.getState().setWhatIf(true);
  const run = store.getState().run;
  if (run) {
    const rawStep = view.step === null ? new URLSearchParams(search).get('step') : String(view.step + 1);
    const st = readStepParam(view.step === null ? null : rawStep, run.trace.steps.length);
    if (st.step !== undefined) store.getState().goToStep(st.step);
    if (st.problem) problems.push(st.problem);
    if (view.stepId !== undefined) {
      const at = stepById(run.trace, run.scenario, view.stepId);
      if (at === null) problems.push({ param: 'step', value: view.stepId });
      else if (at.step !== undefined) store.getState().goToStep(at.step);
      else store.getState().seek(at.t);
    }
    if (view.t !== null) {
      if (view.t <= run.trace.durationMs) store.getState().seek(view.t);
      else problems.push({ param: 't', value: String(view.t) });
    }
  }
  return { store, problems, theme: view.theme, panel: view.panel, embed };
}
