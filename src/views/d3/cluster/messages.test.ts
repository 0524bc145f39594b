// @vitest-environment happy-dom
import { select } from 'd3-selection';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Frame } from '../../../sim/trace/frame.ts';
import { fitLayout, type HostInfo } from './index.ts';
import { createMessageCanvas } from './messages.ts';

/** A 2D context that does nothing but count what the canvas sets as its font. */
function recordingContext() {
  const fonts: string[] = [];
  let current = '10px sans-serif';
  const ctx = new Proxy(
    {},
    {
      get: (_t, k) => (k === 'font' ? current : k === 'measureText' ? () => ({ width: 0 }) : () => {}),
      set: (_t, k, v) => {
        if (k === 'font') {
          fonts.push(v);
          current = v;
        }
        return true;
      },
    },
  );
  return { ctx, fonts };
}

afterEach(() => vi.unstubAllGlobals());

describe('the message canvas', () => {
  it('sets its font once, not in every frame, and again after a resize resets the context', () => {
    const { ctx, fonts } = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as CanvasRenderingContext2D);
    vi.stubGlobal(
      'Path2D',
      class {
        moveTo() {}
        lineTo() {}
      },
    );
    const hosts: HostInfo[] = [1, 2, 3].map((i) => ({ id: `node-${i}`, kind: 'node' }));
    const el: HTMLElement = document.createElement('div');
    const colors = { now: () => ({ font: '600 10px monospace' }), destroy() {} };
    const opts = { hosts, links: [], flashMs: 400, label: 'cluster' };
    const canvas = createMessageCanvas(select(el), new Map(hosts.map((h) => [h.id, h.kind])), colors, opts);
    const layout = fitLayout(hosts, 600, 400);
    const frame = { messages: [] } as unknown as Frame;
    canvas.resize(layout);
    for (let i = 0; i < 5; i++) canvas.draw(frame, layout);
    // Chromium flushes the page's pending style whenever the font is set, even to the same string.
    expect(fonts).toEqual(['600 10px monospace']);
    canvas.resize(layout);
    canvas.draw(frame, layout);
    expect(fonts).toHaveLength(2);
  });
});
