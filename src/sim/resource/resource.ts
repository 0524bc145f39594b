import type { Process, ProcessEnv, ProcessFactory } from '../net/host.ts';

/**
 * Protected storage that checks fencing tokens (Kleppmann, "How to do distributed locking", 2016):
 * it remembers the highest token it has accepted and rejects a lower one with 409 STALE TOKEN.
 * With fencing off it accepts every write, which is how the lost update happens.
 * WRITE {token, value} -> WRITE_OK {token} | WRITE_REJECTED {token, code: 409, reason, seen}.
 */
export function resourceProcess(opts: { fencing: boolean }): ProcessFactory {
  return (env: ProcessEnv): Process => {
    let highest: number | null = null;
    return {
      receive(m) {
        if (m.type !== 'WRITE') return;
        const token = typeof m.body.token === 'number' ? m.body.token : null;
        const value = typeof m.body.value === 'string' ? m.body.value : undefined;
        const seen = highest;
        const stale = opts.fencing && (token === null || (highest !== null && token < highest));
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
          });
          env.send(m.from, 'WRITE_REJECTED', { token, code: 409, reason: 'STALE TOKEN', seen });
          return;
        }
        if (token !== null && (highest === null || token > highest)) highest = token;
        env.record({
          k: 'write',
          node: m.from,
          resource: env.id,
          token,
          status: 'accepted',
          code: 200,
          seen,
          ...(value !== undefined ? { value } : {}),
        });
        env.send(m.from, 'WRITE_OK', { token });
      },
      stop() {},
    };
  };
}
