/**
 * Each task's CPU time (ms) on a renderer's main thread, from a Chromium trace recorded with the
 * `devtools.timeline` categories: a `RunTask`'s `tdur` is its thread time. The Long Tasks API gives
 * wall time only, which on a busy machine counts the time the OS gave other work. Empty when the
 * trace holds no renderer main thread.
 */
export function mainThreadTaskCpuMs(trace: Buffer): number[] {
  interface Ev {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    tdur?: number;
    args?: { name?: string };
  }
  const events = (JSON.parse(trace.toString()) as { traceEvents: Ev[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.tdur ?? 0) / 1000);
}
