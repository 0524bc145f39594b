/**
 * The words for a trace's events that both trace views use: the event log's lines and the sequence
 * diagram's titles. A module of its own, so the diagram's chunk does not bring the log's.
 */
import { formatNumber, t as translate } from '../i18n/index.ts';
import type { Leadership } from '../sim/algorithms/algorithm.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { formatDuration } from './format.ts';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** "694d5e0c7a01": lease ids as etcdctl prints them. */
export function leaseHex(id: number): string {
  return id.toString(16);
}

/**
 * A message's data, " (term 2, ttl 30 s)": the fields as the protocol names them, a time or a
 * duration with its unit as the log writes one (`ttlMs 15000` reads "ttl 15 s", a `sentAt` instant
 * "sentAt 1.6 s"); etcd's `ttl` is in seconds (LeaseGrantRequest.TTL,
 * https://etcd.io/docs/v3.5/learning/api/#lease-api).
 */
export function dataSuffix(
  data: Record<string, string | number | boolean | null> | undefined,
  tr: Translate = translate,
): string {
  if (!data) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (k === 'reqId' || v === null || v === '') continue;
    let key = k;
    let val: string;
    if (k === 'lease' && typeof v === 'number') val = leaseHex(v);
    else if (typeof v === 'number' && /[a-z](Ms|At)$/.test(k)) {
      if (k.endsWith('Ms')) key = k.slice(0, -2);
      val = (v < 0 ? '-' : '') + markDuration(v, tr);
    } else if (typeof v === 'number' && k === 'ttl') val = nbsp(tr('time.s', { s: formatNumber(v) }));
    else val = String(v);
    if (val.length > 28) continue;
    parts.push(`${key} ${val}`);
    if (parts.length === 3) break;
  }
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * " (token 3, term 2)" after a role line: what the node holds, if anything. A Patroni leader's
 * number is its PostgreSQL timeline (`carries: 'timeline'`), not a fencing token.
 */
export function roleTag(
  tr: Translate,
  token: number | undefined,
  term: number | undefined,
  carries?: Leadership['carries'],
): string {
  if (carries === 'timeline' && token !== undefined) return tr('log.tag.timeline', { timeline: token });
  if (token !== undefined && term !== undefined) return tr('log.tag.tokenTerm', { token, term });
  if (token !== undefined) return tr('log.tag.token', { token });
  if (term !== undefined) return tr('log.tag.term', { term });
  return '';
}

/** "storage REJECTED write from node-1 token 42: 409 STALE TOKEN" (also the sequence diagram's title). */
export function writeLine(e: Extract<TraceEvent, { k: 'write' }>, tr: Translate = translate): string {
  const token = e.token === null ? tr('log.write.noToken') : tr('log.write.token', { token: e.token });
  // A leader that is itself the database (heartbeat scenario) takes client writes directly.
  const local = e.resource === e.node ? 'Local' : '';
  return tr(e.status === 'accepted' ? `log.write.accepted${local}` : `log.write.rejected${local}`, {
    resource: e.resource,
    node: e.node,
    token,
    code: e.code,
    reason: e.reason ?? '',
  });
}

/**
 * A store group's picture (the `store-group` mark of sim/store/process.ts, data `roles` "down,follower,
 * follower", `term`, `leader`): "etcd: member-1 down, member-2 follower, member-3 leader; term 3": the
 * leader is named once, in the list (the log folds the `store-leader` mark beside it). A SIGSTOPped member reads as paused, as the lab calls a stopped process. Members
 * are named as sim/faults/table.ts `memberName` names them, spelt here so that the sequence diagram's
 * chunk, which imports this module, does not bring the fault table.
 */
export function storeGroupLine(
  node: string,
  data: Record<string, string | number | boolean | null> | undefined,
  tr: Translate = translate,
): string {
  const roles = String(data?.roles ?? '')
    .split(',')
    .filter(Boolean);
  const members = roles
    .map((r, i) => `member-${i + 1} ${tr(`role.${r === 'stopped' ? 'paused' : r}`)}`)
    .join(', ');
  const term = Number(data?.term ?? 0);
  return tr(String(data?.leader ?? '') === '' ? 'log.storeGroup.none' : 'log.storeGroup', {
    node,
    members,
    term,
  });
}

type Mark = Extract<TraceEvent, { k: 'mark' }>;
type MarkData = NonNullable<Mark['data']>;

/**
 * Marks whose data comes in two shapes (one name, several algorithms, or the simulator and a live
 * recording): the catalog key's suffix.
 */
