import { presentationAttrs, transformText, wrapText } from './export.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

export interface StandaloneOptions {
  /** The document title (<title>): scenario and time. */
  title: string;
  /** Lines under the picture: the title line (bold), then the narration caption, wrapped. */
  heading: string;
  caption: string;
}

/** Attributes that only mean something inside the app (interaction, accessibility tree, focus). */
const APP_ONLY = /^(tabindex|role|aria-(?!label$).*|focusable)$/;

/**
 * The cluster picture as a standalone SVG document: a clone of the live <svg> with every element's
 * computed presentation (theme colours resolved to values) written into its style, a background,
 * a <title>, and the caption under the picture. Renders the same outside the app.
 */
export function standaloneSvg(live: SVGSVGElement, opts: StandaloneOptions): string {
  // A document of its own, outside the page: the page's CSP does not apply to what is built here.
  const doc = document.implementation.createDocument(SVG_NS, 'svg', null);
  const clone = doc.importNode(live, true);
  const from = [live, ...live.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  from.forEach((el, i) => {
    const c = to[i];
    if (!c) return;
    const cs = getComputedStyle(el);
    c.removeAttribute('style');
    c.removeAttribute('class');
    for (const a of [...c.attributes]) if (APP_ONLY.test(a.name)) c.removeAttribute(a.name);
    for (const [k, v] of presentationAttrs((p) => cs.getPropertyValue(p))) c.setAttribute(k, v);
    const tt = cs.getPropertyValue('text-transform');
    if (tt !== 'none' && c.childElementCount === 0 && c.textContent)
      c.textContent = transformText(c.textContent, tt);
  });
  doc.replaceChild(clone, doc.documentElement);

  const vb = live.viewBox.baseVal;
  const width = Math.round(vb && vb.width > 0 ? vb.width : live.clientWidth);
  const height = Math.round(vb && vb.height > 0 ? vb.height : live.clientHeight);
  const rootStyle = getComputedStyle(live);
  const canvas = live.parentElement ? getComputedStyle(live.parentElement) : rootStyle;
  const bg =
    canvas.backgroundColor && canvas.backgroundColor !== 'rgba(0, 0, 0, 0)'
      ? canvas.backgroundColor
      : getComputedStyle(document.body).backgroundColor;
  const text = rootStyle.color;
  const muted = getComputedStyle(document.documentElement).getPropertyValue('--text-muted').trim() || text;

  const lineH = 18;
  const lines = wrapText(opts.caption, Math.max(24, Math.floor((width - 32) / 7.2)));
  const capH = 16 + lineH * (1 + lines.length) + 10;
  const fullH = height + capH;

  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(fullH));
  clone.setAttribute('viewBox', `0 0 ${width} ${fullH}`);
  for (const [k, v] of presentationAttrs((p) => rootStyle.getPropertyValue(p), ['font-family', 'font-size']))
    clone.setAttribute(k, v);

  const make = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>) => {
    const e = doc.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  const title = make('title', {});
  title.textContent = opts.title;
  const rect = make('rect', { x: 0, y: 0, width, height: fullH, fill: bg });
  clone.insertBefore(rect, clone.firstChild);
  clone.insertBefore(title, clone.firstChild);

  // The moving messages are painted on a canvas over the picture (views/d3/cluster.ts): embed them.
  const msgs = live.parentElement?.querySelector('canvas.cluster-msgs');
  if (msgs instanceof HTMLCanvasElement && msgs.width > 0)
    clone.append(make('image', { x: 0, y: 0, width, height, href: msgs.toDataURL('image/png') }));

  const cap = make('g', { 'font-size': 13 });
  cap.append(
    make('line', {
      x1: 16,
      x2: width - 16,
      y1: height + 4,
      y2: height + 4,
      stroke: muted,
      'stroke-opacity': 0.35,
    }),
  );
  const head = make('text', { x: 16, y: height + 16 + lineH - 4, fill: text, 'font-weight': 700 });
  head.textContent = opts.heading;
  cap.append(head);
  lines.forEach((l, i) => {
    const tl = make('text', { x: 16, y: height + 16 + lineH * (i + 2) - 4, fill: text });
    tl.textContent = l;
    cap.append(tl);
  });
  clone.append(cap);

  const xml = new XMLSerializer().serializeToString(clone);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`;
}

/** Width and height the standalone SVG declares. */
export function svgSize(svgText: string): { width: number; height: number } {
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const root = doc.documentElement;
  return { width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')) };
}

/** Draws the SVG on a canvas at `scale` and returns it as PNG (an <img> from a blob: URL). */
export async function svgToPng(svgText: string, scale = 2): Promise<Blob> {
  const { width, height } = svgSize(svgText);
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    const loaded = new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the picture could not be drawn'));
    });
    img.src = url;
    await loaded;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be encoded'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves a blob under a file name: an <a download> with a blob: URL, revoked once the click is handled. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The cluster picture on the page (the first player's). */
export function clusterSvg(): SVGSVGElement | null {
  return document.querySelector<SVGSVGElement>('.cluster-canvas svg.cluster-svg');
}
