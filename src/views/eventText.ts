/**
 * The words for a trace's events that both trace views use: the event log's lines and the sequence
 * diagram's titles. A module of its own, so the diagram's chunk does not bring the log's.
 */
import { t as translate } from '../i18n/index.ts';
import type { TraceEvent } from '../sim/trace/events.ts';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** "694d5e0c7a01": lease ids as etcdctl prints them. */
export function leaseHex(id: number): string {
  return id.toString(16);
}

export function dataSuffix(data: Record<string, string | number | boolean | null> | undefined): string {
  if (!data) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (k === 'reqId' || v === null || v === '') continue;
    const val = k === 'lease' && typeof v === 'number' ? leaseHex(v) : String(v);
    if (val.length > 28) continue;
    parts.push(`${k} ${val}`);
    if (parts.length === 3) break;
  }
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** " (token 3, term 2)" after a role line: what the node holds, if anything. */
export function roleTag(tr: Translate, token: number | undefined, term: number | undefined): string {
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
 * follower", `term`, `leader`): "etcd: member-1 down, member-2 follower, member-3 leader; term 3,
 * member-3 leads". A SIGSTOPped member reads as paused, as the lab calls a stopped process. Members
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
  const leader = String(data?.leader ?? '');
  const term = Number(data?.term ?? 0);
  return leader === ''
    ? tr('log.storeGroup.none', { node, members, term })
    : tr('log.storeGroup', { node, members, term, leader });
}

type Mark = Extract<TraceEvent, { k: 'mark' }>;
type MarkData = NonNullable<Mark['data']>;

/** Marks whose data comes in two shapes (one name, several algorithms): the catalog key's suffix. */
const MARK_VARIANT: Record<string, (d: MarkData) => string | undefined> = {
  won: (d) => (d.term !== undefined ? 'term' : undefined),
  'leader-missing': (d) =>
    d.coordinator !== undefined ? 'coordinator' : d.key !== undefined ? 'key' : undefined,
  'lease-checked': (d) => (d.shards ? 'shards' : undefined),
  'election-lost': (d) => (d.preVote ? 'preVote' : undefined),
  'ensemble-leader': (d) => (d.server === null || d.server === undefined ? 'none' : undefined),
  'direct-write': (d) => (d.accepted === false ? 'rejected' : undefined),
};

/** The catalog's text for `key`, or undefined where it has none (tr answers with the key itself). */
function known(tr: Translate, key: string, vars?: Record<string, string | number>): string | undefined {
  const s = tr(key, vars);
  return s === key ? undefined : s;
}

/**
 * A mark in words: "node-1: got lease 694d5e0c7a01 (TTL 30 s)" from `lease-granted {lease, ttlS}`. The
 * catalog's `log.mark.<name>[.<variant>]` picks the data values it shows; a `reason` is worded by
 * `log.markReason.<reason>` where there is one; the data's own `node` is `dataNode` (the event's is
 * `node`). A name without a key (a trace from another version) reads as `log.mark`: the name, the raw data.
 */
export function markLine(e: Mark, tr: Translate = translate): string {
  if (e.name === 'store-group') return storeGroupLine(e.node, e.data, tr);
  const data = e.data ?? {};
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(data)) {
    const name = k === 'node' ? 'dataNode' : k;
    if (v === null) vars[name] = '—';
    else if (k === 'lease' && typeof v === 'number') vars[name] = leaseHex(v);
    else if (k === 'reason') vars[name] = known(tr, `log.markReason.${v}`) ?? String(v);
    else vars[name] = typeof v === 'boolean' ? String(v) : v;
  }
  vars.node = e.node;
  const variant = MARK_VARIANT[e.name]?.(data);
  return (
    (variant === undefined ? undefined : known(tr, `log.mark.${e.name}.${variant}`, vars)) ??
    known(tr, `log.mark.${e.name}`, vars) ??
    tr('log.mark', { node: e.node, name: e.name.replace(/[-_]/g, ' '), data: dataSuffix(e.data) })
  );
}
