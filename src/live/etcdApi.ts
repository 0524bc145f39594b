/**
 * The lease machine's store requests (src/sim/algorithms/lease/machine.ts) as calls to a real etcd's
 * JSON gateway, and etcd's answers as the machine's events, with the store changes they show. The
 * message types are those of the store model (src/sim/store/process.ts): LEASE_GRANT ->
 * LEASE_GRANTED, KEEPALIVE -> KEEPALIVE_ACK (ttl 0 = lease gone), LEASE_REVOKE -> LEASE_REVOKED,
 * RANGE -> RANGE_RESULT, TXN -> TXN_RESULT | TXN_ERROR; and WRITE -> WRITE_OK | WRITE_REJECTED for
 * the fenced resource below. Node-only.
 */
import type { Compare, RequestOp, ResponseOp, StoreChange } from '../sim/store/api.ts';
import { b64, EtcdError, type Gateway, int, kvOf } from './gateway.ts';

/** An answer for the machine, and what it tells about the store. */
export interface Answer {
  type: string;
  body: Record<string, unknown>;
  member: number;
  changes: StoreChange[];
  write?: {
    token: number | null;
    status: 'accepted' | 'rejected';
    code: 200 | 409 | 503;
    reason?: string;
    seen: number | null;
    value?: string;
  };
}

type GwKv = Record<string, unknown>;

const COMPARE_FIELD = {
  CREATE: 'create_revision',
  MOD: 'mod_revision',
  VERSION: 'version',
  VALUE: 'value',
  LEASE: 'lease',
} as const;

function gwCompare(c: Compare): Record<string, unknown> {
  return {
    key: b64(c.key),
    ...(c.rangeEnd ? { range_end: b64(c.rangeEnd) } : {}),
    target: c.target,
    result: c.result,
    [COMPARE_FIELD[c.target]]: c.target === 'VALUE' ? b64(String(c.value)) : String(c.value),
  };
}

function gwOp(o: RequestOp): Record<string, unknown> {
  if ('put' in o)
    return {
      request_put: {
        key: b64(o.put.key),
        value: b64(o.put.value),
        ...(o.put.lease ? { lease: String(o.put.lease) } : {}),
      },
    };
  const [name, r] = 'range' in o ? ['request_range', o.range] : ['request_delete_range', o.deleteRange];
  return { [name]: { key: b64(r.key), ...(r.rangeEnd ? { range_end: b64(r.rangeEnd) } : {}) } };
}

function respOf(x: Record<string, Record<string, unknown> | undefined>): ResponseOp {
  if (x.response_put)
    return { put: { revision: int((x.response_put.header as GwKv | undefined)?.revision) } };
  if (x.response_range)
    return {
      range: {
        kvs: ((x.response_range.kvs as GwKv[] | undefined) ?? []).map((k) => kvOf(k)),
        count: int(x.response_range.count),
      },
    };
  return { deleteRange: { deleted: int(x.response_delete_range?.deleted) } };
}

const revisionOf = (json: Record<string, unknown>) => int((json.header as GwKv | undefined)?.revision);

/**
 * The fenced resource: a key in the same etcd, written by a txn that succeeds only if the write's
 * token is not below the highest token written so far (Kleppmann, "How to do distributed locking":
 * the storage checks the token). The token is stored zero-padded so that etcd's byte-wise VALUE
 * compare (etcdserver/apply.go compareKV) orders tokens as numbers; `value < pad(token + 1)` is
 * `highest <= token`. Chosen over a separate storage process because the check and the write are
 * one atomic, linearizable etcd operation (no second system to start, fault or trust), and because
 * it shares the cluster's fate: with quorum lost no write is accepted at all.
 */
export const RESOURCE_TOKEN_KEY = '/lab/storage/token';
export const RESOURCE_VALUE_KEY = '/lab/storage/value';
const PAD = 16;
export const padToken = (n: number) => String(Math.max(0, n)).padStart(PAD, '0');

export interface ApiContext {
  gw: Gateway;
  deadlineMs: number;
  /** Lease ids are chosen by the client (LeaseGrant's ID), so they stay safe JavaScript integers. */
  nextLeaseId(): number;
  /** The time etcd is taken to have handled the request (midway), for store changes. */
  at(): number;
  fencing: boolean;
}

