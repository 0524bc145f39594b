import { charts } from 'virtual:statecharts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { usePlayer } from '../../player/react.ts';
import { eventLimit, stepsOf } from '../../player/steps.ts';
import type { Run } from '../../player/store.ts';
import { declarationOf } from '../../sim/algorithms/declared.ts';
import { formatTime } from '../format.ts';
import { useShownStep, useStepFrame } from '../story.ts';
import { contextShown } from './context.ts';
import { exportSvg } from './exportSvg.ts';
import type { LaidChart, LaidTransition } from './laidChart.ts';
import { fired, type Move, recordOf } from './record.ts';
import { Statechart } from './Statechart.tsx';
import { addInspectorStrings } from './strings.ts';
import './inspector.css';

addInspectorStrings();

/** The chart of an algorithm, fetched once (its own chunk, laid out at build time). */
function useChart(algorithm: string): LaidChart | null | 'none' {
  const [chart, setChart] = useState<{ id: string; c: LaidChart | 'none' } | null>(null);
  useEffect(() => {
    let live = true;
    const load = charts[algorithm];
    if (!load) setChart({ id: algorithm, c: 'none' });
    else
      void load().then((c) => {
        if (live) setChart({ id: algorithm, c });
      });
    return () => {
      live = false;
    };
  }, [algorithm]);
  return chart?.id === algorithm ? chart.c : null;
}

/** The edges of the transitions that the moves took (event, source before, targets after). */
function edgesOf(chart: LaidChart, moves: readonly Move[]): Set<string> {
  const out = new Set<string>();
  for (const m of moves)
    for (const tr of chart.transitions)
      if (fired(m, { event: tr.event, source: tr.source, targets: [tr.target] })) out.add(tr.id);
  return out;
}

const ctxText = (k: string, v: string | number | null, durationMs: number) => {
  if (v === null) return t('insp.none');
  if (typeof v === 'number' && (k === 'deadline' || k === 'leaderUntilMs'))
    return v > 0 ? formatTime(v, durationMs) : t('insp.none');
  if (typeof v === 'number' && k === 'lease') return v.toString(16);
  if (k === 'configuration') return String(v).split(',').join(', ');
  return String(v);
};

