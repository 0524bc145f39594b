import { useId, useMemo, useState } from 'react';
import { budgetRefusal, challengeOf } from '../app/challenge/challengeRun.ts';
import { t } from '../i18n/index.ts';
import { EXPLORE_LIMITS, exploreDefaults } from '../player/engine/exploreCore.ts';
import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';
import { canonicalFaults } from '../sim/inputs.ts';
import type { TimedFault } from '../sim/scenario/schema.ts';
import { formatTime } from '../views/format.ts';
import {
  branchIndex,
  branchOptions,
  DRAW,
  type DrawBranch,
  drawBranches,
  lossesSoFar,
  recordDraws,
  simOptionsOf,
  takeDraw,
} from './branch.ts';
import { revealCompare } from './CompareSection.tsx';
import { ranStory } from './compare.ts';
import { faultText, interventionText, storeGroupHost } from './faults.ts';
import { WITHOUT } from './variants.ts';

/** Longest run whose draws are listed: listing replays the run on the page (a 10 min lease: ~0.3 s). */
const DRAWS_MAX_MS = 10 * 60_000;

/** A draw branch in the language of the page. */
export function drawText(b: DrawBranch, durationMs: number): string {
  const at = formatTime(b.atMs, durationMs);
  if (b.timer) return t(b.kind === 'fire-now' ? 'branch.fireNow' : 'branch.fireLast', { ...b.timer, at });
  const m = b.message ?? { type: '', from: '', to: '' };
  return t(b.kind === 'lose' ? 'branch.lose' : 'branch.arrive', { type: m.type, from: m.from, to: m.to, at });
}

/**
 * Branch here: at the cursor, the explorer's choice points that are still open (branch.ts): the
 * faults of its menu, taken as an intervention, and the draws (a message in flight arrives now or is
 * lost, a running timer fires now or last), taken as the run's schedule. Either way the run is
 * simulated again from 0 ms (the past replays identically), and the other future is drawn beside
 * through Compare ("one fault left out", or the draw at the seed's value). Undo returns.
 */
export function BranchSection({ run }: { run: Run }) {
  const time = usePlayer((s) => s.t);
  const params = usePlayer((s) => s.params);
  const interventions = usePlayer((s) => s.interventions);
  const choices = usePlayer((s) => s.choices);
  const addIntervention = usePlayer((s) => s.addIntervention);
  const setCompare = usePlayer((s) => s.setCompare);
  const undo = usePlayer((s) => s.undo);
  const imported = usePlayer((s) => s.imported);
  const seed = usePlayer((s) => s.seed);
  const nodes = usePlayer((s) => s.nodes);
  const durationMs = usePlayer((s) => s.durationMs);
  const changeInputs = usePlayer((s) => s.changeInputs);
  const [branched, setBranched] = useState<string | null>(null);
  const ids = useId();
  const inputs = { seed, params, nodes, interventions, durationMs, choices };
  // Every draw of the run with its time and event: the run replayed once, on the page, per run.
  const long = run.trace.durationMs > DRAWS_MAX_MS;
  // A challenge's budget counts faults only: a lost message or an early timer would go around it.
  const challenge = challengeOf(run.scenario) !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one replay per trace on screen; its inputs made it
  const log = useMemo(
    () =>
      imported || long || challenge || !run.complete ? null : recordDraws(run.scenario, simOptionsOf(inputs)),
    [run.trace, run.complete, imported, long, challenge],
  );
  const at = Math.round(time);
  // Losses already in the run count against L; read once per trace, not per frame.
  const lost = useMemo(() => lossesSoFar(log, run.trace.events), [log, run.trace]);
  const draws = useMemo(
    () => (log ? drawBranches(log, run.trace, at, EXPLORE_LIMITS.losses - lost) : []),
    [log, run.trace, at, lost],
  );
  if (imported) return null;
  const { pauseMs } = exploreDefaults(run.scenario, params);
  const options = branchOptions(run.trace, at, pauseMs, run.index.faults);

  const take = (tf: TimedFault) => {
    const next = canonicalFaults([...interventions, tf]);
    addIntervention(tf);
    const k = branchIndex(ranStory(run.scenario, choices), next, tf);
    if (k >= 0) {
      setCompare({ name: WITHOUT, value: k });
      revealCompare();
    }
    setBranched(interventionText(tf, run.trace.durationMs, storeGroupHost(run)));
  };
  const takeOne = (b: DrawBranch) => {
    if (!log) return;
    const nodeIds = run.trace.hosts.filter((h) => h.kind === 'node').map((h) => h.id);
    const next = takeDraw(run.scenario, nodeIds, inputs, log, b);
    // One undoable change: the schedule, and the story's script as interventions (a schedule leaves it out).
    changeInputs(next);
    setCompare({ name: DRAW, value: b.index });
    revealCompare();
    setBranched(drawText(b, run.trace.durationMs));
  };
  const back = () => {
    setCompare(null);
    undo();
    setBranched(null);
  };

  return (
    <section className="wi-section branch" aria-labelledby={`${ids}-h`}>
      <h3 className="wi-h" id={`${ids}-h`}>
        {t('branch.label')}
      </h3>
      {branched ? (
        <>
          <p role="status">{t('branch.taken', { what: branched })}</p>
          <button type="button" className="button small" onClick={back}>
            {t('branch.undo')}
          </button>
        </>
      ) : (
        <>
          <p className="wi-muted" id={`${ids}-d`}>
            {t('branch.intro')}
          </p>
          <h4 className="wi-h4" id={`${ids}-f`}>
            {t('branch.faults')}
          </h4>
          {options.length === 0 ? (
            <p className="wi-muted">{t('branch.none')}</p>
          ) : (
            <ul className="branch-options" aria-labelledby={`${ids}-f`} aria-describedby={`${ids}-d`}>
              {options.map((f) => (
                <li key={JSON.stringify(f)}>
                  {/* A challenge's budget holds here as in the Faults panel: a branch is a fault too. */}
                  <button
                    type="button"
                    className="button small"
                    title={budgetRefusal(run.scenario, interventions, f) ?? undefined}
                    disabled={budgetRefusal(run.scenario, interventions, f) !== null}
                    onClick={() => take({ atMs: at, fault: f })}
                  >
                    {faultText(f, storeGroupHost(run))}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {challenge && (
            <>
              <h4 className="wi-h4">{t('branch.draws')}</h4>
              <p className="wi-muted branch-draws-challenge">{t('branch.drawsChallenge')}</p>
            </>
          )}
          {!challenge && (
            <>
              <h4 className="wi-h4" id={`${ids}-m`}>
                {t('branch.draws')}
              </h4>
              <p className="wi-muted" id={`${ids}-n`}>
                {long ? t('branch.drawsLong', { min: DRAWS_MAX_MS / 60_000 }) : t('branch.drawsNote')}
              </p>
              {!long &&
                (draws.length === 0 ? (
                  <p className="wi-muted">{t('branch.noDraws')}</p>
                ) : (
                  <ul className="branch-options" aria-labelledby={`${ids}-m`} aria-describedby={`${ids}-n`}>
                    {draws.map((b) => (
                      <li key={`${b.kind}-${b.index}`}>
                        <button type="button" className="button small" onClick={() => takeOne(b)}>
                          {drawText(b, run.trace.durationMs)}
                        </button>
                      </li>
                    ))}
                  </ul>
                ))}
            </>
          )}
        </>
      )}
    </section>
  );
}
