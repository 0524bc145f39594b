/**
 * The API server as the CronJob needs it: the CronJob object's status and its Job objects, kept in
 * etcd under /registry/<resource>/<namespace>/<name> (k8s.io/apiserver storage prefix). The controller
 * is stateless: whatever it knew before a crash it reads back from here (cronjob_controllerv2.go
 * syncCronJob works from the CronJob and the Jobs it lists, and writes status.lastScheduleTime).
 *
 * Requests (reqId echoed):
 * - GET_CRONJOB -> CRONJOB {lastScheduleMs, active}: `active` is the Jobs not finished, comma-separated
 *   (the controller rebuilds status.active from its child Jobs on every sync);
 * - CREATE_JOB {name, slotMs} -> JOB_CREATED {name} | ALREADY_EXISTS {name, code: 409}: the name is
 *   the lock (a Create of an existing name is 409 AlreadyExists), so one slot never gets two Jobs;
 *   a new Job is handed to the pod host (the Job controller creates its pod, the kubelet starts it);
 * - UPDATE_STATUS {lastScheduleMs} -> STATUS_UPDATED;
 * - DELETE_JOB {name} -> JOB_DELETED (Replace): the pod is killed.
 * From the pod host: POD_RUNNING {name} (the pod exists: stop resending RUN_POD, which goes again every
 * RESYNC_MS until then, as the Job controller reconciles a Job without its pod) and POD_SUCCEEDED {name}:
 * the Job is Complete (status.lastSuccessfulTime), answered POD_ACK every time (the pod repeats it until then).
 */
import type { Process, ProcessEnv, ProcessFactory } from '../../net/host.ts';
import type { Message } from '../../net/message.ts';
import { clockOf } from './schedule.ts';

export const CRONJOB_NAME = 'billing';
export const CRONJOB_KEY = `/registry/cronjobs/default/${CRONJOB_NAME}`;
export const jobKey = (name: string) => `/registry/jobs/default/${name}`;

/** How often a Job whose pod has not answered gets RUN_POD again (the Job controller's reconcile loop). */
export const RESYNC_MS = 1000;

type Phase = 'Running' | 'Complete';

export interface ApiServerOptions {
  readonly podHost: string;
  /** status.lastScheduleTime before the story starts (yesterday's run). */
  readonly lastScheduleMs: number;
}

export function cronApiServerProcess(opts: ApiServerOptions): ProcessFactory {
  return (env: ProcessEnv): Process => {
    let revision = 0;
    let lastScheduleMs = opts.lastScheduleMs;
    let lastSuccessfulMs: number | null = null;
    const jobs = new Map<string, { phase: Phase; created: number; version: number }>();
    /** Running Jobs whose pod has not said POD_RUNNING yet. */
    const unconfirmed = new Set<string>();
    let cancelResync: (() => void) | null = null;
    const resync = () => {
      if (cancelResync || unconfirmed.size === 0) return;
      cancelResync = env.after(
        RESYNC_MS,
        () => {
          cancelResync = null;
          for (const n of unconfirmed)
            if (jobs.get(n)?.phase === 'Running') env.send(opts.podHost, 'RUN_POD', { name: n });
          resync();
        },
        'resync',
      );
    };
    let cronCreated = 0;
    let cronVersion = 0;

    const active = () => [...jobs].filter(([, j]) => j.phase === 'Running').map(([n]) => n);
    const putCron = () => {
      revision++;
      if (cronCreated === 0) cronCreated = revision;
      const done = lastSuccessfulMs === null ? '' : ` lastSuccessfulTime=${clockOf(lastSuccessfulMs)}`;
      env.record({
        k: 'store',
        change: {
          kind: 'put',
          kv: {
            key: CRONJOB_KEY,
            value: `lastScheduleTime=${clockOf(lastScheduleMs)} active=[${active().join(',')}]${done}`,
            createRevision: cronCreated,
            modRevision: revision,
            version: ++cronVersion,
            lease: 0,
          },
        },
      });
    };
    const putJob = (name: string) => {
      const j = jobs.get(name);
      if (!j) return;
      revision++;
      if (j.created === 0) j.created = revision;
      env.record({
        k: 'store',
        change: {
          kind: 'put',
          kv: {
            key: jobKey(name),
            value: j.phase,
            createRevision: j.created,
            modRevision: revision,
            version: ++j.version,
            lease: 0,
          },
        },
      });
    };
    putCron();

    const handle = (m: Message): [string, Record<string, unknown>] | null => {
      const b = m.body;
      const reqId = b.reqId ?? null;
      const name = String(b.name ?? '');
      switch (m.type) {
        case 'GET_CRONJOB':
          return [
            'CRONJOB',
            { reqId, lastScheduleMs, active: active().join(','), activeCount: active().length },
          ];
        case 'CREATE_JOB': {
          if (jobs.has(name)) return ['ALREADY_EXISTS', { reqId, name, code: 409 }];
          jobs.set(name, { phase: 'Running', created: 0, version: 0 });
          putJob(name);
          env.send(opts.podHost, 'RUN_POD', { name });
          unconfirmed.add(name);
          resync();
          return ['JOB_CREATED', { reqId, name }];
        }
        case 'UPDATE_STATUS':
          lastScheduleMs = Math.max(lastScheduleMs, Number(b.lastScheduleMs));
          putCron();
          return ['STATUS_UPDATED', { reqId }];
        case 'DELETE_JOB': {
          if (!jobs.delete(name)) return ['JOB_NOT_FOUND', { reqId, name, code: 404 }];
          revision++;
          env.record({
            k: 'store',
            change: { kind: 'delete', key: jobKey(name), revision, cause: 'delete' },
          });
          env.send(opts.podHost, 'KILL_POD', { name });
          putCron();
          return ['JOB_DELETED', { reqId, name }];
        }
        case 'POD_RUNNING':
          unconfirmed.delete(name);
          return null;
        case 'POD_SUCCEEDED': {
          unconfirmed.delete(name);
          const j = jobs.get(name);
          if (j?.phase === 'Running') {
            j.phase = 'Complete';
            lastSuccessfulMs = env.now();
            putJob(name);
            putCron();
          }
          return ['POD_ACK', { name }];
        }
        default:
          return null;
      }
    };

    return {
      receive(m) {
        const answer = handle(m);
        if (answer) env.send(m.from, answer[0], answer[1]);
      },
      stop() {
        cancelResync?.();
      },
      // The revisions and versions too: the next store records carry them.
      state: () => ({
        revision,
        lastScheduleMs,
        lastSuccessfulMs,
        jobs,
        unconfirmed,
        resyncing: cancelResync !== null,
        cronCreated,
        cronVersion,
      }),
    };
  };
}
