/**
 * A client of etcd's JSON gateway (grpc-gateway, POST /v3/..., keys and values in base64) that knows
 * every member's endpoint, gives each request one deadline, and fails over between members within
 * it, as clientv3 does (its balancer retries an unavailable endpoint's request on the next one;
 * etcd docs, "clientv3 balancer"). With the cluster's auth on, every request carries the lab's token
 * (src/live/etcdAuth.ts); a member that does not know it makes the client authenticate again, once.
 * Node-only.
 */
import type { KeyValue } from '../sim/store/api.ts';
import { type EtcdAuth, UNAUTHENTICATED } from './etcdAuth.ts';

/** etcd answers that mean "try another member": gRPC Unavailable (14) and DeadlineExceeded (4). */
const RETRY_ON = new Set([4, 14]);

export interface GatewayAnswer {
  json: Record<string, unknown>;
  /** 1-based index of the member that answered. */
  member: number;
}

/** No member answered before the deadline. */
export class Unavailable extends Error {
  constructor(
    message: string,
    /** The last member tried (1-based). */
    readonly member: number,
  ) {
    super(message);
  }
}

/** etcd answered with an error (lease not found, ...): an answer, not a reason to fail over. */
export class EtcdError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly member: number,
  ) {
    super(message);
  }
}

export class Gateway {
  /** The member that answered last: asked first next time. */
  private preferred = 0;

  constructor(
    readonly endpoints: readonly string[],
    private readonly auth?: EtcdAuth,
  ) {}

  /**
   * POSTs `body` to `path`, trying the members in turn from the last one that answered; each try gets
   * an equal share of what is left of `deadlineMs`. A keepalive answer is a stream: its first line.
   */
  async call(path: string, body: unknown, deadlineMs: number, signal?: AbortSignal): Promise<GatewayAnswer> {
    const end = Date.now() + deadlineMs;
    const n = this.endpoints.length;
    const start = this.preferred;
    let last = start;
    let why = 'no member tried';
    let reauthenticated = false;
    for (let k = 0; k < n; k++) {
      const i = (start + k) % n;
      last = i;
      const left = end - Date.now();
      if (left <= 0) break;
      const share = Math.max(1, Math.floor(left / (n - k)));
      try {
        const headers = (await this.auth?.headers()) ?? {};
        const res = await fetch(`${this.endpoints[i]}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(share)]) : AbortSignal.timeout(share),
        });
        const text = (await res.text()).trim().split('\n')[0] ?? '';
        const json = JSON.parse(text === '' ? '{}' : text) as Record<string, unknown>;
        const err = json.error as string | { message?: string; grpc_code?: number } | undefined;
        if (err !== undefined) {
          const code = Number(typeof err === 'string' ? json.code : err.grpc_code) || 0;
          const message = typeof err === 'string' ? String(json.message ?? err) : (err.message ?? 'error');
          if (RETRY_ON.has(code)) {
            why = message;
            continue;
          }
          if (code === UNAUTHENTICATED && this.auth && !reauthenticated) {
            // The member forgot the token (restarted, or it expired): a new one, the same member again.
            reauthenticated = true;
            await this.auth.refresh(headers.Authorization);
            k--;
            continue;
          }
          this.preferred = i;
          throw new EtcdError(message, code, i + 1);
        }
        if (!res.ok) {
          why = `HTTP ${res.status}`;
          continue;
        }
        this.preferred = i;
        return { json: (json.result ?? json) as Record<string, unknown>, member: i + 1 };
      } catch (e) {
        if (e instanceof EtcdError) throw e;
        if (signal?.aborted) throw e;
        why = (e as Error).name === 'TimeoutError' ? `no answer within ${share} ms` : (e as Error).message;
        // The next member, next time too: this one did not answer.
        this.preferred = (i + 1) % n;
      }
    }
    throw new Unavailable(`etcd unavailable: ${why}`, last + 1);
  }
}

export const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
export const unb64 = (s: unknown) => Buffer.from(typeof s === 'string' ? s : '', 'base64').toString('utf8');
/** int64 fields come back as strings and are omitted when zero. */
export const int = (s: unknown) => Number(s ?? 0);

/**
 * A KeyValue as the gateway sends it (base64 key and value, int64 fields as strings, omitted when
 * zero). `leaseOf` reads the lease id: etcd's own ids are int64 (a Patroni's lease: 5748460418795008000
 * and the next one granted by the same member differ in the last bits, beyond a double's 2^53), so a
 * recording of leases the lab did not grant maps each id, as its string, to a small number, and the
 * conformance tests keep it as the decimal string (leaseId).
 */
export function kvOf<L = number>(
  k: Record<string, unknown>,
  leaseOf: (raw: unknown) => L = int as (raw: unknown) => L,
): Omit<KeyValue, 'lease'> & { lease: L } {
  return {
    key: unb64(k.key),
    value: unb64(k.value),
    createRevision: int(k.create_revision),
    modRevision: int(k.mod_revision),
    version: int(k.version),
    lease: leaseOf(k.lease),
  };
}

/** A lease id kept exactly, as its decimal string ('0': none). */
export const leaseId = (raw: unknown): string => (raw === undefined || raw === null ? '0' : String(raw));
