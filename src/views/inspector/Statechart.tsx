import type { KeyboardEvent } from 'react';
import { t } from '../../i18n/index.ts';
import { ANY, type LaidChart, type LaidTransition } from './laidChart.ts';

export interface StatechartProps {
  chart: LaidChart;
  node: string;
  /** Active leaf paths at the cursor; their ancestors are lit too. */
  leaves: readonly string[];
  /** The drawn edges of the transition that led to the state at the cursor. */
  lastEdges: ReadonlySet<string>;
  onTransition(tr: LaidTransition): void;
}

const active = (path: string, leaves: readonly string[]) =>
  leaves.some((l) => l === path || l.startsWith(`${path}.`));

/** A polyline through the route ELK computed, as an SVG path. */
const route = (pts: ReadonlyArray<[number, number]>) =>
  pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');

/**
 * The statechart as SVG, drawn from the build-time layout. Each state is a `<g data-state="<path>">`
 * (`data-active="true"` while it is in the configuration at the cursor); each transition's label is
 * a button that seeks to its next firing for this node.
 */
export function Statechart({ chart, node, leaves, lastEdges, onTransition }: StatechartProps) {
  const key = (tr: LaidTransition) => (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.stopPropagation();
    onTransition(tr);
  };
  return (
    <svg
      className="sc-svg"
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      width={chart.width}
      height={chart.height}
    >
      <defs>
        <marker
          id={`sc-arrow-${node}`}
          viewBox="0 0 8 8"
          refX="7"
          refY="4"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0 0 L8 4 L0 8 z" className="sc-arrowhead" />
        </marker>
      </defs>
      {chart.states.map((s) => {
        const on = s.path !== ANY && active(s.path, leaves);
        return (
          <g
            key={s.path}
            className={`sc-state sc-${s.type}${on ? ' sc-on' : ''}`}
            {...(s.path === ANY ? { 'data-any': 'true' } : { 'data-state': s.path })}
            {...(on ? { 'data-active': 'true' } : {})}
          >
            <rect x={s.x} y={s.y} width={s.w} height={s.h} rx={s.type === 'atomic' ? 8 : 4} />
            <text x={s.x + 8} y={s.y + 16} className="sc-key">
              {s.path === ANY ? t('insp.any') : s.key}
              {s.initial ? ' ●' : ''}
            </text>
            {s.inPlace.map((line, i) => (
              <text key={line} x={s.x + 8} y={s.y + 30 + i * 14} className="sc-inplace">
                {line}
              </text>
            ))}
          </g>
        );
      })}
      {chart.transitions.map((tr) => {
        const lit = lastEdges.has(tr.id);
        const label = tr.label.text;
        return (
          <g key={tr.id} className={`sc-edge${lit ? ' sc-lit' : ''}`} data-transition={tr.transition}>
            <path d={route(tr.points)} markerEnd={`url(#sc-arrow-${node})`} />
            {/* biome-ignore lint/a11y/useSemanticElements: an SVG label cannot be an HTML button */}
            <g
              role="button"
              tabIndex={0}
              className="sc-label"
              aria-label={t('insp.seek', { label })}
              onClick={() => onTransition(tr)}
              onKeyDown={key(tr)}
            >
              <text x={tr.label.x} y={tr.label.y + 11}>
                {label}
              </text>
            </g>
          </g>
        );
      })}
    </svg>
  );
}
