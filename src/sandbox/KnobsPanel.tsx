import { useEffect, useId, useState } from 'react';
import { lockedOf } from '../app/challenge/challengeRun.ts';
import { t } from '../i18n/index.ts';
import { usePlayer } from '../player/react.ts';
import { type Run, shownScenario } from '../player/store.ts';
import { scenarioParams } from '../sim/inputs.ts';
import { netParams, ParamError, type ParamProblem, type Params, type ParamValue } from '../sim/params.ts';
import { FIX_KNOB } from '../sim/scenario/fix.ts';
import {
  fixChanges,
  type Knob,
  knobDoc,
  knobsOf,
  nodeChoices,
  parseKnobInput,
  refusalText,
  unitText,
  withFixKnob,
  withKnob,
} from './knobs.ts';

/**
 * The run's knobs: the algorithm's params and the network's, and the cluster size. A change
 * re-simulates; a refused one (ParamError: the rule and its source) is shown here and the last valid
 * run stays on screen: nothing is clamped. A change is checked first with the simulator's own check
 * (scenarioParams), so the refusal comes as data (a ParamProblem) and is worded in the reader's language.
 */
export function KnobsPanel({ run }: { run: Run }) {
  const overrides = usePlayer((s) => s.params);
  const setParams = usePlayer((s) => s.setParams);
  const nodesOverride = usePlayer((s) => s.nodes);
  const setNodes = usePlayer((s) => s.setNodes);
  const resetKnobs = usePlayer((s) => s.resetKnobs);
  const rejected = usePlayer((s) => s.rejected);
  // The run's own knobs: with the fix on, those of the fixed run (its algorithm may differ).
  const scenario = shownScenario(run);
  const fixOn = overrides[FIX_KNOB] === true;
  const knobs = knobsOf(scenario, run.trace.params);
  const sizes = nodeChoices(scenario);
  const nodeCount = run.trace.hosts.filter((h) => h.kind === 'node').length;
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [local, setLocal] = useState<ParamProblem | string | null>(null);
  const ids = useId();
  // A challenge locks the defence's knobs (app/challenge): shown, disabled, with the reason.
  const locked = lockedOf(run.scenario);
  const lockedNote = (name: string) =>
    locked.has(name) ? <span className="knob-locked">{t('challenge.lockedKnob')}</span> : null;

  // Another scenario: forget what was typed for the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on scenario change only
  useEffect(() => {
    setDrafts({});
    setLocal(null);
  }, [scenario.id, scenario.algorithm]);

  // A refused value stays in its field (a draft) and goes in with the next change, so a pair of knobs
  // bound by a rule (ttlS 5 needs renewS under 5) can be changed in either order.
  const withDrafts = (base: Partial<Params>, except: string): Partial<Params> => {
    let next = base;
    for (const [n, raw] of Object.entries(drafts)) {
      if (n === except || n === 'nodes' || !knobs.some((k) => k.name === n)) continue;
      const p = parseKnobInput(n, raw);
      if (!('error' in p)) next = withKnob(scenario, next, n, p.value);
    }
    return next;
  };

  const commit = (name: string, value: ParamValue) => {
    setLocal(null);
    const before = JSON.stringify(overrides);
    const next = withKnob(scenario, withDrafts(overrides, name), name, value);
    if (JSON.stringify(next) === before) {
      setDrafts(({ [name]: _, ...rest }) => rest);
      return;
    }
    try {
      scenarioParams(scenario, next);
    } catch (e) {
      if (!(e instanceof ParamError)) throw e;
      setLocal(e.problem);
      return;
    }
    setParams(next);
  };

  // A change that was taken clears its draft; a refused one keeps what the user typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the run and refusals
  useEffect(() => {
    if (!rejected) setDrafts({});
  }, [run, rejected]);

  const commitText = (name: string, raw: string) => {
    const p = parseKnobInput(name, raw);
    if ('error' in p) {
      setLocal(p.error);
      return;
    }
    const k = knobs.find((x) => x.name === name);
    if (k && p.value === k.value) {
      setDrafts(({ [name]: _, ...rest }) => rest);
      setLocal(null);
      return;
    }
    commit(name, p.value);
  };

  const commitNodes = (raw: string) => {
    const p = parseKnobInput(t('knobs.nodes'), raw);
    if ('error' in p) {
      setLocal(p.error);
      return;
    }
    setLocal(null);
    if (p.value === nodeCount) {
      setDrafts(({ nodes: _, ...rest }) => rest);
      return;
    }
    setNodes(p.value === scenario.nodes ? undefined : p.value);
  };

  const problem = local ?? rejected;
  /** The refused values kept in their fields, to go in with the next change. */
  // Only a broken cross-knob rule can be mended by changing the other knob it names; a value out of
  // its own range stays in its field, marked invalid, without that hint.
  const byRule = problem !== null && (typeof problem === 'string' || problem.kind === 'rule');
  const pending = byRule
    ? Object.entries(drafts).filter(([n]) => n !== 'nodes' && knobs.some((k) => k.name === n))
    : [];
  const changed = Object.keys(overrides).length > 0 || nodesOverride !== undefined;

  const numberInput = (name: string, k: Knob | null, value: string, onCommit: (raw: string) => void) => (
    <input
      id={`${ids}-${name}`}
      disabled={locked.has(name)}
      type="number"
      inputMode="decimal"
      value={drafts[name] ?? value}
      {...(k?.spec.integer ? { step: 1 } : { step: 'any' })}
      aria-invalid={drafts[name] !== undefined && problem !== null}
      aria-describedby={`${ids}-${name}-doc${problem ? ` ${ids}-problem` : ''}`}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setDrafts((d) => ({ ...d, [name]: v }));
      }}
      onBlur={(e) => {
        if (drafts[name] !== undefined) onCommit(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onCommit(e.currentTarget.value);
      }}
    />
  );

  return (
    <section className="wi-section" aria-label={t('knobs.label')}>
      <div className="wi-h-row">
        <h3 className="wi-h">{t('knobs.label')}</h3>
        <button
          type="button"
          className="button small"
          disabled={!changed && Object.keys(drafts).length === 0 && !problem}
          onClick={() => {
            setDrafts({});
            setLocal(null);
            resetKnobs();
          }}
        >
          {t('knobs.reset')}
        </button>
      </div>
      {problem && (
        <p className="wi-problem" id={`${ids}-problem`} role="status">
          {t('knobs.refused', { message: refusalText(problem, scenario.algorithm) })}
          {pending.length > 0 && (
            <>
              {' '}
              {t('knobs.pending', {
                knobs: pending
                  .map(([n, v]) => `${knobs.find((k) => k.name === n)?.label ?? n} = ${v}`)
                  .join(', '),
              })}
            </>
          )}
        </p>
      )}
      {locked.size > 0 && (
        <p className="wi-note knobs-locked">
          {t('challenge.locked', {
            knobs: knobs
              .filter((k) => locked.has(k.name))
              .map((k) => k.label)
              .join(', '),
          })}
        </p>
      )}
      <div className="knobs">
        {run.scenario.fix && !locked.has(FIX_KNOB) && (
          <div className={`knob${fixOn ? ' changed' : ''}`}>
            <span className="knob-name" id={`${ids}-fix-label`}>
              {FIX_KNOB}
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={fixOn}
              aria-labelledby={`${ids}-fix-label`}
              aria-describedby={`${ids}-fix-doc`}
              className="switch"
              onClick={() => {
                setLocal(null);
                setParams(withFixKnob(run.scenario, overrides, !fixOn));
              }}
            >
              <span className="switch-track" aria-hidden="true">
                <span className="switch-thumb" />
              </span>
              <span className="switch-text">{fixOn ? t('knobs.on') : t('knobs.off')}</span>
            </button>
            <p className="knob-doc" id={`${ids}-fix-doc`}>
              {t('fix.doc', { changes: fixChanges(run.scenario) })}
            </p>
          </div>
        )}
        {sizes && (
          <div className={`knob${nodesOverride !== undefined ? ' changed' : ''}`}>
            <label htmlFor={`${ids}-nodes`} className="knob-name">
              {t('knobs.nodes')}
              {lockedNote('nodes')}
            </label>
            <span className="wi-unit">{numberInput('nodes', null, String(nodeCount), commitNodes)}</span>
            <p className="knob-doc" id={`${ids}-nodes-doc`}>
              {t('knobs.nodesDoc', sizes)}
            </p>
          </div>
        )}
        {knobs.map((k) => {
          const unit = unitText(k.spec);
          const doc = (
            <p className="knob-doc" id={`${ids}-${k.name}-doc`}>
              {knobDoc(Object.hasOwn(netParams, k.name) ? 'net' : scenario.algorithm, k.name, k.spec)}
              {k.spec.source ? (
                <span className="knob-source"> · {t('knobs.source', { source: k.spec.source })}</span>
              ) : null}
            </p>
          );
          if (typeof k.value === 'boolean') {
            const on = k.value;
            return (
              <div
                key={k.name}
                className={`knob${k.changed ? ' changed' : ''}${locked.has(k.name) ? ' locked' : ''}`}
              >
                <span className="knob-name" id={`${ids}-${k.name}-label`} title={k.name}>
                  {k.label}
                  {lockedNote(k.name)}
                </span>
                <button
                  type="button"
                  role="switch"
                  disabled={locked.has(k.name)}
                  aria-checked={on}
                  aria-labelledby={`${ids}-${k.name}-label`}
                  aria-describedby={`${ids}-${k.name}-doc`}
                  className="switch"
                  onClick={() => commit(k.name, !on)}
                >
                  <span className="switch-track" aria-hidden="true">
                    <span className="switch-thumb" />
                  </span>
                  <span className="switch-text">{on ? t('knobs.on') : t('knobs.off')}</span>
                </button>
                {doc}
              </div>
            );
          }
          return (
            <div
              key={k.name}
              className={`knob${k.changed ? ' changed' : ''}${locked.has(k.name) ? ' locked' : ''}`}
            >
              <label htmlFor={`${ids}-${k.name}`} className="knob-name" title={k.name}>
                {k.label}
                {lockedNote(k.name)}
              </label>
              <span className="wi-unit">
                {numberInput(k.name, k, String(k.value), (raw) => commitText(k.name, raw))}
                {unit && <span aria-hidden="true">{unit}</span>}
              </span>
              {doc}
            </div>
          );
        })}
      </div>
    </section>
  );
}
