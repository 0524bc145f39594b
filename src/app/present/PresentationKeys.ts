/**
 * Presentation mode's keys, pure. A presentation clicker sends PageDown / PageUp (some send the
 * arrows); Right/Down/PageDown go one step forward, Left/Up/PageUp one back, Space plays or pauses,
 * Home goes to the start, End to the last step, Q shows or hides the link's QR code, Escape and P leave. `?` is swallowed: the shortcut
 * list would open behind the full-screen layer. Modified keys stay the browser's.
 *
 * Space on a focused button presses the button, as Enter does (keys.ts, spaceControl).
 */
export type PresentAction = 'next' | 'prev' | 'toggle' | 'first' | 'last' | 'qr' | 'exit' | 'swallow';

export interface PresentKey {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** A control that Space acts on has focus (keys.ts, spaceControl). */
  control?: boolean;
}

export function presentAction(e: PresentKey): PresentAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  switch (e.key) {
    case 'ArrowRight':
    case 'ArrowDown':
    case 'PageDown':
      return 'next';
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'PageUp':
      return 'prev';
    case ' ':
    case 'Spacebar':
      return e.control ? null : 'toggle';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'q':
    case 'Q':
      return 'qr';
    case 'Escape':
    case 'p':
    case 'P':
      return 'exit';
    case '?':
      return 'swallow';
    default:
      return null;
  }
}

/** The picture is laid out for about this box (CSS px) and zoomed up to fill a larger screen. */
export const PRESENT_BASE = { width: 960, height: 440 };
export const PRESENT_MAX_ZOOM = 2;

/** The zoom for a stage of w x h: fills the smaller ratio, never below 1 nor above PRESENT_MAX_ZOOM. */
export function presentZoom(w: number, h: number): number {
  if (!(w > 0 && h > 0)) return 1;
  const z = Math.min(w / PRESENT_BASE.width, h / PRESENT_BASE.height);
  return Math.round(Math.max(1, Math.min(PRESENT_MAX_ZOOM, z)) * 100) / 100;
}
