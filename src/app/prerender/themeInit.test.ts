import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('../../../public/theme-init.js', import.meta.url), 'utf8');

/** Runs public/theme-init.js as the page does, on this URL and storage; returns <html>'s attributes. */
function init(url: string, saved: Record<string, string> = {}, session: Record<string, string> = {}) {
  const attrs = new Map<string, string>();
  const u = new URL(url, 'https://lab.example/');
  const storage = (m: Record<string, string>) => ({ getItem: (k: string) => m[k] ?? null });
  runInNewContext(source, {
    location: { search: u.search, hash: u.hash },
    URLSearchParams,
    localStorage: storage(saved),
    sessionStorage: storage(session),
    window: { matchMedia: () => ({ matches: false }) },
    document: { documentElement: { setAttribute: (k: string, v: string) => attrs.set(k, v) } },
  });
  return { theme: attrs.get('data-theme'), prerender: attrs.get('data-prerender') ?? 'shown' };
}

describe('theme-init.js: the prerendered first view', () => {
  it('stays for the view it is a picture of: no parameters, a theme, English', () => {
    for (const url of ['/', '/?theme=dark', '/?theme=light', '/?lang=en', '/?lang=EN&theme=dark'])
      expect(init(url).prerender, url).toBe('shown');
    expect(init('/', { 'leader-election-lab.lang': 'en' }).prerender).toBe('shown');
    expect(init('/?theme=dark').theme).toBe('dark');
  });

  it('is hidden before the first paint for any other view', () => {
    for (const url of [
      '/?scenario=etcd-lease',
      '/?t=1200',
      '/?step=3',
      '/?embed=1',
      '/?lang=pt',
      '/?lang=xx',
      '/?theme=purple',
      '/?seed=7',
      '/#live=0123456789abcdef',
    ])
      expect(init(url).prerender, url).toBe('off');
    // A saved language other than English, unless the link says English.
    expect(init('/', { 'leader-election-lab.lang': 'ru' }).prerender).toBe('off');
    expect(init('/?lang=en', { 'leader-election-lab.lang': 'ru' }).prerender).toBe('shown');
    // A live session this tab keeps (src/player/live.ts): the page reopens on the recording.
    expect(init('/', {}, { 'lel-live-token': '0123456789abcdef' }).prerender).toBe('off');
  });

  it('is hidden when storage cannot be read (the saved language is unknown)', () => {
    const attrs = new Map<string, string>();
    const denied = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    runInNewContext(source, {
      location: { search: '', hash: '' },
      URLSearchParams,
      localStorage: denied,
      sessionStorage: denied,
      window: {},
      document: { documentElement: { setAttribute: (k: string, v: string) => attrs.set(k, v) } },
    });
    expect(attrs.get('data-prerender')).toBe('off');
    expect(attrs.get('data-theme')).toBe('light');
  });
});
