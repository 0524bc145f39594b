/**
 * Test-only: the two backends a conformance script runs against, behind one raw interface: the
 * EtcdStore model on a virtual clock, and a real etcd through its JSON gateway (the grpc-gateway's
 * /v3 routes; bytes travel base64, int64 as strings).
 */
import { b64, int, kvOf, leaseId, unb64 } from '../../live/gateway.ts';
import { type CompareResult, type CompareTarget, StoreError } from '../../sim/store/api.ts';
import { EtcdStore } from '../../sim/store/etcd.ts';
// ------------------------------------------------------------------ raw backend interface
// Lease ids travel as decimal strings: real etcd ids exceed Number.MAX_SAFE_INTEGER.

export interface RawKv {
  key: string;
  value: string;
  createRevision: number;
  modRevision: number;
  version: number;
  lease: string;
}
export type RawOp =
  | { put: { key: string; value: string; lease?: string } }
  | { range: { key: string; rangeEnd?: string } }
  | { deleteRange: { key: string; rangeEnd?: string } };
export interface RawCompare {
  key: string;
  rangeEnd?: string;
  target: CompareTarget;
  result: CompareResult;
  /** VALUE: the value; other targets: a decimal integer. */
  value: string;
}
export type RawResp =
  | { put: { revision: number } }
  | { range: { kvs: RawKv[]; count: number } }
  | { deleteRange: { deleted: number } };

export interface RawEvent {
  type: 'PUT' | 'DELETE';
  kv: RawKv;
}

/** One watch stream: the events received so far, and its cancellation. */
export interface WatchStream {
  /** Waits until at least `count` events have arrived (or timeoutMs), then hands out all of them. */
  take(count: number, timeoutMs: number): Promise<RawEvent[]>;
  cancel(): Promise<void>;
}

export class BackendError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export interface Backend {
  readonly name: string;
  revision(): Promise<number>;
  grant(ttl: number, id?: string): Promise<{ id: string; ttl: number }>;
  keepAlive(id: string): Promise<{ id: string; ttl: number }>;
  revoke(id: string): Promise<{ revision: number }>;
  timeToLive(
    id: string,
    keys: boolean,
  ): Promise<{ id: string; ttl: number; grantedTtl: number; keys: string[] }>;
  put(key: string, value: string, lease?: string): Promise<{ revision: number }>;
  range(key: string, rangeEnd?: string): Promise<{ revision: number; count: number; kvs: RawKv[] }>;
  deleteRange(key: string, rangeEnd?: string): Promise<{ revision: number; deleted: number }>;
  txn(
    compare: RawCompare[],
    success: RawOp[],
    failure: RawOp[],
  ): Promise<{ succeeded: boolean; revision: number; responses: RawResp[] }>;
  wait(ms: number): Promise<void>;
  watch(key: string, rangeEnd?: string, startRevision?: number): Promise<WatchStream>;
}

// ------------------------------------------------------------------ model backend

/**
 * The model behind the Backend interface, on a virtual clock: every call takes 1 ms (a real call takes
 * a few ms, and etcd's TimeToLive truncates, so "0 ms elapsed" would read one second more than etcd
 * does) and `wait(ms)` advances the clock by exactly ms.
 */
export class ModelBackend implements Backend {
  readonly name = 'model';
  readonly store: EtcdStore;
  nowMs = 0;

  constructor(store = new EtcdStore()) {
    this.store = store;
  }

  private step<T>(f: (now: number) => T): Promise<T> {
    this.nowMs += 1;
    try {
      return Promise.resolve(f(this.nowMs));
    } catch (e) {
      if (e instanceof StoreError) return Promise.reject(new BackendError(e.message, e.grpcCode));
      return Promise.reject(e);
    }
  }