function NodeInspector({ run, node, onClose }: { run: Run; node: string; onClose(): void }) {
  useLocale();
  const time = usePlayer((s) => s.t);
  const seek = usePlayer((s) => s.seek);
  const chart = useChart(run.trace.algorithm);
  const carries = declarationOf(run.trace.algorithm)?.leadership.carries;
  const events = run.trace.events;
  const record = recordOf(run.index, events, node);
  const stepIndex = useShownStep(run);
  const frame = useStepFrame(run, time);
  // A crashed node has no process: no state is lit, its last one is told in words.
  const down = frame.nodes.find((n) => n.id === node)?.up === false;
  const last = record.at(time, eventLimit(stepsOf(run), events, { t: time, stepIndex }));
  const move = down ? null : last;
  const shown = contextShown(move?.after.ctx ?? {}, carries);
  const dur = run.trace.durationMs;
  const svgBox = useRef<HTMLDivElement>(null);
  const [note, setNote] = useState('');
  // The chart (often 2000 px wide) fits the box whole, as a map of where the node is; at its actual
  // size it scrolls, kept on the state entered last. Scrolled by default it showed a slice, cut on the left.
  const [actual, setActual] = useState(false);
  // What led here: the moves of the cursor's last millisecond (a woken node runs its backlog at once).
  const burst = useMemo(() => (move ? record.burst(move) : []), [record, move]);
  const lastEdges = useMemo(
    () => (chart && chart !== 'none' ? edgesOf(chart, burst) : new Set<string>()),
    [chart, burst],
  );
  const state = move?.after.leaves.join(', ') ?? '';
  const lastText = move
    ? move.init
      ? t('insp.started', { t: formatTime(move.t, dur) })
      : t('insp.lastAt', {
          event: burst
            .filter((m) => !m.init)
            .map((m) => m.on)
            .join(', '),
          t: formatTime(move.t, dur),
        })
    : t('insp.none');
  const announce = move ? t('insp.announce', { node, state, event: lastText }) : '';

  const onTransition = (tr: LaidTransition) => {
    const m = record.next(time, (x) =>
      fired(x, { event: tr.event, source: tr.source, targets: [tr.target] }),
    );
    if (m) {
      setNote('');
      seek(m.t);
    } else setNote(t('insp.never', { label: tr.label.text, node }));
  };

  // The chart is larger than its box: keep the leaf entered last in view as the cursor moves.
  const focusLeaf = move
    ? (move.after.leaves.find((l) => !move.before.leaves.includes(l)) ?? move.after.leaves[0] ?? '')
    : '';
  useEffect(() => {
    const box = svgBox.current;
    const st = chart && chart !== 'none' ? chart.states.find((x) => x.path === focusLeaf) : undefined;
    if (!box || !st || !actual) return;
    box.scrollTo({
      left: Math.max(0, st.x + st.w / 2 - box.clientWidth / 2),
      top: Math.max(0, st.y + st.h / 2 - box.clientHeight / 2),
    });
  }, [chart, focusLeaf, actual]);

  // Opened, the inspector takes the focus (Escape closes it from there); closed, the focus goes back to
  // where it was (the node it was opened from when that was a menu that has gone), as a dialog's does.
  const region = useRef<HTMLElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    opener.current = document.activeElement;
    region.current?.focus({ preventScroll: true });
  }, []);
  const close = () => {
    const back = opener.current;
    onClose();
    const target =
      back instanceof HTMLElement || back instanceof SVGElement
        ? back.isConnected && back !== document.body
          ? back
          : document.querySelector<SVGElement>(`[data-node="${CSS.escape(node)}"]`)
        : null;
    target?.focus();
  };

  const noRecord = record.moves.length === 0 && (run.complete || events.length > 0);
  return (
    <section
      className="inspector"
      aria-label={t('insp.region', { node })}
      ref={region}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        e.stopPropagation();
        close();
      }}
    >
      <header className="insp-head">
        <h3>{t('insp.title', { node })}</h3>
        <button
          type="button"
          className="button"
          disabled={!chart || chart === 'none'}
          onClick={() => {
            const svg = svgBox.current?.querySelector('svg');
            if (svg) exportSvg(svg, t('insp.exportName', { node }));
          }}
        >
          {t('insp.export')}
        </button>
        <button
          type="button"
          className="button insp-close"
          aria-label={t('insp.close', { node })}
          onClick={close}
        >
          ×
        </button>
      </header>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {noRecord ? (
        <p className="insp-note">{t('insp.noRecord', { node })}</p>
      ) : (
        <>
          <dl className="insp-facts">
            <dt>{t('insp.state')}</dt>
            <dd className="mono">
              {move
                ? state
                : down
                  ? t('insp.down', { node, state: last?.after.leaves.join(', ') ?? '' })
                  : t('insp.notYet', { node })}
            </dd>
            <dt>{t('insp.last')}</dt>
            <dd className="mono">{lastText}</dd>
            <dt>{t('insp.timers')}</dt>
            <dd>
              {move && move.after.timers.size > 0 ? (
                <ul className="insp-list mono">
                  {[...move.after.timers].map(([name, due]) => (
                    <li key={name}>
                      {name} · {t('insp.due', { t: formatTime(due, dur) })}
                    </li>
                  ))}
                </ul>
              ) : (
                t('insp.noTimers')
              )}
            </dd>
            <dt>{t('insp.context')}</dt>
            <dd>
              {shown.length === 0 && t('insp.none')}
              <ul className="insp-list">
                {shown.map(([k, v]) => (
                  <li key={k}>
                    {t(`insp.ctx.${k}`, undefined, k)}: <span className="mono">{ctxText(k, v, dur)}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
          {note && (
            <p className="insp-note" role="status">
              {note}
            </p>
          )}
          {chart && chart !== 'none' && (
            <div className="insp-chart-bar">
              <button
                type="button"
                className="button small"
                aria-pressed={actual}
                onClick={() => setActual((a) => !a)}
              >
                {t('insp.actualSize')}
              </button>
            </div>
          )}
          <div className={`insp-chart${actual ? '' : ' fit'}`} ref={svgBox}>
            {chart === null ? (
              <p className="insp-note">{t('insp.loading')}</p>
            ) : chart === 'none' ? null : (
              <>
                <Statechart
                  chart={chart}
                  node={node}
                  leaves={move?.after.leaves ?? []}
                  lastEdges={lastEdges}
                  onTransition={onTransition}
                />
                {chart.anywhere.length > 0 && (
                  <p className="insp-anywhere mono">
                    {t('insp.anywhere', { list: chart.anywhere.join(', ') })}
                  </p>
                )}
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** The inspected nodes' statecharts, side by side (stacked on a narrow screen). */
export function InspectorPane({ run }: { run: Run }) {
  const inspect = usePlayer((s) => s.inspect);
  const setInspect = usePlayer((s) => s.setInspect);
  const nodes = inspect.filter((n) => run.trace.hosts.some((h) => h.id === n && h.kind === 'node'));
  if (nodes.length === 0) return null;
  return (
    <div className={`inspector-pane${nodes.length > 1 ? ' two' : ''}`}>
      {nodes.map((n) => (
        <NodeInspector
          key={n}
          run={run}
          node={n}
          onClose={() => setInspect(inspect.filter((x) => x !== n))}
        />
      ))}
    </div>
  );
}
