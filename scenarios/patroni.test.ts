import { describe, expect, it } from 'vitest';
import { NO_SERVER, SESSION_SHUT } from '../src/sim/algorithms/patroni/haproxy.ts';
import { splitBrainChecker } from '../src/sim/check/splitBrain.ts';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { captionOf, summarize } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import input from './patroni.ts';

type Mark = Extract<TraceEvent, { k: 'mark' }>;
type Write = Extract<TraceEvent, { k: 'write' }>;

const scenario = parseScenario(input, 'scenarios/patroni.ts');
const P = { ttlMs: 30_000, loopWaitMs: 10_000, promoteMs: 1000, interMs: 3000, clientMs: 2000 };
const CRASH = 21_500;

const marks = (tr: Trace, name: string, node?: string): Mark[] =>
  tr.events.filter((e): e is Mark => e.k === 'mark' && e.name === name && (!node || e.node === node));
const writes = (tr: Trace): Write[] => tr.events.filter((e): e is Write => e.k === 'write');

/** The story's moments, read from the trace. */
function story(tr: Trace) {
  const pg1Lease = tr.events.find(
    (e) => e.k === 'store' && e.change.kind === 'put' && e.change.kv.key === '/service/batman/leader',
  );
  const lease = pg1Lease?.k === 'store' && pg1Lease.change.kind === 'put' ? pg1Lease.change.kv.lease : -1;
  const lastRefresh = tr.events
    .filter((e) => e.k === 'store' && e.change.kind === 'lease-keepalive' && e.change.lease === lease)
    .at(-1)?.t as number;
  const expiry = tr.events.find(
    (e) => e.k === 'store' && e.change.kind === 'lease-expire' && e.change.lease === lease,
  )?.t as number;
  const down = marks(tr, 'backend-down', 'haproxy').find((m) => m.data?.backend === 'pg-1')?.t as number;
  const promote = marks(tr, 'promote', 'pg-2')[0]?.t as number;
  const primary = tr.events.find((e) => e.k === 'role' && e.node === 'pg-2' && e.role === 'leader')
    ?.t as number;
  const up = marks(tr, 'backend-up', 'haproxy').find((m) => m.data?.backend === 'pg-2')?.t as number;
  const firstOnPg2 = writes(tr).find((w) => w.resource === 'pg-2' && w.status === 'accepted')?.t as number;
  return { lease, lastRefresh, expiry, down, promote, primary, up, firstOnPg2 };
}

