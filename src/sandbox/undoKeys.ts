/**
 * Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (Cmd on macOS), unless the key goes to a field with an
 * undo of its own (a text field, a text area, a select, an editable element) or to a dialog.
 */
export function undoKeyOf(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}): 'undo' | 'redo' | null {
  if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const el = typeof Element !== 'undefined' && e.target instanceof Element ? e.target : null;
  if (el?.closest('textarea, select, [contenteditable="true"], dialog')) return null;
  if (
    typeof HTMLInputElement !== 'undefined' &&
    el instanceof HTMLInputElement &&
    !['range', 'checkbox', 'radio', 'button'].includes(el.type)
  )
    return null;
  const k = e.key.toLowerCase();
  if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (k === 'y') return 'redo';
  return null;
}
