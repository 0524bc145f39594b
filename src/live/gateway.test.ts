import { describe, expect, it } from 'vitest';
import { b64, kvOf, leaseId } from './gateway.ts';

// A KeyValue as etcd's JSON gateway sends it: base64 bytes, int64 fields as strings, zeros omitted.
const gw = {
  key: b64('/service/pg/leader'),
  value: b64('pg-1'),
  create_revision: '7',
  mod_revision: '9',
  version: '2',
  // One of a Patroni's leases: beyond a double's 2^53, so only its string is exact.
  lease: '5748460418795008001',
};

describe("kvOf: the one decoder of the gateway's KeyValue", () => {
  it('reads the key, value and revisions, and the lease id as a number by default', () => {
    expect(kvOf({ ...gw, lease: '42' })).toEqual({
      key: '/service/pg/leader',
      value: 'pg-1',
      createRevision: 7,
      modRevision: 9,
      version: 2,
      lease: 42,
    });
  });

  it('keeps an int64 lease id exact as its string with leaseId (the conformance backend)', () => {
    expect(kvOf(gw, leaseId).lease).toBe('5748460418795008001');
    expect(String(kvOf(gw).lease)).not.toBe('5748460418795008001');
  });

  it('reads omitted fields (zero) as 0, and no lease as "0" with leaseId', () => {
    expect(kvOf({ key: b64('k') })).toEqual({
      key: 'k',
      value: '',
      createRevision: 0,
      modRevision: 0,
      version: 0,
      lease: 0,
    });
    expect(kvOf({ key: b64('k') }, leaseId).lease).toBe('0');
  });
});
