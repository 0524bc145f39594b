import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { decodeView } from '../app/link/decode.ts';
import { scopeToHost, searchFromAttributes } from './attributes.ts';

describe('element attributes', () => {
  it('become the link query the iframe embed reads (boolean attributes by presence)', () => {
    const attrs: Record<string, string> = {
      scenario: 'fencing-token',
      step: '3',
      controls: 'full',
      lang: 'pt',
      theme: 'dark',
      autoplay: '',
      loop: 'false',
    };
    const q = searchFromAttributes((n) => attrs[n] ?? null);
    expect(q).toBe('?scenario=fencing-token&step=3&lang=pt&theme=dark&controls=full&autoplay=1');
    const d = decodeView(q, { scenarios, locales: ['en', 'pt', 'ru'] });
    expect(d.problems).toEqual([]);
    expect(d.view).toMatchObject({ scenario: 'fencing-token', step: 2, lang: 'pt', theme: 'dark' });
    expect(d.embed).toMatchObject({ controls: 'full', autoplay: true, loop: false });
    expect(searchFromAttributes(() => null)).toBe('');
  });

  it('bad attribute values reach the same problems as a bad link', () => {
    const q = searchFromAttributes((n) => (n === 'controls' ? 'lots' : n === 'scenario' ? 'paxos' : null));
    const d = decodeView(q, { scenarios, locales: ['en'] });
    expect(d.problems.map((p) => p.param).sort()).toEqual(['controls', 'scenario']);
  });
});

describe('shadow-root stylesheet', () => {
  it('moves the :root tokens and theme selectors to :host', () => {
    const css = ':root{--bg:#fff}:root[data-theme="light"] .y{color:blue}.x{color:red}';
    expect(scopeToHost(css)).toBe(':host{--bg:#fff}:host([data-theme="light"]) .y{color:blue}.x{color:red}');
  });

  it('applies the one dark palette for theme="dark", and for no theme under a dark system setting', () => {
    for (const dark of [':root[data-theme="dark"]', ':root[data-theme=dark]', ':root[data-theme="dark"] '])
      expect(scopeToHost(`:root{--bg:#fff}${dark}{color-scheme:dark;--bg:#000}.x{color:red}`)).toBe(
        ':host{--bg:#fff}:host([data-theme="dark"]){color-scheme:dark;--bg:#000}' +
          '@media (prefers-color-scheme: dark){:host(:not([data-theme="light"])){color-scheme:dark;--bg:#000}}' +
          '.x{color:red}',
      );
    // A rule for something inside a dark player is scoped, not copied.
    expect(scopeToHost(':root[data-theme="dark"] .x{color:red}')).toBe(
      ':host([data-theme="dark"]) .x{color:red}',
    );
  });

  it('keeps a media-query rule written for the page working in the shadow root', () => {
    expect(scopeToHost('@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#000}}')).toBe(
      '@media (prefers-color-scheme:dark){:host(:not([data-theme="light"])){--bg:#000}}',
    );
  });
});
