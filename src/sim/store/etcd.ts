/**
 * Deterministic model of the etcd 3.4 v3 KV + lease API, as seen by one client of a healthy cluster.
 *
 * Sources (etcd v3.4 tree): Documentation/learning/api.md (revisions, key metadata, txn, leases),
 * mvcc/kvstore_txn.go (one revision per modifying txn), etcdserver/apply.go (applyCompare, lease
 * check of the branch taken), etcdserver/api/v3rpc/key.go (request validation, checkIntervals),
 * lease/lessor.go (min TTL, Renew, Revoke, expiry), etcdserver/v3_server.go (LeaseTimeToLive).
 * Every rule below was checked against a real etcd 3.4.23 by conformance.test.ts.
 *
 * Watch (api.md "Watch API", mvcc/watchable_store.go): a watcher on a key or a range gets every PUT
 * and DELETE in it, in revision order (within one revision, in the order the txn made them); a
 * DELETE event's kv carries only the key and the deleting revision as mod_revision. A start revision
 * at or below the current one replays history from that revision first (the model keeps the whole
 * history: it never compacts). The model queues events per watcher; `takeWatchEvents` hands them out.
 *
 * Time: nothing here reads a clock. Every call that can observe time takes `nowMs`, an integer
 * number of milliseconds that must never go backwards. Lease boundaries:
 *   deadlineMs = (time of grant or last keepalive) + ttlSec * 1000,
 *   a lease is expired at any nowMs >= deadlineMs (lessor.go: `expired()` is `Remaining() <= 0`).
 * Real etcd revokes expired leases from a loop that runs about every 500 ms; the model revokes them
 * exactly at the deadline: every public call first runs `expire(nowMs)`, so a call at nowMs sees
 * the state etcd converges to.
 */

/** lease/lessor.go: MaxLeaseTTL. */
export const MAX_LEASE_TTL_SEC = 9_000_000_000;
/** lessor.go minLeaseTTL = ceil(3/2 * election timeout): 1.5 s with the default 1000 ms, so 2 s. */
export const DEFAULT_MIN_TTL_SEC = 2;
/** embed/config.go DefaultMaxTxnOps (--max-txn-ops). */
export const DEFAULT_MAX_TXN_OPS = 128;
/** First automatic lease id (etcd's are random-looking 63-bit ids; this one stays a safe integer). */
export const DEFAULT_FIRST_LEASE_ID = 0x694d5e0c7a01;

export interface KeyValue {
  key: string;
  value: string;
  createRevision: number;
  modRevision: number;
  version: number;
  /** 0 = no lease. */
  lease: number;
}

export type CompareTarget = 'CREATE' | 'MOD' | 'VERSION' | 'VALUE' | 'LEASE';
export type CompareResult = 'EQUAL' | 'NOT_EQUAL' | 'GREATER' | 'LESS';

export interface Compare {
  key: string;
  /** Optional, as in etcd: compare every key in [key, rangeEnd) ('\0' = every key >= key). */
  rangeEnd?: string;
  target: CompareTarget;
  result: CompareResult;
  /** A string for VALUE, an integer for the other targets. */
  value: number | string;
}

export type RequestOp =
  | { put: { key: string; value: string; lease?: number } }
  | { range: { key: string; rangeEnd?: string } }
  | { deleteRange: { key: string; rangeEnd?: string } };

export type ResponseOp =
  | { put: { revision: number } }
  | { range: { kvs: KeyValue[]; count: number } }
  | { deleteRange: { deleted: number } };

export interface TxnRequest {
  compare: Compare[];
  success: RequestOp[];
  failure: RequestOp[];
}

export interface TxnResponse {
  succeeded: boolean;
  revision: number;
  responses: ResponseOp[];
}

/**
 * One recorded change, for the trace. Writes carry the revision they took. A revoke or expiry is
 * recorded as `lease-revoke`/`lease-expire` first, then one `delete` per attached key (sorted by key),
 * all with the same revision; a lease without keys records its event with the unchanged revision.
 */
export type StoreChange =
  | { kind: 'put'; kv: KeyValue }
  | {
      kind: 'delete';
      key: string;
      revision: number;
      cause: 'delete' | 'lease-expired' | 'lease-revoked';
      lease?: number;
    }
  | { kind: 'lease-grant'; lease: number; ttlSec: number; deadlineMs: number }
  | { kind: 'lease-keepalive'; lease: number; ttlSec: number; deadlineMs: number }
  | { kind: 'lease-revoke'; lease: number; revision: number }
  | { kind: 'lease-expire'; lease: number; revision: number };

