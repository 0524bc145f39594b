/**
 * etcd's key order and its request rules, pure: the byte order keys sort in, a prefix's range end,
 * range membership, a txn compare's outcome (etcdserver/apply.go applyCompare) and the checks a txn
 * request must pass (etcdserver/api/v3rpc/key.go).
 */
import { type Compare, type KeyValue, type RequestOp, StoreError, type WatchEvent } from './api.ts';

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
export function inRange(k: string, key: string, rangeEnd: string | undefined): boolean {
  if (rangeEnd === undefined || rangeEnd === '') return k === key;
  if (compareBytes(k, key) < 0) return false;
  return rangeEnd === '\0' || compareBytes(k, rangeEnd) < 0;
}

export function copyKv(kv: KeyValue): KeyValue {
  return { ...kv };
}

export function copyEvent(ev: WatchEvent): WatchEvent {
  return { type: ev.type, kv: copyKv(ev.kv) };
}

function compareNumbers(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

export function checkKey(key: string): void {
  if (key.length === 0) throw new StoreError('EMPTY_KEY');
}

export function compareOutcome(c: Compare, kv: KeyValue): boolean {
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
export function checkIntervals(ops: RequestOp[]): void {
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
