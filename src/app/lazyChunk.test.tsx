// @vitest-environment happy-dom
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { lazyChunk } from './lazyChunk.tsx';

const Panel = ({ text }: { text: string }) => <p>{text}</p>;

function mount(node: React.ReactNode): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  flushSync(() => createRoot(el).render(node));
  return el;
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
    let loads = 0;
    const Lazy = lazyChunk(
      () => {
        loads++;
        return Promise.resolve(Panel);
      },
      { fallback: <i>loading</i> },
    );
    await Lazy.preload();
    const el = mount(<Lazy text="panel" />);
    expect(el.innerHTML).toBe('<p>panel</p>');
    await Lazy.preload();
    expect(loads).toBe(1);
  });
});
