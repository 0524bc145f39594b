/**
 * The story's `watches-fired` mark (the simulated server makes it as it sends the watch events): on
 * the real ensemble, the events its clients received for one path within 200 ms, told once at the
 * first of them. Node-only (a timer).
 */
export const WATCH_BATCH_MS = 200;

export class WatchesFired {
  private readonly open = new Map<string, { t: number; watchers: string[]; timer: NodeJS.Timeout }>();

  constructor(private readonly tell: (path: string, t: number, watchers: string[]) => void) {}

  /** A client heard a watch event on `path` at `t`. */
  add(path: string, node: string, t: number): void {
    const batch = this.open.get(path);
    if (batch) {
      batch.watchers.push(node);
      return;
    }
    const watchers = [node];
    const timer = setTimeout(() => {
      this.open.delete(path);
      this.tell(path, t, watchers);
    }, WATCH_BATCH_MS);
    this.open.set(path, { t, watchers, timer });
  }

  /** The run stops: the batches not yet told are dropped, as the run's other timers are. */
  stop(): void {
    for (const b of this.open.values()) clearTimeout(b.timer);
    this.open.clear();
  }
}
