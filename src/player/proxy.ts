import type { TraceEvent } from '../sim/trace/events.ts';
import type { TraceIndex } from '../sim/trace/frame.ts';

/**
 * What a proxy (HAProxy in front of Patroni) does at t, derived from the trace only.
 * HAProxy's model (src/sim/algorithms/patroni/haproxy.ts): every backend starts up (init-state "up"); health
 * checks mark a backend down after `fall` failures and up after `rise` successes, recorded as the
 * proxy's marks `backend-down` / `backend-up` {backend}; a write goes to the first backend marked
 * up, in config order. So the route at t is the first backend up at t; the latest delivered WRITE
 * it forwarded is shown beside it as evidence. Client writes: the `write` events on each backend
 * (where they landed), and WRITE_FAILED answers to clients (no backend up, or a session shut).
 */
export interface BackendState {
  id: string;
  up: boolean;
  /** When the proxy last marked it up or down (virtual ms); null = initial state, not yet marked. */
  since: number | null;
}

export interface ProxyState {
  id: string;
  route: string | null;
  /** Backend that received the latest WRITE the proxy forwarded (delivered by t). */
  lastForward: string | null;
  backends: BackendState[];
  landed: Array<{ backend: string; accepted: number; rejected: number }>;
  /** Writes the proxy answered with WRITE_FAILED by t. */
  failed: number;
}

interface ProxyTrail {
  marks: Array<{ t: number; backend: string; up: boolean }>;
  forwards: Array<{ sendAt: number; deliverAt: number; to: string }>;
  failures: number[];
  /** Clients that send WRITEs straight to a backend, past the proxy: their writes did not land through it. */
  direct: Set<string>;
}

const trails = new WeakMap<TraceIndex, Map<string, ProxyTrail>>();

/** The proxy's health marks, forwarded WRITEs and failure answers, extracted once per trace. */
function trailOf(index: TraceIndex, proxyId: string): ProxyTrail {
  let byProxy = trails.get(index);
  if (!byProxy) {
    byProxy = new Map();
    trails.set(index, byProxy);
  }
  const hit = byProxy.get(proxyId);
  if (hit) return hit;
  const trail: ProxyTrail = { marks: [], forwards: [], failures: [], direct: new Set() };
  for (const e of index.trace.events as TraceEvent[]) {
    if (e.k !== 'mark' || e.node !== proxyId) continue;
    if (e.name !== 'backend-up' && e.name !== 'backend-down') continue;
    const b = e.data?.backend;
    if (typeof b === 'string') trail.marks.push({ t: e.t, backend: b, up: e.name === 'backend-up' });
  }
  for (const m of index.messages) {
    if (m.type === 'WRITE' && m.from !== proxyId && m.to !== proxyId) trail.direct.add(m.from);
    if (m.from !== proxyId) continue;
    if (m.type === 'WRITE' && m.fate === 'delivered')
      trail.forwards.push({ sendAt: m.sendAt, deliverAt: m.deliverAt, to: m.to });
    else if (m.type === 'WRITE_FAILED') trail.failures.push(m.sendAt);
  }
  byProxy.set(proxyId, trail);
  return trail;
}

/** The proxy at t; `backends` in the proxy's config order (the node hosts' order). */
export function proxyStateAt(
  index: TraceIndex,
  proxyId: string,
  t: number,
  backends: readonly string[],
): ProxyState {
  const health = new Map<string, BackendState>(backends.map((id) => [id, { id, up: true, since: null }]));
  const trail = trailOf(index, proxyId);
  for (const m of trail.marks) {
    if (m.t > t) break;
    health.set(m.backend, { id: m.backend, up: m.up, since: m.t });
  }
  const states = [...health.values()];
  const route = states.find((b) => b.up)?.id ?? null;

  let lastForward: string | null = null;
  let lastAt = Number.NEGATIVE_INFINITY;
  for (const w of trail.forwards) {
    if (w.sendAt > t) break;
    if (w.deliverAt <= t && w.deliverAt >= lastAt) {
      lastForward = w.to;
      lastAt = w.deliverAt;
    }
  }

  const landed = new Map<string, { backend: string; accepted: number; rejected: number }>();
  for (const w of index.writes) {
    if (w.t > t) break;
    if (!health.has(w.resource) || trail.direct.has(w.node)) continue;
    const x = landed.get(w.resource) ?? { backend: w.resource, accepted: 0, rejected: 0 };
    if (w.status === 'accepted') x.accepted++;
    else x.rejected++;
    landed.set(w.resource, x);
  }
  let failed = 0;
  for (const at of trail.failures) if (at <= t) failed++;
  return { id: proxyId, route, lastForward, backends: states, landed: [...landed.values()], failed };
}
