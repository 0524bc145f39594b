import { useEffect, useId, useState } from 'react';
import { t } from '../i18n/index.ts';
import { usePlayer } from '../player/react.ts';
import { type Run, shownScenario } from '../player/store.ts';
import { declarationOf } from '../sim/algorithms/declared.ts';
import type { ParamValue } from '../sim/params.ts';
import { FIX_KNOB } from '../sim/scenario/fix.ts';
import { DRAW } from './branch.ts';
import { runFaultText, useCompare } from './CompareView.tsx';
import { compareKnobs, presetValue } from './compare.ts';
import { storeGroupHost } from './faults.ts';
import { parseKnobInput, refusalText, unitText } from './knobs.ts';
import { leavable, runFaults, WITHOUT } from './variants.ts';

/** The sandbox: the switch or timing its algorithm's trade-off turns on. */

/**
 * Compare: pick one of the algorithm's knobs and its value in a second run; the second run (same
 * seed, params and interventions otherwise) is shown beside the main picture on the same cursor.
 */
export function CompareSection({ run }: { run: Run }) {
  const compare = usePlayer((s) => s.compare);
  const setCompare = usePlayer((s) => s.setCompare);
  const imported = usePlayer((s) => s.imported);
  const result = useCompare(run);
  // With the fix on, the knobs of the fixed run (its algorithm may differ).
  const shown = shownScenario(run);
  const knobs = compareKnobs(shown, run.trace.params);
  // The story's own comparison (its `compare`), else the algorithm's trade-off in the sandbox.
  const preferred = run.scenario.compare?.knob ?? declarationOf(shown.algorithm)?.sandbox.compareKnob;
  const initial =
    knobs.find((k) => k.name === preferred)?.name ??
    knobs.find((k) => typeof k.value === 'boolean')?.name ??
    knobs[0]?.name ??
    '';
  // What the second run changes: one knob, or one fault left out (a story's fix, or one of yours).
  const [mode, setMode] = useState<'knob' | 'fault'>(compare?.name === WITHOUT ? 'fault' : 'knob');
  const interventions = usePlayer((s) => s.interventions);
  const faults = runFaults(run.scenario, interventions);
  const offered = leavable(faults);
  const [drop, setDrop] = useState<string>(
    compare?.name === WITHOUT ? String(compare.value) : String(offered[0]?.index ?? -1),
  );
  const [name, setName] = useState(
    compare && compare.name !== WITHOUT && compare.name !== DRAW ? compare.name : initial,
  );
  const knob = knobs.find((k) => k.name === name) ?? knobs[0];
  const [draft, setDraft] = useState<string>(() =>
    knob ? String(presetValue(knob, run.scenario.compare)) : '',
  );
  const [local, setLocal] = useState<string | null>(null);
  const ids = useId();

  // Another scenario: start again from its preferred knob and preset.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on scenario change only
  useEffect(() => {
    const k = knobs.find((x) => x.name === initial);
    setName(initial);
    setDraft(k ? String(presetValue(k, run.scenario.compare)) : '');
    setLocal(null);
    setMode('knob');
    setDrop(String(leavable(runFaults(run.scenario, []))[0]?.index ?? -1));
  }, [run.scenario.id, shown.algorithm]);

  if (!knob || imported) return null;

  const pick = (next: string) => {
    setName(next);
    const k = knobs.find((x) => x.name === next);
    setDraft(k ? String(presetValue(k, run.scenario.compare)) : '');
    setLocal(null);
  };

  const start = () => {
    if (mode === 'fault') {
      setLocal(null);
      setCompare({ name: WITHOUT, value: Number(drop) });
      revealCompare();
      return;
    }
    let value: ParamValue;
    if (typeof knob.value === 'boolean') value = draft === 'true';
    else {
      const p = parseKnobInput(knob.name, draft);
      if ('error' in p) {
        setLocal(p.error);
        return;
      }
      value = p.value;
    }
    setLocal(null);
    setCompare({ name: knob.name, value });
    revealCompare();
  };

  const problem =
    local ??
    (result && result !== 'pending' && 'error' in result
      ? t('compare.refused', { message: refusalText(result.problem ?? result.error, shown.algorithm) })
      : null);
  const unit = unitText(knob.spec);

  return (
    <section className="wi-section" aria-label={t('compare.label')}>
      <h3 className="wi-h">{t('compare.label')}</h3>
      <p className="wi-muted">{t('compare.intro')}</p>
      {run.scenario.fix && (
        // A pitfall story: its other side in one click (this run without the fix: the run with it).
        <button
          type="button"
          className="button small compare-fix"
          onClick={() => {
            setLocal(null);
            setCompare({ name: FIX_KNOB, value: run.trace.params[FIX_KNOB] !== true });
            revealCompare();
          }}
        >
          {t('compare.fix')}
        </button>
      )}
      <fieldset className="compare-mode">
        <legend>{t('compare.what')}</legend>
        {(['knob', 'fault'] as const).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name={`${ids}-mode`}
              value={m}
              checked={mode === m}
              onChange={() => {
                setMode(m);
                setLocal(null);
              }}
            />
            {t(m === 'knob' ? 'compare.byKnob' : 'compare.byFault')}
          </label>
        ))}
      </fieldset>
      {mode === 'fault' ? (
        faults.length === 0 ? (
          <p className="wi-muted" role="status">
            {t('compare.noFaults')}
          </p>
        ) : (
          <>
            <div className="wi-row compare-form">
              <label className="wi-field compare-drop">
                {t('compare.leaveOut')}
                <select
                  value={
                    offered.some((f) => String(f.index) === drop) || drop === '-1'
                      ? drop
                      : String(offered[0]?.index ?? -1)
                  }
                  onChange={(e) => setDrop(e.currentTarget.value)}
                >
                  {offered.map((f) => (
                    <option key={f.index} value={String(f.index)}>
                      {runFaultText(f, run.trace.durationMs, storeGroupHost(run))}
                    </option>
                  ))}
                  {(faults.length > 1 || offered.length === 0) && (
                    <option value="-1">{t('compare.everyFault')}</option>
                  )}
                </select>
              </label>
              <button type="button" className="button small" onClick={start}>
                {t('compare.run')}
              </button>
            </div>
            {faults.some((f) => f.scripted) && <p className="wi-muted">{t('compare.faultHint')}</p>}
          </>
        )
      ) : (
        <div className="wi-row compare-form">
          <label className="wi-field">
            {t('compare.knob')}
            <select value={knob.name} onChange={(e) => pick(e.currentTarget.value)}>
              {knobs.map((k) => (
                <option key={k.name} value={k.name}>
                  {k.name}
                </option>
              ))}
            </select>
          </label>
          <label className="wi-field" htmlFor={`${ids}-value`}>
            {t('compare.value')}
            {typeof knob.value === 'boolean' ? (
              <select id={`${ids}-value`} value={draft} onChange={(e) => setDraft(e.currentTarget.value)}>
                <option value="true">{t('knobs.on')}</option>
                <option value="false">{t('knobs.off')}</option>
              </select>
            ) : (
              <span className="wi-unit">
                <input
                  id={`${ids}-value`}
                  type="number"
                  inputMode="decimal"
                  step={knob.spec.integer ? 1 : 'any'}
                  value={draft}
                  aria-invalid={problem !== null}
                  onChange={(e) => setDraft(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') start();
                  }}
                />
                {unit && <span aria-hidden="true">{unit}</span>}
              </span>
            )}
          </label>
          <button type="button" className="button small" onClick={start}>
            {t('compare.run')}
          </button>
        </div>
      )}
      {problem && (
        <p className="wi-problem" role="status">
          {problem}
        </p>
      )}
    </section>
  );
}

/**
 * Brings both runs' labels into view once the comparison is drawn, clear of the sticky header (whose
 * height changes with the width: it wraps to two rows on a phone).
 */
export function revealCompare() {
  if (typeof requestAnimationFrame === 'undefined') return;
  let tries = 0;
  const step = () => {
    const tag = document.querySelector<HTMLElement>('.stage-pictures .compare-tag');
    if (!tag) {
      if (++tries < 30) requestAnimationFrame(step);
      return;
    }
    const header = document.querySelector<HTMLElement>('.app-header');
    const top = tag.getBoundingClientRect().top - (header?.getBoundingClientRect().bottom ?? 0) - 8;
    if (top < 0 || top > window.innerHeight * 0.6) window.scrollBy({ top, behavior: 'auto' });
  };
  requestAnimationFrame(step);
}
