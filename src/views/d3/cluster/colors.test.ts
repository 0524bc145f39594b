import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThemeColors } from './colors.ts';

describe('theme colours of the message canvas', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('repaints when the theme changes, with the new surface for the label halo', () => {
    let watcher: (() => void) | null = null;
    let surface = '#ffffff';
    vi.stubGlobal('document', { documentElement: {} });
    vi.stubGlobal(
      'MutationObserver',
      class {
        constructor(cb: () => void) {
          watcher = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('getComputedStyle', () => ({
      getPropertyValue: (name: string) => (name === '--surface' ? surface : ''),
    }));
    const repaint = vi.fn();
    const colors = createThemeColors({} as HTMLElement, repaint);
    expect(colors.now().surface).toBe('#ffffff');
    surface = '#15181d';
    (watcher as unknown as () => void)();
    expect(repaint).toHaveBeenCalledTimes(1);
    expect(colors.now().surface).toBe('#15181d');
    colors.destroy();
  });
});