/** One watch event (mvccpb.Event). */
export interface WatchEvent {
  type: 'PUT' | 'DELETE';
  kv: KeyValue;
}

interface Watcher {
  id: number;
  key: string;
  rangeEnd: string | undefined;
  queue: WatchEvent[];
}

export type StoreErrorCode =
  | 'LEASE_NOT_FOUND'
  | 'LEASE_EXISTS'
  | 'LEASE_TTL_TOO_LARGE'
  | 'EMPTY_KEY'
  | 'DUPLICATE_KEY'
  | 'TOO_MANY_OPS'
  | 'INVALID_ARGUMENT';

/** gRPC status codes etcd answers with (the JSON gateway's `code` field). */
export const GRPC_STATUS = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  FAILED_PRECONDITION: 9,
  OUT_OF_RANGE: 11,
} as const;

// etcdserver/api/v3rpc/rpctypes/error.go: message and gRPC code of each error.
const ERRORS: Record<StoreErrorCode, { message: string; grpc: number }> = {
  LEASE_NOT_FOUND: { message: 'etcdserver: requested lease not found', grpc: GRPC_STATUS.NOT_FOUND },
  LEASE_EXISTS: { message: 'etcdserver: lease already exists', grpc: GRPC_STATUS.FAILED_PRECONDITION },
  LEASE_TTL_TOO_LARGE: { message: 'etcdserver: too large lease TTL', grpc: GRPC_STATUS.OUT_OF_RANGE },
  EMPTY_KEY: { message: 'etcdserver: key is not provided', grpc: GRPC_STATUS.INVALID_ARGUMENT },
  DUPLICATE_KEY: {
    message: 'etcdserver: duplicate key given in txn request',
    grpc: GRPC_STATUS.INVALID_ARGUMENT,
  },
  TOO_MANY_OPS: {
    message: 'etcdserver: too many operations in txn request',
    grpc: GRPC_STATUS.INVALID_ARGUMENT,
  },
  // Model-only misuse (bad time, non-integer TTL...): etcd has no such message.
  INVALID_ARGUMENT: { message: 'invalid argument', grpc: GRPC_STATUS.INVALID_ARGUMENT },
};

export class StoreError extends Error {
  readonly code: StoreErrorCode;
  /** The gRPC status etcd would answer with. */
  readonly grpcCode: number;

  constructor(code: StoreErrorCode, detail?: string) {
    const spec = ERRORS[code];
    super(detail === undefined ? spec.message : `${spec.message}: ${detail}`);
    this.name = 'StoreError';
    this.code = code;
    this.grpcCode = spec.grpc;
  }
}

export interface EtcdStoreOptions {
  /** Revision of the empty store; default 1, so the first write gets 2 (as on a fresh cluster). */
  startRevision?: number;
  /** Minimum lease TTL in seconds; default 2 (etcd 3.4 with default election timeout). */
  minTtlSec?: number;
  /** First automatically assigned lease id; later ones count up by 1. */
  firstLeaseId?: number;
  /** Max operations in each of compare/success/failure; default 128 (--max-txn-ops). */
  maxTxnOps?: number;
}

export interface LeaseView {
  id: number;
  ttlSec: number;
  deadlineMs: number;
  remainingMs: number;
  keys: string[];
}

export interface StoreView {
  revision: number;
  keys: KeyValue[];
  leases: LeaseView[];
}

interface LeaseState {
  id: number;
  ttlSec: number;
  deadlineMs: number;
  keys: Set<string>;
  /** Grant order: breaks ties between equal deadlines. */
  seq: number;
}

/**
 * Byte order of the UTF-8 encodings, which is the order etcd sorts keys in (mvcc/index.go, a btree
 * of []byte). Comparing code points gives the same order; JS `<` compares UTF-16 units, which differs
 * above U+FFFF.
 */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.codePointAt(i) ?? 0;
    const cb = b.codePointAt(j) ?? 0;
    if (ca !== cb) return ca < cb ? -1 : 1;
    i += ca > 0xffff ? 2 : 1;
    j += cb > 0xffff ? 2 : 1;
  }
  if (i < a.length) return 1;
  if (j < b.length) return -1;
  return 0;
}

