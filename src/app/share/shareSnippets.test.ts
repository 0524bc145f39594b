import { describe, expect, it } from 'vitest';
import { DEFAULT_EMBED } from '../link/embed.ts';
import {
  elementScriptUrl,
  elementSnippet,
  embedUrl,
  escapeAttr,
  escapeMarkdownText,
  iframeSnippet,
  markdownSnippet,
  markdownUrl,
  viewUrl,
} from './shareSnippets.ts';

const base = 'https://lab.example/docs/';
const query = '?scenario=fencing-token&step=3&set=fencing:off';

describe('embed URL', () => {
  it('is the canonical query plus embed=1 (default controls left out, as deepLink writes them)', () => {
    expect(embedUrl(base, query, DEFAULT_EMBED)).toBe(
      'https://lab.example/docs/?scenario=fencing-token&step=3&set=fencing:off&embed=1',
    );
  });
  it('adds autoplay, loop and a 1-based start/end range when chosen', () => {
    const url = embedUrl(base, query, { controls: 'none', autoplay: true, loop: true, start: 1, end: 4 });
    const p = new URL(url).searchParams;
    expect(p.get('scenario')).toBe('fencing-token');
    expect(p.get('step')).toBe('3');
    expect(p.get('embed')).toBe('1');
    expect(p.get('controls')).toBe('none');
    expect(p.get('autoplay')).toBe('1');
    expect(p.get('loop')).toBe('1');
    expect(p.get('start')).toBe('2');
    expect(p.get('end')).toBe('5');
  });
  it('the view link is the base and the query', () => {
    expect(viewUrl(base, query)).toBe(`${base}${query}`);
    expect(viewUrl(base, '')).toBe(base);
  });
});

describe('iframe snippet', () => {
  it('escapes the URL and the title as attribute values', () => {
    const s = iframeSnippet({
      src: 'https://x/?a=1&b="2"',
      title: `Fencing "token" <b>'s</b>`,
      size: '640x400',
    });
    expect(s).toContain('src="https://x/?a=1&amp;b=&quot;2&quot;"');
    expect(s).toContain('title="Fencing &quot;token&quot; &lt;b&gt;&#39;s&lt;/b&gt;"');
    expect(s).toContain('width="640" height="400"');
    expect(s).not.toMatch(/<b>/);
    // One element only: nothing from the values opens another tag.
    expect(s.match(/</g)).toHaveLength(2);
  });
  it('a responsive frame takes the full width, and a class the host page can give its ratio', () => {
    const s = iframeSnippet({ src: 'https://x/', title: 't', size: 'responsive' });
    expect(s).toContain('width="100%"');
    expect(s).toContain('class="leader-election-lab"');
    expect(iframeSnippet({ src: 'https://x/', title: 't', size: '800x500' })).toContain(
      'width="800" height="500"',
    );
  });
  it('has no style attribute at any size: a strict CSP (style-src without unsafe-inline) blocks it (#38)', () => {
    for (const size of ['640x400', '800x500', 'responsive'] as const) {
      const s = iframeSnippet({ src: 'https://x/', title: 't', size });
      expect(s, size).not.toMatch(/style=/);
      expect(s, size).toContain('frameborder="0"');
    }
  });
  it('escapeAttr escapes & first (no double escaping of what it writes)', () => {
    expect(escapeAttr('&lt;')).toBe('&amp;lt;');
  });
});

describe('Markdown snippet', () => {
  it('links the picture and a text link to the view, escaping text and URL', () => {
    const s = markdownSnippet({
      title: 'Split [brain] (step 2)',
      url: 'https://x/?scenario=a b&t=(1)',
      image: 'split-brain-1200ms.png',
    });
    expect(s).toBe(
      '[![Split \\[brain\\] \\(step 2\\)](split-brain-1200ms.png)](https://x/?scenario=a%20b&t=%281%29)\n\n' +
        '[Split \\[brain\\] \\(step 2\\)](https://x/?scenario=a%20b&t=%281%29)',
    );
    expect(escapeMarkdownText('a\\b *c* `d`')).toBe('a\\\\b \\*c\\* \\`d\\`');
    expect(markdownUrl('<x>')).toBe('%3Cx%3E');
  });
});

describe('custom element snippet', () => {
  it('names scenario and step, and only the options that differ from the defaults', () => {
    expect(elementSnippet({ scenario: 'fencing-token', step: 3, embed: DEFAULT_EMBED })).toBe(
      '<leader-election-player scenario="fencing-token" step="3"></leader-election-player>',
    );
    expect(
      elementSnippet({
        scenario: 'bully',
        step: null,
        embed: { controls: 'full', autoplay: true, loop: true, start: 0, end: 3 },
      }),
    ).toBe(
      '<leader-election-player scenario="bully" controls="full" autoplay loop start="1" end="4"></leader-election-player>',
    );
  });
  it('starts with the library script and carries the view attributes the iframe link carries (lang, theme, seed...)', () => {
    const s = elementSnippet({
      scenario: 'split-brain',
      step: 4,
      embed: { controls: 'full', autoplay: true },
      query: '?lang=pt&theme=dark&scenario=split-brain&step=4&seed=7&set=quorum:on',
      script: elementScriptUrl('https://lab.example/docs/'),
    });
    expect(s).toBe(
      '<script type="module" src="https://lab.example/docs/embed/leader-election-player.js"></script>\n' +
        '<leader-election-player scenario="split-brain" step="4" seed="7" lang="pt" theme="dark" controls="full" autoplay></leader-election-player>',
    );
    expect(elementScriptUrl('https://lab.example/index.html')).toBe(
      'https://lab.example/embed/leader-election-player.js',
    );
  });
  it('escapes attribute values', () => {
    expect(elementSnippet({ scenario: '"><script>', step: null, embed: DEFAULT_EMBED })).toBe(
      '<leader-election-player scenario="&quot;&gt;&lt;script&gt;"></leader-election-player>',
    );
  });
});
