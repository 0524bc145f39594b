/** A link problem as the sentence the notice shows (the app's and the embed's). */
import { getLocale, localeNames, locales, t } from '../../i18n/index.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { stepsOf } from '../../player/steps.ts';
import type { Run } from '../../player/store.ts';
import { shapeHosts } from '../../sim/faults/shape.ts';
import { specOf } from '../../sim/faults/table.ts';
import { faultFromText } from '../../sim/faults/text.ts';
import { needScenarios } from '../boot/scenarioList.ts';
import { FAULT_KINDS } from './faults.ts';
import { LINK_PARAMS, NO_CHALLENGE, NO_FIX } from './params.ts';
import type { LinkProblem } from './problems.ts';
import { NOT_SAVED, NOT_SAVED_EMBEDDED } from './storyOrigin.ts';
import { MAX_DURATION_S, MIN_DURATION_S } from './view.ts';

/**
 * A problem's detail in the reader's language, worded again from its value where the link code knows
 * why (a length out of range, a fault past the run's end or on a host the run has not). Problems keep
 * only their English `reason`: the compatibility corpus pins them as recorded (src/compat/README.md).
 * Other details (a knob rule, a fault's shape) stay as the simulator gives them.
 */
function detail(p: LinkProblem, run: Run | null): string {
  if (p.param === 'duration') return t('notice.why.duration', { min: MIN_DURATION_S, max: MAX_DURATION_S });
  const f = p.param === 'fault' && run ? faultFromText(p.value) : null;
  if (run && f && typeof f !== 'string') {
    const end = run.trace.durationMs;
    if (f.atMs > end) return t('notice.why.pastEnd', { at: f.atMs, end });
    const hosts = run.trace.hosts.map((h) => h.id);
    const missing = shapeHosts(specOf(f.fault).fields, f.fault).find((h) => !hosts.includes(h));
    if (missing !== undefined) return t('notice.why.noHost', { host: missing, hosts: hosts.join(', ') });
  }
  return p.reason ?? '';
}

export function problemText(p: LinkProblem, run: Run | null): string {
  if (p.unknown) return t('notice.unknownParam', { name: p.param, expected: LINK_PARAMS.join(', ') });
  const value = p.value;
  const reason = detail(p, run);
  switch (p.param) {
    case 'scenario':
      if (p.reason === NOT_SAVED || p.reason === NOT_SAVED_EMBEDDED)
        return t(p.reason === NOT_SAVED ? 'notice.notSaved' : 'notice.notSavedEmbedded', { value });
      if (p.reason === NO_CHALLENGE)
        return t('notice.noChallenge', {
          value,
          title: run ? scenarioText(getLocale(), run.scenario, 'title') : '',
        });
      return t('notice.badScenario', {
        value,
        // A link naming a story is not the default view: the page loaded the catalogue before it opened.
        expected: needScenarios('a link naming a story').scenarioIds.join(', '),
        fallback: run ? scenarioText(getLocale(), run.scenario, 'title') : '',
      });
    case 'lang':
      return t('notice.badLang', { value, expected: locales.join(', '), fallback: localeNames[getLocale()] });
    case 't':
      return t('notice.badT', { value, max: run?.trace.durationMs ?? 0 });
    case 'seed':
      return t('notice.badSeed', { value });
    case 'nodes':
      return t('notice.badNodes', { value, expected: reason });
    case 'set':
      return t('notice.badSet', { value, reason });
    case 'fault':
      return t('notice.badFault', { value, reason, kinds: FAULT_KINDS.join(', ') });
    case 'speed':
      return t('notice.badSpeed', { value });
    case 'whatif':
      return t('notice.badWhatIf', { value });
    case 'panel':
      return t('notice.badPanel', { value });
    case 'inspect':
      return t('notice.badInspect', { value, reason: reason || t('notice.inspectExpected') });
    case 'theme':
      return t('notice.badTheme', { value });
    case 'fix':
      return reason === NO_FIX
        ? t('notice.noFix', { title: run ? scenarioText(getLocale(), run.scenario, 'title') : '' })
        : t('notice.badFix', { value });
    case 'rejected':
      return t('notice.rejected', { reason });
    case 'story':
      return t('notice.badStory', { reason });
    case 'src':
      return t('notice.badSrc', { reason: reason || `src "${value}": empty` });
    case 'algorithm':
    case 'duration':
    case 'compare':
    case 'choices':
      return t(`link.${p.param}`, { value, reason });
    case 'embed':
    case 'autoplay':
    case 'loop':
      return t('embed.notice.badFlag', { name: p.param, value });
    case 'controls':
      return t('embed.notice.badControls', { value });
    case 'start':
    case 'end':
      return t('embed.notice.badRange', { name: p.param, value, max: run ? stepsOf(run).length : 1 });
    case 'origin':
      return t('embed.notice.badOrigin', { value });
    default:
      return t('notice.badStep', { value, max: run ? stepsOf(run).length : 1 });
  }
}
