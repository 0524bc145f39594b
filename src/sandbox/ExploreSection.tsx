import { useEffect, useId, useRef, useState } from 'react';
import { formatNumber, t } from '../i18n/index.ts';
import { type ExploreHandle, startExplore } from '../player/engine/exploreClient.ts';
import {
  EXPLORE_LIMITS,
  EXPLORE_NODES,
  EXPLORE_TIME_LIMIT_MS,
  exploreDefaults,
  type FromExplorer,
} from '../player/engine/exploreCore.ts';
import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';
import { algorithmFor } from '../sim/algorithms/declared.ts';
import type { Stats } from '../sim/explore/explore.ts';
import { violationText } from '../views/violationText.ts';

type Done = Extract<FromExplorer, { type: 'done' }>;
type State =
  | { k: 'idle' }
  | { k: 'running'; stats: Stats | null; elapsedMs: number }
  | { k: 'done'; r: Done }
  | { k: 'unavailable' }
  | { k: 'error'; message: string };

const seconds = (ms: number) => formatNumber(Math.round(ms / 100) / 10);

/** The lab's own page for this run, where a worker may start (the element served from elsewhere). */
function labHref(appUrl: string | undefined): string {
  return appUrl ?? `${window.location.origin}${window.location.pathname}${window.location.search}`;
}

/**
 * Explore this story: every schedule of a 3-node cluster within the bounds the user picks (src/sim/
 * explore), searched in a worker of its own so the page never waits, with its progress, counts and
 * Cancel. A violation opens as a run in the player (its schedule: the link's `choices` and faults).
 */
