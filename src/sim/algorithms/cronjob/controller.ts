/**
 * The CronJob controller of kube-controller-manager (kubernetes pkg/controller/cronjob/
 * cronjob_controllerv2.go, `syncCronJob`), for one CronJob. It keeps nothing of its own: on start (a
 * restart included: the informers list everything, so every CronJob is synced at once) and 100 ms
 * after each slot it reads the CronJob and its active Jobs from the API server and decides:
 *
 * 1. the most recent unmet slot, from max(status.lastScheduleTime, now − startingDeadlineSeconds)
 *    (utils.go mostRecentScheduleTime); none: "No unmet start times", wait for the next slot. A slot a
 *    deadline passed over is marked `missed` (schedule.ts `slotsPassedOver`);
 * 2. more than 100 slots missed: warning `TooManyMissedTimes`, and it still goes on with the latest;
 * 3. a slot later than startingDeadlineSeconds: warning `MissSchedule` (the tooLate branch);
 * 4. the slot already has its Job (status.lastScheduleTime is that slot, or the Job is active): done;
 * 5. concurrencyPolicy Forbid with a Job still active: `JobAlreadyActive`, this slot is skipped
 *    (the source: "it is theoretically possible to have concurrency with Forbid" when its cache is
 *    stale; here it reads the API server itself, so it is not);
 * 6. Replace: delete the active Jobs first; Allow: start another beside them;
 * 7. create the Job named `<cronjob>-<slot in Unix minutes>` (a second Create of that name is 409
 *    AlreadyExists: the name is the lock), `SuccessfulCreate`; then status.lastScheduleTime = slot.
 *
 * Each decision is a mark named after the controller's own event reason, for narration and metrics.
 */
import type { Process, ProcessEnv, ProcessFactory } from '../../net/host.ts';
import {
  clockOf,
  jobName,
  mostRecentScheduleTime,
  NEXT_SCHEDULE_DELTA_MS,
  nextSlot,
  type Schedule,
  slotsPassedOver,
} from './schedule.ts';

/** batchv1.ConcurrencyPolicy. The API's default is Allow (CronJobSpec.concurrencyPolicy). */
export type ConcurrencyPolicy = 'Allow' | 'Forbid' | 'Replace';

export interface ControllerConfig {
  readonly apiServer: string;
  readonly cronJob: string;
  readonly schedule: Schedule;
  /** startingDeadlineSeconds; null: not set. */
  readonly deadlineS: number | null;
  readonly policy: ConcurrencyPolicy;
  readonly requestTimeoutMs: number;
  /** After a request that got no answer, the next try (the work queue's rate-limited requeue). */
  readonly retryMs: number;
}

export const MARKS = {
  synced: 'sync',
  created: 'SuccessfulCreate',
  exists: 'AlreadyExists',
  missed: 'missed',
  tooLate: 'MissSchedule',
  tooMany: 'TooManyMissedTimes',
  forbid: 'JobAlreadyActive',
  replaced: 'SuccessfulDelete',
} as const;

