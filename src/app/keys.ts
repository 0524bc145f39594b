/**
 * The player's keyboard shortcuts as a pure mapping: Space play/pause, Left/Right step, Home
 * restart, 1-6 pick a scenario (6: the sandbox), P presentation mode, ? the shortcut list. Keys that a focused control uses itself are
 * left to it: Space/Enter on buttons, arrows and Home/End on sliders and tabs, anything in a text
 * field. Modified keys (Ctrl, Alt, Meta) belong to the browser.
 */
export type KeyAction =
  | { kind: 'toggle' }
  | { kind: 'back' }
  | { kind: 'forward' }
  | { kind: 'restart' }
  | { kind: 'help' }
  | { kind: 'present' }
  | { kind: 'scenario'; index: number };

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** What has focus. */
  target?: { tagName?: string; type?: string; role?: string | null; editable?: boolean } | null;
}

export function keyAction(e: KeyInput, scenarioCount: number): KeyAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const tag = e.target?.tagName?.toUpperCase() ?? '';
  const role = e.target?.role ?? '';
  const textField =
    e.target?.editable === true ||
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    (tag === 'INPUT' &&
      !['range', 'checkbox', 'radio', 'button', 'submit'].includes(e.target?.type ?? 'text'));
  if (textField) return null;
  const slider = (tag === 'INPUT' && e.target?.type === 'range') || role === 'slider' || role === 'separator';
  const button = tag === 'BUTTON' || role === 'button' || role === 'tab' || tag === 'SUMMARY' || tag === 'A';
  const tab = role === 'tab';

  switch (e.key) {
    case ' ':
    case 'Spacebar':
      return button ? null : { kind: 'toggle' };
    case 'ArrowLeft':
      return slider || tab ? null : { kind: 'back' };
    case 'ArrowRight':
      return slider || tab ? null : { kind: 'forward' };
    case 'Home':
      return slider || tab ? null : { kind: 'restart' };
    case '?':
      return { kind: 'help' };
    case 'p':
    case 'P':
      return { kind: 'present' };
    default:
      if (/^[1-9]$/.test(e.key)) {
        const index = Number(e.key) - 1;
        return index < scenarioCount ? { kind: 'scenario', index } : null;
      }
      return null;
  }
}
