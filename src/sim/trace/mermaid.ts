import type { Scenario } from '../scenario/schema.ts';
import type { TraceEvent } from './events.ts';
import { captionOf } from './summary.ts';
import type { Trace } from './trace.ts';

/** Mermaid-safe participant alias (letters, digits, underscore). */
const alias = (id: string) => id.replace(/[^A-Za-z0-9]/g, '_');
/**
 * Characters Mermaid reads as syntax in a sequence diagram, written as its entity codes, so that the
 * text keeps them (a caption's colon, a token's '#'); one pass, so an entity is never escaped again.
 */
const ENTITY: Record<string, string> = {
  '#': '#35;',
  ';': '#59;',
  ':': '#58;',
  '<': '#lt;',
  '>': '#gt;',
  '{': '#123;',
  '}': '#125;',
};
/** Message and note text, on one line, with its syntax characters as entity codes. */
export const mermaidText = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[#;:<>{}]/g, (c) => ENTITY[c] ?? c);
const text = mermaidText;

function details(data: Record<string, unknown> | undefined): string {
  if (!data) return '';
  const keep = ['token', 'term', 'ttl', 'lease', 'succeeded', 'code', 'lsn', 'timeline'];
  const parts = keep
    .filter((k) => data[k] !== undefined && data[k] !== null)
    .map(
      (k) => `${k}=${k === 'lease' && typeof data[k] === 'number' ? data[k].toString(16) : String(data[k])}`,
    );
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * The run as a Mermaid `sequenceDiagram` that a docs writer pastes into Markdown: one participant
 * per host, an arrow per message (crossed when it was lost), notes for roles, faults, rejected
 * writes and violations, and the narration as notes spanning the cluster.
 */
export function toMermaid(trace: Trace, scenario?: Scenario, opts: { omitTypes?: string[] } = {}): string {
  const omit = new Set(opts.omitTypes ?? []);
  const lines = ['sequenceDiagram'];
  for (const h of trace.hosts) lines.push(`  participant ${alias(h.id)} as ${h.id}`);
  const first = alias(trace.hosts[0]?.id ?? 'x');
  const last = alias(trace.hosts[trace.hosts.length - 1]?.id ?? 'x');
  const fate = new Map<number, string>();
  for (const e of trace.events) if (e.k === 'drop') fate.set(e.id, e.reason);
  const stepAt = new Map<number, Trace['steps']>();
  for (const s of trace.steps) {
    const key = s.eventIndex;
    stepAt.set(key, [...(stepAt.get(key) ?? []), s]);
  }
  const note = (s: Trace['steps'][number]) =>
    lines.push(
      `  Note over ${first},${last}: ${text(`${(s.atMs / 1000).toFixed(2)}s ${captionOf(scenario, s, trace.params)}`)}`,
    );
  for (const s of stepAt.get(-1) ?? []) if (s.atMs === 0) note(s);
  trace.events.forEach((e: TraceEvent, i) => {
    switch (e.k) {
      case 'send': {
        if (omit.has(e.type)) break;
        const lost = fate.get(e.id);
        const arrow = lost ? '-x' : '->>';
        lines.push(
          `  ${alias(e.from)}${arrow}${alias(e.to)}: ${text(`${e.type}${details(e.data)}${lost ? ` lost, ${lost}` : ''}`)}`,
        );
        break;
      }
      case 'role':
        if (e.role === 'leader')
          lines.push(
            `  Note over ${alias(e.node)}: ${text(`leader${e.token !== undefined ? ` token ${e.token}` : ''}`)}`,
          );
        break;
      case 'fault': {
        const f = e.fault;
        if ('node' in f) lines.push(`  Note over ${alias(f.node)}: ${text(f.kind)}`);
        else if ('groups' in f)
          // A fault that splits the cluster names its sides.
          lines.push(
            `  Note over ${first},${last}: ${text(`${f.kind} ${f.groups.map((g) => g.join(' ')).join(' | ')}`)}`,
          );
        else lines.push(`  Note over ${first},${last}: ${text(f.kind)}`);
        break;
      }
      case 'write':
        if (e.status === 'rejected')
          lines.push(
            `  Note over ${alias(e.resource)}: ${text(`${e.code} ${e.reason ?? ''} token ${e.token ?? '-'}`)}`,
          );
        break;
      case 'violation': {
        const ns = e.violation.nodes.length ? e.violation.nodes.map(alias) : [first, last];
        const span = ns.length > 1 ? `${ns[0]},${ns[ns.length - 1]}` : ns[0];
        lines.push(
          `  Note over ${span}: ${text(e.violation.kind === 'split-brain' ? 'BOTH WRITE' : e.violation.kind)}`,
        );
        break;
      }
    }
    for (const s of stepAt.get(i) ?? []) note(s);
  });
  for (const s of stepAt.get(-1) ?? []) if (s.atMs !== 0) note(s);
  return `${lines.join('\n')}\n`;
}
