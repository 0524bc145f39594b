/**
 * Lays a statechart out with ELK (elkjs), at build time only: the Vite plugin (chartsPlugin.ts)
 * and the tests call it in Node, the app gets the laid-out JSON. ELK's layered algorithm handles
 * compound nodes with edges across levels (`hierarchyHandling: INCLUDE_CHILDREN`) and routes edges
 * orthogonally with their labels placed, which is what a statechart needs (ELK reference:
 * https://eclipse.dev/elk/reference/algorithms/org-eclipse-elk-layered.html).
 */
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { Chart, ChartState } from '../../sim/chart/extract.ts';
import { ANY, type LaidChart, type LaidState, type LaidTransition } from './laidChart.ts';

/** Text metrics of the chart's 11 px system font, measured roughly (6.4 px a character). */
const CH = 6.4;
const LINE = 14;
const PAD = 8;
const textW = (s: string) => Math.ceil(s.length * CH);

const labelOf = (t: { event: string; guard: string | null }) =>
  t.guard ? `${t.event} [${t.guard}]` : t.event;

export async function layoutChart(chart: Chart): Promise<LaidChart> {
  const elk = new ELK();
  const inPlace = new Map<string, string[]>();
  for (const t of chart.transitions)
    if (t.targets.length === 0) inPlace.set(t.source, [...(inPlace.get(t.source) ?? []), labelOf(t)]);
  const anyHasEdges = chart.transitions.some((t) => t.source === '' && t.targets.length > 0);

  const nodes = new Map<string, ElkNode>();
  const elkNode = (s: { path: string; key: string; type: string }): ElkNode => {
    const lines = inPlace.get(s.path) ?? [];
    const w = Math.max(textW(s.key), ...lines.map(textW)) + 2 * PAD;
    const h = LINE + PAD * 2 + lines.length * LINE;
    const n: ElkNode = {
      id: s.path,
      width: w,
      height: h,
      children: [],
      layoutOptions: {
        'elk.padding': `[top=${LINE + PAD + lines.length * LINE},left=${PAD},bottom=${PAD},right=${PAD}]`,
        'elk.spacing.nodeNode': '18',
      },
    };
    nodes.set(s.path, n);
    return n;
  };
  const root: ElkNode = {
    id: '__root',
    children: [],
    edges: [],
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '28',
      'elk.spacing.edgeLabel': '2',
      'elk.edgeLabels.inline': 'false',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
  };
  if (anyHasEdges) root.children?.push(elkNode({ path: ANY, key: '*', type: 'atomic' }));
  for (const s of chart.states) {
    const n = elkNode(s);
    const parent = s.parent === null ? root : nodes.get(s.parent);
    parent?.children?.push(n);
  }
  const edges: ElkExtendedEdge[] = [];
  for (const t of chart.transitions)
    t.targets.forEach((target, i) => {
      const label = labelOf(t);
      edges.push({
        id: `${t.id}>${i}`,
        sources: [t.source === '' ? ANY : t.source],
        targets: [target],
        labels: [{ id: `${t.id}>${i}:l`, text: label, width: textW(label), height: LINE }],
      });
    });
  root.edges = edges;
  const out = await elk.layout(root);

  const abs = new Map<string, { x: number; y: number }>([['__root', { x: 0, y: 0 }]]);
  const states: LaidState[] = [];
  const byPath = new Map(chart.states.map((s) => [s.path, s]));
  const visit = (n: ElkNode, ox: number, oy: number) => {
    for (const c of n.children ?? []) {
      const x = ox + (c.x ?? 0);
      const y = oy + (c.y ?? 0);
      abs.set(c.id, { x, y });
      const s: ChartState | undefined = byPath.get(c.id);
      states.push({
        path: c.id,
        key: s?.key ?? '*',
        type: s?.type ?? 'atomic',
        initial: s?.initial ?? false,
        x: Math.round(x),
        y: Math.round(y),
        w: Math.round(c.width ?? 0),
        h: Math.round(c.height ?? 0),
        inPlace: inPlace.get(c.id === ANY ? '' : c.id) ?? [],
      });
      visit(c, x, y);
    }
  };
  visit(out, 0, 0);

  const transitions: LaidTransition[] = [];
  for (const e of out.edges ?? []) {
    const container = (e as { container?: string }).container ?? '__root';
    const o = abs.get(container) ?? { x: 0, y: 0 };
    const sec = e.sections?.[0];
    const pts = sec ? [sec.startPoint, ...(sec.bendPoints ?? []), sec.endPoint] : [];
    const l = e.labels?.[0];
    const [tid] = e.id.split('>');
    const t = chart.transitions.find((x) => x.id === tid);
    if (!t) continue;
    transitions.push({
      id: e.id,
      transition: t.id,
      source: t.source === '' ? ANY : t.source,
      target: e.targets[0] ?? '',
      event: t.event,
      guard: t.guard,
      points: pts.map((p) => [Math.round(o.x + p.x), Math.round(o.y + p.y)] as [number, number]),
      label: {
        x: Math.round(o.x + (l?.x ?? 0)),
        y: Math.round(o.y + (l?.y ?? 0)),
        text: labelOf(t),
      },
    });
  }
  return {
    id: chart.id,
    width: Math.ceil(out.width ?? 0),
    height: Math.ceil(out.height ?? 0),
    states,
    transitions,
    anywhere: inPlace.get('') ?? [],
  };
}
