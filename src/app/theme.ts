/**
 * Light/dark theme: the system setting by default; the header toggle cycles system -> light ->
 * dark and remembers the choice (localStorage, this origin only). `data-theme` on <html> overrides
 * prefers-color-scheme in theme.css.
 */
export type ThemeMode = 'system' | 'light' | 'dark';

const KEY = 'leader-election-lab.theme';

export function loadTheme(): ThemeMode {
  try {
    const v = globalThis.localStorage?.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function saveTheme(mode: ThemeMode): void {
  try {
    if (mode === 'system') globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, mode);
  } catch {
    // Storage may be off (private mode, sandboxed iframe): the choice then lasts for this page only.
  }
}

export function applyTheme(mode: ThemeMode, root: HTMLElement = document.documentElement): void {
  if (mode === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', mode);
}

export function nextTheme(mode: ThemeMode): ThemeMode {
  return mode === 'system' ? 'light' : mode === 'light' ? 'dark' : 'system';
}
