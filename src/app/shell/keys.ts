/**
 * The player's keyboard shortcuts as a pure mapping: Space play/pause, Left/Right and PageUp/PageDown
 * (what a presentation clicker sends) step, Home restart, 1-6 pick a scenario (6: the sandbox),
 * P presentation mode, ? the shortcut list. Modified keys (Ctrl, Alt, Meta) belong to the browser.
 *
 * Space plays or pauses when no control has focus. On a focused control it is that control's key,
 * as everywhere on the web: Space presses a button, a link-like button, a summary, and toggles a
 * checkbox, radio, switch or menu item (HTML's activation behaviour; WAI-ARIA Authoring Practices,
 * "Button" and "Checkbox" patterns). Keys a focused control truly needs stay with it: anything in a
 * text field or a select; Space on a control; the arrows, Home, End, PageUp and PageDown on a slider (its
 * own keys); the arrows, Home and End on a tab (the tabs pattern: the trace views). PageUp/PageDown are
 * not tab keys, so a clicker steps even while a tab has focus.
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

/** A DOM key event as keyAction reads it (`el`: the element that has the focus, if any). */
export function keyInputOf(e: KeyboardEvent, el: Element | null): KeyInput {
  return {
    key: e.key,
    ctrlKey: e.ctrlKey,
    altKey: e.altKey,
    metaKey: e.metaKey,
    target: el
      ? {
          tagName: el.tagName,
          type: el instanceof HTMLInputElement ? el.type : undefined,
          role: el.getAttribute('role'),
          editable: el instanceof HTMLElement && el.isContentEditable,
        }
      : null,
  };
}

/** Roles whose element is pressed, toggled or chosen with Space. */
const SPACE_ROLES = new Set([
  'button',
  'link',
  'tab',
  'checkbox',
  'radio',
  'switch',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
]);

/** A focused control Space acts on (presses, toggles, chooses): play/pause would steal its key. */
export function spaceControl(target: KeyInput['target']): boolean {
  const tag = target?.tagName?.toUpperCase() ?? '';
  return (
    tag === 'BUTTON' ||
    tag === 'SUMMARY' ||
    tag === 'A' ||
    (tag === 'INPUT' && ['checkbox', 'radio', 'button', 'submit'].includes(target?.type ?? '')) ||
    SPACE_ROLES.has(target?.role ?? '')
  );
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
  const control = spaceControl(e.target);
  const tab = role === 'tab';

  switch (e.key) {
    case ' ':
    case 'Spacebar':
      return control ? null : { kind: 'toggle' };
    case 'PageDown':
      return slider ? null : { kind: 'forward' };
    case 'PageUp':
      return slider ? null : { kind: 'back' };
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
