// @vitest-environment happy-dom
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';

// Fresh modules per test: the page's hold is module state, as it is once per page.
async function fresh() {
  vi.resetModules();
  const frame = await import('./firstFrame.ts');
  const { lazyChunk } = await import('./lazyChunk.tsx');
  return { ...frame, lazyChunk };
}

const Panel = ({ text }: { text: string }) => <p>{text}</p>;

function mount(node: React.ReactNode): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  flushSync(() => createRoot(el).render(node));
  return el;
}

describe('the first frame and the parts that wait for it', () => {
  it('nothing waits where no page holds (the embed, the tests), and nothing is fetched ahead', async () => {
    const { mayRenderIdle, lazyChunk } = await fresh();
    let loads = 0;
    const Idle = lazyChunk(
      () => {
        loads++;
        return Promise.resolve(Panel);
      },
      { idle: true, fallback: <i>later</i> },
    );
    expect(mayRenderIdle()).toBe(true);
    expect(loads).toBe(0);
    const el = mount(<Idle text="panel" />);
    await expect.poll(() => el.innerHTML, { timeout: 2000 }).toBe('<p>panel</p>');
    expect(loads).toBe(1);
  });

  it('held, an idle chunk shows its fallback and is not fetched until the frame is drawn', async () => {
    const { holdFirstFrame, firstFrameDrawn, lazyChunk } = await fresh();
    let loads = 0;
    const Idle = lazyChunk(
      () => {
        loads++;
        return Promise.resolve(Panel);
      },
      { idle: true, fallback: <i>later</i> },
    );
    holdFirstFrame();
    const el = mount(<Idle text="panel" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(el.innerHTML).toBe('<i>later</i>');
    expect(loads).toBe(0);
    firstFrameDrawn();
    await expect.poll(() => el.innerHTML, { timeout: 2000 }).toBe('<p>panel</p>');
    expect(loads).toBe(1);
  });

  it('afterFirstFrame runs once the frame is drawn; loadIdleChunks fetches every idle chunk for other views', async () => {
    const { firstFrameDrawn, afterFirstFrame, loadIdleChunks, lazyChunk } = await fresh();
    let loads = 0;
    lazyChunk(
      () => {
        loads++;
        return Promise.resolve(Panel);
      },
      { idle: true },
    );
    const ran: string[] = [];
    afterFirstFrame(() => ran.push('first'));
    expect(ran).toEqual([]);
    firstFrameDrawn();
    expect(ran).toEqual(['first']);
    afterFirstFrame(() => ran.push('later'));
    expect(ran).toEqual(['first', 'later']);
    // Not fetched for being idle: an idle part is fetched when it is shown, or for a view that has it all.
    await new Promise((r) => setTimeout(r, 50));
    expect(loads).toBe(0);
    await loadIdleChunks();
    expect(loads).toBe(1);
  });
});
