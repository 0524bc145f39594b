/**
 * The Export button as the first frame draws it. The menu itself (ExportMenu.tsx, with its actions
 * and the page's drop target for trace files) is a chunk fetched once that frame is drawn; until
 * then this stands in its place, looking the same, so the header does not move.
 */
import { t } from '../../i18n/index.ts';

/** The button's icon, label and chevron (the menu's own button draws the same). */
export function ExportButtonFace() {
  return (
    <>
      <svg
        viewBox="0 0 16 16"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
        className="export-icon"
      >
        <path d="M8 2v8M4.5 6.5 8 10l3.5-3.5M3 13h10" />
      </svg>
      <span className="export-label">{t('export.button')}</span>
      <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false" className="chev">
        <path d="M2 4.5 L6 8 L10 4.5" />
      </svg>
    </>
  );
}

/** Until the menu's chunk is in: the same button, which opens nothing yet. */
export function ExportButtonStandIn() {
  return (
    <div className="export">
      <button
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={false}
        aria-disabled="true"
      >
        <ExportButtonFace />
      </button>
    </div>
  );
}
