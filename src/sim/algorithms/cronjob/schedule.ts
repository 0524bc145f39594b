/**
 * The CronJob controller's schedule arithmetic, after kubernetes pkg/controller/cronjob/utils.go
 * (`mostRecentScheduleTime`, `nextScheduleTime`, `nextScheduleTimeDuration`, `getJobName`). Pure: the
 * controller passes its own clock in.
 *
 * A schedule here is `@every` from an anchor: slots at `atMs + k × everyMs` for every whole k (robfig/cron's
 * ParseStandard accepts `@every <duration>`; the story's `0 3 * * *` is the daily case, its anchor 03:00).
 * Times are virtual ms; virtual 0 is 02:59:50 on the story's night (see STORY_EPOCH_MS).
 */

export interface Schedule {
  /** A slot (the first one after the start, 03:00 in the stories). */
  readonly atMs: number;
  readonly everyMs: number;
}

/** Virtual 0 as a Unix time: 2026-03-02 02:59:50 UTC, so 10 s in is 03:00 (the job names use it). */
export const STORY_EPOCH_MS = Date.UTC(2026, 2, 2, 2, 59, 50);

/**
 * The controller re-syncs a CronJob 100 ms after each slot, for NTP skew
 * (cronjob_controllerv2.go `nextScheduleDelta = 100 * time.Millisecond`).
 */
export const NEXT_SCHEDULE_DELTA_MS = 100;

/** More missed slots than this is a warning, `TooManyMissedTimes` (utils.go: "arbitrarily picked 100"). */
export const TOO_MANY_MISSED = 100;

/** The first slot strictly after t (cron's Next). */
export function nextSlot(s: Schedule, t: number): number {
  return s.atMs + (Math.floor((t - s.atMs) / s.everyMs) + 1) * s.everyMs;
}

/** The last slot at or before t. */
export function lastSlotAtOrBefore(s: Schedule, t: number): number {
  return s.atMs + Math.floor((t - s.atMs) / s.everyMs) * s.everyMs;
}

export interface MostRecent {
  /** Where the controller starts looking: lastScheduleTime, or now − startingDeadlineSeconds if later. */
  earliestMs: number;
  /** The most recent slot in (earliest, now] a Job should have been created for, or null. */
  slotMs: number | null;
  /** Slots in (earliest, now] (utils.go's rough count: elapsed / interval + 1). */
  missed: number;
  /** More than 100 of them: the controller warns `TooManyMissedTimes` and still starts the latest. */
  tooMany: boolean;
}

/**
 * utils.go `mostRecentScheduleTime`: earliest = status.lastScheduleTime (else the CronJob's creation),
 * moved up to now − startingDeadlineSeconds when a deadline is set ("controller is not going to schedule
 * anything below this point"); the answer is the latest slot after earliest and not after now.
 * `deadlineS` null: the field is not set (no deadline).
 */
export function mostRecentScheduleTime(
  s: Schedule,
  lastScheduleMs: number,
  nowMs: number,
  deadlineS: number | null,
): MostRecent {
  const earliestMs = deadlineS === null ? lastScheduleMs : Math.max(lastScheduleMs, nowMs - deadlineS * 1000);
  const t1 = nextSlot(s, earliestMs);
  if (nowMs < t1) return { earliestMs, slotMs: null, missed: 0, tooMany: false };
  const missed = Math.floor((nowMs - t1) / s.everyMs) + 1;
  return { earliestMs, slotMs: lastSlotAtOrBefore(s, nowMs), missed, tooMany: missed > TOO_MANY_MISSED };
}

/**
 * The slots a deadline made the controller pass over: after lastScheduleTime, at or before now, and
 * before the window (now − startingDeadlineSeconds). The controller itself emits nothing for them in
 * this path: mostRecentScheduleTime never returns them, so syncCronJob logs "No unmet start times" at
 * V(4), and its `MissSchedule` warning ("Missed scheduled time to start a job", the tooLate branch) is
 * only reached by a slot inside the window. The lab counts them as missed, as the API doc says they
 * are ("Missed jobs executions will be counted as failed ones", CronJobSpec.startingDeadlineSeconds).
 */
export function slotsPassedOver(
  s: Schedule,
  lastScheduleMs: number,
  nowMs: number,
  deadlineS: number | null,
): number[] {
  if (deadlineS === null) return [];
  const windowStart = nowMs - deadlineS * 1000;
  const out: number[] = [];
  let t = nextSlot(s, lastScheduleMs);
  while (t <= nowMs && t <= windowStart && out.length <= TOO_MANY_MISSED) {
    out.push(t);
    t = nextSlot(s, t);
  }
  return out;
}

/** cronjob_controllerv2.go `getJobName`: `<cronjob>-<scheduled time in Unix minutes>`, the creation lock. */
export function jobName(cronJob: string, slotMs: number): string {
  return `${cronJob}-${Math.floor((STORY_EPOCH_MS + slotMs) / 60_000)}`;
}

/** A virtual time as the API writes a metav1.Time (RFC 3339, whole seconds): "2026-03-02T03:00:00Z". */
export function clockOf(ms: number): string {
  return `${new Date(STORY_EPOCH_MS + Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}
