import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { budgetRefusal } from '../app/challenge/challengeRun.ts';
import { t } from '../i18n/index.ts';
import { usePlayer } from '../player/react.ts';
import { MAX_INSPECTED, type Run } from '../player/store.ts';
import type { Frame } from '../sim/trace/frame.ts';
import { formatTime } from '../views/format.ts';
import { defaultPauseMs, membershipAt, nodeActions } from './faults.ts';
import { isPatroniRecording, patroniActions } from './livePatroni.ts';
import './sandbox.css';

export interface NodeMenuProps {
  run: Run;
  frame: Frame;
  node: string;
  x: number;
  y: number;
  /** The What-if sandbox is open: its faults are offered beside Inspect. */
  faults?: boolean;
  onClose(): void;
}

/**
 * Gives the focus back to the node the menu belongs to, after React has drawn the new run (a new
 * run redraws the cluster, so the node element may be a new one).
 */
function focusNode(node: string) {
  requestAnimationFrame(() =>
    document.querySelector<SVGGElement>(`.cluster-canvas [data-node="${CSS.escape(node)}"]`)?.focus(),
  );
}

/**
 * A node's fault menu (role=menu): the faults valid for its state at the cursor. Arrow keys, Home
 * and End move, Enter picks, Escape and Tab close; a click elsewhere closes it.
 */
export function NodeMenu({ run, frame, node, x, y, faults = true, onClose }: NodeMenuProps) {
  const cursor = usePlayer((s) => s.t);
  const pauseMs = usePlayer((s) => s.pauseMs) ?? defaultPauseMs(run.trace.params, run.trace.durationMs);
  const add = usePlayer((s) => s.addIntervention);
  const interventions = usePlayer((s) => s.interventions);
  const inspected = usePlayer((s) => s.inspect);
  const setInspect = usePlayer((s) => s.setInspect);
  const engine = usePlayer((s) => s.engine);
  const live = usePlayer((s) => s.liveRecording);
  const liveRequest = usePlayer((s) => s.liveRequest);
  // A fault is likely next: the engine (a worker) starts now.
  useEffect(() => {
    if (faults) engine.warm?.();
  }, [engine, faults]);
  const view = frame.nodes.find((n) => n.id === node);
  // Another run without this node (another scenario or cluster size): nothing to offer.
  useEffect(() => {
    if (!view) closeRef.current();
  }, [view]);
  const hasStore = run.trace.hosts.some((h) => h.kind === 'store');
  // A live Patroni run: its own faults, sent as the service's list has them (livePatroni.ts).
  const patroni = live && liveRequest !== null && isPatroniRecording(run);
  const faultItems =
    !view || !faults
      ? []
      : patroni
        ? patroniActions(view, frame, run.trace.events).map((a) => ({
            id: a.id,
            label: a.label,
            refused: null as string | null,
            pick: () => liveRequest(a.request),
          }))
        : nodeActions(view, { hasStore, pauseMs, live }, membershipAt(run, frame, live)).map((a) => ({
            id: a.id,
            label: a.label,
            // A challenge's budget (app/challenge): a kind at its max stays listed, disabled, with why.
            refused: budgetRefusal(run.scenario, interventions, a.fault),
            pick: () => add({ atMs: Math.round(cursor), fault: a.fault }),
          }));
  // Inspect (the node's statechart) is always offered; a third node replaces the first one opened.
  const inspect = {
    id: 'inspect',
    label: t('menu.inspect'),
    pick: () => setInspect([...inspected.filter((n) => n !== node), node].slice(-MAX_INSPECTED)),
  };
  const items = [...faultItems, ...(view ? [{ ...inspect, refused: null as string | null }] : [])];
  const box = useRef<HTMLDivElement>(null);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const [pos, setPos] = useState({ left: x, top: y });
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // Inside the viewport, below-right of the pointer when there is room.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    const left = Math.max(8, Math.min(x, window.innerWidth - r.width - 8));
    const top = y + r.height + 8 > window.innerHeight ? Math.max(8, y - r.height) : y;
    setPos({ left, top });
  }, [x, y]);

  useEffect(() => {
    refs.current[0]?.focus();
    const away = (e: PointerEvent) => {
      if (box.current && e.target instanceof Node && box.current.contains(e.target)) return;
      closeRef.current();
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, []);

  const close = (refocus: boolean) => {
    onClose();
    if (refocus) focusNode(node);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    // The player's shortcuts (space, arrows, 1-5) stay out of an open menu.
    e.stopPropagation();
    const i = refs.current.indexOf(document.activeElement as HTMLButtonElement);
    const n = items.length;
    let to = -1;
    if (e.key === 'ArrowDown') to = (i + 1) % n;
    else if (e.key === 'ArrowUp') to = (i - 1 + n) % n;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = n - 1;
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    } else if (e.key === 'Tab') {
      e.preventDefault();
      close(true);
      return;
    } else return;
    e.preventDefault();
    refs.current[to]?.focus();
  };

  // Live: the fault happens now, not at the cursor.
  const when = live ? t('faults.now') : formatTime(cursor, run.trace.durationMs);
  const label = !faults
    ? t('menu.labelInspect', { node, t: when })
    : live
      ? t('menu.labelLive', { node })
      : t('menu.label', { node, t: when });
  return (
    <div
      ref={box}
      className="node-menu"
      role="menu"
      aria-label={label}
      style={{ left: pos.left, top: pos.top }}
      onKeyDown={onKeyDown}
    >
      <div className="node-menu-head" aria-hidden="true">
        <strong>{node}</strong>
        <span className="mono">{when}</span>
      </div>
      {items.map((a, i) => (
        <button
          key={a.id}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`node-menu-item fault-${a.id}`}
          disabled={a.refused !== null}
          title={a.refused ?? undefined}
          onClick={() => {
            a.pick();
            close(a.id !== 'inspect');
          }}
        >
          {a.label}
        </button>
      ))}
    </div>
  );
}
