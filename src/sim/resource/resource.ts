import type { Process, ProcessEnv, ProcessFactory } from '../net/host.ts';

/**
 * Protected storage that checks fencing tokens (Kleppmann, "How to do distributed locking", 2016):
 * it remembers the highest token it has accepted and rejects a lower one with 409 STALE TOKEN.
 * With fencing off it accepts every write, which is how the lost update happens.
 * WRITE {token, value, key?} -> WRITE_OK {token, key?} | WRITE_REJECTED {token, code: 409, reason, seen, key?}.
 *
 * A write may name the item it writes (`key`: a shard, with a leader and a token of its own); the
 * highest token is then kept per item, so shard 3's token is never compared with shard 5's.
 */
export function resourceProcess(opts: { fencing: boolean }): ProcessFactory {
  return (env: ProcessEnv): Process => {
    const highestOf = new Map<string, number>();
    return {
      receive(m) {
        if (m.type !== 'WRITE') return;
        const token = typeof m.body.token === 'number' ? m.body.token : null;
        const value = typeof m.body.value === 'string' ? m.body.value : undefined;
        const key = typeof m.body.key === 'string' ? m.body.key : undefined;
        const item = key ?? '';
        const seen = highestOf.get(item) ?? null;
        const keyed = key !== undefined ? { key } : {};
        const stale = opts.fencing && (token === null || (seen !== null && token < seen));
        if (stale) {
          env.record({
            k: 'write',
            node: m.from,
            resource: env.id,
            token,
            status: 'rejected',
            code: 409,
            reason: 'STALE TOKEN',
            seen,
            ...(value !== undefined ? { value } : {}),
            ...keyed,
          });
          env.send(m.from, 'WRITE_REJECTED', { token, code: 409, reason: 'STALE TOKEN', seen, ...keyed });
          return;
        }
        if (token !== null && (seen === null || token > seen)) highestOf.set(item, token);
        env.record({
          k: 'write',
          node: m.from,
          resource: env.id,
          token,
          status: 'accepted',
          code: 200,
          seen,
          ...(value !== undefined ? { value } : {}),
          ...keyed,
        });
        env.send(m.from, 'WRITE_OK', { token, ...keyed });
      },
      stop() {},
      state: () => highestOf,
    };
  };
}