export function cronJobControllerProcess(cfg: ControllerConfig): ProcessFactory {
  return (env: ProcessEnv): Process => {
    let reqId = 0;
    let waiting: { id: number; type: string } | null = null;
    let cancelTimer: (() => void) | null = null;
    let cancelTimeout: (() => void) | null = null;
    /** Slots already marked missed by this incarnation (the source's TODO: no LastMissedTime). */
    const markedMissed = new Set<number>();
    let slot: number | null = null;

    const request = (type: string, body: Record<string, unknown> = {}) => {
      reqId++;
      waiting = { id: reqId, type };
      env.send(cfg.apiServer, type, { ...body, reqId });
      cancelTimeout?.();
      cancelTimeout = env.after(
        cfg.requestTimeoutMs,
        () => {
          cancelTimeout = null;
          waiting = null;
          requeue(cfg.retryMs);
        },
        'request-timeout',
      );
    };
    const requeue = (ms: number) => {
      cancelTimer?.();
      cancelTimer = env.after(
        Math.max(0, ms),
        () => {
          cancelTimer = null;
          request('GET_CRONJOB');
        },
        'requeue',
      );
    };
    /**
     * nextScheduleTimeDuration: the next slot after now, plus 100 ms. The controller's now is the wall
     * clock (cronjob_controllerv2.go `jm.now()`, time.Now compared with the schedule's times of day),
     * so a `clock-skew` step of its host moves every slot.
     */
    const requeueNext = () => {
      const now = env.wallNow();
      requeue(nextSlot(cfg.schedule, now) + NEXT_SCHEDULE_DELTA_MS - now);
    };

    const decide = (lastScheduleMs: number, active: string[]) => {
      const now = env.wallNow();
      for (const s of slotsPassedOver(cfg.schedule, lastScheduleMs, now, cfg.deadlineS)) {
        if (markedMissed.has(s)) continue;
        markedMissed.add(s);
        env.mark(MARKS.missed, {
          slot: clockOf(s),
          slotMs: s,
          lateMs: now - s,
          lateS: Math.round((now - s) / 1000),
          deadlineS: cfg.deadlineS ?? 0,
        });
      }
      const r = mostRecentScheduleTime(cfg.schedule, lastScheduleMs, now, cfg.deadlineS);
      if (r.slotMs === null) return requeueNext();
      if (r.tooMany) env.mark(MARKS.tooMany, { missed: r.missed });
      const name = jobName(cfg.cronJob, r.slotMs);
      const info = { job: name, slot: clockOf(r.slotMs), slotMs: r.slotMs, lateMs: now - r.slotMs };

      if (cfg.deadlineS !== null && r.slotMs + cfg.deadlineS * 1000 < now) {
        env.mark(MARKS.tooLate, info);
        return requeueNext();
      }
      if (r.slotMs === lastScheduleMs || active.includes(name)) return requeueNext();
      if (cfg.policy === 'Forbid' && active.length > 0) {
        env.mark(MARKS.forbid, { ...info, active: active.join(',') });
        return requeueNext();
      }
      slot = r.slotMs;
      if (cfg.policy === 'Replace')
        for (const a of active) {
          env.send(cfg.apiServer, 'DELETE_JOB', { name: a });
          env.mark(MARKS.replaced, { job: a });
        }
      request('CREATE_JOB', { name, slotMs: r.slotMs });
    };

    const receive: Process['receive'] = (m) => {
      const b = m.body;
      if (!waiting || b.reqId !== waiting.id) return;
      cancelTimeout?.();
      cancelTimeout = null;
      waiting = null;
      switch (m.type) {
        case 'CRONJOB':
          env.mark(MARKS.synced, { lastSchedule: clockOf(Number(b.lastScheduleMs)) });
          decide(
            Number(b.lastScheduleMs),
            String(b.active ?? '')
              .split(',')
              .filter(Boolean),
          );
          return;
        case 'JOB_CREATED':
        case 'ALREADY_EXISTS': {
          const s = slot ?? 0;
          env.mark(m.type === 'JOB_CREATED' ? MARKS.created : MARKS.exists, {
            job: String(b.name),
            slot: clockOf(s),
            slotMs: s,
            lateMs: env.wallNow() - s,
            lateS: Math.round((env.wallNow() - s) / 1000),
          });
          request('UPDATE_STATUS', { lastScheduleMs: s });
          return;
        }
        case 'STATUS_UPDATED':
          return requeueNext();
      }
    };

    // Informers list every CronJob when the controller starts: the first sync is at once.
    request('GET_CRONJOB');
    return {
      receive,
      stop() {
        cancelTimer?.();
        cancelTimeout?.();
      },
      // Not the reqId counter: only `waiting`'s id is compared with an answer, and the next id is
      // above every id in flight either way.
      state: () => ({
        waiting,
        slot,
        markedMissed,
        requeued: cancelTimer !== null,
        timing: cancelTimeout !== null,
      }),
    };
  };
}
