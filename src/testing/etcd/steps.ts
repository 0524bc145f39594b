/**
 * The conformance scripts' language: a script is steps against an empty keyspace (see scripts.ts for
 * its conventions), and the helpers that write the common txns (a CAS, an Election.Campaign, Patroni's
 * leader key).
 */
import type { CompareResult, CompareTarget } from '../../sim/store/api.ts';

/** A lease alias, or a literal id never granted (for "unknown lease" cases). */
export type LeaseRef = string | { id: number };

export interface Span {
  key: string;
  rangeEnd?: string;
  /** rangeEnd = prefixEnd(key). */
  prefix?: boolean;
}

export type ScriptOp =
  | { put: { key: string; value: string; lease?: LeaseRef } }
  | { range: Span }
  | { deleteRange: Span };

export interface ScriptCompare {
  key: string;
  rangeEnd?: string;
  target: CompareTarget;
  result: CompareResult;
  value: string | number | { rel: number } | { lease: string };
}

export type Step =
  | { op: 'grant'; ttl: number; as: string; explicitId?: true | string }
  | { op: 'keepalive'; lease: LeaseRef }
  | { op: 'revoke'; lease: LeaseRef }
  | { op: 'timetolive'; lease: LeaseRef; keys?: boolean }
  | { op: 'put'; key: string; value: string; lease?: LeaseRef }
  | ({ op: 'range' } & Span)
  | ({ op: 'delete' } & Span)
  | { op: 'txn'; compare: ScriptCompare[]; success: ScriptOp[]; failure: ScriptOp[] }
  | { op: 'wait'; ms: number }
  /** Watch a key or a range (from `startRevision`: n writes after the script's start). */
  | ({ op: 'watch'; as: string; startRevision?: { rel: number } } & Span)
  /** The events the watch received since the last `events` of it; `count` is how many to wait for. */
  | { op: 'events'; watch: string; count: number }
  | { op: 'unwatch'; watch: string };

export interface Script {
  name: string;
  description: string;
  steps: Step[];
}

export const ALL: Span = { key: '\0', rangeEnd: '\0' };
export const UNKNOWN_LEASE = { id: 0x7e57 };

export const cmp = (
  key: string,
  target: CompareTarget,
  result: CompareResult,
  value: ScriptCompare['value'],
  rangeEnd?: string,
): ScriptCompare =>
  rangeEnd === undefined ? { key, target, result, value } : { key, target, result, value, rangeEnd };

/** A txn with one compare whose branches are a put (success) and a range of the key (failure). */
export const casTxn = (c: ScriptCompare, key = c.key): Step => ({
  op: 'txn',
  compare: [c],
  success: [{ put: { key, value: 'won' } }],
  failure: [{ range: { key } }],
});

/** concurrency.Election.Campaign: if create_revision(key) == 0 then put(key, lease) else get(key). */
export const campaign = (lease: string, value: string): Step => ({
  op: 'txn',
  compare: [cmp(`/el/{${lease}}`, 'CREATE', 'EQUAL', 0)],
  success: [{ put: { key: `/el/{${lease}}`, value, lease } }],
  failure: [{ range: { key: `/el/{${lease}}` } }],
});

/** Patroni-style leader key: take /service/pg/leader if nobody holds it, else read the holder. */
export const takeLeader = (lease: string, member: string): Step => ({
  op: 'txn',
  compare: [cmp('/service/pg/leader', 'CREATE', 'EQUAL', 0)],
  success: [{ put: { key: '/service/pg/leader', value: member, lease } }],
  failure: [{ range: { key: '/service/pg/leader' } }],
});
