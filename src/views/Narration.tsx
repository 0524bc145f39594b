import { memo, useId, useState } from 'react';
import { t } from '../i18n/index.ts';
import { usePlayer } from '../player/react.ts';

/** A caption derived from the trace: told after its step, from its own moment on, without a number. */
export interface NarrationNote {
  id: string;
  caption: string;
  atMs: number;
  at: string;
  /** A safety violation. */
  alarm: boolean;
}

export interface NarrationStep {
  id: string;
  caption: string;
  atMs: number;
  /** The step's moment, formatted. */
  at: string;
  /** What the trace tells after this step that the story's own steps do not (src/sim/trace/derive.ts). */
  notes?: readonly NarrationNote[];
  /** A caption derived from the trace after the story's last step, numbered after it. */
  derived?: boolean;
  /** A derived step that is a safety violation. */
  alarm?: boolean;
  /** Story steps this run does not have, told once as one item (player/steps.ts, navSteps). */
  span?: { first: number; last: number };
}

export interface NarrationProps {
  /** The run's steps in order, captions filled in. */
  steps: readonly NarrationStep[];
  stepIndex: number;
  onJump(index: number): void;
  /**
   * The steps the player may show (an embed's `start`–`end`, 0-based, inclusive): the whole story
   * lists only these, since a jump outside would be moved back into the range.
   */
  first?: number;
  last?: number;
}

/** The caption of the current narration step (a live region), and the whole story on request. */
export const Narration = memo(function Narration({
  steps,
  stepIndex,
  onJump,
  first = 0,
  last = Number.POSITIVE_INFINITY,
}: NarrationProps) {
  // A long run shown while it is simulated has no steps yet: say so, not "0 steps".
  const partial = usePlayer((s) => s.run !== null && !s.run.complete);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const time = usePlayer((s) => s.t);
  const caption = stepIndex >= 0 ? steps[stepIndex]?.caption : undefined;
  // A span of placeholders is numbered as one ("Steps 5–7 of 9").
  const span = stepIndex >= 0 ? steps[stepIndex]?.span : undefined;
  const notes = (stepIndex >= 0 ? (steps[stepIndex]?.notes ?? []) : []).filter((n) => n.atMs <= time);
  // Steps that happen at the same moment read as one: the earlier ones stay above, dimmed.
  // A span of placeholders is one caption: neither its own steps nor an earlier span repeat.
  const earlier: NarrationStep[] = [];
  const from = steps[stepIndex]?.span?.first ?? stepIndex;
  for (let k = from - 1; k >= 0 && steps[k]?.atMs === steps[stepIndex]?.atMs; k--) {
    const s = steps[k] as NarrationStep;
    if (s.span) k = s.span.first;
    earlier.unshift(steps[k] as NarrationStep);
  }
  const inSpan = (i: number, s: NarrationStep | undefined) =>
    s?.span !== undefined && stepIndex >= s.span.first && stepIndex <= s.span.last && i === s.span.first;
  return (
    <div className="narration">
      <div className="caption-row">
        <div className="caption" role="status" aria-label={t('narration.label')} aria-live="polite">
          {caption !== undefined ? (
            <>
              <span className="step-no">
                {span && span.last > span.first
                  ? t('narration.steps', { from: span.first + 1, to: span.last + 1, total: steps.length })
                  : t('narration.step', { n: (span?.first ?? stepIndex) + 1, total: steps.length })}
              </span>
              {earlier.map((e) => (
                <p key={e.id} className="earlier">
                  {e.caption}
                </p>
              ))}
              <p className={steps[stepIndex]?.alarm ? 'alarm-note' : undefined}>{caption}</p>
              {notes.length > 0 && (
                <div className="derived">
                  {notes.map((n) => (
                    <div key={n.id} className={`then${n.alarm ? ' alarm-note' : ''}`} data-step={n.id}>
                      <span className="at mono">{n.at}</span> {n.caption}
                    </div>
                  ))}
                </div>
              )}
            </>
          ) : (
            <>
              {/* The step-number line, so the prompt starts below "Read the whole story" as a caption does. */}
              <span className="step-no">
                {partial ? t('player.simulating.label') : t('narration.count', { n: steps.length })}
              </span>
              <p className="muted">{t('narration.before')}</p>
            </>
          )}
        </div>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('narration.hideAll') : t('narration.readAll')}
        </button>
      </div>
      <ol id={listId} className="story" hidden={!open} aria-label={t('narration.storyTitle')}>
        {steps.map(({ id, caption: c, at, notes: more, span }, i) =>
          (span && i !== span.first) ||
          (span ? span.last : i) < first ||
          (span ? span.first : i) > last ? null : (
            <li
              key={id}
              className={[
                i === stepIndex || inSpan(i, steps[i]) ? 'current' : i < stepIndex ? 'past' : '',
                steps[i]?.alarm ? 'alarm-note' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              data-step={id}
            >
              <button
                type="button"
                onClick={() => onJump(i)}
                aria-current={i === stepIndex || inSpan(i, steps[i]) ? 'step' : undefined}
                aria-label={`${t('narration.jump', { n: i + 1 })}: ${c}`}
              >
                <span className="n">
                  {span && span.last > span.first ? `${span.first + 1}–${span.last + 1}` : i + 1}
                </span>
                <span className="c">{c}</span>
                <span className="at mono">{at}</span>
              </button>
              {more && more.length > 0 && (
                <ul className="derived-list">
                  {more.map((n) => (
                    <li key={n.id} className={n.alarm ? 'alarm-note' : ''}>
                      <span className="c">{n.caption}</span>
                      <span className="at mono">{n.at}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ),
        )}
      </ol>
    </div>
  );
});
