/**
 * A watch on the election keys through the JSON gateway (POST /v3/watch, a stream of JSON lines),
 * so the recording has every put and delete with the revision etcd gave it, including the deletes
 * of an expired lease's keys, which no client request reports. It moves to the next member when its
 * member fails or is faulted, from the revision after the last one seen (etcd api.md: a watch may
 * start at any revision not yet compacted). Node-only.
 */

import { maxOf } from '../lib/extent.ts';
import type { KeyValue } from '../sim/store/api.ts';
import { prefixEnd } from '../sim/store/order.ts';
import type { EtcdAuth } from './etcdAuth.ts';
import { b64, int, kvOf } from './gateway.ts';

export interface WatchEvent {
  type: 'put' | 'delete';
  kv: KeyValue;
  /** For a delete: the key as it was (its lease). */
  prev?: KeyValue;
}

export class PrefixWatch {
  private next = 1;
  private member = 0;
  private current: AbortController | null = null;
  private stopped = false;
  private done: Promise<void>;

  constructor(
    private readonly endpoints: readonly string[],
    private readonly prefix: string,
    from: number,
    private readonly onEvents: (events: WatchEvent[], revision: number) => void,
    private readonly auth?: EtcdAuth,
    /** How lease ids are read (gateway.ts kvOf): the recording of a Patroni cluster numbers them. */
    private readonly leaseOf?: (raw: unknown) => number,
  ) {
    this.next = from;
    this.done = this.loop();
  }

  /** Drop the current connection and watch through the next member (its member was faulted). */
  moveOn(fromMember?: number): void {
    if (fromMember !== undefined && fromMember - 1 !== this.member) return;
    this.current?.abort();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.current?.abort();
    await this.done;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const ac = new AbortController();
      this.current = ac;
      try {
        await this.once(this.endpoints[this.member] as string, ac.signal);
      } catch {
        // the member went away or was faulted: next one
      }
      if (this.stopped) break;
      this.member = (this.member + 1) % this.endpoints.length;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  private async once(url: string, signal: AbortSignal): Promise<void> {
    const headers = (await this.auth?.headers()) ?? {};
    const res = await fetch(`${url}/v3/watch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        create_request: {
          key: b64(this.prefix),
          range_end: b64(prefixEnd(this.prefix)),
          start_revision: String(this.next),
          prev_kv: true,
        },
      }),
      signal,
    });
    if (!res.body) return;
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += dec.decode(value, { stream: true });
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        nl = buf.indexOf('\n');
        if (line === '') continue;
        const msg = JSON.parse(line) as { result?: Record<string, unknown>; error?: unknown };
        if (msg.error !== undefined) {
          // A token the member does not know: the next try (the next member) gets a new one.
          if (/auth token/.test(JSON.stringify(msg.error))) await this.auth?.refresh(headers.Authorization);
          throw new Error('watch error');
        }
        const r = msg.result ?? {};
        const raw = (r.events as Array<Record<string, unknown>> | undefined) ?? [];
        if (raw.length === 0) continue;
        const events: WatchEvent[] = raw.map((e) => ({
          type: e.type === 'DELETE' ? 'delete' : 'put',
          kv: kvOf((e.kv ?? {}) as Record<string, unknown>, this.leaseOf),
          ...(e.prev_kv ? { prev: kvOf(e.prev_kv as Record<string, unknown>, this.leaseOf) } : {}),
        }));
        const rev = maxOf(events.map((e) => e.kv.modRevision));
        this.next = rev + 1;
        this.onEvents(events, int((r.header as Record<string, unknown> | undefined)?.revision));
      }
    }
  }
}
