import { describe, expect, it } from 'vitest';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { leaderIntervals, summarize } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import input from './etcd-lease.ts';

const scenario = parseScenario(input, 'scenarios/etcd-lease.ts');
const CRASH_AT = 35_000;

type Store = Extract<TraceEvent, { k: 'store' }>;

/** When node-1's renewals stopped counting and when etcd expired its lease, from the trace. */
function failover(tr: Trace) {
  const arrivals = tr.events.flatMap((e) => {
    if (e.k !== 'send' || e.type !== 'KEEPALIVE' || e.from !== 'node-1') return [];
    const d = tr.events.find((x) => x.k === 'deliver' && x.id === e.id);
    return d && d.t < CRASH_AT ? [d.t] : [];
  });
  const lastRenewal = arrivals.at(-1) as number;
  const expire = tr.events.find(
    (e): e is Store => e.k === 'store' && e.change.kind === 'lease-expire',
  ) as Store;
  const next = leaderIntervals(tr)[1];
  if (!next) throw new Error('nobody took over');
  return { lastRenewal, expiry: expire.t, expire, next, window: next.fromMs - CRASH_AT };
}

describe('scenario etcd-lease', () => {
  const trace = simulate(scenario);
  const retryMs = Number(trace.params.retryMs);
  const ttlS = Number(trace.params.ttlS);
  const renewS = Number(trace.params.renewS);

  it('node-1 leads with token 42, renewing every 10 s, until it crashes at 35 s', () => {
    expect(ttlS).toBe(30);
    expect(renewS).toBe(10);
    const [first] = leaderIntervals(trace);
    expect(first).toMatchObject({ node: 'node-1', token: 42, toMs: CRASH_AT });
    expect(first!.fromMs).toBeLessThan(500);
    const renewals = trace.events.filter(
      (e) => e.k === 'send' && e.type === 'KEEPALIVE' && e.from === 'node-1',
    );
    expect(renewals.map((e) => e.t - renewals[0]!.t)).toEqual([0, 10_000, 20_000]);
  });

  it('the lease expires exactly TTL after the last renewal reached etcd, deleting the leader key', () => {
    const { lastRenewal, expiry, expire } = failover(trace);
    expect(lastRenewal).toBeGreaterThan(30_000);
    expect(expiry).toBe(lastRenewal + ttlS * 1000);
    const deleted = trace.events.find(
      (e) => e.k === 'store' && e.change.kind === 'delete' && e.change.key === '/election/leader',
    ) as Store;
    expect(deleted.t).toBe(expiry);
    expect(deleted.change).toMatchObject({
      cause: 'lease-expired',
      revision: (expire.change as { revision: number }).revision,
    });
  });

  it('node-2 takes over within one retry interval after the expiry, with token 43', () => {
    const { expiry, next, window } = failover(trace);
    expect(next).toMatchObject({ node: 'node-2', token: 43, ongoing: true });
    expect(next.fromMs).toBeGreaterThan(expiry);
    expect(next.fromMs - expiry).toBeLessThanOrEqual(retryMs);
    // The winning TXN left in node-2's slot: 400 ms past a multiple of 2 s.
    const win = trace.events.find(
      (e) => e.k === 'send' && e.type === 'TXN' && e.from === 'node-2' && e.t > expiry,
    );
    expect(win!.t % retryMs).toBe(400);
    // The leaderless window is what the TTL implies: the crash came 4.9 s after a renewal,
    // so about TTL - 4.9 s plus the retry. Never more than TTL + one retry interval.
    expect(window).toBeGreaterThan((ttlS - renewS) * 1000);
    expect(window).toBeLessThan(ttlS * 1000 + retryMs);
    expect(window).toBe(25_501);
  });

  it('meets the scenario’s expectations', () => {
    const s = summarize(trace, scenario);
    expect(s.final.leader).toBe(scenario.expect.finalLeader);
    expect(s.leaders.map((l) => l.node)).toEqual(scenario.expect.leadersInOrder);
    expect(s.leaders.map((l) => l.token)).toEqual(scenario.expect.tokens);
    expect(s.violations).toEqual([]);
    for (const kind of scenario.expect.noViolations ?? [])
      expect(s.violations.map((v) => v.kind)).not.toContain(kind);
    // Both leaders did the job; nothing was rejected.
    expect(s.writes.every((w) => w.status === 'accepted')).toBe(true);
    expect(new Set(s.writes.map((w) => `${w.node}:${w.token}`))).toEqual(new Set(['node-1:42', 'node-2:43']));
  });

  it('every narration step resolves, in order, anchored where the story says', () => {
    const s = summarize(trace, scenario);
    expect(trace.steps.map((st) => st.id)).toEqual(scenario.steps.map((st) => st.id));
    const times = trace.steps.map((st) => st.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const st of s.steps) expect(st.caption, st.id).not.toMatch(/\{\w+\}/);
    const at = Object.fromEntries(trace.steps.map((st) => [st.id, st.atMs]));
    const { expiry, next } = failover(trace);
    expect(at.crash).toBe(CRASH_AT);
    expect(at['lease-expires']).toBe(expiry);
    expect(at['node-2-leads']).toBe(next.fromMs);
    expect(at.leaderless).toBeGreaterThan(CRASH_AT);
    expect(at.leaderless).toBeLessThan(expiry);
    expect(s.steps.find((st) => st.id === 'leaderless')?.caption).toContain('up to 30 s without a leader');
    expect(s.steps.find((st) => st.id === 'node-2-leads')?.caption).toContain('token 43');
  });

  it.each([10, 30, 60])(
    'failover with ttlS=%i: expiry at last renewal + TTL, next leader within one retry',
    (ttl) => {
      const tr = simulate(scenario, {
        params: { ttlS: ttl, renewS: ttl / 3 },
        durationMs: CRASH_AT + ttl * 1000 + 10_000,
      });
      const { lastRenewal, expiry, next, window } = failover(tr);
      expect(expiry).toBe(lastRenewal + ttl * 1000);
      expect(next.node).not.toBe('node-1');
      expect(next.token).toBe(43);
      expect(next.fromMs - expiry).toBeGreaterThan(0);
      expect(next.fromMs - expiry).toBeLessThanOrEqual(retryMs);
      // Crashing right after a renewal or just before one: the window is between TTL - renew and TTL.
      expect(window).toBeGreaterThan((ttl - ttl / 3) * 1000);
      expect(window).toBeLessThan(ttl * 1000 + retryMs);
    },
  );

  it.each([1, 2, 3, 5, 8, 13, 21, 34])('node-2 is the one who takes over with any seed (seed %i)', (seed) => {
    const tr = simulate(scenario, { seed });
    const { expiry, next } = failover(tr);
    expect(next.node).toBe('node-2');
    expect(next.fromMs - expiry).toBeLessThanOrEqual(retryMs);
    expect(tr.steps).toHaveLength(scenario.steps.length);
  });

  it('is deterministic: the same seed gives the same trace', () => {
    expect(JSON.stringify(simulate(scenario))).toBe(JSON.stringify(trace));
  });
});
