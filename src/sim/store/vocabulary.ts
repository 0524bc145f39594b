import type { MessageFamily } from '../algorithms/algorithm.ts';

/**
 * Every message of the etcd model's API (process.ts answers each request type with its reply), by
 * family: an algorithm whose nodes talk to the store spreads these into its vocabulary, beside its own.
 */
export const etcdFamilies = {
  LEASE_GRANT: 'store',
  LEASE_GRANTED: 'reply',
  LEASE_REVOKE: 'store',
  LEASE_REVOKED: 'reply',
  LEASE_REVOKE_ERROR: 'reject',
  KEEPALIVE: 'heartbeat',
  KEEPALIVE_ACK: 'reply',
  PUT: 'store',
  PUT_RESULT: 'reply',
  RANGE: 'store',
  RANGE_RESULT: 'reply',
  TXN: 'store',
  TXN_RESULT: 'reply',
  TXN_ERROR: 'reject',
  WATCH: 'store',
  WATCH_CREATED: 'reply',
  WATCH_EVENT: 'store',
} as const satisfies Record<string, MessageFamily>;
