/**
 * "Try to break it": on a story with a challenge, the entry; on the challenge's run, its panel: the
 * task, the budget, the locked knobs, "You broke it" with a replay link once the goal's checker has
 * fired at the cursor, and the fix's switch with the search's answer. The logic is challengeRun.ts,
 * fixSearch.ts and src/sim/challenge; this file only draws it.
 */
// The replay link writes a story file (zod's schema): built jitless, as the page's CSP needs.
import '../boot/zodJitless.ts';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatNumber, t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { usePlayer, usePlayerStore } from '../../player/react.ts';
import type { Run } from '../../player/store.ts';
import { faultText, storeGroupHost } from '../../sandbox/faults.ts';
import {
  type Challenge as ChallengeData,
  fixIsOn,
  fixKnobs,
  goalReached,
} from '../../sim/challenge/challenge.ts';
import type { SearchResult } from '../../sim/challenge/search.ts';
import type { Params } from '../../sim/params.ts';
import { formatTime } from '../../views/format.ts';
import { storyFileOf, storyLinkOf } from '../export/storyExport.ts';
import {
  brokeText,
  budgetLines,
  challengeOf,
  openChallenge,
  replayScenario,
  storyIdOf,
} from './challengeRun.ts';
import { knownAnswer, type Progress, startFixSearch } from './fixSearch.ts';
import './challenge.css';

export function Challenge({ run }: { run: Run }) {
  const c = challengeOf(run.scenario);
  return c ? <ChallengePanel run={run} c={c} /> : <TryToBreak run={run} />;
}

function TryToBreak({ run }: { run: Run }) {
  const store = usePlayerStore();
  const imported = usePlayer((s) => s.imported);
  const doc = useId();
  if (imported) return null;
  return (
    <div className="challenge-entry">
      <button
        type="button"
        className="button challenge-try"
        aria-describedby={doc}
        onClick={() => void openChallenge(store, run.scenario)}
      >
        {t('challenge.try')}
      </button>
      <span className="challenge-doc" id={doc}>
        {t('challenge.tryDoc')}
      </span>
    </div>
  );
}

/** The knobs with the fix switched on or off (the fix's own knobs only; the student's others stay). */
function withFix(c: ChallengeData, params: Partial<Params>, on: boolean): Partial<Params> {
  const fix = fixKnobs(c);
  if (on) return { ...params, ...fix };
  return Object.fromEntries(Object.entries(params).filter(([k]) => !(k in fix)));
}

function ChallengePanel({ run, c }: { run: Run; c: ChallengeData }) {
  const locale = useLocale();
  const time = usePlayer((s) => s.t);
  const params = usePlayer((s) => s.params);
  const faults = usePlayer((s) => s.interventions);
  const setParams = usePlayer((s) => s.setParams);
  const setInterventions = usePlayer((s) => s.setInterventions);
  const selectScenario = usePlayer((s) => s.selectScenario);
  const fixOn = fixIsOn(c, params);
  const ids = useId();

  // The goal, once the run's checker has raised it and the cursor has reached it (with the alarm).
  const at = useMemo(() => goalReached(run.trace.events, c.goal), [run, c.goal]);
  const broken = at !== null && time >= at.t ? at : null;
  const budget = budgetLines(c, faults);

  return (
    <section className="challenge-panel" aria-labelledby={`${ids}-h`}>
      <h3 className="challenge-h" id={`${ids}-h`}>
        {t('challenge.label')}
      </h3>
      <p className="challenge-task">{scenarioText(locale, run.scenario, 'summary')}</p>
      <div className="challenge-budget">
        <span className="challenge-budget-h">{t('challenge.budget')}:</span>{' '}
        {budget.kinds.map((line) => (
          <span key={line} className="challenge-chip mono">
            {line}
          </span>
        ))}
        <span className="challenge-chip challenge-total mono">{budget.total}</span>
        <span className="challenge-note">{t('challenge.repairsFree')}</span>
      </div>
      <p className="challenge-status" role="status" aria-live="polite">
        {broken ? (
          <span className="challenge-broke">{brokeText(c, broken, run, faults, fixOn)}</span>
        ) : (
          <span className="challenge-muted">{t('challenge.notYet')}</span>
        )}
      </p>
      {broken && <ReplayLink run={run} params={params} />}
      <div className="challenge-fix">
        <button
          type="button"
          role="switch"
          aria-checked={fixOn}
          aria-describedby={`${ids}-fix`}
          className="switch challenge-fix-switch"
          onClick={() => setParams(withFix(c, params, !fixOn))}
        >
          <span className="switch-track" aria-hidden="true">
            <span className="switch-thumb" />
          </span>
          <span className="switch-text">{t('challenge.fix')}</span>
        </button>
        <span className="challenge-doc" id={`${ids}-fix`}>
          {t('challenge.fixDoc')}
        </span>
      </div>
      {fixOn && <FixAnswer run={run} c={c} onPlay={(r) => setInterventions(r.faults)} />}
      <button
        type="button"
        className="button small challenge-leave"
        onClick={() => selectScenario(storyIdOf(run.scenario))}
      >
        {t('challenge.leave')}
      </button>
    </section>
  );
}

