import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { linkPictureSource, PartTable, stepMarkup } from './linkData.ts';

const doc = () => new Window().document as unknown as Document;

/** Two steps of one picture: the second changes one host's role. */
function steps(): Element[] {
  const d = doc();
  return ['follower', 'leader'].map((role) => {
    const app = d.createElement('div');
    app.className = 'app';
    app.innerHTML =
      `<header class="h">${'<span class="x">Leader Election Lab header text</span>'.repeat(8)}</header>` +
      `<div class="stage" id="player" data-testid="stage" style="left: 10%;"><svg viewBox="0 0 10 10"><g class="host" data-node="n1">${'<circle r="3"></circle>'.repeat(12)}</g>` +
      `<g class="host" data-node="n2"><text>${role} &amp; more</text>${'<circle r="4"></circle>'.repeat(12)}</g></svg>` +
      '<dialog>closed</dialog><canvas></canvas><p hidden>gone</p><select><option value="en">English</option><option value="pt">Português</option></select></div>';
    (app.querySelector('select') as HTMLSelectElement).value = 'pt';
    return app;
  });
}

describe('link picture data', () => {
  it("joins each step's parts back into its markup, as a picture: no ids, test hooks, inline styles or closed parts", () => {
    const table = new PartTable();
    const [a, b] = steps();
    const enc = [table.encode(a as Element, ['data-picture']), table.encode(b as Element, ['data-picture'])];
    const html = enc.map((_, i) => stepMarkup({ parts: table.parts, steps: enc }, i));
    for (const h of html) {
      expect(h).toMatch(/^<div class="app" data-picture>/);
      expect(h).not.toMatch(/ id=|data-testid|data-node|style=|<dialog|<canvas|hidden/);
      expect(h).toContain('<option value="pt" selected>');
    }
    expect(html[0]).toContain('<text>follower &amp; more</text>');
    expect(html[1]).toContain('<text>leader &amp; more</text>');
    // The style became a CSSOM declaration the page sets.
    expect(html[0]).toContain('data-s="0"');
    expect(table.styles).toEqual(['left: 10%;']);
    // Parsed again, it is the same tree as the rendered one, less what a picture drops.
    const back = doc().createElement('div');
    back.innerHTML = html[1] as string;
    expect(back.querySelector('g.host:nth-of-type(2) text')?.textContent).toBe('leader & more');
    expect(back.querySelectorAll('circle')).toHaveLength(24);
  });

  it('keeps what did not change between steps once', () => {
    const table = new PartTable();
    const [a, b] = steps();
    const first = table.encode(a as Element);
    const before = table.parts.length;
    const second = table.encode(b as Element);
    const added = table.parts.slice(before).join('');
    // The header and the unchanged host are references to the first step's parts.
    expect(added).not.toContain('Leader Election Lab header text');
    expect(added).toContain('leader &amp; more');
    expect(added.length).toBeLessThan(table.parts.slice(0, before).join('').length / 2);
    expect(second.length).toBeGreaterThan(1);
    expect(first).not.toEqual(second);
  });

  it('a lean table leaves out what an inert picture never shows, and rounds its geometry to tenths', () => {
    const d = doc();
    const app = d.createElement('div');
    app.innerHTML =
      '<button title="Step 1: tip" aria-label="Play">▶</button><span class="sr-only">said only</span>' +
      '<svg><g class="host" transform="translate(401.598766123,33.25)" display="none"><circle r="3"></circle></g>' +
      '<g class="host" transform="translate(401.598766123,33.25)"><circle r="34.0001"></circle></g></svg>';
    const lean = new PartTable(true);
    const html = stepMarkup({ parts: lean.parts, steps: [lean.encode(app)] }, 0);
    expect(html).not.toMatch(/title=|aria-label=|sr-only|display=/);
    expect(html).toContain('<g class="host" transform="translate(401.6,33.3)"><circle r="34"></circle></g>');
    // The full table keeps them (the theme button theme-init.js puts in is drawn whole).
    const full = new PartTable();
    expect(stepMarkup({ parts: full.parts, steps: [full.encode(app)] }, 0)).toContain('aria-label="Play"');
  });

  it("is a classic script calling the page's handler, which may be absent", () => {
    const src = linkPictureSource({
      story: 's',
      embed: false,
      parts: ['<p>'],
      steps: { en: [[0]] },
      styles: [],
    });
    const got: unknown[] = [];
    new Function('self', src)({ __lelPicture: (d: unknown) => got.push(d) });
    expect(got).toEqual([{ story: 's', embed: false, parts: ['<p>'], steps: { en: [[0]] }, styles: [] }]);
    expect(() => new Function('self', src)({})).not.toThrow();
  });
});
