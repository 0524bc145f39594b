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
    const q = searchFromAttributes((n) => (n === 'controls' ? 'lots' : n === 'scenario' ? 'raft' : null));
    const d = decodeView(q, { scenarios, locales: ['en'] });
    expect(d.problems.map((p) => p.param).sort()).toEqual(['controls', 'scenario']);
  });
});

describe('shadow-root stylesheet', () => {
  it('moves the :root tokens and theme selectors to :host', () => {
    const css =
      ':root{--bg:#fff}@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#000}}' +
      ':root[data-theme="dark"]{--bg:#000}.x{color:red}';
    expect(scopeToHost(css)).toBe(
      ':host{--bg:#fff}@media (prefers-color-scheme:dark){:host(:not([data-theme="light"])){--bg:#000}}' +
        ':host([data-theme="dark"]){--bg:#000}.x{color:red}',
    );
  });
});
