import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, nextTheme, resolveTheme } from './theme.ts';

/** A stand-in for matchMedia('(prefers-color-scheme: dark)') whose answer the test flips. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  };
  vi.stubGlobal('matchMedia', (q: string) => {
    expect(q).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return {
    listeners,
    set(d: boolean) {
      query.matches = d;
      for (const f of listeners) f();
    },
  };
}

function fakeRoot() {
  const attrs = new Map<string, string>();
  return {
    el: {
      setAttribute: (k: string, v: string) => attrs.set(k, v),
      removeAttribute: (k: string) => attrs.delete(k),
    } as unknown as HTMLElement,
    theme: () => attrs.get('data-theme'),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme', () => {
  it('resolves the system setting into data-theme and follows it while no theme is chosen', () => {
    const system = fakeSystem(true);
    const root = fakeRoot();
    applyTheme('system', root.el);
    expect(root.theme()).toBe('dark');
    system.set(false);
    expect(root.theme()).toBe('light');
    system.set(true);
    expect(root.theme()).toBe('dark');
  });

  it('a chosen theme wins over the system and stops following it', () => {
    const system = fakeSystem(true);
    const root = fakeRoot();
    applyTheme('system', root.el);
    applyTheme('light', root.el);
    expect(root.theme()).toBe('light');
    expect(system.listeners.size).toBe(0);
    system.set(false);
    system.set(true);
    expect(root.theme()).toBe('light');
    applyTheme('dark', root.el);
    expect(root.theme()).toBe('dark');
  });

  it('applying the same mode again keeps one listener', () => {
    const system = fakeSystem(false);
    const root = fakeRoot();
    applyTheme('system', root.el);
    applyTheme('system', root.el);
    expect(system.listeners.size).toBe(1);
    expect(root.theme()).toBe('light');
  });

  it('is light where the system setting cannot be read', () => {
    vi.stubGlobal('matchMedia', undefined);
    const root = fakeRoot();
    applyTheme('system', root.el);
    expect(root.theme()).toBe('light');
    expect(resolveTheme('dark')).toBe('dark');
  });

  it('every click shows the other theme; the one the system shows is "system"', () => {
    // A light system: system (light) -> dark -> system (light); a pinned light -> dark.
    expect(nextTheme('system', 'light')).toBe('dark');
    expect(nextTheme('dark', 'light')).toBe('system');
    expect(nextTheme('light', 'light')).toBe('dark');
    // A dark system: system (dark) -> light -> system (dark); a pinned dark -> light.
    expect(nextTheme('system', 'dark')).toBe('light');
    expect(nextTheme('light', 'dark')).toBe('system');
    expect(nextTheme('dark', 'dark')).toBe('light');
    // Whatever the mode and the system, a click changes what is shown.
    const shown = (m: string, system: string) => (m === 'system' ? system : m);
    for (const system of ['light', 'dark'] as const)
      for (const mode of ['system', 'light', 'dark'] as const)
        expect(shown(nextTheme(mode, system), system)).not.toBe(shown(mode, system));
  });

  it('reads the system setting when none is given', () => {
    fakeSystem(false);
    expect(nextTheme('system')).toBe('dark');
    fakeSystem(true);
    expect(nextTheme('system')).toBe('light');
  });
});
