import { useId, useState } from 'react';
import { budgetRefusal } from '../app/challenge/challengeRun.ts';
import { t } from '../i18n/index.ts';
import { exploreDefaults } from '../player/engine/exploreCore.ts';
import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';
import { canonicalFaults } from '../sim/inputs.ts';
import type { TimedFault } from '../sim/scenario/schema.ts';
import { branchIndex, branchOptions } from './branch.ts';
import { revealCompare } from './CompareSection.tsx';
import { ranStory } from './compare.ts';
import { faultText, interventionText } from './faults.ts';
import { WITHOUT } from './variants.ts';

/**
 * Branch here: at the cursor, the explorer's choice points that are still open and can be taken as
 * an intervention (branch.ts). Taking one re-simulates the run from 0 ms with it (the past replays
 * identically: same seed or schedule); the future without it is drawn beside, through Compare's
 * "one fault left out". Undo returns to the run before the branch.
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
  const [branched, setBranched] = useState<TimedFault | null>(null);
  const ids = useId();
  if (imported) return null;
  const at = Math.round(time);
  const { pauseMs } = exploreDefaults(run.scenario, params);
  const options = branchOptions(run.trace, at, pauseMs);

  const take = (tf: TimedFault) => {
    const next = canonicalFaults([...interventions, tf]);
    addIntervention(tf);
    const k = branchIndex(ranStory(run.scenario, choices), next, tf);
    if (k >= 0) {
      setCompare({ name: WITHOUT, value: k });
      revealCompare();
    }
    setBranched(tf);
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
          <p role="status">{t('branch.taken', { what: interventionText(branched, run.trace.durationMs) })}</p>
          <button type="button" className="button small" onClick={back}>
            {t('branch.undo')}
          </button>
        </>
      ) : (
        <>
          <p className="wi-muted" id={`${ids}-d`}>
            {t('branch.intro')}
          </p>
          {options.length === 0 ? (
            <p className="wi-muted">{t('branch.none')}</p>
          ) : (
            <ul className="branch-options" aria-describedby={`${ids}-d`}>
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
                    {faultText(f)}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="wi-muted">{t('branch.notYet')}</p>
        </>
      )}
    </section>
  );
}
