/** The chart's look, written into the exported file: it opens alone, outside the page's stylesheet. */
const STYLE = (c: Record<string, string>) => `
text { font: 11px system-ui, sans-serif; fill: ${c.text}; }
.sc-state rect { fill: ${c.surface}; stroke: ${c.border}; stroke-width: 1.2; }
.sc-parallel > rect { stroke-dasharray: 5 3; }
.sc-on > rect { stroke: ${c.accent}; stroke-width: 2.5; }
.sc-on > .sc-key { font-weight: 700; }
.sc-inplace { fill: ${c.muted}; font-size: 10px; }
.sc-edge path { fill: none; stroke: ${c.muted}; stroke-width: 1.2; }
.sc-lit path { stroke: ${c.accent}; stroke-width: 2.5; }
.sc-label text { fill: ${c.muted}; }
.sc-lit .sc-label text { fill: ${c.accent}; font-weight: 700; }
.sc-arrowhead { fill: ${c.muted}; }
`;

/** Downloads the drawn statechart as a standalone SVG file, in the colours on screen. */
export function exportSvg(svg: SVGSVGElement, fileName: string): void {
  const css = getComputedStyle(svg);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const colours = {
    text: v('--text', '#1a1a1a'),
    surface: v('--surface', '#ffffff'),
    border: v('--border', '#888888'),
    accent: v('--accent', '#0b62d6'),
    muted: v('--text-muted', '#555555'),
  };
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = STYLE(colours);
  copy.insertBefore(style, copy.firstChild);
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', v('--bg', '#ffffff'));
  copy.insertBefore(bg, style.nextSibling);
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
