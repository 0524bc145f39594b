/**
 * A story's link pictures as one data file per shell (`prerender/<story>[.embed].js`): the markup of
 * every step in every language, cut into parts at element boundaries and each distinct part kept once,
 * so a step stores only what changed since the others (the header, the controls and most hosts are the
 * same at every step), and a language only what its words change (the cells of a log, the links and
 * most of the picture are the same in all three). The file is a classic script that hands its data to
 * public/theme-init.js's `__lelPicture`, which joins the parts of the link's language and step and shows
 * them before the app's modules run.
 */

/** The data a file carries. */
export interface LinkPictureData {
  story: string;
  embed: boolean;
  /** Distinct markup parts, of every language. */
  parts: string[];
  /**
   * By language: entry 0 the story before its first step (a link without `step`), then entry k its step
   * k: the parts of its markup, in order.
   */
  steps: Record<string, number[][]>;
  /** Declarations the markup's `data-s="N"` elements get through the CSSOM (the CSP allows no inline style). */
  styles: string[];
  /**
   * By language, the page's theme button (`.theme-toggle`) as the app draws it for the visit's theme:
   * `light`, `dark`, or `system-light` / `system-dark` (the mode and what the system shows).
   * theme-init.js puts it in.
   */
  themes?: Record<string, Record<string, string>>;
}

/** Under this many characters a new subtree is kept whole rather than cut into its children. */
const WHOLE = 240;

const escapeText = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const VOID = new Set([
  'area',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const SVG_NS = 'http://www.w3.org/2000/svg';
/** Attributes scripts and tests find the live nodes by (the copy is a picture: staticCopy.ts). */
const DROPPED = new Set(['id', 'style', 'data-node', 'data-compare-node', 'data-testid']);
/**
 * What an inert, aria-hidden picture never shows (no tooltip without hover, no accessible name): left out
 * of a lean table's markup, with the visually hidden `.sr-only` text. A fifth of the pictures' size.
 */
const UNSEEN = new Set([
  'title',
  'aria-label',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-valuetext',
]);
/** SVG geometry, whose numbers d3 writes with up to 17 digits: a tenth of a pixel is enough for a picture. */
const GEOMETRY = new Set(['transform', 'd', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry']);
const roundTenths = (v: string) =>
  v.replace(/-?\d+\.\d{2,}/g, (n) => String(Math.round(Number(n) * 10) / 10));

/**
 * Interns the markup of each step's picture into one table of parts. `encode` serializes the rendered
 * app in one pass, as staticCopy.ts would leave it (closed panels, dialogs and canvases left out, ids and
 * test hooks dropped), with each style attribute as `data-s="N"` into `styles`.
 */
export class PartTable {
  readonly parts: string[] = [];
  readonly styles: string[] = [];
  private readonly index = new Map<string, number>();
  private readonly styleIndex = new Map<string, number>();

  /** `lean`: leave out what the inert picture never shows (UNSEEN, `.sr-only`), and round its geometry. */
  constructor(private readonly lean = false) {}

  private intern(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.parts.length;
      this.parts.push(s);
      this.index.set(s, i);
    }
    return i;
  }

  private style(decl: string): number {
    let i = this.styleIndex.get(decl);
    if (i === undefined) {
      i = this.styles.length;
      this.styles.push(decl);
      this.styleIndex.set(decl, i);
    }
    return i;
  }

  /** The parts whose concatenation is the picture of `el`, its root marked with `rootAttrs`. */
  encode(el: Element, rootAttrs: readonly string[] = []): number[] {
    return this.walk(el, rootAttrs).parts;
  }

  private walk(n: Element, extra: readonly string[]): { html: string; parts: number[] } {
    const tag = n.localName;
    let open = `<${tag}`;
    for (const a of n.attributes) {
      if (DROPPED.has(a.name)) {
        if (a.name === 'style' && a.value.trim()) open += ` data-s="${this.style(a.value.trim())}"`;
        continue;
      }
      if (this.lean && UNSEEN.has(a.name)) continue;
      const value = this.lean && GEOMETRY.has(a.name) ? roundTenths(a.value) : a.value;
      open += value === '' ? ` ${a.name}` : ` ${a.name}="${escapeAttr(value)}"`;
    }
    // The language menu's choice is a property React set, not an attribute: the markup needs it.
    if (tag === 'option' && (n as HTMLOptionElement).selected) open += ' selected';
    for (const a of extra) open += ` ${a}`;
    open += '>';
    if (VOID.has(tag)) return { html: open, parts: [] };
    const close = `</${tag}>`;
    const kids: Array<{ html: string; parts: number[] }> = [];
    for (const c of n.childNodes) {
      if (c.nodeType === 3) {
        const text = escapeText(c.textContent ?? '');
        if (text) kids.push({ html: text, parts: [] });
      } else if (c.nodeType === 1) {
        const e = c as Element;
        if (
          e.hasAttribute('hidden') ||
          // An svg element the picture hides (a node's empty token pill): nothing to draw.
          e.getAttribute('display') === 'none' ||
          (this.lean && e.classList.contains('sr-only')) ||
          // An svg tooltip: the inert picture is never hovered.
          (this.lean && e.localName === 'title' && e.namespaceURI === SVG_NS) ||
          e.localName === 'canvas' ||
          (e.localName === 'dialog' && !e.hasAttribute('open'))
        )
          continue;
        kids.push(this.walk(e, []));
      }
    }
    const html = open + kids.map((k) => k.html).join('') + close;
    // A subtree seen before, small, or a leaf is one part; else its tags around its children's parts.
    if (this.index.has(html) || html.length < WHOLE || kids.every((k) => k.parts.length === 0))
      return { html, parts: [this.intern(html)] };
    const parts = [this.intern(open)];
    for (const k of kids) parts.push(...(k.parts.length ? k.parts : [this.intern(k.html)]));
    parts.push(this.intern(close));
    return { html, parts };
  }
}

/** Joins a step's parts: what the page's script does with the file. */
export function stepMarkup(
  data: Pick<LinkPictureData, 'parts'> & { steps: number[][] },
  step: number,
): string {
  return (data.steps[step] ?? []).map((i) => data.parts[i]).join('');
}

/** The data file's source: one call, with the data as a JSON literal. */
export function linkPictureSource(data: LinkPictureData): string {
  return `self.__lelPicture&&self.__lelPicture(${JSON.stringify(data)});\n`;
}

/** The file a story's picture is in, relative to the page (theme-init.js builds the same name). */
export const linkPictureFile = (story: string, embed: boolean) =>
  `prerender/${story}${embed ? '.embed' : ''}.js`;
