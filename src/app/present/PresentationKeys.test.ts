import { describe, expect, it } from 'vitest';
import { PRESENT_MAX_ZOOM, presentAction, presentZoom } from './PresentationKeys.ts';

describe('presentation keys', () => {
  it('a clicker (PageDown / PageUp) and the arrows move one step', () => {
    expect(presentAction({ key: 'PageDown' })).toBe('next');
    expect(presentAction({ key: 'ArrowRight' })).toBe('next');
    expect(presentAction({ key: 'ArrowDown' })).toBe('next');
    expect(presentAction({ key: 'PageUp' })).toBe('prev');
    expect(presentAction({ key: 'ArrowLeft' })).toBe('prev');
    expect(presentAction({ key: 'ArrowUp' })).toBe('prev');
  });
  it('Space plays; Home and End go to the ends; Escape and P leave', () => {
    expect(presentAction({ key: ' ' })).toBe('toggle');
    // On a focused button Space presses it.
    expect(presentAction({ key: ' ', control: true })).toBeNull();
    expect(presentAction({ key: 'Home' })).toBe('first');
    expect(presentAction({ key: 'End' })).toBe('last');
    expect(presentAction({ key: 'Escape' })).toBe('exit');
    expect(presentAction({ key: 'p' })).toBe('exit');
    expect(presentAction({ key: '?' })).toBe('swallow');
  });
  it('Q shows or hides the QR code of the link, for the class to open it on their phones', () => {
    expect(presentAction({ key: 'q' })).toBe('qr');
    expect(presentAction({ key: 'Q' })).toBe('qr');
    expect(presentAction({ key: 'q', ctrlKey: true })).toBeNull();
  });
  it('modified keys and others are left alone', () => {
    expect(presentAction({ key: 'PageDown', ctrlKey: true })).toBeNull();
    expect(presentAction({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(presentAction({ key: 'r', metaKey: true })).toBeNull();
    expect(presentAction({ key: 'Enter' })).toBeNull();
    expect(presentAction({ key: '3' })).toBeNull();
  });
});

describe('presentation zoom', () => {
  it('grows with the screen, limited by the tighter side, between 1 and the maximum', () => {
    expect(presentZoom(1840, 830)).toBe(1.89);
    expect(presentZoom(1228, 536)).toBe(1.22);
    expect(presentZoom(800, 400)).toBe(1);
    expect(presentZoom(5000, 5000)).toBe(PRESENT_MAX_ZOOM);
    expect(presentZoom(0, 0)).toBe(1);
    expect(presentZoom(Number.NaN, 100)).toBe(1);
  });
});
