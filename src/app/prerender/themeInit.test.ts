import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { scenarioIds } from '../../../scenarios/index.ts';

const source = readFileSync(new URL('../../../public/theme-init.js', import.meta.url), 'utf8');

/** Runs public/theme-init.js as the page does, on this URL and storage; returns <html>'s attributes. */
function init(url: string, saved: Record<string, string> = {}, session: Record<string, string> = {}) {
  const attrs = new Map<string, string>();
  const written: string[] = [];
  const u = new URL(url, 'https://lab.example/');
  const storage = (m: Record<string, string>) => ({ getItem: (k: string) => m[k] ?? null });
  const window: Record<string, unknown> = { matchMedia: () => ({ matches: false }) };
  runInNewContext(source, {
    location: { search: u.search, hash: u.hash },
    URLSearchParams,
    localStorage: storage(saved),
    sessionStorage: storage(session),
    window,
    document: {
      documentElement: { setAttribute: (k: string, v: string) => attrs.set(k, v) },
      write: (s: string) => written.push(s),
    },
  });
  return {
    theme: attrs.get('data-theme'),
    prerender: attrs.get('data-prerender') ?? 'shown',
    picture: attrs.get('data-picture'),
    /** The link picture's data file the page was given, if any. */
    file: /src="([^"]+)"/.exec(written.join(''))?.[1] ?? null,
    handler: window.__lelPicture,
  };
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

describe("theme-init.js: a link's picture", () => {
  it('writes in the data file of the story and shell of a link that is a story frame', () => {
    expect(init('/?scenario=etcd-lease&step=5')).toMatchObject({
      file: './prerender/etcd-lease.js',
      picture: 'pending',
    });
    expect(init('/?embed=1&scenario=fencing-token&step=3&theme=dark').file).toBe(
      './prerender/fencing-token.embed.js',
    );
    expect(init('/?lang=PT').file).toBe('./prerender/bully.js');
    expect(typeof init('/?scenario=patroni').handler).toBe('function');
  });

  it("shows the link's language and step from the file's data, and its theme button", () => {
    const data = {
      story: 'patroni',
      embed: false,
      parts: ['<p>en 0</p>', '<p>en 2</p>', '<p>ru 0</p>', '<p>ru 2</p>', '<b class="theme-toggle"></b>'],
      steps: { en: [[0], [0], [1, 4]], ru: [[2], [2], [3, 4]] },
      styles: [],
      themes: { en: { 'system-light': '<i>en</i>' }, ru: { 'system-light': '<i>ru</i>' } },
    };
    /** The page as the data file finds it: theme-init.js run, then the file's call, on a real DOM. */
    const shown = (url: string, saved: Record<string, string> = {}) => {
      const win = new Window({ url: `https://lab.example${url}` });
      const doc = win.document;
      doc.body.innerHTML = '<div id="root"></div>';
      const handlers: Record<string, unknown> = { matchMedia: () => ({ matches: false }) };
      const u = new URL(url, 'https://lab.example/');
      runInNewContext(source, {
        location: { search: u.search, hash: u.hash },
        URLSearchParams,
        localStorage: { getItem: (k: string) => saved[k] ?? null },
        sessionStorage: { getItem: () => null },
        window: handlers,
        document: Object.assign(doc, { write: () => {} }),
        MutationObserver: win.MutationObserver,
      });
      (handlers.__lelPicture as (d: unknown) => void)(data);
      const out = {
        html: doc.getElementById('root')?.innerHTML,
        picture: doc.documentElement.getAttribute('data-picture'),
      };
      win.close();
      return out;
    };
    expect(shown('/?scenario=patroni&step=2')).toEqual({ html: '<p>en 2</p><i>en</i>', picture: 'shown' });
    expect(shown('/?scenario=patroni&step=2&lang=ru')).toEqual({
      html: '<p>ru 2</p><i>ru</i>',
      picture: 'shown',
    });
    expect(shown('/?scenario=patroni', { 'leader-election-lab.lang': 'ru' }).html).toBe('<p>ru 0</p>');
    // A step the file does not have: the placeholder, never another step's picture.
    expect(shown('/?scenario=patroni&step=7')).toEqual({ html: '', picture: 'wait' });
  });

  it('gives a neutral placeholder to a link its story frame may not be true for', () => {
    for (const url of [
      '/?scenario=etcd-lease&step=5&fault=12000,crash,node-2',
      '/?scenario=etcd-lease&set=ttlMs:5000',
      '/?scenario=etcd-lease&seed=7',
      '/?scenario=etcd-lease&t=4000',
      '/?scenario=etcd-lease&step=0',
      '/?scenario=etcd-lease&step=two',
      '/?scenario=etcd-lease&step=2&step=3',
      '/?scenario=../x',
      // a story the build did not draw: no request for a file that is not there (a 404 in the console)
      '/?scenario=paxos&step=3',
      '/?scenario=etcd-lease&lang=xx',
      '/?scenario=etcd-lease&theme=purple',
      '/?embed=yes',
      '/?speed=2',
      '/#live=0123456789abcdef',
    ]) {
      const r = init(url);
      expect(r.file, url).toBeNull();
      expect(r.picture, url).toBe('wait');
    }
    expect(init('/?scenario=etcd-lease', {}, { 'lel-live-token': 'abc' }).picture).toBe('wait');
    // The default view keeps its own copy: no file, no placeholder.
    expect(init('/')).toMatchObject({ file: null, picture: undefined, prerender: 'shown' });
  });
});

describe('theme-init.js: the stories it knows', () => {
  it('are the catalogue’s, every one (a new story without its id here would get no picture)', () => {
    for (const id of scenarioIds)
      expect(init(`/?scenario=${id}&step=1`).file, id).toBe(`./prerender/${id}.js`);
    const listed = /const stories = \[([^\]]*)\]/.exec(source)?.[1]?.match(/'[^']+'/g)?.length;
    expect(listed).toBe(scenarioIds.length);
  });
});
