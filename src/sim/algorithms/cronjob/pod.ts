/**
 * Where a Job's pod runs (the Job controller creates one pod for a Job with parallelism 1, the
 * default; the kubelet starts it). RUN_POD {name}: the pod starts after `startMs` (scheduling and the
 * container start), works for `durationMs` and reports POD_SUCCEEDED to the API server (which marks
 * the Job Complete: the store panel shows it). Every RUN_POD is answered POD_RUNNING (a lost one is sent
 * again), and POD_SUCCEEDED goes again every `resendMs` until the API server's POD_ACK.
 * KILL_POD {name} (Replace deletes the Job): the pod stops before it finishes. Each start and end is a
 * mark (`pod-started`, `pod-finished`, `pod-killed`) that the metrics read; several pods may run at
 * once (concurrencyPolicy Allow).
 */
import type { Process, ProcessEnv, ProcessFactory } from '../../net/host.ts';

export const POD_STARTED = 'pod-started';
export const POD_FINISHED = 'pod-finished';
export const POD_KILLED = 'pod-killed';

export interface PodOptions {
  readonly apiServer: string;
  readonly startMs: number;
  readonly durationMs: number;
  readonly resendMs: number;
}

export function podProcess(opts: PodOptions): ProcessFactory {
  return (env: ProcessEnv): Process => {
    const running = new Map<string, () => void>();
    const started = new Set<string>();
    /** Pods past their start, not yet finished or killed. */
    const working = new Set<string>();
    /** Finished pods whose POD_SUCCEEDED the API server has not acknowledged, with the resend's cancel. */
    const unacked = new Map<string, () => void>();
    const succeed = (name: string) => {
      env.send(opts.apiServer, 'POD_SUCCEEDED', { name });
      unacked.get(name)?.();
      unacked.set(
        name,
        env.after(opts.resendMs, () => succeed(name), 'resend', name),
      );
    };
    const run = (name: string) => {
      env.send(opts.apiServer, 'POD_RUNNING', { name });
      if (started.has(name)) return;
      started.add(name);
      const cancelStart = env.after(
        opts.startMs,
        () => {
          working.add(name);
          env.mark(POD_STARTED, { job: name, running: working.size });
          const cancelEnd = env.after(
            opts.durationMs,
            () => {
              running.delete(name);
              working.delete(name);
              env.mark(POD_FINISHED, { job: name, running: working.size });
              succeed(name);
            },
            'pod-end',
            name,
          );
          running.set(name, cancelEnd);
        },
        'pod-start',
        name,
      );
      running.set(name, cancelStart);
    };
    return {
      receive(m) {
        const name = String(m.body.name ?? '');
        if (m.type === 'RUN_POD') run(name);
        if (m.type === 'POD_ACK') {
          unacked.get(name)?.();
          unacked.delete(name);
        }
        if (m.type === 'KILL_POD') {
          const cancel = running.get(name);
          if (!cancel) return;
          cancel();
          running.delete(name);
          working.delete(name);
          env.mark(POD_KILLED, { job: name, running: working.size });
        }
      },
      stop() {
        for (const cancel of running.values()) cancel();
        for (const cancel of unacked.values()) cancel();
      },
      // The pods' timers (start, end, resend) are the queue's, each naming its pod.
      state: () => ({ running: [...running.keys()], started, working, unacked: [...unacked.keys()] }),
    };
  };
}
