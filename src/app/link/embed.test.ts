import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { decodeView } from './decode.ts';
import { DEFAULT_EMBED, encodeEmbed, parseOrigin } from './embed.ts';
import { type LinkView, plainView } from './view.ts';

const ctx = { scenarios, locales: ['en', 'pt', 'ru'] };
const view: LinkView = { ...plainView('fencing-token'), step: 2, theme: 'dark', lang: 'pt' };

describe('embed parameters', () => {
  it('reads every embed option (start/end 1-based in the link, 0-based here)', () => {
    const d = decodeView(
      '?embed=1&scenario=bully&controls=full&autoplay=1&loop=1&start=2&end=5&origin=https://docs.example.org&src=stories/a.json',
      ctx,
    );
    expect(d.problems).toEqual([]);
    expect(d.embed).toEqual({
      embed: true,
      controls: 'full',
      autoplay: true,
      loop: true,
      start: 1,
      end: 4,
      origin: 'https://docs.example.org',
      badOrigin: false,
      src: 'stories/a.json',
    });
    // An empty src is named, not fetched.
    const empty = decodeView('?embed=1&src=%20', ctx);
    expect(empty.problems).toEqual([{ param: 'src', value: ' ' }]);
    expect(empty.embed.src).toBeNull();
  });

  it('defaults: not embedded, minimal controls, no range, no origin; the app does not call them unknown', () => {
    const d = decodeView('?scenario=bully', ctx);
    expect(d.embed).toEqual(DEFAULT_EMBED);
    expect(decodeView('?embed=1&controls=none', ctx).problems).toEqual([]);
  });

  it('reports bad values by name and keeps the defaults', () => {
    const d = decodeView(
      '?embed=yes&controls=some&autoplay=2&loop=true&start=0&end=x&origin=javascript:alert(1)',
      ctx,
    );
    expect(d.problems.map((p) => p.param)).toEqual([
      'embed',
      'autoplay',
      'loop',
      'controls',
      'start',
      'end',
      'origin',
    ]);
    expect(d.embed).toEqual({ ...DEFAULT_EMBED, badOrigin: true });
  });

  it('refuses an end before the start', () => {
    const d = decodeView('?embed=1&start=4&end=2', ctx);
    expect(d.problems).toEqual([{ param: 'end', value: '2' }]);
    expect(d.embed.start).toBe(3);
    expect(d.embed.end).toBeNull();
  });

  it('accepts exactly an http(s) origin', () => {
    expect(parseOrigin('https://docs.example.org')).toBe('https://docs.example.org');
    expect(parseOrigin('http://127.0.0.1:4173/')).toBe('http://127.0.0.1:4173');
    for (const bad of [
      '*',
      'null',
      'docs.example.org',
      'https://x.org/path',
      'file:///etc',
      'javascript:1',
      '',
    ])
      expect(parseOrigin(bad), bad).toBeNull();
  });

  it('writes an embed link that reads back to the same view and options', () => {
    const q = encodeEmbed(view, {
      controls: 'full',
      autoplay: true,
      loop: true,
      start: 1,
      end: 3,
      origin: 'https://a.b',
    });
    expect(q).toBe(
      '?lang=pt&theme=dark&scenario=fencing-token&step=3&embed=1&controls=full&autoplay=1&loop=1&start=2&end=4&origin=https%3A%2F%2Fa.b',
    );
    const d = decodeView(q, ctx);
    expect(d.problems).toEqual([]);
    expect(d.view).toEqual(view);
    expect(d.embed).toMatchObject({ embed: true, controls: 'full', start: 1, end: 3, origin: 'https://a.b' });
    expect(encodeEmbed(view, {})).toBe('?lang=pt&theme=dark&scenario=fencing-token&step=3&embed=1');
  });
});
