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

/**
 * What was done to the stand-in, for the menu to take over once its chunk is in (ExportMenu.tsx): a
 * press (a click, Enter, Space or ArrowDown) opens it then, and a focus on the stand-in moves to the
 * menu's button. Before, a press then did nothing, and the focus fell to the page when the button
 * was swapped: under load, the Export e2e's keyboard test pressed the stand-in and saw no menu.
 */
const standIn: { pressed: boolean; focused: HTMLElement | null } = { pressed: false, focused: null };

/** The stand-in's press, and whether it had the focus when it was swapped out; taken once. */
export function takeStandIn(): { pressed: boolean; focused: boolean } {
  // Swapped out while focused: the element left the page with the focus (Chromium fires no blur then).
  const focused = standIn.focused !== null && !standIn.focused.isConnected;
  const taken = { pressed: standIn.pressed, focused };
  standIn.pressed = false;
  standIn.focused = null;
  return taken;
}

/**
 * Until the menu's chunk is in: the same button. A press or a focus fetches the chunk at once
 * (`want`), and the menu opens when it is in.
 */
export function ExportButtonStandIn({ want }: { want?: () => void }) {
  const press = () => {
    standIn.pressed = true;
    want?.();
  };
  return (
    <div className="export">
      <button
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={false}
        data-stand-in=""
        onClick={press}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            press();
          }
        }}
        onFocus={(e) => {
          standIn.focused = e.currentTarget;
          want?.();
        }}
        onBlur={(e) => {
          if (e.currentTarget.isConnected) standIn.focused = null;
        }}
      >
        <ExportButtonFace />
      </button>
    </div>
  );
}
