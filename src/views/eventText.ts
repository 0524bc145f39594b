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
 * member-3 leads". A SIGSTOPped member reads as paused, as the lab calls a stopped process.
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