  revision() {
    return this.step((now) => this.store.range('\0', '\0', now).revision);
  }
  grant(ttl: number, id?: string) {
    return this.step((now) => {
      const r = this.store.grant(ttl, now, id === undefined ? undefined : Number(id));
      return { id: String(r.id), ttl: r.ttl };
    });
  }
  keepAlive(id: string) {
    return this.step((now) => {
      const r = this.store.keepAlive(Number(id), now);
      return { id: String(r.id), ttl: r.ttl };
    });
  }
  revoke(id: string) {
    return this.step((now) => this.store.revoke(Number(id), now));
  }
  timeToLive(id: string, keys: boolean) {
    return this.step((now) => {
      const r = this.store.timeToLive(Number(id), now, keys);
      return { ...r, id: String(r.id) };
    });
  }
  put(key: string, value: string, lease?: string) {
    return this.step((now) =>
      this.store.put(key, value, lease === undefined ? undefined : { lease: Number(lease) }, now),
    );
  }
  range(key: string, rangeEnd?: string) {
    return this.step((now) => {
      const r = this.store.range(key, rangeEnd, now);
      return {
        revision: r.revision,
        count: r.count,
        kvs: r.kvs.map((kv) => ({ ...kv, lease: String(kv.lease) })),
      };
    });
  }
  deleteRange(key: string, rangeEnd?: string) {
    return this.step((now) => this.store.deleteRange(key, rangeEnd, now));
  }
  txn(compare: RawCompare[], success: RawOp[], failure: RawOp[]) {
    const op = (o: RawOp) =>
      'put' in o ? { put: { key: o.put.key, value: o.put.value, lease: Number(o.put.lease ?? 0) } } : o;
    return this.step((now) => {
      const r = this.store.txn(
        {
          compare: compare.map((c) => ({ ...c, value: c.target === 'VALUE' ? c.value : Number(c.value) })),
          success: success.map(op),
          failure: failure.map(op),
        },
        now,
      );
      const responses: RawResp[] = r.responses.map((x) =>
        'range' in x
          ? {
              range: {
                count: x.range.count,
                kvs: x.range.kvs.map((kv) => ({ ...kv, lease: String(kv.lease) })),
              },
            }
          : x,
      );
      return { succeeded: r.succeeded, revision: r.revision, responses };
    });
  }
  wait(ms: number) {
    this.nowMs += ms;
    return Promise.resolve();
  }
  watch(key: string, rangeEnd?: string, startRevision?: number) {
    return this.step((now): WatchStream => {
      const id = this.store.watch(key, rangeEnd, startRevision === undefined ? {} : { startRevision }, now);
      return {
        // Like every call, a take first expires the leases that are due (a wait moved the clock).
        take: () =>
          this.step((t) => {
            this.store.expire(t);
            return this.store
              .takeWatchEvents(id)
              .map((e) => ({ type: e.type, kv: { ...e.kv, lease: String(e.kv.lease) } }));
          }),
        cancel: () => {
          this.store.cancelWatch(id);
          return Promise.resolve();
        },
      };
    });
  }
}

// ------------------------------------------------------------------ real etcd backend (JSON gateway)

type GwKv = Record<string, unknown>;
interface GwHeader {
  header?: { revision?: string };
}

const COMPARE_FIELD: Record<CompareTarget, string> = {
  CREATE: 'create_revision',
  MOD: 'mod_revision',
  VERSION: 'version',
  VALUE: 'value',
  LEASE: 'lease',
};

export class EtcdBackend implements Backend {
  readonly name = 'etcd';
  constructor(readonly url: string) {}

