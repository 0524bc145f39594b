import type { Process, ProcessEnv, ProcessFactory } from '../../net/host.ts';

export const CLIENT_HOST = 'client';
export const SECOND_CLIENT_HOST = 'client-2';

/**
 * A Raft client (Ongaro & Ousterhout 2014, §8): it sends each command to the server it believes
 * leads, follows a REDIRECT to the leader named, and tries the next server when a request goes
 * unanswered for `retryMs` or the follower knows no leader. One command at a time, every `intervalMs`.
 * (The paper's serial numbers, which keep a retried command from being applied twice, are left out:
 * a retry here may be appended twice.)
 */
export function raftClientProcess(
  servers: readonly string[],
  intervalMs: number,
  retryMs: number,
  /** Commands are named `<prefix>1`, `<prefix>2`, …: two clients' commands never look alike. */
  prefix = 'x',
): ProcessFactory {
  return (env: ProcessEnv): Process => {
    let target = 0;
    let n = 0;
    let pending: string | null = null;
    let cancelRetry: (() => void) | null = null;
    const send = (): void => {
      if (pending === null) return;
      cancelRetry?.();
      env.send(servers[target] as string, 'CLIENT_REQUEST', { value: pending });
      cancelRetry = env.after(
        retryMs,
        () => {
          target = (target + 1) % servers.length;
          send();
        },
        'retry',
      );
    };
    const tick = (): void => {
      if (pending === null) {
        n++;
        pending = `${prefix}${n}`;
        send();
      }
      env.after(intervalMs, tick, 'tick');
    };
    env.after(intervalMs, tick, 'tick');
    return {
      receive(msg) {
        const b = msg.body as { leader?: string | null; value?: string };
        if (msg.type === 'REDIRECT') {
          const i = b.leader ? servers.indexOf(b.leader) : -1;
          target = i >= 0 ? i : (target + 1) % servers.length;
          send();
        } else if (msg.type === 'CLIENT_REPLY' && b.value === pending) {
          cancelRetry?.();
          cancelRetry = null;
          pending = null;
        }
      },
      stop() {
        cancelRetry?.();
      },
      // `n` names the next command (the logs hold the names); the retry and tick are the queue's.
      state: () => ({ target, n, pending, retrying: cancelRetry !== null }),
    };
  };
}
