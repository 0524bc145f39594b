// @vitest-environment happy-dom
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { lazyChunk } from './lazyChunk.tsx';

const Panel = ({ text }: { text: string }) => <p>{text}</p>;

function mount(node: React.ReactNode): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  flushSync(() => createRoot(el).render(node));
  return el;
}

/** A loader of Panel that counts its fetches. */
function counting() {
  const c = {
    loads: 0,
    load: () => {
      c.loads++;
      return Promise.resolve(Panel);
    },
  };
  return c;
}

describe('lazyChunk', () => {
  it('shows the fallback while the chunk loads, then the panel', async () => {
    const Lazy = lazyChunk(() => Promise.resolve(Panel), { fallback: <i>loading</i> });
    const el = mount(<Lazy text="panel" />);
    expect(el.innerHTML).toBe('<i>loading</i>');
    // React reveals a resolved boundary after its fallback throttle (300 ms).
    await expect.poll(() => el.innerHTML, { timeout: 2000 }).toBe('<p>panel</p>');
  });

  it('once preloaded, renders the panel in the first commit (no fallback frame)', async () => {
    const c = counting();
    const Lazy = lazyChunk(c.load, { fallback: <i>loading</i> });
    await Lazy.preload();
    const el = mount(<Lazy text="panel" />);
    expect(el.innerHTML).toBe('<p>panel</p>');
    await Lazy.preload();
    expect(c.loads).toBe(1);
  });
});

// The idle option (firstFrame.ts). Fresh modules per test: the page's hold is module state, once per page.
async function fresh() {
  vi.resetModules();
  const frame = await import('./firstFrame.ts');
  const { lazyChunk: fresher } = await import('./lazyChunk.tsx');
  return { ...frame, lazyChunk: fresher };
}

describe('idle chunks: the first frame and the parts that wait for it', () => {
  it('nothing waits where no page holds (the embed, the tests), and nothing is fetched ahead', async () => {
    const { mayRenderIdle, lazyChunk: idleChunk } = await fresh();
    const c = counting();
    const Idle = idleChunk(c.load, { idle: true, fallback: <i>later</i> });
    expect(mayRenderIdle()).toBe(true);
    expect(c.loads).toBe(0);
    const el = mount(<Idle text="panel" />);
    await expect.poll(() => el.innerHTML, { timeout: 2000 }).toBe('<p>panel</p>');
    expect(c.loads).toBe(1);
  });

  it('held, an idle chunk shows its fallback and is not fetched until the frame is drawn', async () => {
    const { holdFirstFrame, firstFrameDrawn, lazyChunk: idleChunk } = await fresh();
    const c = counting();
    const Idle = idleChunk(c.load, { idle: true, fallback: <i>later</i> });
    holdFirstFrame();
    const el = mount(<Idle text="panel" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(el.innerHTML).toBe('<i>later</i>');
    expect(c.loads).toBe(0);
    firstFrameDrawn();
    await expect.poll(() => el.innerHTML, { timeout: 2000 }).toBe('<p>panel</p>');
    expect(c.loads).toBe(1);
  });

  it('afterFirstFrame runs once the frame is drawn; loadIdleChunks fetches every idle chunk for other views', async () => {
    const { firstFrameDrawn, afterFirstFrame, loadIdleChunks, lazyChunk: idleChunk } = await fresh();
    const c = counting();
    idleChunk(c.load, { idle: true });
    const ran: string[] = [];
    afterFirstFrame(() => ran.push('first'));
    expect(ran).toEqual([]);
    firstFrameDrawn();
    expect(ran).toEqual(['first']);
    afterFirstFrame(() => ran.push('later'));
    expect(ran).toEqual(['first', 'later']);
    // Not fetched for being idle: an idle part is fetched when it is shown, or for a view that has it all.
    await new Promise((r) => setTimeout(r, 50));
    expect(c.loads).toBe(0);
    await loadIdleChunks();
    expect(c.loads).toBe(1);
  });
});
