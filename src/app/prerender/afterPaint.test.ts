import { describe, expect, it } from 'vitest';
import { afterFirstPaint, type PaintWindow } from './afterPaint.ts';

/** A window whose frames, timers and paint entries the test hands out by hand. */
function fakeWindow(opts: { hidden?: boolean; paintTiming?: boolean } = {}) {
  const frames: Array<() => void> = [];
  const timers: Array<{ cb: () => void; ms: number }> = [];
  const observers: Array<{
    cb: (list: { getEntriesByName(n: string): unknown[] }, o: { disconnect(): void }) => void;
    on: boolean;
  }> = [];
  class PO {
    static readonly supportedEntryTypes = opts.paintTiming === false ? ['mark'] : ['mark', 'paint'];
    readonly me: (typeof observers)[number];
    constructor(cb: (typeof observers)[number]['cb']) {
      this.me = { cb, on: false };
      observers.push(this.me);
    }
    observe() {
      this.me.on = true;
    }
    disconnect() {
      this.me.on = false;
    }
  }
  const w: PaintWindow = {
    document: { visibilityState: opts.hidden ? 'hidden' : 'visible' },
    requestAnimationFrame: (cb) => frames.push(cb),
    setTimeout: (cb, ms) => timers.push({ cb, ms }),
    PerformanceObserver: PO,
  };
  const paint = (...names: string[]) => {
    for (const o of observers)
      if (o.on)
        o.cb({ getEntriesByName: (n) => names.filter((x) => x === n) }, { disconnect: () => (o.on = false) });
  };
  return { w, frames, timers, observers, paint };
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not for any paint entry', async () => {
    const f = fakeWindow();
    const p = afterFirstPaint(f.w);
    expect(await settled(p)).toBe(false);
    f.paint('first-paint');
    expect(await settled(p)).toBe(false);
    f.paint('first-paint', 'first-contentful-paint');
    expect(await settled(p)).toBe(true);
    expect(f.observers.every((o) => !o.on)).toBe(true);
  });

  it('does not wait in a hidden tab, which paints nothing until it is shown', async () => {
    const f = fakeWindow({ hidden: true });
    expect(await settled(afterFirstPaint(f.w))).toBe(true);
    expect(f.observers).toHaveLength(0);
  });

  it('without paint timing, waits one frame and past its paint', async () => {
    const f = fakeWindow({ paintTiming: false });
    const p = afterFirstPaint(f.w);
    expect(f.observers).toHaveLength(0);
    expect(await settled(p)).toBe(false);
    f.frames.shift()?.();
    expect(await settled(p)).toBe(false);
    const past = f.timers.find((t) => t.ms === 0);
    past?.cb();
    expect(await settled(p)).toBe(true);
  });

  it('gives up waiting after maxMs when no paint is reported', async () => {
    const f = fakeWindow();
    const p = afterFirstPaint(f.w, 700);
    expect(await settled(p)).toBe(false);
    const bound = f.timers.find((t) => t.ms === 700);
    expect(bound).toBeDefined();
    bound?.cb();
    expect(await settled(p)).toBe(true);
  });
});
