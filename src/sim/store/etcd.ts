/**
 * Deterministic model of the etcd 3.4 v3 KV + lease API, as seen by one client of a healthy cluster.
 *
 * Sources (etcd v3.4 tree): Documentation/learning/api.md (revisions, key metadata, txn, leases),
 * mvcc/kvstore_txn.go (one revision per modifying txn), etcdserver/apply.go (applyCompare, lease
 * check of the branch taken), etcdserver/api/v3rpc/key.go (request validation, checkIntervals),
 * lease/lessor.go (min TTL, Renew, Revoke, expiry), etcdserver/v3_server.go (LeaseTimeToLive).
 * Every rule below was checked against a real etcd 3.4.23 by conformance.test.ts.
 *
 * Watch: watch.ts.
 *
 * Time: nothing here reads a clock. Every call that can observe time takes `nowMs`, an integer
 * number of milliseconds that must never go backwards. Lease boundaries:
 *   deadlineMs = (time of grant or last keepalive) + ttlSec * 1000,
 *   a lease is expired at any nowMs >= deadlineMs (lessor.go: `expired()` is `Remaining() <= 0`).
 * Real etcd revokes expired leases from a loop that runs about every 500 ms; the model revokes them
 * exactly at the deadline: every public call first runs `expire(nowMs)`, so a call at nowMs sees
 * the state etcd converges to.
 */
import {
  type Compare,
  DEFAULT_FIRST_LEASE_ID,
  DEFAULT_MAX_TXN_OPS,
  DEFAULT_MIN_TTL_SEC,
  type EtcdStoreOptions,
  type KeyValue,
  MAX_LEASE_TTL_SEC,
  type ResponseOp,
  type StoreChange,
  StoreError,
  type StoreView,
  type TxnRequest,
  type TxnResponse,
  type WatchEvent,
} from './api.ts';
import { checkIntervals, checkKey, compareBytes, compareOutcome, copyKv, inRange } from './order.ts';
import { Watches } from './watch.ts';

interface LeaseState {
  id: number;
  ttlSec: number;
  deadlineMs: number;
  keys: Set<string>;
  /** Grant order: breaks ties between equal deadlines. */
  seq: number;
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
  private readonly watches = new Watches();

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
    return this.watches.add(key, rangeEnd, opts.startRevision ?? 0);
  }

  /** WatchCancelRequest: the watcher stops; its queued events are dropped. False if unknown. */
  cancelWatch(id: number): boolean {
    return this.watches.cancel(id);
  }

  /** The events queued for a watcher since the last call, in revision order ([] if unknown). */
  takeWatchEvents(id: number): WatchEvent[] {
    return this.watches.take(id);
  }

  /** Ids of the watchers with queued events, in creation order. */
  watchersWithEvents(): number[] {
    return this.watches.withEvents();
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
    this.watches.notify({ type: 'PUT', kv: copyKv(kv) });
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
      this.watches.notify({
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
