import { useEffect, useRef } from 'react';
import { t } from '../../i18n/index.ts';

const ROWS: Array<[string[], string]> = [
  [['Space'], 'keys.space'],
  [['←', '/', 'PageUp'], 'keys.left'],
  [['→', '/', 'PageDown'], 'keys.right'],
  [['Enter'], 'keys.enter'],
  [['Home'], 'keys.home'],
  [['1', '–', '6'], 'keys.digits'],
  [['P'], 'keys.present'],
  [['?'], 'keys.help'],
  [['Esc'], 'keys.escape'],
];

/**
 * The keyboard shortcuts, in a modal <dialog> (Escape closes it; focus returns to where it was). The
 * rows say what keys.ts and PresentationKeys.ts do: PageUp/PageDown are what a presentation clicker
 * sends; Space plays or pauses unless a button has focus, which Space and Enter press.
 */
export function KeysDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="keys-dialog" aria-labelledby="keys-title" onClose={onClose}>
      <h2 id="keys-title">{t('keys.title')}</h2>
      <dl>
        {ROWS.map(([keys, label]) => (
          <div key={label}>
            <dt>
              {keys.map((k) =>
                k === '–' || k === '/' ? <span key={k}> {k} </span> : <kbd key={k}>{k}</kbd>,
              )}
            </dt>
            <dd>{t(label)}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog">
        <button type="submit" className="button">
          {t('keys.close')}
        </button>
      </form>
    </dialog>
  );
}