  private async post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    // keepalive is a stream: one JSON object per line, wrapped in {"result": ...}.
    const text = (await res.text()).trim().split('\n')[0] ?? '';
    const json = JSON.parse(text === '' ? '{}' : text) as {
      error?: string | { message?: string; grpc_code?: number; http_code?: number };
      message?: string;
      code?: number;
      result?: unknown;
    };
    if (json.error !== undefined) {
      if (typeof json.error === 'string') throw new BackendError(json.message ?? json.error, int(json.code));
      throw new BackendError(json.error.message ?? 'unknown error', int(json.error.grpc_code));
    }
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}: ${text}`);
    return (json.result ?? json) as T;
  }

  /** The gateway's KeyValue with its lease id kept exact, as a decimal string (RawKv). */
  private static kv(k: GwKv): RawKv {
    return kvOf(k, leaseId);
  }

  private static op(o: RawOp): unknown {
    if ('put' in o) {
      return {
        request_put: {
          key: b64(o.put.key),
          value: b64(o.put.value),
          ...(o.put.lease ? { lease: o.put.lease } : {}),
        },
      };
    }
    const [name, r] = 'range' in o ? ['request_range', o.range] : ['request_delete_range', o.deleteRange];
    return { [name]: { key: b64(r.key), ...(r.rangeEnd ? { range_end: b64(r.rangeEnd) } : {}) } };
  }

  async revision() {
    const r = await this.post<GwHeader>('/v3/kv/range', {
      key: b64('\0'),
      range_end: b64('\0'),
      count_only: true,
    });
    return int(r.header?.revision);
  }
  async grant(ttl: number, id?: string) {
    const r = await this.post<{ ID?: string; TTL?: string }>('/v3/lease/grant', { TTL: ttl, ID: id ?? '0' });
    return { id: r.ID ?? '0', ttl: int(r.TTL) };
  }
  async keepAlive(id: string) {
    const r = await this.post<{ ID?: string; TTL?: string }>('/v3/lease/keepalive', { ID: id });
    return { id: r.ID ?? '0', ttl: int(r.TTL) };
  }
  async revoke(id: string) {
    const r = await this.post<GwHeader>('/v3/lease/revoke', { ID: id });
    return { revision: int(r.header?.revision) };
  }
  async timeToLive(id: string, keys: boolean) {
    const r = await this.post<{ ID?: string; TTL?: string; grantedTTL?: string; keys?: string[] }>(
      '/v3/lease/timetolive',
      { ID: id, keys },
    );
    return {
      id: r.ID ?? '0',
      ttl: int(r.TTL),
      grantedTtl: int(r.grantedTTL),
      keys: (r.keys ?? []).map(unb64),
    };
  }
  async put(key: string, value: string, lease?: string) {
    const r = await this.post<GwHeader>('/v3/kv/put', {
      key: b64(key),
      value: b64(value),
      ...(lease ? { lease } : {}),
    });
    return { revision: int(r.header?.revision) };
  }
  async range(key: string, rangeEnd?: string) {
    const r = await this.post<GwHeader & { kvs?: GwKv[]; count?: string }>('/v3/kv/range', {
      key: b64(key),
      ...(rangeEnd ? { range_end: b64(rangeEnd) } : {}),
    });
    return { revision: int(r.header?.revision), count: int(r.count), kvs: (r.kvs ?? []).map(EtcdBackend.kv) };
  }
  async deleteRange(key: string, rangeEnd?: string) {
    const r = await this.post<GwHeader & { deleted?: string }>('/v3/kv/deleterange', {
      key: b64(key),
      ...(rangeEnd ? { range_end: b64(rangeEnd) } : {}),
    });
    return { revision: int(r.header?.revision), deleted: int(r.deleted) };
  }
  async txn(compare: RawCompare[], success: RawOp[], failure: RawOp[]) {
    type GwResp = {
      response_put?: GwHeader;
      response_range?: { kvs?: GwKv[]; count?: string };
      response_delete_range?: { deleted?: string };
    };
    const r = await this.post<GwHeader & { succeeded?: boolean; responses?: GwResp[] }>('/v3/kv/txn', {
      compare: compare.map((c) => ({
        key: b64(c.key),
        ...(c.rangeEnd ? { range_end: b64(c.rangeEnd) } : {}),
        target: c.target,
        result: c.result,
        [COMPARE_FIELD[c.target]]: c.target === 'VALUE' ? b64(c.value) : c.value,
      })),
      success: success.map(EtcdBackend.op),
      failure: failure.map(EtcdBackend.op),
    });
    const revision = int(r.header?.revision);
    const responses = (r.responses ?? []).map((x): RawResp => {
      if (x.response_put) return { put: { revision: int(x.response_put.header?.revision) } };
      if (x.response_range) {
        return {
          range: {
            kvs: (x.response_range.kvs ?? []).map(EtcdBackend.kv),
            count: int(x.response_range.count),
          },
        };
      }
      if (x.response_delete_range) return { deleteRange: { deleted: int(x.response_delete_range.deleted) } };
      throw new Error(`unexpected txn response ${JSON.stringify(x)}`);
    });
    return { succeeded: r.succeeded ?? false, revision, responses };
  }
  wait(ms: number) {
    return new Promise<void>((resolve) => setTimeout(resolve, ms));
  }

  /**
   * The gateway streams /v3/watch as one JSON object per line: {"result": {created: true}} first,
   * then {"result": {events: [...]}} (a PUT's `type` is omitted, being the enum's zero value).
   */
  async watch(key: string, rangeEnd?: string, startRevision?: number): Promise<WatchStream> {
    const abort = new AbortController();
    const res = await fetch(`${this.url}/v3/watch`, {
      method: 'POST',
      body: JSON.stringify({
        create_request: {
          key: b64(key),
          ...(rangeEnd ? { range_end: b64(rangeEnd) } : {}),
          ...(startRevision === undefined ? {} : { start_revision: String(startRevision) }),
        },
      }),
      signal: abort.signal,
    });
    if (!res.ok || res.body === null) throw new Error(`/v3/watch: HTTP ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const received: RawEvent[] = [];
    const wakers: Array<() => void> = [];
    let created: () => void = () => undefined;
    const isCreated = new Promise<void>((resolve) => {
      created = resolve;
    });
    let buffer = '';
    const pump = async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let nl = buffer.indexOf('\n');
        while (nl >= 0) {
          const line = buffer.slice(0, nl).trim();
          buffer = buffer.slice(nl + 1);
          nl = buffer.indexOf('\n');
          if (line === '') continue;
          const msg = JSON.parse(line) as {
            result?: { created?: boolean; events?: Array<{ type?: string; kv?: GwKv }> };
          };
          if (msg.result?.created) created();
          for (const e of msg.result?.events ?? [])
            received.push({ type: e.type === 'DELETE' ? 'DELETE' : 'PUT', kv: EtcdBackend.kv(e.kv ?? {}) });
          for (const w of wakers.splice(0)) w();
        }
      }
    };
    pump().catch(() => undefined); // ends with the abort
    await Promise.race([
      isCreated,
      new Promise((_, reject) => setTimeout(() => reject(new Error('watch not created')), 10_000)),
    ]);
    return {
      take: async (count, timeoutMs) => {
        const deadline = Date.now() + timeoutMs;
        while (received.length < count && Date.now() < deadline)
          await new Promise<void>((resolve) => {
            wakers.push(resolve);
            setTimeout(resolve, 50);
          });
        // A little longer, so that an event the model does not produce shows up as a difference.
        await new Promise((resolve) => setTimeout(resolve, 150));
        return received.splice(0);
      },
      cancel: async () => {
        abort.abort();
      },
    };
  }
}