/** One request of a node, answered by etcd (throws Unavailable when no member answers in time). */
export async function ask(ctx: ApiContext, type: string, body: Record<string, unknown>): Promise<Answer> {
  const reqId = body.reqId ?? null;
  const { gw, deadlineMs } = ctx;
  try {
    switch (type) {
      case 'LEASE_GRANT': {
        const id = ctx.nextLeaseId();
        const r = await gw.call('/v3/lease/grant', { TTL: Number(body.ttl), ID: String(id) }, deadlineMs);
        const ttl = int(r.json.TTL);
        const t = ctx.at();
        return {
          type: 'LEASE_GRANTED',
          body: { reqId, lease: id, ttl },
          member: r.member,
          changes: [{ kind: 'lease-grant', lease: id, ttlSec: ttl, deadlineMs: t + ttl * 1000 }],
        };
      }
      case 'KEEPALIVE': {
        const lease = Number(body.lease);
        const r = await gw.call('/v3/lease/keepalive', { ID: String(lease) }, deadlineMs);
        const ttl = int(r.json.TTL);
        const t = ctx.at();
        return {
          type: 'KEEPALIVE_ACK',
          body: { reqId, lease, ttl },
          member: r.member,
          changes:
            ttl > 0 ? [{ kind: 'lease-keepalive', lease, ttlSec: ttl, deadlineMs: t + ttl * 1000 }] : [],
        };
      }
      case 'LEASE_REVOKE': {
        const lease = Number(body.lease);
        const r = await gw.call('/v3/lease/revoke', { ID: String(lease) }, deadlineMs);
        return {
          type: 'LEASE_REVOKED',
          body: { reqId, lease, ok: true },
          member: r.member,
          changes: [{ kind: 'lease-revoke', lease, revision: revisionOf(r.json) }],
        };
      }
      case 'RANGE': {
        const r = await gw.call(
          '/v3/kv/range',
          {
            key: b64(String(body.key)),
            ...(body.rangeEnd !== undefined ? { range_end: b64(String(body.rangeEnd)) } : {}),
          },
          deadlineMs,
        );
        const kvs = ((r.json.kvs as GwKv[] | undefined) ?? []).map((k) => kvOf(k));
        return {
          type: 'RANGE_RESULT',
          body: { reqId, kvs, count: int(r.json.count), revision: revisionOf(r.json), key: body.key ?? null },
          member: r.member,
          changes: [],
        };
      }
      case 'TXN': {
        const r = await gw.call(
          '/v3/kv/txn',
          {
            compare: ((body.compare ?? []) as Compare[]).map(gwCompare),
            success: ((body.success ?? []) as RequestOp[]).map(gwOp),
            failure: ((body.failure ?? []) as RequestOp[]).map(gwOp),
          },
          deadlineMs,
        );
        return {
          type: 'TXN_RESULT',
          body: {
            reqId,
            succeeded: r.json.succeeded === true,
            revision: revisionOf(r.json),
            responses: ((r.json.responses as Array<Record<string, Record<string, unknown>>>) ?? []).map(
              respOf,
            ),
            key: body.key ?? null,
          },
          member: r.member,
          changes: [],
        };
      }
      case 'WRITE':
        return await write(ctx, body);
      default:
        throw new Error(`live mode: no etcd call for ${type}`);
    }
  } catch (e) {
    if (!(e instanceof EtcdError)) throw e;
    if (type === 'LEASE_REVOKE')
      return {
        type: 'LEASE_REVOKE_ERROR',
        body: { reqId, lease: body.lease ?? null, error: e.message },
        member: e.member,
        changes: [],
      };
    return { type: `${type}_ERROR`, body: { reqId, error: e.message }, member: e.member, changes: [] };
  }
}

async function write(ctx: ApiContext, body: Record<string, unknown>): Promise<Answer> {
  const token = typeof body.token === 'number' ? body.token : null;
  const value = typeof body.value === 'string' ? body.value : '';
  const readToken = { request_range: { key: b64(RESOURCE_TOKEN_KEY) } };
  const puts = [
    { request_range: { key: b64(RESOURCE_TOKEN_KEY) } },
    ...(token !== null
      ? [{ request_put: { key: b64(RESOURCE_TOKEN_KEY), value: b64(padToken(token)) } }]
      : []),
    { request_put: { key: b64(RESOURCE_VALUE_KEY), value: b64(value) } },
  ];
  const fenced = ctx.fencing;
  if (fenced && token === null)
    // No token at all: a fenced resource refuses it without asking etcd to compare.
    return {
      type: 'WRITE_REJECTED',
      body: { token, code: 409, reason: 'STALE TOKEN', seen: null },
      member: 0,
      changes: [],
      write: { token, status: 'rejected', code: 409, reason: 'STALE TOKEN', seen: null, value },
    };
  const r = await ctx.gw.call(
    '/v3/kv/txn',
    fenced && token !== null
      ? {
          compare: [
            {
              key: b64(RESOURCE_TOKEN_KEY),
              target: 'VALUE',
              result: 'LESS',
              value: b64(padToken(token + 1)),
            },
          ],
          success: puts,
          failure: [readToken],
        }
      : { compare: [], success: puts, failure: [] },
    ctx.deadlineMs,
  );
  const responses = (r.json.responses as Array<Record<string, Record<string, unknown>>>) ?? [];
  const first = responses[0] ? respOf(responses[0]) : undefined;
  const seenKv = first && 'range' in first ? first.range.kvs[0] : undefined;
  const seen = seenKv ? Number(seenKv.value) : null;
  if (r.json.succeeded === true || !fenced)
    return {
      type: 'WRITE_OK',
      body: { token },
      member: r.member,
      changes: [],
      write: { token, status: 'accepted', code: 200, seen, value },
    };
  return {
    type: 'WRITE_REJECTED',
    body: { token, code: 409, reason: 'STALE TOKEN', seen },
    member: r.member,
    changes: [],
    write: { token, status: 'rejected', code: 409, reason: 'STALE TOKEN', seen, value },
  };
}
