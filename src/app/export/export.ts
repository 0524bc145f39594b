/**
 * Pure parts of the Export menu (no DOM): file names, colour normalisation for the standalone SVG,
 * caption wrapping and reading a PNG's size. exportDom.ts does the DOM work with these.
 */

/** A file-name-safe slug: lower case, [a-z0-9-] only. */
export function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'run'
  );
}

/** `<scenario>-<ms>ms.<ext>`: the picture at the cursor (whole virtual milliseconds). */
export function frameFileName(scenarioId: string, t: number, ext: 'svg' | 'png'): string {
  return `${slug(scenarioId)}-${Math.max(0, Math.round(t))}ms.${ext}`;
}

/** What names an exported run: its scenario, algorithm and seed, and the inputs that made it. */
export interface RunName {
  scenario: string;
  algorithm: string;
  seed: number;
  /** The run's inputs (params, cluster, interventions, duration): their hash tells two runs apart. */
  inputs: unknown;
}

/** A short hash (6 hex digits, FNV-1a 32-bit) of a JSON-able value. */
export function shortHash(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0').slice(0, 6);
}

/** `<scenario>-<algorithm>-seed<seed>-<hash>`: two sandbox runs with other knobs or faults get other names. */
export function runFileStem(r: RunName): string {
  return `${slug(r.scenario)}-${slug(r.algorithm)}-seed${r.seed}-${shortHash(r.inputs)}`;
}

/** `<scenario>-<algorithm>-seed<seed>-<hash>.trace.json` */
export function traceFileName(r: RunName): string {
  return `${runFileStem(r)}.trace.json`;
}

/** `<scenario>-<algorithm>-seed<seed>-<hash>.mmd` */
export function mermaidFileName(r: RunName): string {
  return `${runFileStem(r)}.mmd`;
}

const clamp255 = (x: number) => Math.max(0, Math.min(255, Math.round(x)));

/**
 * A computed colour as plain `rgb()`/`rgba()` that any SVG renderer reads. Browsers report
 * color-mix() results as `color(srgb r g b / a)` (0..1 channels), which Inkscape, librsvg and
 * older viewers do not know. Other values (`none`, `rgb(...)`, `url(...)`) pass through.
 */
export function plainColor(value: string): string {
  const m = /^color\(srgb\s+([\d.e+-]+)\s+([\d.e+-]+)\s+([\d.e+-]+)(?:\s*\/\s*([\d.e+-]+%?))?\s*\)$/i.exec(
    value.trim(),
  );
  if (!m) return value;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => clamp255(Number(c) * 255));
  const aRaw = m[4];
  const a = aRaw === undefined ? 1 : aRaw.endsWith('%') ? Number(aRaw.slice(0, -1)) / 100 : Number(aRaw);
  return a >= 1 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${Number(a.toFixed(3))})`;
}

/** Presentation properties the cluster picture's CSS sets; copied from computed style into each element. */
export const SVG_STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'opacity',
  'paint-order',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
  'text-transform',
  'visibility',
  'display',
] as const;

/** Initial values: a property at its initial value need not be written out. */
const DEFAULTS: Record<string, string> = {
  'fill-opacity': '1',
  'fill-rule': 'nonzero',
  'stroke-opacity': '1',
  'stroke-dasharray': 'none',
  'stroke-linecap': 'butt',
  'stroke-linejoin': 'miter',
  opacity: '1',
  'paint-order': 'normal',
  'font-style': 'normal',
  'letter-spacing': 'normal',
  'text-transform': 'none',
  visibility: 'visible',
  'dominant-baseline': 'auto',
};

/**
 * Presentation attributes from computed values: colours made plain, initial values left out.
 * Attributes, not a `style` attribute: the page's CSP (style-src 'self') refuses inline styles,
 * and attributes also reach renderers that ignore CSS. text-transform has no attribute: callers
 * apply it to the text itself (see transformText).
 */
export function presentationAttrs(
  read: (prop: string) => string,
  props: readonly string[] = SVG_STYLE_PROPS,
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const p of props) {
    const v = read(p).trim();
    if (v === '' || DEFAULTS[p] === v || p === 'text-transform') continue;
    if (p === 'display' && v !== 'none') continue;
    out.push([p, p === 'fill' || p === 'stroke' ? plainColor(v) : v]);
  }
  return out;
}

/** CSS text-transform applied to a string (SVG has no attribute for it). */
export function transformText(text: string, transform: string): string {
  if (transform === 'uppercase') return text.toUpperCase();
  if (transform === 'lowercase') return text.toLowerCase();
  return text;
}

/** Breaks text into lines of at most `max` characters at spaces (a longer word gets its own line). */
export function wrapText(text: string, max: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if (cur && cur.length + 1 + w.length > max) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** Width and height of a PNG from its IHDR chunk (bytes 16..23), or null if it is not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || sig.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Seconds with two decimals, as the title line says it: "1.25 s". */
export function secondsText(t: number): string {
  return `${(t / 1000).toFixed(2)} s`;
}
