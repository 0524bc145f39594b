import { useEffect, useState } from 'react';
import { budgetRefusal } from '../app/challenge/challengeRun.ts';
import { t } from '../i18n/index.ts';
import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';
import { declarationOf } from '../sim/algorithms/declared.ts';
import type { Fault } from '../sim/trace/events.ts';
import type { Frame } from '../sim/trace/frame.ts';
import { formatTime } from '../views/format.ts';
import {
  defaultPauseMs,
  type FaultAction,
  faultText,
  interventionText,
  membershipAt,
  nodeActions,
  partitionPresets,
  pauseMsOf,
  storeGroupHost,
  storesOnNoSide,
} from './faults.ts';
import { isPatroniRecording, memberActions, type PatroniAction, patroniActions } from './livePatroni.ts';
import { PartitionBoard } from './PartitionBoard.tsx';

/** The Faults toolbar: a node's faults, GC pause length, partition presets and heal, one link; undo / redo. */
export function FaultsPanel({ run, frame }: { run: Run; frame: Frame }) {
  const cursor = usePlayer((s) => s.t);
  const add = usePlayer((s) => s.addIntervention);
  const pauseOverride = usePlayer((s) => s.pauseMs);
  const setPauseMs = usePlayer((s) => s.setPauseMs);
  const live = usePlayer((s) => s.liveRecording);
  const liveRequest = usePlayer((s) => s.liveRequest);
  // A live Patroni run: its own faults (livePatroni.ts), no GC pause length.
  const patroni = live && liveRequest !== null && isPatroniRecording(run);
  const interventions = usePlayer((s) => s.interventions);
  // A challenge's budget (app/challenge): a fault it does not allow now is disabled, with why.
  const refused = (f: Fault) => budgetRefusal(run.scenario, interventions, f);
  const nodes = frame.nodes.filter((n) => n.kind === 'node');
  const nodeIds = nodes.map((n) => n.id);
  const hasStore = run.trace.hosts.some((h) => h.kind === 'store');
  const pauseMs = pauseOverride ?? defaultPauseMs(run.trace.params, run.trace.durationMs);
  const [picked, setPicked] = useState(nodeIds[0] ?? '');
  const [linkA, setLinkA] = useState(nodeIds[0] ?? '');
  const [linkB, setLinkB] = useState(nodeIds[1] ?? '');
  const [delayMs, setDelayMs] = useState(500);
  const [pauseText, setPauseText] = useState(String(pauseMs / 1000));

  // Another run (scenario, cluster size): pick nodes that exist in it.
  useEffect(() => {
    if (!nodeIds.includes(picked)) setPicked(nodeIds[0] ?? '');
    if (!nodeIds.includes(linkA)) setLinkA(nodeIds[0] ?? '');
    if (!nodeIds.includes(linkB)) setLinkB(nodeIds[1] ?? '');
  }, [nodeIds, picked, linkA, linkB]);
  // A new length from elsewhere (a reset, another run) shows in the field; what is being typed stays.
  useEffect(
    () => setPauseText((text) => (pauseMsOf(text) === pauseMs ? text : String(pauseMs / 1000))),
    [pauseMs],
  );

  const at = Math.round(cursor);
  const apply = (fault: Fault) => add({ atMs: at, fault });
  const view = nodes.find((n) => n.id === picked);
  // Raft's configuration at the cursor (thesis ch. 4): add a server outside it, remove a member.
  const membership = membershipAt(run, frame, live);
  const actions = view ? nodeActions(view, { hasStore, pauseMs, live }, membership) : [];
  // The host that stands for an ensemble (ZooKeeper's three servers): its servers' faults, from the
  // state the run left each one in at the cursor. Live mode drives a real etcd, no such ensemble.
  // A store that is a Raft group (etcd with storeMembers 3 or 5) offers its members the same way.
  const declared = declarationOf(run.trace.algorithm);
  const group = live ? undefined : declared?.storeGroup?.(run.trace.params);
  const ensemble = live ? undefined : (declared?.chaos?.ensemble ?? group?.host);
  const ensembleView = ensemble ? frame.nodes.find((n) => n.id === ensemble) : undefined;
  const serverActions =
    ensemble && ensembleView
      ? nodeActions(ensembleView, {
          hasStore,
          pauseMs,
          ensemble,
          ...(group ? { ensembleSize: group.members, storeGroup: true } : {}),
        }).filter((a) => a.fault.kind === 'server')
      : [];
  const partitioned = frame.partition !== null || frame.cuts.length > 0;
  const linkOk = linkA !== '' && linkB !== '' && linkA !== linkB;
  const hosts = run.trace.hosts.filter((h) => h.kind !== 'client').map((h) => h.id);
  // The presets split the nodes only: the store stays on both sides, and the user is told so.
  const bothSides = storesOnNoSide([nodeIds], run.trace.hosts).join(', ');
  const storeNoteId = `wi-store-both-${run.scenario.id}`;

  // A valid length is taken as it is typed: the pause buttons (here and in the node menu) say and
  // inject what the field shows. An empty or invalid field goes back to the last length on blur.
  const typePause = (raw: string) => {
    setPauseText(raw);
    const ms = pauseMsOf(raw);
    if (ms !== null && ms !== pauseMs) setPauseMs(ms);
  };
  const commitPause = (raw: string) => {
    const ms = pauseMsOf(raw);
    if (ms === null) setPauseText(String(pauseMs / 1000));
    else setPauseMs(ms);
  };

  return (
    <section className="wi-section" aria-label={t('faults.label')}>
      <h3 className="wi-h">
        {t('faults.label')}{' '}
        <span className="wi-at mono">
          {live ? t('faults.now') : t('faults.at', { t: formatTime(cursor, run.trace.durationMs) })}
        </span>
      </h3>
      <div className="wi-row">
        <label className="wi-field">
          <span>{t('faults.node')}</span>
          <select value={picked} onChange={(e) => setPicked(e.currentTarget.value)}>
            {nodeIds.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        {!patroni && (
          <label className="wi-field">
            <span>{t('faults.pauseLength')}</span>
            <span className="wi-unit">
              <input
                type="number"
                inputMode="decimal"
                min={0.1}
                step={0.1}
                value={pauseText}
                onChange={(e) => typePause(e.currentTarget.value)}
                onBlur={(e) => commitPause(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') commitPause(e.currentTarget.value);
                }}
              />
              <span aria-hidden="true">{t('unit.s')}</span>
            </span>
          </label>
        )}
      </div>
      {patroni && view?.kind === 'node' && !view.up ? (
        <p className="wi-note">{t('faults.patroniDown', { node: view.id })}</p>
      ) : patroni && liveRequest ? (
        <RequestButtons
          actions={view ? patroniActions(view, frame, run.trace.events) : []}
          send={liveRequest}
        />
      ) : (
        <FaultButtons actions={actions} refused={refused} apply={apply} />
      )}
      {patroni && liveRequest && (
        <fieldset className="wi-group">
          <legend>{t('faults.storeMembers', { host: 'etcd' })}</legend>
          <RequestButtons actions={memberActions(frame, run.trace.events)} send={liveRequest} />
        </fieldset>
      )}
      {serverActions.length > 0 && (
        <fieldset className="wi-group">
          <legend>{t(group ? 'faults.storeMembers' : 'faults.ensemble', { host: ensemble ?? '' })}</legend>
          <FaultButtons actions={serverActions} refused={refused} apply={apply} storeGroup={group?.host} />
        </fieldset>
      )}
      {membership && (
        <fieldset className="wi-group">
          <legend>{t('faults.membership')}</legend>
          <FaultButtons
            actions={[
              {
                id: 'add-new-server',
                label: t('faults.addNew', { node: membership.next }),
                fault: { kind: 'add-server', node: membership.next },
              },
            ]}
            refused={refused}
            apply={apply}
          />
        </fieldset>
      )}
      {nodeIds.length >= 2 && !live && (
        <fieldset className="wi-group">
          <legend>{t('faults.partition')}</legend>
          <div className="wi-buttons">
            {partitionPresets(nodeIds).map((p) => (
              <button
                key={p.preset}
                type="button"
                className="button small"
                aria-label={t('faults.partitionPreset', { preset: p.preset })}
                aria-describedby={bothSides ? storeNoteId : undefined}
                title={
                  refused({ kind: 'partition', groups: p.groups }) ??
                  t('faults.partitionTitle', { groups: p.groups.map((g) => g.join(', ')).join(' | ') })
                }
                disabled={refused({ kind: 'partition', groups: p.groups }) !== null}
                onClick={() => apply({ kind: 'partition', groups: p.groups })}
              >
                <span className="mono">{p.preset}</span>
              </button>
            ))}
            <button
              type="button"
              className="button small"
              disabled={!partitioned}
              onClick={() => apply({ kind: 'heal' })}
            >
              {t('faults.heal')}
            </button>
          </div>
          {bothSides && (
            <p className="wi-note" id={storeNoteId}>
              {t('faults.storeBothSides', { stores: bothSides })}
            </p>
          )}
          <PartitionBoard run={run} />
        </fieldset>
      )}
      {!live && (
        <fieldset className="wi-group">
          <legend>{t('faults.link')}</legend>
          <div className="wi-row">
            <select
              aria-label={t('faults.linkFrom')}
              value={linkA}
              onChange={(e) => setLinkA(e.currentTarget.value)}
            >
              {hosts.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
            <span aria-hidden="true">–</span>
            <select
              aria-label={t('faults.linkTo')}
              value={linkB}
              onChange={(e) => setLinkB(e.currentTarget.value)}
            >
              {hosts.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </div>
          <div className="wi-buttons">
            <button
              type="button"
              className="button small"
              disabled={!linkOk || refused({ kind: 'cut-link', a: linkA, b: linkB }) !== null}
              title={refused({ kind: 'cut-link', a: linkA, b: linkB }) ?? undefined}
              onClick={() => apply({ kind: 'cut-link', a: linkA, b: linkB })}
            >
              {t('faults.cut')}
            </button>
            <button
              type="button"
              className="button small"
              disabled={!linkOk}
              onClick={() => apply({ kind: 'restore-link', a: linkA, b: linkB })}
            >
              {t('faults.restore')}
            </button>
          </div>
          <div className="wi-row wi-delay">
            <button
              type="button"
              className="button small"
              disabled={
                !linkOk ||
                delayMs <= 0 ||
                refused({ kind: 'delay-link', a: linkA, b: linkB, extraMs: delayMs }) !== null
              }
              title={refused({ kind: 'delay-link', a: linkA, b: linkB, extraMs: delayMs }) ?? undefined}
              onClick={() => apply({ kind: 'delay-link', a: linkA, b: linkB, extraMs: delayMs })}
            >
              {t('faults.delay')}
            </button>
            <span className="wi-unit">
              <input
                aria-label={t('faults.delayBy')}
                type="number"
                min={0}
                step={100}
                value={delayMs}
                onChange={(e) => setDelayMs(Math.max(0, Math.round(Number(e.currentTarget.value) || 0)))}
              />
              <span aria-hidden="true">{t('unit.ms')}</span>
            </span>
          </div>
        </fieldset>
      )}
    </section>
  );
}

/** The user's interventions, each with a way back to it and a remove button. */
export function InterventionList({ run }: { run: Run }) {
  const list = usePlayer((s) => s.interventions);
  const remove = usePlayer((s) => s.removeIntervention);
  const seek = usePlayer((s) => s.seek);
  const order = list.map((f, i) => ({ f, i })).sort((a, b) => a.f.atMs - b.f.atMs || a.i - b.i);
  return (
    <section className="wi-section" aria-label={t('list.label')}>
      <h3 className="wi-h">{t('list.label')}</h3>
      {order.length === 0 ? (
        <p className="wi-muted">{t('list.empty')}</p>
      ) : (
        <ul className="wi-list">
          {order.map(({ f, i }) => {
            const what = interventionText(f, run.trace.durationMs, storeGroupHost(run));
            return (
              <li key={`${i}-${JSON.stringify(f)}`}>
                <button
                  type="button"
                  className="wi-link"
                  aria-label={t('list.seek', { what })}
                  onClick={() => seek(f.atMs)}
                >
                  {what}
                </button>
                <button
                  type="button"
                  className="icon-button small"
                  aria-label={t('list.remove', { what })}
                  title={t('list.remove', { what })}
                  onClick={() => remove(i)}
                >
                  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A live Patroni run's faults as buttons, each sent to the control service as its request. */
function RequestButtons({
  actions,
  send,
}: {
  actions: PatroniAction[];
  send: (r: PatroniAction['request']) => void;
}) {
  return (
    <div className="wi-buttons">
      {actions.map((a) => (
        <button key={a.id} type="button" className="button small" onClick={() => send(a.request)}>
          {a.label}
        </button>
      ))}
    </div>
  );
}

/** The menu's faults as buttons: one the challenge's budget refuses is disabled and says why. */
function FaultButtons({
  actions,
  refused,
  apply,
  storeGroup,
}: {
  actions: readonly FaultAction[];
  refused: (f: Fault) => string | null;
  apply: (f: Fault) => void;
  /** The store that is a Raft group: its servers are named as members. */
  storeGroup?: string | undefined;
}) {
  return (
    <div className="wi-buttons">
      {actions.map((a) => (
        <button
          key={a.id}
          type="button"
          className="button small"
          title={refused(a.fault) ?? faultText(a.fault, storeGroup)}
          disabled={refused(a.fault) !== null}
          onClick={() => apply(a.fault)}
        >
          {a.label}
        </button>
      ))}
    </div>
  );
}