const MARK_VARIANT: Record<string, (d: MarkData) => string | undefined> = {
  won: (d) => (d.term !== undefined ? 'term' : undefined),
  'leader-missing': (d) =>
    d.coordinator !== undefined ? 'coordinator' : d.key !== undefined ? 'key' : undefined,
  'lease-checked': (d) =>
    Number(d.remainingMs) < 0 ? (d.shards ? 'overShards' : 'over') : d.shards ? 'shards' : undefined,
  'election-lost': (d) => (d.preVote ? 'preVote' : undefined),
  'ensemble-leader': (d) => (d.server === null || d.server === undefined ? 'none' : undefined),
  'direct-write': (d) => (d.accepted === false ? 'rejected' : undefined),
  // A follower learns the commit index from its leader: no count of replicas (raft/replication.ts).
  commit: (d) => (d.replicas === undefined ? 'follower' : undefined),
  // Patroni's replica at or past the last leader LSN it knew: no lag to tell (patroni/actions.ts).
  healthiest: (d) => (Number(d.lag) <= 0 ? 'caughtUp' : undefined),
  // The live ZooKeeper recipe reports neither the silence nor the leader's znode path (live/zookeeper).
  disconnected: (d) => (d.silentMs === undefined ? 'bare' : undefined),
  leading: (d) => (d.path != null ? undefined : d.seq == null ? 'bare' : 'seq'),
  'session-expired': (d) => (d.session == null ? 'bare' : undefined),
  promote: (d) => (d.timeline == null ? 'bare' : undefined),
  // Live Patroni reads HAProxy's stats page, which tells the state and not why (live/patroni/run.ts).
  'backend-down': (d) => (d.reason === undefined ? 'bare' : undefined),
  // A check right at its deadline (lease/machine.ts): "0 ms ago" says nothing the bare words do not.
  'deadline-passed': (d) => (Math.round(Number(d.lateMs)) <= 0 ? 'now' : undefined),
};

/** The catalog's text for `key`, or undefined where it has none (tr answers with the key itself). */
function known(tr: Translate, key: string, vars?: Record<string, string | number>): string | undefined {
  const s = tr(key, vars);
  return s === key ? undefined : s;
}

/** "30 с" kept on one line where a narrow log wraps (a no-break space between number and unit). */
const nbsp = (s: string) => s.replace(/(\d) /g, '$1\u00a0');

/**
 * A mark's duration (data `remainingMs`, `silentMs`, ...) as the rest of the log writes one: "250 ms"
 * under a second, else seconds to a tenth with the language's separator ("19 s", "1,5 с"), as the
 * captions write them (views/story.ts), never wrapped. Negative ones read as their size; their variant says "ago".
 */
export function markDuration(ms: number, tr: Translate = translate): string {
  const abs = Math.abs(ms);
  return nbsp(formatDuration(Math.round(abs) < 1000 ? Math.round(abs) : Math.round(abs / 100) * 100, tr));
}

/** A value of a mark's data as the line shows it; `key` is the data's own name. */
function markValue(tr: Translate, name: string, key: string, v: string | number | boolean): string | number {
  if (key === 'lease' && typeof v === 'number') return leaseHex(v);
  if (key === 'reason') {
    // HAProxy's check answered with an HTTP status (patroni/haproxy.ts `why`).
    if (typeof v === 'string' && /^\d{3}$/.test(v)) return tr('log.markReason.http', { code: v });
    return known(tr, `log.markReason.${v}`) ?? String(v);
  }
  if (typeof v === 'number' && /[a-z]Ms$/.test(key)) return markDuration(v, tr);
  // Seconds (`ttlS`, `lateS`): the number as the language writes it, the unit is in the words.
  if (typeof v === 'number' && /[a-z]S$/.test(key)) return formatNumber(v);
  // The live runs number an etcd member (live/run.ts storeFault); the log names it as the store
  // group line does, "member-2".
  if (key === 'member' && typeof v === 'number' && name.startsWith('member-')) return `member-${v}`;
  return typeof v === 'boolean' ? String(v) : v;
}

/**
 * A mark in words: "node-1: got lease 694d5e0c7a01 (TTL 30 s)" from `lease-granted {lease, ttlS}`. The
 * catalog's `log.mark.<name>[.<variant>]` picks the data values it shows; a `reason` is worded by
 * `log.markReason.<reason>` where there is one; durations read in the log's units (`markDuration`);
 * the data's own `node` is `dataNode` (the event's is `node`). A name without a key (a trace from
 * another version) reads as `log.mark`: the name, the raw data.
 */
export function markLine(e: Mark, tr: Translate = translate): string {
  if (e.name === 'store-group') return storeGroupLine(e.node, e.data, tr);
  const data = e.data ?? {};
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(data)) {
    const name = k === 'node' ? 'dataNode' : k;
    vars[name] = v === null ? '—' : markValue(tr, e.name, k, v);
  }
  vars.node = e.node;
  const variant = MARK_VARIANT[e.name]?.(data);
  return (
    (variant === undefined ? undefined : known(tr, `log.mark.${e.name}.${variant}`, vars)) ??
    known(tr, `log.mark.${e.name}`, vars) ??
    tr('log.mark', { node: e.node, name: e.name.replace(/[-_]/g, ' '), data: dataSuffix(e.data, tr) })
  );
}
