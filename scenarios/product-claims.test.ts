import { describe, expect, it } from 'vitest';
import { adr001 } from '../src/adr/adr001.ts';
import { enNarration as narration } from '../src/i18n/en.narration.ts';
import { scenarios } from './index.ts';

/**
 * Every caption that names a real product says only what a source in the lab supports: a story step
 * that shows it, or the ADR-001 section that cites it. Each mention is one line below: the caption's
 * key, the product, and its support (`story:<id>#<step>` or `adr:<section>`). A new mention without
 * its line fails, and so does a line whose support does not name the product.
 */
const PRODUCTS =
  /\b(Kubernetes|Patroni|ZooKeeper|ClickHouse|Consul|Kafka|etcd|PostgreSQL|HAProxy|client-go|Redis|Chubby|CockroachDB|KRaft|MySQL)\b/g;

type Support = `story:${string}#${string}` | `adr:${string}`;
const PRODUCT_CLAIMS: ReadonlyArray<readonly [key: string, product: string, support: Support]> = [
  ['scenario.etcd-lease.step.lease-granted', 'etcd', 'adr:matrix.lease'],
  ['scenario.etcd-lease.step.renewal', 'etcd', 'adr:matrix.lease'],
  ['scenario.etcd-lease.step.crash', 'etcd', 'adr:matrix.lease'],
  ['scenario.etcd-lease.step.lease-expires', 'etcd', 'adr:matrix.lease'],
  ['scenario.etcd-lease.step.node-2-writes', 'etcd', 'adr:matrix.lease'],
  // Patroni's leader key lives under an etcd lease: its story deletes it when the lease expires.
  ['scenario.etcd-lease.step.node-2-writes', 'Patroni', 'story:patroni#lease-expires'],
  // A Kubernetes Lease is not expired by the server: its story's crash leaves it in place.
  ['scenario.etcd-lease.step.node-2-writes', 'Kubernetes', 'story:kubernetes-lease#leader-crashes'],
  ['scenario.fencing-token.step.lease-checked', 'etcd', 'adr:matrix.lease'],
  ['scenario.fencing-token.step.lease-expires', 'etcd', 'adr:matrix.lease'],
  ['scenario.patroni.step.pg-1-bootstraps', 'Patroni', 'story:patroni#pg-1-bootstraps'],
  ['scenario.patroni.step.pg-1-bootstraps', 'etcd', 'adr:matrix.lease'],
  ['scenario.patroni.step.writes-reach-pg-1', 'HAProxy', 'story:patroni#writes-reach-pg-1'],
  ['scenario.patroni.step.pg-1-crashes', 'Patroni', 'story:patroni#pg-1-crashes'],
  ['scenario.patroni.step.pg-1-crashes', 'etcd', 'adr:matrix.lease'],
  ['scenario.patroni.step.haproxy-marks-pg-1-down', 'HAProxy', 'story:patroni#haproxy-marks-pg-1-down'],
  ['scenario.patroni.step.refused-not-silent', 'HAProxy', 'story:patroni#refused-not-silent'],
  ['scenario.patroni.step.lease-expires', 'etcd', 'adr:matrix.lease'],
  ['scenario.patroni.step.watch-fires', 'etcd', 'adr:matrix.lease'],
  ['scenario.patroni.step.writes-reach-pg-2', 'HAProxy', 'story:patroni#writes-reach-pg-2'],
  // The stopped agent and its watchdog: each caption's product is the story's own step.
  ['scenario.patroni-watchdog.step.two-apps', 'HAProxy', 'story:patroni-watchdog#two-apps'],
  ['scenario.patroni-watchdog.step.two-apps', 'Patroni', 'story:patroni-watchdog#two-apps'],
  ['scenario.patroni-watchdog.step.agent-stopped', 'Patroni', 'story:patroni-watchdog#agent-stopped'],
  [
    'scenario.patroni-watchdog.step.haproxy-marks-pg-1-down',
    'Patroni',
    'story:patroni-watchdog#haproxy-marks-pg-1-down',
  ],
  [
    'scenario.patroni-watchdog.step.haproxy-marks-pg-1-down',
    'HAProxy',
    'story:patroni-watchdog#haproxy-marks-pg-1-down',
  ],
  ['scenario.patroni-watchdog.step.two-primaries', 'HAProxy', 'story:patroni-watchdog#two-primaries'],
  ['scenario.patroni-watchdog.step.pg-1-demoted', 'Patroni', 'story:patroni-watchdog#pg-1-demoted'],
  ['scenario.patroni-watchdog.step.watchdog-on', 'Patroni', 'story:patroni-watchdog#watchdog-on'],
  [
    'scenario.patroni-watchdog.step.agent-stopped-armed',
    'Patroni',
    'story:patroni-watchdog#agent-stopped-armed',
  ],
  ['scenario.patroni-watchdog.step.one-primary', 'HAProxy', 'story:patroni-watchdog#one-primary'],
  ['scenario.patroni-watchdog.step.lease-expires', 'etcd', 'adr:matrix.lease'],
  ['scenario.lease-no-fencing.step.lease-checked', 'etcd', 'adr:matrix.lease'],
  ['scenario.lease-no-fencing.step.lease-expires', 'etcd', 'adr:matrix.lease'],
  // READ COMMITTED re-checks the WHERE on the updated row: the dbjob model does, and its story shows it.
  ['scenario.update-without-token.step.second-claim', 'PostgreSQL', 'adr:matrix.skip-locked'],
  ['scenario.update-without-token.step.fenced-job', 'etcd', 'adr:matrix.lease'],
  ['scenario.update-without-token.step.fenced-job', 'Kubernetes', 'story:kubernetes-lease#takes-over'],
  ['scenario.heartbeat-no-confirm.step.primary-on-a-lease', 'etcd', 'adr:matrix.lease'],
  ['scenario.heartbeat-no-confirm.step.keepalives-lost', 'etcd', 'adr:matrix.lease'],
  ['scenario.heartbeat-no-confirm.step.never-checks', 'etcd', 'adr:matrix.lease'],
  ['scenario.heartbeat-no-confirm.step.lease-expires', 'etcd', 'adr:matrix.lease'],
  ['scenario.heartbeat-no-confirm.step.link-restored', 'etcd', 'adr:matrix.lease'],
  ['scenario.heartbeat-no-confirm.step.ttl-zero', 'etcd', 'adr:matrix.lease'],
  ['scenario.heartbeat-no-confirm.step.renew-deadline', 'etcd', 'adr:matrix.lease'],
  ['scenario.heartbeat-no-confirm.step.one-primary', 'etcd', 'adr:matrix.lease'],
  ['scenario.heartbeat-no-confirm.step.one-primary', 'client-go', 'adr:matrix.lease'],
  ['scenario.gossip-leader.step.why-lease', 'etcd', 'adr:matrix.lease'],
  ['scenario.gossip-leader.step.lucky-rounds', 'etcd', 'adr:matrix.lease'],
  ['scenario.gossip-leader.step.lease-start', 'etcd', 'adr:matrix.lease'],
  ['scenario.gossip-leader.step.lease-expires', 'etcd', 'adr:matrix.lease'],
  ['scenario.bully-at-scale.step.lease-instead', 'etcd', 'adr:matrix.lease'],
  ['scenario.bully-at-scale.step.flap-lease', 'etcd', 'adr:matrix.lease'],
  ['scenario.kubernetes-lease.step.lease-created', 'etcd', 'adr:matrix.kubernetes-lease'],
  ['scenario.kubernetes-lease.step.conflict', 'etcd', 'adr:matrix.kubernetes-lease'],
  ['scenario.kubernetes-lease.step.fenced-write', 'client-go', 'adr:matrix.kubernetes-lease'],
  ['scenario.zookeeper.step.znodes-created', 'ZooKeeper', 'adr:matrix.zookeeper'],
  ['scenario.zookeeper.step.leader-crashes', 'ZooKeeper', 'adr:matrix.zookeeper'],
  ['scenario.zookeeper.step.session-expires', 'ZooKeeper', 'adr:matrix.zookeeper'],
  ['scenario.sharded-leadership.step.preferred-shards', 'etcd', 'adr:matrix.sharded-leadership'],
  ['scenario.sharded-leadership.step.node-2-crashes', 'etcd', 'adr:matrix.sharded-leadership'],
  ['scenario.sharded-leadership.step.lease-expires', 'etcd', 'adr:matrix.sharded-leadership'],
  ['scenario.skip-locked.step.keepalive-probe', 'PostgreSQL', 'adr:matrix.skip-locked'],
  ['scenario.external-scheduler.step.nothing-ran', 'Kubernetes', 'adr:matrix.external-scheduler'],
  // The store as a 3-member group: ADR-001's consequence that the store itself must be HA.
  ['scenario.etcd-leader-change.step.campaign-won', 'etcd', 'adr:consequence.etcd-ha'],
  ['scenario.etcd-leader-change.step.renewal-unanswered', 'etcd', 'adr:consequence.etcd-ha'],
  ['narr.leaseExpired', 'etcd', 'adr:matrix.lease'],
  ['narr.leaseExpired.anon', 'etcd', 'adr:matrix.lease'],
  ['narr.sessionExpired', 'ZooKeeper', 'adr:matrix.zookeeper'],
];

