/**
 * bench/scaling.svg, hand-written (no plotting dependency): two log-log panels. Left: messages
 * against cluster size (Bully worst case with the n(n-1) reference, and a lease cluster). Right:
 * wall time against trace events for the lease runs (1 h, 6 h, 24 h), min-max bars, slope-1 guide.
 */
import type { SimResults } from './sim.ts';

interface Series {
  name: string;
  color: string;
  shape: 'circle' | 'square';
  points: Array<{ x: number; y: number; lo?: number; hi?: number; label?: string }>;
}

interface Line {
  name: string;
  color: string;
  dash: string;
  f: (x: number) => number;
}

interface Panel {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  lines: Line[];
  note: string;
}

const W = 420;
const H = 330;
const M = { l: 62, r: 16, t: 34, b: 78 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (v: number) =>
  v >= 1e6 ? `${v / 1e6}M` : v >= 1e3 ? `${v / 1e3}k` : v < 1 ? String(Number(v.toPrecision(2))) : String(v);

function panel(p: Panel, ox: number): string {
  const xs = p.series.flatMap((s) => s.points.map((q) => q.x));
  const ys = p.series.flatMap((s) => s.points.flatMap((q) => [q.y, q.lo ?? q.y, q.hi ?? q.y]));
  const x0 = 10 ** Math.floor(Math.log10(Math.min(...xs)));
  const x1 = 10 ** Math.ceil(Math.log10(Math.max(...xs)));
  const y0 = 10 ** Math.floor(Math.log10(Math.min(...ys)));
  const y1 = 10 ** Math.ceil(Math.log10(Math.max(...ys)));
  const pw = W - M.l - M.r;
  const ph = H - M.t - M.b;
  const sx = (x: number) =>
    ox + M.l + ((Math.log10(x) - Math.log10(x0)) / (Math.log10(x1) - Math.log10(x0))) * pw;
  const sy = (y: number) =>
    M.t + ph - ((Math.log10(y) - Math.log10(y0)) / (Math.log10(y1) - Math.log10(y0))) * ph;
  const out: string[] = [];
  out.push(`<text x="${ox + M.l}" y="20" class="title">${esc(p.title)}</text>`);
  // Grid and decade ticks.
  for (let d = Math.log10(x0); d <= Math.log10(x1) + 1e-9; d++) {
    const x = sx(10 ** d);
    out.push(`<line x1="${x}" y1="${M.t}" x2="${x}" y2="${M.t + ph}" class="grid"/>`);
    out.push(`<text x="${x}" y="${M.t + ph + 16}" class="tick" text-anchor="middle">${fmt(10 ** d)}</text>`);
  }
  for (let d = Math.log10(y0); d <= Math.log10(y1) + 1e-9; d++) {
    const y = sy(10 ** d);
    out.push(`<line x1="${ox + M.l}" y1="${y}" x2="${ox + M.l + pw}" y2="${y}" class="grid"/>`);
    out.push(`<text x="${ox + M.l - 6}" y="${y + 4}" class="tick" text-anchor="end">${fmt(10 ** d)}</text>`);
  }
  out.push(`<rect x="${ox + M.l}" y="${M.t}" width="${pw}" height="${ph}" class="frame"/>`);
  out.push(
    `<text x="${ox + M.l + pw / 2}" y="${M.t + ph + 34}" class="axis" text-anchor="middle">${esc(p.xLabel)}</text>`,
  );
  out.push(
    `<text transform="translate(${ox + 16} ${M.t + ph / 2}) rotate(-90)" class="axis" text-anchor="middle">${esc(p.yLabel)}</text>`,
  );
  out.push(
    `<clipPath id="clip${ox}"><rect x="${ox + M.l}" y="${M.t}" width="${pw}" height="${ph}"/></clipPath>`,
  );
  for (const l of p.lines) {
    const pts: string[] = [];
    for (let i = 0; i <= 60; i++) {
      const x = 10 ** (Math.log10(x0) + (i / 60) * (Math.log10(x1) - Math.log10(x0)));
      const y = l.f(x);
      if (y > 0) pts.push(`${sx(x).toFixed(1)},${sy(y).toFixed(1)}`);
    }
    out.push(
      `<polyline points="${pts.join(' ')}" fill="none" stroke="${l.color}" stroke-dasharray="${l.dash}" stroke-width="1.5" clip-path="url(#clip${ox})"/>`,
    );
  }
  for (const s of p.series) {
    const path = s.points
      .map((q, i) => `${i ? 'L' : 'M'}${sx(q.x).toFixed(1)} ${sy(q.y).toFixed(1)}`)
      .join(' ');
    out.push(`<path d="${path}" fill="none" stroke="${s.color}" stroke-width="1.5" opacity="0.6"/>`);
    for (const q of s.points) {
      const x = sx(q.x);
      const y = sy(q.y);
      if (q.lo !== undefined && q.hi !== undefined)
        out.push(
          `<line x1="${x}" y1="${sy(q.lo)}" x2="${x}" y2="${sy(q.hi)}" stroke="${s.color}" stroke-width="1.5"/>`,
        );
      out.push(
        s.shape === 'circle'
          ? `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="3.5" fill="${s.color}"/>`
          : `<rect x="${(x - 3.5).toFixed(1)}" y="${(y - 3.5).toFixed(1)}" width="7" height="7" fill="${s.color}"/>`,
      );
      if (q.label)
        out.push(`<text x="${x - 7}" y="${y - 6}" class="tick" text-anchor="end">${esc(q.label)}</text>`);
    }
  }
  // Legend under the axis label.
  let ly = M.t + ph + 50;
  let lx = ox + M.l;
  for (const s of p.series) {
    out.push(
      s.shape === 'circle'
        ? `<circle cx="${lx + 5}" cy="${ly - 4}" r="3.5" fill="${s.color}"/>`
        : `<rect x="${lx + 1.5}" y="${ly - 7.5}" width="7" height="7" fill="${s.color}"/>`,
    );
    out.push(`<text x="${lx + 14}" y="${ly}" class="legend">${esc(s.name)}</text>`);
    lx += 14 + s.name.length * 6.2 + 14;
  }
  for (const l of p.lines) {
    out.push(
      `<line x1="${lx}" y1="${ly - 4}" x2="${lx + 16}" y2="${ly - 4}" stroke="${l.color}" stroke-dasharray="${l.dash}" stroke-width="1.5"/>`,
    );
    out.push(`<text x="${lx + 20}" y="${ly}" class="legend">${esc(l.name)}</text>`);
    lx += 20 + l.name.length * 6.2 + 14;
  }
  ly += 16;
  out.push(`<text x="${ox + M.l}" y="${ly}" class="note">${esc(p.note)}</text>`);
  return out.join('\n');
}

export function scalingSvg(sim: SimResults): string {
  const blue = '#2563eb';
  const orange = '#d97706';
  const grey = '#6b7280';
  const left: Panel = {
    title: 'Messages vs cluster size',
    xLabel: 'nodes n',
    yLabel: 'messages sent',
    series: [
      {
        name: 'Bully, worst case',
        color: blue,
        shape: 'circle',
        points: sim.bully.rows.map((r) => ({ x: r.n as number, y: r.messages })),
      },
      {
        name: `lease, ${Math.round(sim.leaseVsN.hours * 60)} min`,
        color: orange,
        shape: 'square',
        points: sim.leaseVsN.rows.map((r) => ({ x: r.n as number, y: r.messages })),
      },
    ],
    lines: [{ name: 'n(n-1)', color: grey, dash: '5 4', f: (n) => n * (n - 1) }],
    note: `log-log slope: Bully ${sim.bully.messagesVsNSlope.toFixed(2)}, lease ${sim.leaseVsN.messagesVsNSlope.toFixed(2)}`,
  };
  const first = sim.lease.rows[0];
  const right: Panel = {
    title: 'Simulation wall time vs trace events',
    xLabel: 'trace events',
    yLabel: 'wall time, ms (median, min-max)',
    series: [
      {
        name: '5-node lease cluster',
        color: orange,
        shape: 'square',
        points: sim.lease.rows.map((r) => ({
          x: r.events,
          y: r.ms.median,
          lo: r.ms.min,
          hi: r.ms.max,
          label: `${r.hours} h`,
        })),
      },
      {
        name: 'Bully',
        color: blue,
        shape: 'circle',
        points: sim.bully.rows.map((r) => ({ x: r.events, y: r.ms.median, lo: r.ms.min, hi: r.ms.max })),
      },
    ],
    lines: first
      ? [{ name: 'slope 1', color: grey, dash: '5 4', f: (e) => (first.ms.median * e) / first.events }]
      : [],
    note: `log-log slope, lease time vs events: ${sim.lease.timeVsEventsSlope.toFixed(2)}`,
  };
  const width = W * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${H}" viewBox="0 0 ${width} ${H}" font-family="system-ui, sans-serif">
<style>
  .title { font-size: 14px; font-weight: 600; fill: #111827; }
  .axis { font-size: 12px; fill: #374151; }
  .tick { font-size: 10.5px; fill: #4b5563; }
  .legend { font-size: 11px; fill: #374151; }
  .note { font-size: 11px; fill: #6b7280; }
  .grid { stroke: #e5e7eb; stroke-width: 1; }
  .frame { fill: none; stroke: #9ca3af; stroke-width: 1; }
</style>
<rect width="100%" height="100%" fill="#ffffff"/>
${panel(left, 0)}
${panel(right, W)}
</svg>
`;
}
