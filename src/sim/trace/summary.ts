import { pushAll } from '../../lib/extent.ts';
import { stopsHost } from '../faults/table.ts';
import type { Params } from '../params.ts';
import { stepCaption } from '../scenario/fix.ts';
import type { Scenario } from '../scenario/schema.ts';
import type { TraceEvent, Violation } from './events.ts';
import { fillCaption } from './narrate.ts';
import type { Trace } from './trace.ts';

export interface LeaderInterval {
  node: string;
  fromMs: number;
  toMs: number;
  /** True when the node still believed it led at the end of the run. */
  ongoing: boolean;
  token: number | null;
  term: number | null;
}

export interface Summary {
  scenario: string;
  algorithm: string;
  seed: number;
  nodes: number;
  params: Params;
  durationMs: number;
  messages: { total: number; byType: Record<string, number>; dropped: number };
  leaders: LeaderInterval[];
  /**
   * Every client write attempt with its outcome: a write that reached a resource or a database
   * (accepted or rejected, its `code` and `reason`), and a write a client gave up on before any
   * database answered (`failed`, code null, `error` as the client reported it: a connect timeout, a
   * closed connection, no server), read from the client's 'write-failed' mark with `reached: false`.
   */
  writes: Array<{
    atMs: number;
    node: string;
    /** null for a failed write that was never routed to a backend. */
    resource: string | null;
    token: number | null;
    status: 'accepted' | 'rejected' | 'failed';
    code: number | null;
    reason?: string;
    error?: string;
  }>;
  violations: Array<{ kind: Violation['kind']; atMs: number; nodes: string[]; detail: string }>;
  steps: Array<{ atMs: number; id: string; caption: string }>;
  final: { leader: string | null; leaders: string[] };
}

/**
 * Leadership as each node believes it (its own view): an interval opens when a node reports
 * 'leader' and closes when it reports anything else or crashes. A pause does not close it: a paused
 * leader still believes it leads, which is the whole point of fencing.
 */
export function leaderIntervals(trace: Trace): LeaderInterval[] {
  const b = leaderFollower(trace.durationMs);
  for (const e of trace.events) b.follow(e);
  return b.finish();
}

/** leaderIntervals one event at a time: a caller that reads a run in pieces (derive.ts) folds it in. */
export function leaderFollower(durationMs: number): {
  follow(e: TraceEvent): void;
  finish(): LeaderInterval[];
} {
  const open = new Map<string, LeaderInterval>();
  const out: LeaderInterval[] = [];
  const close = (node: string, t: number) => {
    const iv = open.get(node);
    if (!iv) return;
    iv.toMs = t;
    iv.ongoing = false;
    out.push(iv);
    open.delete(node);
  };
  return {
    follow(e) {
      if (e.k === 'role') {
        const cur = open.get(e.node);
        if (e.role === 'leader' && cur && cur.token === (e.token ?? null) && cur.term === (e.term ?? null))
          return;
        close(e.node, e.t);
        if (e.role === 'leader')
          open.set(e.node, {
            node: e.node,
            fromMs: e.t,
            toMs: durationMs,
            ongoing: true,
            token: e.token ?? null,
            term: e.term ?? null,
          });
      } else if (e.k === 'fault' && 'node' in e.fault && stopsHost(e.fault)) close(e.fault.node, e.t);
    },
    /** Once, after the last event. */
    finish() {
      pushAll(out, open.values());
      return out.sort((a, b) => a.fromMs - b.fromMs || (a.node < b.node ? -1 : 1));
    },
  };
}

export function captionOf(
  scenario: Scenario | undefined,
  step: Trace['steps'][number],
  params: Params,
): string {
  return captionWith(scenario, step, params);
}

/**
 * captionOf with the caller's template in place of the scenario's English one (the UI passes a
 * translation; src/sim stays free of i18n). Without an override it is exactly captionOf.
 */
export function captionWith(
  scenario: Scenario | undefined,
  step: Trace['steps'][number],
  params: Params,
  template?: string,
): string {
  const tpl = template || ((scenario && stepCaption(scenario, step.id)) ?? step.id);
  return fillCaption(tpl, step.vars, params);
}

/** The CLI's json document (docs/architecture.md, CLI contract). */
export function summarize(trace: Trace, scenario?: Scenario): Summary {
  const byType: Record<string, number> = {};
  let total = 0;
  let dropped = 0;
  const writes: Summary['writes'] = [];
  const violations: Summary['violations'] = [];
  for (const e of trace.events as TraceEvent[]) {
    if (e.k === 'send') {
      total++;
      byType[e.type] = (byType[e.type] ?? 0) + 1;
    } else if (e.k === 'drop') dropped++;
    else if (e.k === 'write')
      writes.push({
        atMs: e.t,
        node: e.node,
        resource: e.resource,
        token: e.token,
        status: e.status,
        code: e.code,
        ...(e.reason ? { reason: e.reason } : {}),
      });
    else if (e.k === 'mark' && e.name === 'write-failed' && e.data?.reached === false)
      writes.push({
        atMs: e.t,
        node: e.node,
        resource: typeof e.data.backend === 'string' ? e.data.backend : null,
        token: null,
        status: 'failed',
        code: null,
        error: String(e.data.reason ?? 'error'),
      });
    else if (e.k === 'violation') violations.push({ ...e.violation, atMs: e.t });
  }
  const leaders = leaderIntervals(trace);
  const finalLeaders = leaders.filter((l) => l.ongoing).map((l) => l.node);
  return {
    scenario: trace.scenario,
    algorithm: trace.algorithm,
    seed: trace.seed,
    nodes: trace.hosts.filter((h) => h.kind === 'node').length,
    params: trace.params,
    durationMs: trace.durationMs,
    messages: { total, byType: Object.fromEntries(Object.entries(byType).sort()), dropped },
    leaders,
    writes,
    violations,
    steps: trace.steps.map((s) => ({
      atMs: s.atMs,
      id: s.id,
      caption: captionOf(scenario, s, trace.params),
    })),
    final: { leader: finalLeaders.length === 1 ? (finalLeaders[0] as string) : null, leaders: finalLeaders },
  };
}