/** Every English caption: the stories' steps (with their fixes') and the captions derived from a trace. */
function captions(): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of scenarios)
    for (const st of [...s.steps, ...(s.fix?.steps ?? [])])
      out.set(`scenario.${s.id}.step.${st.id}`, st.caption);
  for (const [k, v] of Object.entries(narration)) if (k.startsWith('narr.')) out.set(k, v);
  return out;
}

/** The text of an ADR-001 section by its id (a row, a consequence, an alternative, the decision…). */
function adrText(id: string): string | undefined {
  const parts: Array<{ id: string }> = [
    adr001.context,
    adr001.decision,
    ...adr001.matrix,
    ...adr001.whenNot.items,
    ...adr001.consequences,
  ];
  const hit = parts.find((p) => p.id === id);
  return hit ? JSON.stringify(hit) : undefined;
}

describe('captions name products only where a source in the lab supports them', () => {
  const all = captions();
  it('every mention has its line', () => {
    const named = [...all].flatMap(([key, text]) =>
      [...new Set(text.match(PRODUCTS) ?? [])].map((p) => `${key} ${p}`),
    );
    const listed = new Set(PRODUCT_CLAIMS.map(([k, p]) => `${k} ${p}`));
    expect(named.filter((x) => !listed.has(x))).toEqual([]);
    // …and no line outlives its mention.
    expect([...listed].filter((x) => !named.includes(x))).toEqual([]);
  });
  it.each(PRODUCT_CLAIMS.map((c) => [`${c[0]} ${c[1]}`, c] as const))(
    '%s: its support names it',
    (_n, [, product, support]) => {
      if (support.startsWith('adr:')) {
        const text = adrText(support.slice(4));
        expect(text, `no ADR-001 section ${support}`).toBeDefined();
        expect(text).toContain(product);
        return;
      }
      const [id, step] = support.slice('story:'.length).split('#');
      const s = scenarios.find((x) => x.id === id);
      expect(s, `no story ${id}`).toBeDefined();
      const steps = [...(s?.steps ?? []), ...(s?.fix?.steps ?? [])];
      expect(steps.map((x) => x.id)).toContain(step);
      expect([s?.title, s?.summary, ...steps.map((x) => x.caption)].join(' ')).toContain(product);
    },
  );
});
