import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withoutScripts } from './floor.ts';

describe('withoutScripts', () => {
  it('takes out every script the page fetches and its module preloads, and keeps the rest', () => {
    const html = [
      '<head><script src="./theme-init.js"></script>',
      '<script type="module" crossorigin src="./assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="./assets/start-2.js">',
      '<link rel="stylesheet" crossorigin href="./assets/index-3.css"></head>',
      '<body><div id="root"><svg></svg></div><script type="application/json" id="first-run">{"a":1}</script></body>',
    ].join('\n');
    const out = withoutScripts(html);
    expect(out).not.toMatch(/theme-init|index-1\.js|start-2\.js/);
    expect(out).toContain('index-3.css');
    expect(out).toContain('<div id="root"><svg></svg></div>');
    // A data block is not run: the document keeps it as it is.
    expect(out).toContain('{"a":1}');
  });

  it('leaves the source index.html with no script to fetch', () => {
    const out = withoutScripts(readFileSync('index.html', 'utf8'));
    expect(out).not.toMatch(/<script\b[^>]*\bsrc=/i);
    expect(out).toContain('id="root"');
  });
});
