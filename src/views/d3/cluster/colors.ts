// The canvas's theme colours, read from the CSS variables (theme.css) and re-read when the theme may have changed.

export interface ThemeColors {
  /** The colours now: cached until the root's attributes or the colour scheme change. */
  now(): Record<string, string>;
  destroy(): void;
}

/**
 * `onChange` repaints what was painted with the old colours: a paused picture is not drawn again by
 * the player, and its message labels kept the light theme's white halo on the dark background.
 */
export function createThemeColors(el: HTMLElement, onChange?: () => void): ThemeColors {
  /** Theme colours for the canvas, read from the CSS variables when the theme may have changed. */
  let colors: Record<string, string> | null = null;
  let pending = false;
  const changed = () => {
    colors = null;
    if (!onChange || pending) return;
    // After the new theme's styles apply (the next frame), once for a burst of attribute changes.
    const raf = globalThis.requestAnimationFrame;
    if (!raf) return onChange();
    pending = true;
    raf(() => {
      pending = false;
      onChange();
    });
  };
  const themeWatch = typeof MutationObserver !== 'undefined' ? new MutationObserver(changed) : null;
  themeWatch?.observe(document.documentElement, { attributes: true });
  const scheme = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
  const onScheme = changed;
  scheme?.addEventListener?.('change', onScheme);
  const colorsNow = (): Record<string, string> => {
    if (colors) return colors;
    const cs = getComputedStyle(el);
    const v = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
    colors = {
      election: v('--msg-election', '#7048e8'),
      heartbeat: v('--msg-health', '#5c940d'),
      store: v('--msg-store', '#0b7285'),
      data: v('--msg-data', '#b7791f'),
      reply: v('--msg-reply', '#1c7ed6'),
      reject: v('--msg-reject', '#d42a2a'),
      surface: v('--surface', '#fff'),
      danger: v('--danger', '#d42a2a'),
      muted: v('--text-muted', '#5c6370'),
      edge: v('--edge', '#c3cad4'),
      font: `600 10px ${v('--font-mono', 'monospace')}`,
    };
    return colors;
  };
  return {
    now: colorsNow,
    destroy() {
      themeWatch?.disconnect();
      scheme?.removeEventListener?.('change', onScheme);
    },
  };
}