/** The run as a story link (Export's "This story as a link"), its faults as the script. */
function ReplayLink({ run, params }: { run: Run; params: Partial<Params> }) {
  const faults = usePlayer((s) => s.interventions);
  const locale = useLocale();
  const [link, setLink] = useState<{ url: string } | { tooLong: number } | null>(null);
  useEffect(() => {
    let live = true;
    setLink(null);
    void storyFileOf(replayScenario(run, params, faults))
      .then((file) => storyLinkOf(file, window.location, locale))
      .then((l) => {
        if (live) setLink(l);
      });
    return () => {
      live = false;
    };
  }, [run, params, faults, locale]);
  if (!link) return null;
  if ('tooLong' in link) return <p className="challenge-note">{t('challenge.replayTooLong')}</p>;
  return (
    <p className="challenge-replay">
      <a href={link.url} className="challenge-replay-link">
        {t('challenge.replay')}
      </a>
    </p>
  );
}

/** The search's progress, then its answer: a proof, a sample, or a way that still breaks it. */
function FixAnswer({
  run,
  c,
  onPlay,
}: {
  run: Run;
  c: ChallengeData;
  onPlay(f: SearchResult & { kind: 'broken' }): void;
}) {
  const start = run.scenario;
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<SearchResult | null>(
    () => knownAnswer({ start, challenge: c }) ?? null,
  );
  useEffect(() => {
    setProgress(null);
    setResult(knownAnswer({ start, challenge: c }) ?? null);
    return startFixSearch({ start, challenge: c }, { progress: setProgress, done: setResult });
  }, [start, c]);
  if (!result)
    return (
      <p className="challenge-answer challenge-muted" role="status">
        {progress?.mode === 'explore'
          ? t('challenge.exploring', { n: progress.tried })
          : t('challenge.sampling', { n: progress?.tried ?? 0, total: progress?.total ?? 1000 })}
      </p>
    );
  if (result.kind === 'none') {
    const kinds = Object.entries(c.budget.faults)
      .filter(([, n]) => (n ?? 0) > 0)
      .map(([k]) =>
        k === 'pause' && result.pauseMs !== undefined
          ? t('challenge.pauseOf', { s: formatNumber(result.pauseMs / 1000, 1) })
          : t(`challenge.kind.${k}`),
      )
      .join(', ');
    return (
      <p className="challenge-answer" role="status">
        {result.exhaustive
          ? t('challenge.noWay', { k: c.budget.total, kinds, n: result.tried })
          : t('challenge.noneFound', { n: result.tried })}
      </p>
    );
  }
  return (
    <p className="challenge-answer" role="status">
      {t('challenge.stillBreaks', {
        faults: result.faults.map((f) => faultText(f.fault, storeGroupHost(run))).join(', '),
        t: formatTime(result.at.t, run.trace.durationMs),
      })}{' '}
      <button type="button" className="button small" onClick={() => onPlay(result)}>
        {t('challenge.playIt')}
      </button>
    </p>
  );
}
