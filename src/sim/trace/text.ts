import type { Scenario } from '../scenario/schema.ts';
import { type ToldStep, withDerived } from './cliSummary.ts';
import type { TraceEvent } from './events.ts';
import { captionOf, summarize } from './summary.ts';
import type { Trace } from './trace.ts';

/** Lease ids in hex, as etcdctl prints them. */
const hex = (id: number) => (id === 0 ? '0' : id.toString(16));

const sec = (ms: number) => `${(ms / 1000).toFixed(3).padStart(9)}s`;

function describeEvent(
  e: TraceEvent,
  sends: Map<number, Extract<TraceEvent, { k: 'send' }>>,
  store = 'etcd',
): string | null {
  switch (e.k) {
    case 'send': {
      const d = e.data
        ? Object.entries(e.data)
            .filter(([k]) => k !== 'reqId')
            .map(([k, v]) => `${k}=${k === 'lease' && typeof v === 'number' ? hex(v) : v}`)
            .join(' ')
        : '';
      return `${e.from} -> ${e.to}  ${e.type}${d ? `  ${d}` : ''}`;
    }
    case 'drop': {
      const s = sends.get(e.id);
      return s ? `LOST ${s.type} ${s.from} -> ${s.to} (${e.reason})` : null;
    }
    case 'role':
      return `${e.node} is ${e.role}${e.token !== undefined ? ` (token ${e.token})` : ''}${e.term !== undefined ? ` [term ${e.term}]` : ''}`;
    case 'fault': {
      const f = e.fault;
      const rest = Object.entries(f)
        .filter(([k]) => k !== 'kind')
        .map(([k, v]) => `${k}=${Array.isArray(v) ? JSON.stringify(v) : v}`)
        .join(' ');
      return `FAULT ${f.kind}${rest ? ` ${rest}` : ''}`;
    }
    case 'store': {
      const c = e.change;
      if (c.kind === 'put')
        return `${store} put ${c.kv.key}=${c.kv.value} rev=${c.kv.modRevision} lease=${hex(c.kv.lease)}`;
      if (c.kind === 'delete') return `${store} delete ${c.key} rev=${c.revision} (${c.cause})`;
      if (c.kind === 'lease-grant') return `${store} lease ${hex(c.lease)} granted ttl=${c.ttlSec}s`;
      if (c.kind === 'lease-keepalive') return null;
      return `${store} lease ${hex(c.lease)} ${c.kind === 'lease-expire' ? 'expired' : 'revoked'} rev=${c.revision}`;
    }
    case 'write':
      return `${e.resource} ${e.status === 'accepted' ? 'ACCEPTS' : 'REJECTS'} write from ${e.node}${e.key === undefined ? '' : ` ${e.key}`} token=${e.token ?? '-'}${e.status === 'rejected' ? ` -> ${e.code} ${e.reason ?? ''}` : ''}`;
    case 'violation':
      return `!! ${e.violation.kind.toUpperCase()}: ${e.violation.detail}`;
    case 'mark':
      // A client's write that no database answered (the summary's `failed` writes).
      if (e.name === 'write-failed' && e.data?.reached === false)
        return `${e.node} write ${e.data.wid ?? '?'} FAILED: ${e.data.reason ?? 'error'}${e.data.backend ? ` (via ${e.data.backend})` : ''}`;
      return null;
    case 'deliver':
    // A statechart's moves are the inspector's, not the readable timeline's: too many to read.
    case 'state':
      return null;
  }
}

/**
 * A readable timeline: narration steps as headlines, then what happened. Keepalive chatter can be
 * hidden with omitTypes.
 */
export function toText(
  trace: Trace,
  scenario?: Scenario,
  opts: { omitTypes?: string[]; derived?: readonly ToldStep[] } = {},
): string {
  const omit = new Set(opts.omitTypes ?? []);
  // Store changes are told under the store's own name (etcd, kube-apiserver, zookeeper).
  const storeHost = trace.hosts.find((h) => h.kind === 'store')?.id ?? 'etcd';
  const sends = new Map<number, Extract<TraceEvent, { k: 'send' }>>();
  const out: string[] = [];
  const sum = summarize(trace, scenario);
  out.push(
    `${scenario?.title ?? trace.scenario} — seed ${trace.seed}, ${sum.nodes} nodes, ${(trace.durationMs / 1000).toFixed(1)} s`,
  );
  const params = Object.entries(trace.params)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  out.push(`params: ${params}`, '');
  let s = 0;
  // The story's steps, and after each the captions derived from the trace (src/sim/trace/derive.ts).
  const steps = withDerived(
    trace.steps.map((st) => ({ atMs: st.atMs, id: st.id, caption: captionOf(scenario, st, trace.params) })),
    opts.derived ?? [],
  );
  const flushSteps = (t: number) => {
    while (s < steps.length && (steps[s]?.atMs ?? 0) <= t) {
      const st = steps[s++] as (typeof steps)[number];
      out.push(`${sec(st.atMs)}  == ${st.caption}`);
    }
  };
  for (const e of trace.events) {
    if (e.k === 'send') sends.set(e.id, e);
    flushSteps(e.t);
    const type = e.k === 'send' ? e.type : e.k === 'drop' ? sends.get(e.id)?.type : undefined;
    if (type && omit.has(type)) continue;
    const line = describeEvent(e, sends, storeHost);
    if (line) out.push(`${sec(e.t)}  ${line}`);
  }
  flushSteps(Number.POSITIVE_INFINITY);
  out.push('');
  out.push(
    `messages: ${sum.messages.total} (${Object.entries(sum.messages.byType)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
  );
  out.push(
    `leaders: ${sum.leaders.map((l) => `${l.node}${l.token !== null ? `#${l.token}` : ''} ${(l.fromMs / 1000).toFixed(2)}-${l.ongoing ? 'end' : (l.toMs / 1000).toFixed(2)}s`).join(', ') || 'none'}`,
  );
  out.push(
    `violations: ${sum.violations.map((v) => `${v.kind}@${(v.atMs / 1000).toFixed(2)}s`).join(', ') || 'none'}`,
  );
  out.push(
    `final leader: ${sum.final.leader ?? (sum.final.leaders.length ? sum.final.leaders.join(' AND ') : 'none')}`,
  );
  return `${out.join('\n')}\n`;
}
