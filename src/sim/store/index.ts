export type {
  Compare,
  CompareResult,
  CompareTarget,
  EtcdStoreOptions,
  KeyValue,
  LeaseView,
  RequestOp,
  ResponseOp,
  StoreChange,
  StoreErrorCode,
  StoreView,
  TxnRequest,
  TxnResponse,
  WatchEvent,
} from './api.ts';
export {
  DEFAULT_FIRST_LEASE_ID,
  DEFAULT_MAX_TXN_OPS,
  DEFAULT_MIN_TTL_SEC,
  GRPC_STATUS,
  MAX_LEASE_TTL_SEC,
  StoreError,
} from './api.ts';
export { EtcdStore } from './etcd.ts';
export { compareBytes, prefixEnd } from './order.ts';
