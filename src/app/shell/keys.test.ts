import { describe, expect, it } from 'vitest';
import { keyAction } from './keys.ts';

describe('keyAction', () => {
  const body = { tagName: 'BODY' };

  it('maps the documented keys when nothing special has focus', () => {
    expect(keyAction({ key: ' ', target: body }, 5)).toEqual({ kind: 'toggle' });
    expect(keyAction({ key: 'ArrowLeft', target: body }, 5)).toEqual({ kind: 'back' });
    expect(keyAction({ key: 'ArrowRight', target: body }, 5)).toEqual({ kind: 'forward' });
    expect(keyAction({ key: 'Home', target: body }, 5)).toEqual({ kind: 'restart' });
    expect(keyAction({ key: '?', target: body }, 5)).toEqual({ kind: 'help' });
    expect(keyAction({ key: 'p', target: body }, 5)).toEqual({ kind: 'present' });
    expect(keyAction({ key: 'P', target: body }, 5)).toEqual({ kind: 'present' });
    expect(keyAction({ key: 'p', target: { tagName: 'INPUT', type: 'text' } }, 5)).toBeNull();
    expect(keyAction({ key: 'p', ctrlKey: true, target: body }, 5)).toBeNull();
    expect(keyAction({ key: '3', target: body }, 5)).toEqual({ kind: 'scenario', index: 2 });
    expect(keyAction({ key: '6', target: body }, 5)).toBeNull();
    expect(keyAction({ key: 'x', target: body }, 5)).toBeNull();
  });

  it('leaves keys to the focused control that uses them', () => {
    const button = { tagName: 'BUTTON' };
    const range = { tagName: 'INPUT', type: 'range' };
    const tab = { tagName: 'BUTTON', role: 'tab' };
    expect(keyAction({ key: 'ArrowRight', target: button }, 5)).toEqual({ kind: 'forward' });
    expect(keyAction({ key: 'ArrowRight', target: range }, 5)).toBeNull();
    expect(keyAction({ key: 'Home', target: range }, 5)).toBeNull();
    expect(keyAction({ key: ' ', target: range }, 5)).toEqual({ kind: 'toggle' });
    expect(keyAction({ key: 'ArrowLeft', target: tab }, 5)).toBeNull();
    expect(keyAction({ key: '2', target: tab }, 5)).toEqual({ kind: 'scenario', index: 1 });
  });

  it('Space presses a focused button, link, tab or summary and toggles a checkbox, switch or menu item', () => {
    for (const target of [
      { tagName: 'BUTTON' },
      { tagName: 'BUTTON', role: 'tab' },
      { tagName: 'SUMMARY' },
      { tagName: 'A' },
      { tagName: 'DIV', role: 'button' },
      { tagName: 'INPUT', type: 'button' },
      { tagName: 'INPUT', type: 'checkbox' },
      { tagName: 'INPUT', type: 'radio' },
      { tagName: 'BUTTON', role: 'switch' },
      { tagName: 'BUTTON', role: 'menuitem' },
      { tagName: 'SELECT' },
    ])
      expect(keyAction({ key: ' ', target }, 5), JSON.stringify(target)).toBeNull();
    // Nothing focused, or a control without a Space action of its own: the player's play/pause.
    expect(keyAction({ key: ' ', target: { tagName: 'BODY' } }, 5)).toEqual({ kind: 'toggle' });
    expect(keyAction({ key: ' ', target: { tagName: 'DIV' } }, 5)).toEqual({ kind: 'toggle' });
  });

  it('PageDown / PageUp (a clicker) step, also on a tab or a button, but not on a slider', () => {
    expect(keyAction({ key: 'PageDown', target: body }, 5)).toEqual({ kind: 'forward' });
    expect(keyAction({ key: 'PageUp', target: body }, 5)).toEqual({ kind: 'back' });
    expect(keyAction({ key: 'PageDown', target: { tagName: 'BUTTON', role: 'tab' } }, 5)).toEqual({
      kind: 'forward',
    });
    expect(keyAction({ key: 'PageUp', target: { tagName: 'BUTTON' } }, 5)).toEqual({ kind: 'back' });
    expect(keyAction({ key: 'PageDown', target: { tagName: 'INPUT', type: 'range' } }, 5)).toBeNull();
    expect(keyAction({ key: 'PageDown', target: { tagName: 'TEXTAREA' } }, 5)).toBeNull();
    expect(keyAction({ key: 'PageDown', ctrlKey: true, target: body }, 5)).toBeNull();
  });

  it('never acts in text fields or with modifiers', () => {
    expect(keyAction({ key: ' ', target: { tagName: 'INPUT', type: 'text' } }, 5)).toBeNull();
    expect(keyAction({ key: '1', target: { tagName: 'DIV', editable: true } }, 5)).toBeNull();
    expect(keyAction({ key: 'ArrowLeft', altKey: true, target: body }, 5)).toBeNull();
    expect(keyAction({ key: '1', ctrlKey: true, target: body }, 5)).toBeNull();
  });
});
