import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * examples/elements.html shows its reader the code of the page. Each element the code shows must be
 * one the page really runs, attribute for attribute (the page's own `id`s aside): issue #38 found
 * `lang="pt" autoplay loop` in the code beside a player that had none of them.
 */
const html = readFileSync('examples/elements.html', 'utf8');
const TAG = 'leader-election-player';
const unescapeHtml = (s: string) =>
  s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** Each `<leader-election-player …>` opening tag's attributes, `id` left out, in their order. */
function elements(markup: string): string[][] {
  return [...markup.matchAll(new RegExp(`<${TAG}\\b([^>]*)>`, 'g'))].map((m) =>
    [...(m[1] ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)]
      .filter(([, name]) => name !== 'id')
      .map(([, name, value]) => (value === undefined ? `${name}` : `${name}="${value}"`)),
  );
}

describe('examples/elements.html: the code shown is the page’s own markup', () => {
  const code = [...html.matchAll(/<pre><code>([\s\S]*?)<\/code><\/pre>/g)].map((m) =>
    unescapeHtml(m[1] ?? ''),
  );
  const live = elements(html.replace(/<pre><code>[\s\S]*?<\/code><\/pre>/g, ''));

  it('shows as many elements as the page has, each with the attributes the live one has', () => {
    expect(live.length).toBeGreaterThan(0);
    expect(elements(code.join('\n'))).toEqual(live);
  });
});
