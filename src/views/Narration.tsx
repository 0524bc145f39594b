import { memo, useId, useState } from 'react';
import { t } from '../i18n/index.ts';

export interface NarrationStep {
  id: string;
  caption: string;
  atMs: number;
  /** The step's moment, formatted. */
  at: string;
}

export interface NarrationProps {
  /** The run's steps in order, captions filled in. */
  steps: readonly NarrationStep[];
  stepIndex: number;
  onJump(index: number): void;
}

/** The caption of the current narration step (a live region), and the whole story on request. */
export const Narration = memo(function Narration({ steps, stepIndex, onJump }: NarrationProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const caption = stepIndex >= 0 ? steps[stepIndex]?.caption : undefined;
  // Steps that happen at the same moment read as one: the earlier ones stay above, dimmed.
  const earlier: NarrationStep[] = [];
  for (let k = stepIndex - 1; k >= 0 && steps[k]?.atMs === steps[stepIndex]?.atMs; k--)
    earlier.unshift(steps[k] as NarrationStep);
  return (
    <div className="narration">
      <div className="caption-row">
        <div className="caption" role="status" aria-label={t('narration.label')} aria-live="polite">
          {caption !== undefined ? (
            <>
              <span className="step-no">
                {t('narration.step', { n: stepIndex + 1, total: steps.length })}
              </span>
              {earlier.map((e) => (
                <p key={e.id} className="earlier">
                  {e.caption}
                </p>
              ))}
              <p>{caption}</p>
            </>
          ) : (
            <p className="muted">{t('narration.before')}</p>
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
        {steps.map(({ id, caption: c, at }, i) => (
          <li key={id} className={i === stepIndex ? 'current' : i < stepIndex ? 'past' : ''}>
            <button
              type="button"
              onClick={() => onJump(i)}
              aria-current={i === stepIndex ? 'step' : undefined}
              aria-label={`${t('narration.jump', { n: i + 1 })}: ${c}`}
            >
              <span className="n">{i + 1}</span>
              <span className="c">{c}</span>
              <span className="at mono">{at}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
});