describe('scenario: Patroni failover behind HAProxy', () => {
  const tr = simulate(scenario);
  const s = story(tr);

  it('is the fifth story with its id, title and 3 members', () => {
    expect([scenario.id, scenario.title, scenario.algorithm, scenario.nodes]).toEqual([
      'patroni',
      'Patroni failover behind HAProxy',
      'patroni',
      3,
    ]);
    expect(tr.hosts.map((h) => `${h.id}:${h.kind}`)).toEqual([
      'etcd:store',
      'pg-1:node',
      'pg-2:node',
      'pg-3:node',
      'haproxy:proxy',
      'app:client',
    ]);
    // ~30 s of wall time at 1x
    expect(scenario.durationMs / scenario.timeScale).toBeGreaterThanOrEqual(25_000);
    expect(scenario.durationMs / scenario.timeScale).toBeLessThanOrEqual(35_000);
  });

  it('meets its expectations: pg-1 then pg-2 lead, on timelines 1 and 2, and no checker fires', () => {
    const sum = summarize(tr, scenario);
    expect(sum.final.leader).toBe(scenario.expect.finalLeader);
    expect(sum.leaders.map((l) => l.node)).toEqual(scenario.expect.leadersInOrder);
    expect(sum.leaders.map((l) => l.token)).toEqual(scenario.expect.tokens);
    expect(sum.violations).toEqual([]);
    // pg-1's leadership ends at the crash
    expect(sum.leaders[0]).toMatchObject({ node: 'pg-1', toMs: CRASH, ongoing: false });
  });

  it('resolves every narration step, in the scenario order, with every placeholder filled', () => {
    expect(tr.steps.map((x) => x.id)).toEqual(scenario.steps.map((x) => x.id));
    for (let i = 1; i < tr.steps.length; i++)
      expect(tr.steps[i]?.atMs).toBeGreaterThanOrEqual(tr.steps[i - 1]?.atMs as number);
    for (const step of tr.steps) expect(captionOf(scenario, step, tr.params)).not.toMatch(/\{\w+\}/);
    const at = Object.fromEntries(tr.steps.map((x) => [x.id, x.atMs]));
    expect(at['pg-1-crashes']).toBe(CRASH);
    expect(at['haproxy-marks-pg-1-down']).toBe(s.down);
    expect(at['lease-expires']).toBe(s.expiry);
    expect(at['pg-2-promotes']).toBe(s.promote);
    expect(at['pg-2-is-primary']).toBe(s.primary);
    expect(at['writes-reach-pg-2']).toBe(s.up);
    expect(tr.steps.find((x) => x.id === 'pg-2-is-primary')?.vars.token).toBe(2);
    expect(tr.steps.find((x) => x.id === 'haproxy-marks-pg-1-down')?.vars.backend).toBe('pg-1');
  });

  it('HAProxy marks pg-1 down after 3 unanswered checks: 9 to 12 s after the crash', () => {
    expect(s.down - CRASH).toBeGreaterThan(3 * P.interMs);
    expect(s.down - CRASH).toBeLessThanOrEqual(4 * P.interMs);
    expect(s.down).toBe(33_000);
  });

  it("pg-1's lease expires exactly ttl after the last keepalive etcd saw", () => {
    expect(s.lastRefresh).toBeLessThan(CRASH);
    expect(s.expiry).toBe(s.lastRefresh + P.ttlMs);
    const deleted = tr.events.filter(
      (e) => e.k === 'store' && e.change.kind === 'delete' && e.t === s.expiry,
    );
    expect(deleted.map((e) => (e.k === 'store' && e.change.kind === 'delete' ? e.change.key : ''))).toEqual([
      '/service/batman/leader',
      '/service/batman/members/pg-1',
    ]);
  });

  it('pg-2 is the healthiest (pg-3 missed WAL), wins the key and is primary within ttl + loop_wait of the last refresh', () => {
    const h = marks(tr, 'healthiest', 'pg-2')[0];
    const [, pg3Lsn] = String(h?.data?.answers).split('@');
    expect(Number(pg3Lsn)).toBeLessThan(Number(h?.data?.lsn));
    expect(marks(tr, 'healthiest', 'pg-3')).toEqual([]);
    expect(marks(tr, 'lock-acquired').map((m) => m.node)).toEqual(['pg-2']);
    expect(s.promote).toBeGreaterThan(s.expiry);
    expect(s.promote - s.expiry).toBeLessThanOrEqual(P.loopWaitMs);
    expect(s.primary - s.promote).toBe(P.promoteMs);
    expect(s.primary - s.lastRefresh).toBeLessThanOrEqual(P.ttlMs + P.loopWaitMs + P.promoteMs);
  });

  it('HAProxy marks pg-2 up after 2 good checks and the next client write lands on it', () => {
    expect(s.up - s.primary).toBeGreaterThan(P.interMs);
    expect(s.up - s.primary).toBeLessThanOrEqual(2 * P.interMs + 200);
    expect(s.firstOnPg2).toBeGreaterThan(s.up);
    expect(s.firstOnPg2 - s.up).toBeLessThanOrEqual(P.clientMs + 200);
  });

  it('client writes land on pg-1 before the crash, on pg-2 after, and nowhere in between', () => {
    const w = writes(tr);
    expect(w.every((x) => x.status === 'accepted' && x.node === 'app')).toBe(true);
    const before = w.filter((x) => x.t < CRASH);
    const after = w.filter((x) => x.t > CRASH);
    expect(before.length).toBe(10);
    expect(new Set(before.map((x) => `${x.resource}@${x.token}`))).toEqual(new Set(['pg-1@1']));
    expect(new Set(after.map((x) => `${x.resource}@${x.token}`))).toEqual(new Set(['pg-2@2']));
    expect(after[0]?.t).toBe(s.firstOnPg2);
    // every write the app sent between the crash and HAProxy taking pg-2 in was lost
    const sentInGap = tr.events.filter(
      (e) => e.k === 'send' && e.from === 'app' && e.type === 'WRITE' && e.t > CRASH && e.t < s.up,
    );
    const failed = marks(tr, 'write-failed', 'app');
    expect(failed.length).toBe(sentInGap.length);
    expect(failed.length).toBe(18);
    // the 6 sent to pg-1 before HAProxy noticed hung until it shut their sessions; the rest found no server
    const shut = failed.filter((m) => m.data?.backend === 'pg-1');
    expect(shut.length).toBe(6);
    for (const m of shut) expect(m.data?.reason).toBe(SESSION_SHUT);
    for (const m of shut) expect(m.t - s.down).toBeLessThanOrEqual(100);
    for (const m of failed.filter((x) => x.data?.backend !== 'pg-1')) expect(m.data?.reason).toBe(NO_SERVER);
    // checker fed with writes attributed to the database that took them: quiet
    const c = splitBrainChecker();
    expect(tr.events.flatMap((e) => c.observe(e.k === 'write' ? { ...e, node: e.resource } : e))).toEqual([]);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])('tells the same story with seed %i', (seed) => {
    const t = simulate(scenario, { seed });
    const x = story(t);
    expect(summarize(t, scenario).final.leader).toBe('pg-2');
    expect(t.steps.map((st) => st.id)).toEqual(scenario.steps.map((st) => st.id));
    expect(x.expiry - x.lastRefresh).toBe(P.ttlMs);
    expect(x.primary - x.lastRefresh).toBeLessThanOrEqual(P.ttlMs + P.loopWaitMs + P.promoteMs);
    expect(x.down - CRASH).toBeLessThanOrEqual(4 * P.interMs);
    const between = writes(t).filter((w) => w.t > CRASH && w.t < x.firstOnPg2);
    expect(between).toEqual([]);
    expect(t.events.filter((e) => e.k === 'violation')).toEqual([]);
  });
});
