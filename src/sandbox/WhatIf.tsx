import { useEffect, useId } from 'react';
import { lazyChunk } from '../app/boot/lazyChunk.tsx';
import { t } from '../i18n/index.ts';
import { useEnglishLater } from '../i18n/react.ts';
import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';
import type { Frame } from '../sim/trace/frame.ts';
import { undoKeyOf } from './undoKeys.ts';
import './sandbox.css';

/** The panels are not needed until the sandbox opens: their own chunk. */
const WhatIfBody = lazyChunk(() => import('./WhatIfBody.tsx').then((m) => m.default));

const UNDO = 'M9 7H4V2M4.6 7A8 8 0 1 1 4 13';
const REDO = 'M15 7h5V2M19.4 7A8 8 0 1 0 20 13';

/** Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y), unless a text field or a select has the focus (their own undo). */
function useUndoKeys() {
  const undo = usePlayer((s) => s.undo);
  const redo = usePlayer((s) => s.redo);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = undoKeyOf(e);
      if (!k) return;
      e.preventDefault();
      if (k === 'undo') undo();
      else redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}

/**
 * The What-if sandbox: a toggle that stays out of the story's way, and when open, faults at the
 * cursor (with undo / redo and the list of interventions), the knobs and the metrics.
 */
export function WhatIf({ run, frame, time }: { run: Run; frame: Frame; time: number }) {
  const open = usePlayer((s) => s.whatIf);
  const setOpen = usePlayer((s) => s.setWhatIf);
  const canUndo = usePlayer((s) => s.history.past.length > 0);
  const canRedo = usePlayer((s) => s.history.future.length > 0);
  const count = usePlayer((s) => s.interventions.length);
  const undo = usePlayer((s) => s.undo);
  const redo = usePlayer((s) => s.redo);
  const live = usePlayer((s) => s.liveRecording);
  // A stopped recording of a real cluster (npm run live): a change re-simulates the story from its
  // inputs (importedInputs.ts), so its past is then the simulation's, not the cluster's.
  const recorded = usePlayer((s) => s.imported) && run.trace.source !== undefined;
  const body = useId();
  useUndoKeys();
  // Open, the bar shows strings of the rest of English (i18n/en.later.ts), as its body does.
  const shown = useEnglishLater(open) && open;

  return (
    <div className={`whatif${open ? ' open' : ''}`}>
      <div className="whatif-bar">
        <button
          type="button"
          className="whatif-toggle"
          aria-expanded={open}
          aria-controls={body}
          onClick={() => setOpen(!open)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M5 4h14v3l-5 5v6l-4 2v-8L5 7z" />
          </svg>
          <span>{t('whatIf.toggle')}</span>
          {count > 0 && !live && (
            <span className="whatif-count mono" aria-hidden="true">
              {count}
            </span>
          )}
          <svg
            className="chev"
            viewBox="0 0 24 24"
            width="16"
            height="16"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
        {shown && !live && (
          <div className="whatif-history">
            <button
              type="button"
              className="icon-button small"
              aria-label={t('faults.undo')}
              title={`${t('faults.undo')} (Ctrl+Z)`}
              aria-keyshortcuts="Control+Z"
              disabled={!canUndo}
              onClick={undo}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path d={UNDO} />
              </svg>
            </button>
            <button
              type="button"
              className="icon-button small"
              aria-label={t('faults.redo')}
              title={`${t('faults.redo')} (Ctrl+Shift+Z)`}
              aria-keyshortcuts="Control+Shift+Z"
              disabled={!canRedo}
              onClick={redo}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path d={REDO} />
              </svg>
            </button>
          </div>
        )}
      </div>
      {shown && (
        <div className="whatif-body" id={body}>
          <p className="wi-muted wi-intro">
            {t(live ? 'whatIf.liveIntro' : recorded ? 'whatIf.recordedIntro' : 'whatIf.intro')}{' '}
            <span className="wi-hint">{t('menu.hint')}.</span>
          </p>
          <WhatIfBody run={run} frame={frame} time={time} />
        </div>
      )}
    </div>
  );
}