export function ExploreSection({ run, appUrl }: { run: Run; appUrl?: string }) {
  const params = usePlayer((s) => s.params);
  const changeInputs = usePlayer((s) => s.changeInputs);
  const seek = usePlayer((s) => s.seek);
  const imported = usePlayer((s) => s.imported);
  const ids = useId();
  const defaults = exploreDefaults(run.scenario, params);
  const defaultHorizonS = Math.min(
    EXPLORE_LIMITS.horizonS,
    Math.max(1, Math.ceil(defaults.horizonMs / 1000)),
  );
  const [faults, setFaults] = useState(1);
  const [losses, setLosses] = useState(0);
  const [horizonS, setHorizonS] = useState(defaultHorizonS);
  const [state, setState] = useState<State>({ k: 'idle' });
  const handle = useRef<ExploreHandle | null>(null);
  const alg = algorithmFor(run.scenario.algorithm);
  const fits = alg.minNodes <= EXPLORE_NODES && EXPLORE_NODES <= alg.maxNodes;

  // Another story (or knobs): the old answer is not this one's; a search under way ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on scenario and knob change only
  useEffect(() => {
    handle.current?.cancel();
    handle.current = null;
    setState({ k: 'idle' });
    setHorizonS(defaultHorizonS);
  }, [run.scenario.id, run.scenario.algorithm, params]);
  useEffect(() => () => handle.current?.cancel(), []);

  if (imported) return null;

  const start = () => {
    handle.current?.cancel();
    setState({ k: 'running', stats: null, elapsedMs: 0 });
    handle.current = startExplore(
      {
        scenario: run.scenario,
        params,
        faults,
        losses,
        horizonMs: horizonS * 1000,
        timeLimitMs: EXPLORE_TIME_LIMIT_MS,
      },
      (m) => {
        if (m.type === 'progress') setState({ k: 'running', stats: m.stats, elapsedMs: m.elapsedMs });
        else {
          handle.current = null;
          if (m.type === 'done') setState({ k: 'done', r: m });
          else if (m.type === 'unavailable') setState({ k: 'unavailable' });
          else setState({ k: 'error', message: m.message });
        }
      },
    );
  };
  const cancel = () => {
    handle.current?.cancel();
    handle.current = null;
    setState({ k: 'idle' });
  };
  const open = (r: Done) => {
    const c = r.counterexample;
    if (!c) return;
    // Whole seconds (a link's duration), past the alarm: the run ends on it.
    changeInputs({
      nodes: EXPLORE_NODES,
      durationMs: Math.ceil((c.atMs + 1) / 1000) * 1000,
      interventions: c.choices.faults ?? [],
      choices: { version: c.choices.version, draws: c.choices.draws },
    });
    seek(0);
  };

  const running = state.k === 'running';
  const stats = state.k === 'running' ? state.stats : state.k === 'done' ? state.r.stats : null;
  const elapsed = state.k === 'running' ? state.elapsedMs : state.k === 'done' ? state.r.elapsedMs : 0;
  const rate = stats && elapsed > 0 ? Math.round((stats.worlds * 1000) / elapsed) : 0;
  const bounds = { n: EXPLORE_NODES, k: faults, l: losses, s: horizonS };

  return (
    <section className="wi-section explore" aria-labelledby={`${ids}-h`}>
      <h3 className="wi-h" id={`${ids}-h`}>
        {t('explore.label')}
      </h3>
      <p className="wi-muted">{t('explore.intro', { n: EXPLORE_NODES })}</p>
      {!fits && <p className="wi-muted">{t('explore.noFit', { min: alg.minNodes, max: alg.maxNodes })}</p>}
      <fieldset className="explore-bounds" disabled={running || !fits}>
        <legend className="sr-only">{t('explore.bounds')}</legend>
        <label htmlFor={`${ids}-k`}>{t('explore.faults')}</label>
        <select id={`${ids}-k`} value={faults} onChange={(e) => setFaults(Number(e.currentTarget.value))}>
          {Array.from({ length: EXPLORE_LIMITS.faults + 1 }, (_, i) => i).map((i) => (
            <option key={i} value={i}>
              {i}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-l`}>{t('explore.losses')}</label>
        <select id={`${ids}-l`} value={losses} onChange={(e) => setLosses(Number(e.currentTarget.value))}>
          {Array.from({ length: EXPLORE_LIMITS.losses + 1 }, (_, i) => i).map((i) => (
            <option key={i} value={i}>
              {i}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-h-s`}>{t('explore.horizon')}</label>
        <input
          id={`${ids}-h-s`}
          type="number"
          min={1}
          max={EXPLORE_LIMITS.horizonS}
          step={1}
          value={horizonS}
          aria-describedby={`${ids}-h-hint`}
          onChange={(e) => {
            const v = Math.round(Number(e.currentTarget.value));
            if (Number.isFinite(v)) setHorizonS(Math.min(EXPLORE_LIMITS.horizonS, Math.max(1, v)));
          }}
        />
        <span className="wi-muted" id={`${ids}-h-hint`}>
          {t('explore.horizonHint', { ttl: seconds(defaults.horizonMs / 2), max: EXPLORE_LIMITS.horizonS })}
        </span>
      </fieldset>
      <div className="wi-row">
        {/* One button that turns into Cancel: the focus stays on it while the search runs. */}
        <button type="button" className="button small" disabled={!fits} onClick={running ? cancel : start}>
          {running ? t('explore.cancel') : t('explore.run')}
        </button>
      </div>
      {(running || state.k === 'done') && (
        <div className="explore-progress">
          <progress
            max={1}
            value={state.k === 'done' ? 1 : (stats?.progress ?? 0)}
            aria-label={t('explore.progress')}
          />
          <p className="wi-muted mono explore-counts">
            {t('explore.counts', {
              schedules: formatNumber(stats?.schedules ?? 0),
              worlds: formatNumber(stats?.worlds ?? 0),
              depth: formatNumber(stats?.deepest ?? 0),
              rate: formatNumber(rate),
              s: seconds(elapsed),
            })}
          </p>
        </div>
      )}
      <div role="status" aria-live="polite" className="explore-outcome">
        {running && <p className="wi-muted">{t('explore.running', bounds)}</p>}
        {state.k === 'unavailable' && (
          <p>
            {t('explore.unavailable')}{' '}
            <a href={labHref(appUrl)} target="_blank" rel="noopener">
              {t('explore.openLab')}
            </a>
          </p>
        )}
        {state.k === 'error' && <p>{t('explore.error', { message: state.message })}</p>}
        {state.k === 'done' && state.r.outcome === 'clean' && <p>{t('explore.clean', bounds)}</p>}
        {state.k === 'done' && state.r.outcome === 'stopped' && (
          <p>
            {t('explore.stopped', {
              s: seconds(EXPLORE_TIME_LIMIT_MS),
              level: state.r.stats.level,
              top: state.r.bounds.faults + state.r.bounds.losses,
            })}
          </p>
        )}
        {state.k === 'done' && state.r.counterexample && (
          <>
            <p>
              {t('explore.found', {
                what: violationText(state.r.counterexample.violation),
                at: seconds(state.r.counterexample.atMs),
                choices: state.r.counterexample.shrunk,
              })}
            </p>
            <button type="button" className="button small" onClick={() => open(state.r)}>
              {t('explore.open')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
