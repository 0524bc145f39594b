/**
 * Resolves once the page has painted its first contents (the prerendered picture), so that the app's
 * JavaScript is fetched and run after that paint rather than before it. Run first, the app's modules
 * (about 180 kB) delayed the picture's first paint by 50 to 90 ms on a 2-core machine: the browser
 * compiles and evaluates them before its first rendering opportunity.
 *
 * It resolves at once when nothing will paint soon: a hidden tab (no frames until it is shown) or a
 * browser without paint timing, which waits for one frame instead. `maxMs` bounds the wait either way.
 */
export interface PaintWindow {
  document: { visibilityState: string };
  requestAnimationFrame(cb: () => void): unknown;
  setTimeout(cb: () => void, ms: number): unknown;
  PerformanceObserver?: {
    new (
      cb: (list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void,
    ): {
      observe(o: { type: string; buffered: boolean }): void;
      disconnect(): void;
    };
    readonly supportedEntryTypes?: readonly string[];
  };
}

export function afterFirstPaint(
  w: PaintWindow = window as unknown as PaintWindow,
  maxMs = 1000,
): Promise<void> {
  return new Promise((done) => {
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      done();
    };
    if (w.document.visibilityState === 'hidden') return finish();
    w.setTimeout(finish, maxMs);
    const PO = w.PerformanceObserver;
    if (!PO?.supportedEntryTypes?.includes('paint')) {
      // One frame, then past its paint.
      w.requestAnimationFrame(() => w.setTimeout(finish, 0));
      return;
    }
    const o = new PO((list, self) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      self.disconnect();
      finish();
    });
    // `buffered`: the paint may already have happened before this module ran.
    o.observe({ type: 'paint', buffered: true });
  });
}
