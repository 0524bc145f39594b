// biome-ignore-all lint/a11y/noRedundantRoles: the narrow layout restyles the matrix rows as cards (display: block), which drops table semantics in some browsers; explicit roles keep it a table.
import {
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { scenarios } from '../../scenarios/index.ts';
import { adrFor } from '../adr/byLocale.ts';
import { type ResolvedAdrLink, resolveAdrLink } from '../adr/links.ts';
import type { Adr, MatrixRow, Rating } from '../adr/types.ts';
import { getLocale, t } from '../i18n/index.ts';
import { scenarioText } from '../i18n/scenarios.ts';
import './panels.css';

interface Props {
  open: boolean;
  onClose: () => void;
  onOpenScenario: (scenarioId: string, stepIndex: number) => void;
  /** ADR ids the current scenario illustrates (its `adr` field). */
  highlight: string[];
}

const MIN_WIDTH = 360;

/** About a third of the window (400 px at 1280): the side column goes under it, the cluster stays clear. */
function defaultWidth(): number {
  if (typeof window === 'undefined') return 420;
  return Math.round(Math.min(560, Math.max(380, window.innerWidth * 0.31)));
}

/** The drawer may not grow past 70% of the window, so the cluster stays in sight. */
function clampWidth(w: number): number {
  const max = Math.max(MIN_WIDTH, Math.floor(window.innerWidth * 0.7));
  return Math.round(Math.min(max, Math.max(MIN_WIDTH, w)));
}

function SeeIt({
  link,
  onOpenScenario,
  compact = false,
}: {
  link: ResolvedAdrLink | null;
  onOpenScenario: Props['onOpenScenario'];
  compact?: boolean;
}) {
  if (!link) return null;
  const scenario = scenarios.find((s) => s.id === link.scenarioId);
  const title = scenario ? scenarioText(getLocale(), scenario, 'title') : link.scenarioTitle;
  const vars = { scenario: title, step: link.stepIndex + 1 };
  const full = t('adr.seeIt', vars);
  return (
    <button
      type="button"
      className={`adr-link${compact ? ' is-compact' : ''}`}
      onClick={() => onOpenScenario(link.scenarioId, link.stepIndex)}
      aria-label={full}
      title={full}
    >
      <svg className="adr-link-icon" viewBox="0 0 12 12" aria-hidden="true">
        <path d="M3 1.5v9l7-4.5z" />
      </svg>
      <span>{compact ? t('adr.seeItShort', vars) : full}</span>
    </button>
  );
}

/** A rating as a Harvey ball (full, half, empty: readable without colour) and a word. */
function RatingDot({ rating, wordHidden = false }: { rating: Rating; wordHidden?: boolean }) {
  return (
    <span className={`adr-rating rating-${rating}`}>
      <svg className="adr-ball" viewBox="0 0 10 10" aria-hidden="true">
        <circle cx="5" cy="5" r="4.2" />
        {rating === 'fair' ? <path d="M5 0.8a4.2 4.2 0 0 1 0 8.4z" /> : null}
      </svg>
      <span className={wordHidden ? 'sr-only' : undefined}>{t(`adr.rating.${rating}`)}</span>
    </span>
  );
}

/** Keeps hyphenated words ("split-brain") whole when a title wraps. */
function NoBreakHyphens({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\S+-\S+)/).map((part, i) =>
        /\S+-\S+/.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed string never reorder
          <span key={i} className="nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Badge() {
  return <span className="adr-badge">{t('adr.inScenario')}</span>;
}

/** Ratings only, one row per approach: the comparison at a glance in a narrow drawer. */
function Glance({ adr, lit, captionId }: { adr: Adr; lit: ReadonlySet<string>; captionId: string }) {
  const jump = (rowId: string) => {
    const el = document.getElementById(`adr-${rowId.replace(/\./g, '-')}`);
    el?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    el?.querySelector<HTMLElement>('button, th')?.focus({ preventScroll: true });
  };
  return (
    <table className="adr-glance" aria-labelledby={captionId}>
      <caption id={captionId} className="adr-caption">
        {t('adr.glance')}{' '}
        <span className="adr-glance-key" aria-hidden="true">
          {(['good', 'fair', 'poor'] as const).map((r) => (
            <RatingDot key={r} rating={r} />
          ))}
        </span>
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('adr.approach')}</th>
          {adr.criteria.map((c) => (
            <th scope="col" key={c.id} title={c.label}>
              <abbr title={c.label}>{c.short}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {adr.matrix.map((row) => (
          <tr key={row.id} className={lit.has(row.id) ? 'is-lit' : undefined}>
            <th scope="row">
              <button type="button" className="adr-glance-name" onClick={() => jump(row.id)}>
                {row.name}
              </button>
            </th>
            {adr.criteria.map((c) => {
              const rating = row.cells[c.id].rating;
              return (
                <td key={c.id} className={`rating-${rating}`}>
                  <RatingDot rating={rating} wordHidden />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Matrix({
  adr,
  lit,
  onOpenScenario,
  headingId,
}: {
  adr: Adr;
  lit: ReadonlySet<string>;
  onOpenScenario: Props['onOpenScenario'];
  headingId: string;
}) {
  const link = (id: string) => resolveAdrLink(id, scenarios);
  const rowLit = (row: MatrixRow) => lit.has(row.id);
  return (
    <div className="adr-table-wrap">
      {/* Explicit roles: the narrow layout restyles rows as cards, which must stay a table to AT. */}
      <table className="adr-matrix" role="table" aria-labelledby={headingId}>
        <caption className="adr-caption">{t('adr.matrixCaption')}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col">
              {t('adr.approach')}
            </th>
            {adr.criteria.map((c) => (
              <th role="columnheader" scope="col" key={c.id}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {adr.matrix.map((row) => {
            const rowLink = link(row.id);
            return (
              <tr
                role="row"
                key={row.id}
                id={`adr-${row.id.replace(/\./g, '-')}`}
                className={rowLit(row) ? 'is-lit' : undefined}
                data-adr={row.id}
              >
                <th role="rowheader" scope="row">
                  <span className="adr-row-name">{row.name}</span>
                  {rowLit(row) ? <Badge /> : null}
                  <span className="adr-row-how">{row.how}</span>
                  <span className="adr-row-source">{row.source}</span>
                  <SeeIt link={rowLink} onOpenScenario={onOpenScenario} compact />
                </th>
                {adr.criteria.map((c) => {
                  const id = `${row.id}.${c.id}`;
                  const cell = row.cells[c.id];
                  const cellLink = link(id);
                  return (
                    <td
                      role="cell"
                      key={c.id}
                      data-adr={id}
                      data-label={c.label}
                      className={`rating-${cell.rating}${lit.has(id) ? ' is-lit' : ''}`}
                    >
                      <RatingDot rating={cell.rating} />
                      <span className="adr-cell-text">{cell.text}</span>
                      {cellLink && cellLink.stepId !== rowLink?.stepId ? (
                        <SeeIt link={cellLink} onOpenScenario={onOpenScenario} compact />
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * ADR-001 as a side drawer: it takes the right edge of the window (resizable, at most 70% of it) so
 * the cluster stays visible; Escape or Close shut it, and focus goes in on open and back on close.
 * Items the current scenario illustrates are highlighted; items a scenario demonstrates link to it.
 */
export function AdrPanel({ open, onClose, onOpenScenario, highlight }: Props) {
  const adr = adrFor(getLocale());
  const id = useId();
  const headingId = `${id}-title`;
  const matrixId = `${id}-matrix`;
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<HTMLElement | SVGElement | null>(null);
  const [width, setWidth] = useState(defaultWidth);
  const lit = useMemo(() => new Set(highlight), [highlight]);

  // Focus in on open (remembering where it was), back on close.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement || active instanceof SVGElement ? active : null;
    headingRef.current?.focus({ preventScroll: true });
    return () => {
      const back = returnTo.current;
      returnTo.current = null;
      if (back?.isConnected) back.focus({ preventScroll: true });
    };
  }, [open]);

  // The panel opens at its top: a decision record is read from its Context down. The story's own
  // rows are marked in the glance table just below it, so nothing needs to be scrolled to.
  useLayoutEffect(() => {
    if (!open) return;
    const body = panelRef.current?.querySelector('.adr-body');
    if (body) body.scrollTop = 0;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onResize = () => setWidth((w) => clampWidth(w));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [open]);

  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };

  const drag = useRef<{ x: number; w: number } | null>(null);
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, w: width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) setWidth(clampWidth(d.w + (d.x - e.clientX)));
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onHandleKey = useCallback((e: ReactKeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 96 : 24;
    if (e.key === 'ArrowLeft') setWidth((w) => clampWidth(w + step));
    else if (e.key === 'ArrowRight') setWidth((w) => clampWidth(w - step));
    else return;
    e.preventDefault();
  }, []);

  if (!open) return null;
  const link = (x: string) => resolveAdrLink(x, scenarios);
  const maxWidth = typeof window === 'undefined' ? 900 : clampWidth(Number.POSITIVE_INFINITY);

  return (
    <section
      ref={panelRef}
      className="adr-panel"
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      style={{ '--adr-width': `${width}px` } as CSSProperties}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable, resizable separator has no native element */}
      <div
        className="adr-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label={t('adr.resize')}
        aria-valuemin={MIN_WIDTH}
        aria-valuemax={maxWidth}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onHandleKey}
      />
      <header className="adr-head">
        <div className="adr-head-text">
          <p className="adr-kicker">
            <span className="adr-id">{adr.id}</span>
            <span className="adr-status">{t('adr.status', { status: adr.status })}</span>
          </p>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="adr-title">
            <span className="sr-only">{adr.id}: </span>
            <NoBreakHyphens text={adr.title} />
          </h2>
        </div>
        <button type="button" className="adr-close" onClick={onClose} aria-label={t('adr.closeLabel')}>
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M4 4l8 8M12 4l-8 8" />
          </svg>
          <span className="adr-close-text">{t('adr.close')}</span>
        </button>
      </header>

      <div className="adr-body">
        <section
          className={`adr-section${lit.has(adr.context.id) ? ' is-lit' : ''}`}
          aria-labelledby={`${id}-context`}
          data-adr={adr.context.id}
        >
          <h3 id={`${id}-context`}>
            {t('adr.context')}
            {lit.has(adr.context.id) ? <Badge /> : null}
          </h3>
          {adr.context.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <h4>{t('adr.drivers')}</h4>
          <ul className="adr-list">
            {adr.context.drivers.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
          <SeeIt link={link(adr.context.id)} onOpenScenario={onOpenScenario} />
        </section>

        <section className="adr-section adr-matrix-section" aria-labelledby={matrixId}>
          <h3 id={matrixId}>{t('adr.matrix')}</h3>
          <Glance adr={adr} lit={lit} captionId={`${id}-glance`} />
          <Matrix adr={adr} lit={lit} onOpenScenario={onOpenScenario} headingId={matrixId} />
        </section>

        <section
          className={`adr-section adr-decision${lit.has(adr.decision.id) ? ' is-lit' : ''}`}
          aria-labelledby={`${id}-decision`}
          data-adr={adr.decision.id}
        >
          <h3 id={`${id}-decision`}>
            {t('adr.decision')}
            {lit.has(adr.decision.id) ? <Badge /> : null}
          </h3>
          <p className="adr-decision-summary">{adr.decision.summary}</p>
          <h4>{t('adr.why')}</h4>
          <ul className="adr-list">
            {adr.decision.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <h4>{t('adr.rejected')}</h4>
          <p>{adr.decision.rejected}</p>
          <SeeIt link={link(adr.decision.id)} onOpenScenario={onOpenScenario} />
        </section>

        <section
          className={`adr-section adr-when-not${lit.has(adr.whenNot.id) ? ' is-lit' : ''}`}
          aria-labelledby={`${id}-when-not`}
          data-adr={adr.whenNot.id}
        >
          <h3 id={`${id}-when-not`}>{t('adr.whenNot')}</h3>
          <p>{adr.whenNot.intro}</p>
          <ul className="adr-consequences">
            {adr.whenNot.items.map((c) => (
              <li key={c.id} className={lit.has(c.id) ? 'is-lit' : undefined} data-adr={c.id}>
                <h4>
                  {c.title}
                  {lit.has(c.id) ? <Badge /> : null}
                </h4>
                <p>{c.text}</p>
                <SeeIt link={link(c.id)} onOpenScenario={onOpenScenario} />
              </li>
            ))}
          </ul>
        </section>

        <section className="adr-section" aria-labelledby={`${id}-consequences`}>
          <h3 id={`${id}-consequences`}>{t('adr.consequences')}</h3>
          <ul className="adr-consequences">
            {adr.consequences.map((c) => (
              <li key={c.id} className={lit.has(c.id) ? 'is-lit' : undefined} data-adr={c.id}>
                <h4>
                  {c.title}
                  {lit.has(c.id) ? <Badge /> : null}
                </h4>
                <p>{c.text}</p>
                <SeeIt link={link(c.id)} onOpenScenario={onOpenScenario} />
              </li>
            ))}
          </ul>
        </section>

        <section className="adr-section adr-sources" aria-labelledby={`${id}-sources`}>
          <h3 id={`${id}-sources`}>{t('adr.sources')}</h3>
          <ol>
            {adr.sources.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </section>
      </div>
    </section>
  );
}