/** clientv3.GetPrefixRangeEnd: the rangeEnd that selects every key starting with `prefix`. */
export function prefixEnd(prefix: string): string {
  const cps = Array.from(prefix, (c) => c.codePointAt(0) ?? 0);
  for (let i = cps.length - 1; i >= 0; i--) {
    const cp = cps[i] ?? 0;
    if (cp < 0x10ffff) {
      return String.fromCodePoint(...cps.slice(0, i), cp + 1);
    }
  }
  return '\0'; // every code point maxed out: no upper bound
}

/** Is `k` in [key, rangeEnd)? rangeEnd undefined or '' = key only; '\0' = every key >= key. */
function inRange(k: string, key: string, rangeEnd: string | undefined): boolean {
  if (rangeEnd === undefined || rangeEnd === '') return k === key;
  if (compareBytes(k, key) < 0) return false;
  return rangeEnd === '\0' || compareBytes(k, rangeEnd) < 0;
}

function copyKv(kv: KeyValue): KeyValue {
  return { ...kv };
}

function copyEvent(ev: WatchEvent): WatchEvent {
  return { type: ev.type, kv: copyKv(ev.kv) };
}

function compareNumbers(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

export class EtcdStore {
  private readonly kvs = new Map<string, KeyValue>();
  private readonly leases = new Map<number, LeaseState>();
  private rev: number;
  private changes: StoreChange[] = [];
  private lastNowMs = Number.NEGATIVE_INFINITY;
  private nextLeaseId: number;
  private leaseSeq = 0;
  private readonly minTtlSec: number;
  private readonly maxTxnOps: number;
  private readonly watchers = new Map<number, Watcher>();
  private nextWatchId = 0;
  /** Every event since the store started, in revision order (no compaction). */
  private readonly history: WatchEvent[] = [];

  constructor(opts: EtcdStoreOptions = {}) {
    this.rev = opts.startRevision ?? 1;
    this.minTtlSec = opts.minTtlSec ?? DEFAULT_MIN_TTL_SEC;
    this.nextLeaseId = opts.firstLeaseId ?? DEFAULT_FIRST_LEASE_ID;
    this.maxTxnOps = opts.maxTxnOps ?? DEFAULT_MAX_TXN_OPS;
    if (!Number.isSafeInteger(this.rev) || this.rev < 1) {
      throw new StoreError('INVALID_ARGUMENT', 'startRevision must be an integer >= 1');
    }
    if (!Number.isSafeInteger(this.minTtlSec) || this.minTtlSec < 1) {
      throw new StoreError('INVALID_ARGUMENT', 'minTtlSec must be an integer >= 1');
    }
    if (!Number.isSafeInteger(this.nextLeaseId) || this.nextLeaseId < 1) {
      throw new StoreError('INVALID_ARGUMENT', 'firstLeaseId must be a positive safe integer');
    }
  }

  /** Current cluster revision (the header revision of any response). */
  get revision(): number {
    return this.rev;
  }

  // ---------------------------------------------------------------- leases

  /**
   * LeaseGrant. The TTL is raised to the minimum TTL (any smaller value, even 0 or negative: lessor.go
   * Grant), a TTL above MaxLeaseTTL is refused, an explicit id already in use is refused.
   */
  grant(ttlSec: number, nowMs: number, id?: number): { id: number; ttl: number } {
    this.tick(nowMs);
    if (!Number.isSafeInteger(ttlSec)) throw new StoreError('INVALID_ARGUMENT', 'TTL must be an integer');
    if (ttlSec > MAX_LEASE_TTL_SEC) throw new StoreError('LEASE_TTL_TOO_LARGE');
    let leaseId: number;
    if (id === undefined || id === 0) {
      while (this.leases.has(this.nextLeaseId)) this.nextLeaseId++;
      leaseId = this.nextLeaseId++;
    } else {
      if (!Number.isSafeInteger(id) || id < 0) {
        throw new StoreError('INVALID_ARGUMENT', 'lease id must be a positive safe integer');
      }
      if (this.leases.has(id)) throw new StoreError('LEASE_EXISTS');
      leaseId = id;
    }
    const ttl = Math.max(ttlSec, this.minTtlSec);
    const lease: LeaseState = {
      id: leaseId,
      ttlSec: ttl,
      deadlineMs: nowMs + ttl * 1000,
      keys: new Set(),
      seq: this.leaseSeq++,
    };
    this.leases.set(leaseId, lease);
    this.changes.push({ kind: 'lease-grant', lease: leaseId, ttlSec: ttl, deadlineMs: lease.deadlineMs });
    return { id: leaseId, ttl };
  }

  /**
   * LeaseKeepAlive (one request of the stream). lessor.go Renew: deadline = now + granted TTL, and the
   * answer carries the granted TTL. An unknown or expired lease answers TTL 0 (the gateway omits it).
   */
  keepAlive(id: number, nowMs: number): { id: number; ttl: number } {
    this.tick(nowMs);
    const lease = this.leases.get(id);
    if (lease === undefined) return { id, ttl: 0 };
    lease.deadlineMs = nowMs + lease.ttlSec * 1000;
    this.changes.push({
      kind: 'lease-keepalive',
      lease: id,
      ttlSec: lease.ttlSec,
      deadlineMs: lease.deadlineMs,
    });
    return { id, ttl: lease.ttlSec };
  }

  /**
   * lessor.go Promote, which a new etcd leader runs when it takes over (after quorum was lost and
   * is back, for one): every lease gets a fresh deadline, now + its TTL + `extendMs` (etcd extends by
   * the election timeout), so no lease expires for the time nobody could renew it. Unlike every
   * other call it does not expire overdue leases first: keeping them is the point.
   */
  promote(nowMs: number, extendMs = 0): void {
    for (const [id, lease] of this.leases) {
      lease.deadlineMs = nowMs + extendMs + lease.ttlSec * 1000;
      this.changes.push({
        kind: 'lease-keepalive',
        lease: id,
        ttlSec: lease.ttlSec,
        deadlineMs: lease.deadlineMs,
      });
    }
  }

  /** LeaseRevoke: deletes every attached key in one revision (none if no key is attached). */
  revoke(id: number, nowMs: number): { revision: number } {
    this.tick(nowMs);
    const lease = this.leases.get(id);
    if (lease === undefined) throw new StoreError('LEASE_NOT_FOUND');
    this.removeLease(lease, 'lease-revoked');
    return { revision: this.rev };
  }

  /**
   * LeaseTimeToLive. ttl is the remaining time in whole seconds, truncated (v3_server.go:
   * `int64(le.Remaining().Seconds())`), so it reads ttl-1 right after a grant. An unknown lease
   * answers ttl -1 (v3rpc/lease.go turns ErrLeaseNotFound into TTL -1). Keys come sorted.
   */
  timeToLive(
    id: number,
    nowMs: number,
    keys = false,
  ): { id: number; ttl: number; grantedTtl: number; keys: string[] } {
    this.tick(nowMs);
    const lease = this.leases.get(id);
    if (lease === undefined) return { id, ttl: -1, grantedTtl: 0, keys: [] };
    return {
      id,
      ttl: Math.floor((lease.deadlineMs - nowMs) / 1000),
      grantedTtl: lease.ttlSec,
      keys: keys ? this.sortedKeys(lease.keys) : [],
    };
  }

  /**
   * Expire every lease whose deadline <= nowMs, earliest deadline first (ties: grant order). Each
   * expiry is its own revoke: all its keys go in ONE revision, and a lease without keys takes none.
   */
  expire(nowMs: number): Array<{ lease: number; revision: number; keys: string[] }> {
    this.checkTime(nowMs);
    this.lastNowMs = nowMs;
    const out: Array<{ lease: number; revision: number; keys: string[] }> = [];
    for (;;) {
      let due: LeaseState | undefined;
      for (const l of this.leases.values()) {
        if (l.deadlineMs > nowMs) continue;
        if (
          due === undefined ||
          l.deadlineMs < due.deadlineMs ||
          (l.deadlineMs === due.deadlineMs && l.seq < due.seq)
        ) {
          due = l;
        }
      }
      if (due === undefined) return out;
      const keys = this.removeLease(due, 'lease-expired');
      out.push({ lease: due.id, revision: this.rev, keys });
    }
  }

  /** Earliest lease deadline, or undefined when there is no lease. */
  nextExpiryMs(): number | undefined {
    let min: number | undefined;
    for (const l of this.leases.values()) {
      if (min === undefined || l.deadlineMs < min) min = l.deadlineMs;
    }
    return min;
  }

  // ---------------------------------------------------------------- KV

  /**
   * Put: always a new revision, even if the value is unchanged. The key takes the given lease (or
   * none), detaching it from its previous lease. An unknown lease is an error and writes nothing.
   */
  put(key: string, value: string, opts: { lease?: number } | undefined, nowMs: number): { revision: number } {
    this.tick(nowMs);
    checkKey(key);
    const lease = opts?.lease ?? 0;
    this.checkLease(lease);
    this.writePut(key, value, lease, this.rev + 1);
    this.rev++;
    return { revision: this.rev };
  }

  /**
   * Range over [key, rangeEnd): rangeEnd omitted = the key alone, '\0' = every key >= key, use
   * prefixEnd(p) for a prefix. Sorted by key bytes. `nowMs` (an addition to etcd's Range signature) lets
   * the read first expire due leases, like every other call; without it the read sees the current state.
   */
  range(
    key: string,
    rangeEnd?: string,
    nowMs?: number,
  ): { kvs: KeyValue[]; count: number; revision: number } {
    if (nowMs !== undefined) this.tick(nowMs);
    checkKey(key);
    const kvs = this.rangeKvs(key, rangeEnd).map(copyKv);
    return { kvs, count: kvs.length, revision: this.rev };
  }

  /** DeleteRange: one revision if anything was deleted, none otherwise. */
  deleteRange(
    key: string,
    rangeEnd: string | undefined,
    nowMs: number,
  ): { deleted: number; revision: number } {
    this.tick(nowMs);
    checkKey(key);
    const deleted = this.writeDelete(key, rangeEnd, this.rev + 1);
    if (deleted > 0) this.rev++;
    return { deleted, revision: this.rev };
  }

  /**
   * Txn (api.md "Transaction"): all compares must hold to run `success`, else `failure`. The whole
   * txn takes one revision if any op modified something (every put does; a delete of nothing does
   * not), none otherwise. Ops see the writes of earlier ops of the same txn. Validation before
   * anything runs (v3rpc/key.go): op count, empty keys, then per branch a put may not share a key with
   * another put or a delete range (checkIntervals; a rangeEnd of '\0' is taken literally there, so it
   * never overlaps). Then only the branch taken is checked for unknown leases (apply.go checkRequests).
   */
  txn(req: TxnRequest, nowMs: number): TxnResponse {
    this.tick(nowMs);
    this.checkTxn(req);
    const succeeded = req.compare.every((c) => this.compareHolds(c));
    const ops = succeeded ? req.success : req.failure;
    for (const op of ops) {
      if ('put' in op) this.checkLease(op.put.lease ?? 0);
    }
    const writeRev = this.rev + 1;
    let modified = false;
    const responses: ResponseOp[] = ops.map((op): ResponseOp => {
      if ('put' in op) {
        this.writePut(op.put.key, op.put.value, op.put.lease ?? 0, writeRev);
        modified = true;
        return { put: { revision: writeRev } };
      }
      if ('range' in op) {
        const kvs = this.rangeKvs(op.range.key, op.range.rangeEnd).map(copyKv);
        return { range: { kvs, count: kvs.length } };
      }
      const deleted = this.writeDelete(op.deleteRange.key, op.deleteRange.rangeEnd, writeRev);
      if (deleted > 0) modified = true;
      return { deleteRange: { deleted } };
    });
    if (modified) this.rev = writeRev;
    return { succeeded, revision: this.rev, responses };
  }

  // ---------------------------------------------------------------- watch

  /**
   * Watch [key, rangeEnd) (rangeEnd as in range). With `startRevision` <= the current revision the
   * events from that revision on are queued at once (etcd replays them from its history); without
   * it, or above it, only future changes. Returns the watch id (etcd counts them from 0 per stream).
   */
  watch(key: string, rangeEnd?: string, opts: { startRevision?: number } = {}, nowMs?: number): number {
    if (nowMs !== undefined) this.tick(nowMs);
    checkKey(key);
    const id = this.nextWatchId++;
    const w: Watcher = { id, key, rangeEnd, queue: [] };
    const start = opts.startRevision ?? 0;
    if (start > 0)
      for (const ev of this.history)
        if (ev.kv.modRevision >= start && inRange(ev.kv.key, key, rangeEnd)) w.queue.push(copyEvent(ev));
    this.watchers.set(id, w);
    return id;
  }

  /** WatchCancelRequest: the watcher stops; its queued events are dropped. False if unknown. */
  cancelWatch(id: number): boolean {
    return this.watchers.delete(id);
  }

  /** The events queued for a watcher since the last call, in revision order ([] if unknown). */
  takeWatchEvents(id: number): WatchEvent[] {
    const w = this.watchers.get(id);
    if (w === undefined) return [];
    const out = w.queue;
    w.queue = [];
    return out;
  }

  /** Ids of the watchers with queued events, in creation order. */
  watchersWithEvents(): number[] {
    return [...this.watchers.values()].filter((w) => w.queue.length > 0).map((w) => w.id);
  }

  // ---------------------------------------------------------------- observation

  /** Changes since the last drain, in the order they happened. */
  drainChanges(): StoreChange[] {
    const out = this.changes;
    this.changes = [];
    return out;
  }

  /**
   * Snapshot for display. Like every call with a time, it first expires due leases (so it may record
   * changes; they are the same ones the next operation would have recorded).
   */
  view(nowMs: number): StoreView {
    this.tick(nowMs);
    const keys = [...this.kvs.values()].sort((a, b) => compareBytes(a.key, b.key)).map(copyKv);
    const leases = [...this.leases.values()]
      .sort((a, b) => a.seq - b.seq)
      .map((l) => ({
        id: l.id,
        ttlSec: l.ttlSec,
        deadlineMs: l.deadlineMs,
        remainingMs: l.deadlineMs - nowMs,
        keys: this.sortedKeys(l.keys),
      }));
    return { revision: this.rev, keys, leases };
  }

  // ---------------------------------------------------------------- internals

  private checkTime(nowMs: number): void {
    if (!Number.isSafeInteger(nowMs)) {
      throw new StoreError('INVALID_ARGUMENT', `nowMs must be an integer, got ${nowMs}`);
    }
    if (nowMs < this.lastNowMs) {
      throw new StoreError('INVALID_ARGUMENT', `time went backwards: ${nowMs} < ${this.lastNowMs}`);
    }
  }

  private tick(nowMs: number): void {
    this.expire(nowMs);
  }

  private checkLease(lease: number): void {
    if (lease !== 0 && !this.leases.has(lease)) throw new StoreError('LEASE_NOT_FOUND');
  }

  private checkTxn(req: TxnRequest): void {
    const max = this.maxTxnOps;
    if (req.compare.length > max || req.success.length > max || req.failure.length > max) {
      throw new StoreError('TOO_MANY_OPS');
    }
    for (const c of req.compare) {
      checkKey(c.key);
      const wantString = c.target === 'VALUE';
      if (wantString !== (typeof c.value === 'string')) {
        throw new StoreError(
          'INVALID_ARGUMENT',
          `compare ${c.target} needs a ${wantString ? 'string' : 'number'}`,
        );
      }
    }
    for (const op of [...req.success, ...req.failure]) {
      checkKey('put' in op ? op.put.key : 'range' in op ? op.range.key : op.deleteRange.key);
    }
    checkIntervals(req.success);
    checkIntervals(req.failure);
  }

  /** etcdserver/apply.go applyCompare + compareKV. */
  private compareHolds(c: Compare): boolean {
    const kvs = this.rangeKvs(c.key, c.rangeEnd);
    if (kvs.length === 0) {
      // "Always fail if comparing a value on a key/keys that doesn't exist"; the other targets read 0.
      if (c.target === 'VALUE') return false;
      return compareOutcome(c, {
        key: c.key,
        value: '',
        createRevision: 0,
        modRevision: 0,
        version: 0,
        lease: 0,
      });
    }
    return kvs.every((kv) => compareOutcome(c, kv));
  }

  private rangeKvs(key: string, rangeEnd: string | undefined): KeyValue[] {
    if (rangeEnd === undefined || rangeEnd === '') {
      const kv = this.kvs.get(key);
      return kv === undefined ? [] : [kv];
    }
    const out: KeyValue[] = [];
    for (const kv of this.kvs.values()) {
      if (inRange(kv.key, key, rangeEnd)) out.push(kv);
    }
    return out.sort((a, b) => compareBytes(a.key, b.key));
  }

  /** mvcc put: create_revision kept (or set on creation), version + 1, lease replaced. */
  private writePut(key: string, value: string, lease: number, writeRev: number): void {
    const prev = this.kvs.get(key);
    if (prev !== undefined && prev.lease !== lease) this.leases.get(prev.lease)?.keys.delete(key);
    const kv: KeyValue = {
      key,
      value,
      createRevision: prev?.createRevision ?? writeRev,
      modRevision: writeRev,
      version: (prev?.version ?? 0) + 1,
      lease,
    };
    this.kvs.set(key, kv);
    if (lease !== 0) this.leases.get(lease)?.keys.add(key);
    this.changes.push({ kind: 'put', kv: copyKv(kv) });
    this.notify({ type: 'PUT', kv: copyKv(kv) });
  }

  private notify(ev: WatchEvent): void {
    this.history.push(ev);
    for (const w of this.watchers.values())
      if (inRange(ev.kv.key, w.key, w.rangeEnd)) w.queue.push(copyEvent(ev));
  }

  private writeDelete(
    key: string,
    rangeEnd: string | undefined,
    writeRev: number,
    cause: 'delete' | 'lease-expired' | 'lease-revoked' = 'delete',
  ): number {
    const doomed = this.rangeKvs(key, rangeEnd);
    for (const kv of doomed) {
      this.kvs.delete(kv.key);
      if (kv.lease !== 0) this.leases.get(kv.lease)?.keys.delete(kv.key);
      this.changes.push(
        kv.lease === 0
          ? { kind: 'delete', key: kv.key, revision: writeRev, cause }
          : { kind: 'delete', key: kv.key, revision: writeRev, cause, lease: kv.lease },
      );
      // A tombstone's kv: the key and the deleting revision only (mvcc/kvstore_txn.go delete).
      this.notify({
        type: 'DELETE',
        kv: { key: kv.key, value: '', createRevision: 0, modRevision: writeRev, version: 0, lease: 0 },
      });
    }
    return doomed.length;
  }

  /** lessor.go Revoke: delete the lease's keys in one txn, then forget the lease. Returns the keys. */
  private removeLease(lease: LeaseState, cause: 'lease-expired' | 'lease-revoked'): string[] {
    const keys = this.sortedKeys(lease.keys);
    const revision = keys.length > 0 ? this.rev + 1 : this.rev;
    this.changes.push(
      cause === 'lease-expired'
        ? { kind: 'lease-expire', lease: lease.id, revision }
        : { kind: 'lease-revoke', lease: lease.id, revision },
    );
    for (const k of keys) this.writeDelete(k, undefined, revision, cause);
    this.leases.delete(lease.id);
    this.rev = revision;
    return keys;
  }

  private sortedKeys(keys: Set<string>): string[] {
    return [...keys].sort(compareBytes);
  }
}

function checkKey(key: string): void {
  if (key.length === 0) throw new StoreError('EMPTY_KEY');
}

function compareOutcome(c: Compare, kv: KeyValue): boolean {
  let r: number;
  switch (c.target) {
    case 'VALUE':
      r = compareBytes(kv.value, String(c.value));
      break;
    case 'CREATE':
      r = compareNumbers(kv.createRevision, Number(c.value));
      break;
    case 'MOD':
      r = compareNumbers(kv.modRevision, Number(c.value));
      break;
    case 'VERSION':
      r = compareNumbers(kv.version, Number(c.value));
      break;
    case 'LEASE':
      r = compareNumbers(kv.lease, Number(c.value));
      break;
  }
  switch (c.result) {
    case 'EQUAL':
      return r === 0;
    case 'NOT_EQUAL':
      return r !== 0;
    case 'GREATER':
      return r > 0;
    case 'LESS':
      return r < 0;
  }
}

/**
 * v3rpc/key.go checkIntervals: within one branch, a put may not repeat a put's key nor fall inside a
 * delete range. Intervals are adt string intervals taken literally, so a delete with rangeEnd '\0'
 * (begin > end) overlaps nothing: etcd 3.4 accepts "delete everything, then put k" in one txn.
 */
function checkIntervals(ops: RequestOp[]): void {
  const dels: Array<{ key: string; rangeEnd?: string }> = [];
  for (const op of ops) if ('deleteRange' in op) dels.push(op.deleteRange);
  const puts = new Set<string>();
  for (const op of ops) {
    if (!('put' in op)) continue;
    const k = op.put.key;
    if (puts.has(k)) throw new StoreError('DUPLICATE_KEY');
    for (const d of dels) {
      const hit =
        d.rangeEnd === undefined || d.rangeEnd === ''
          ? d.key === k
          : compareBytes(d.key, k) <= 0 && compareBytes(k, d.rangeEnd) < 0;
      if (hit) throw new StoreError('DUPLICATE_KEY');
    }
    puts.add(k);
  }
}
