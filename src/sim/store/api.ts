/**
 * The etcd 3.4 v3 API as the store model speaks it: its messages (KeyValue, Compare, Txn, watch
 * events), its limits and its errors, with the gRPC codes etcd answers with. The model itself is
 * etcd.ts; the key order and the request rules are order.ts.
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
