/**
 * Light/dark theme: the system setting by default; each click of the header toggle shows the other
 * theme (nextTheme), so the first click always changes what is on screen, and remembers the choice (localStorage, this origin only). The theme in effect is always
 * written to <html> as `data-theme="light|dark"` (theme.css has the dark palette under
 * [data-theme="dark"] only): the choice, or the system setting resolved, followed live while no
 * theme is chosen. public/theme-init.js does the same before the first paint.
 */
export type ThemeMode = 'system' | 'light' | 'dark';

const KEY = 'leader-election-lab.theme';
const DARK = '(prefers-color-scheme: dark)';

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

/** The theme a mode shows: the system's for 'system' (light where the setting cannot be read). */
export function resolveTheme(mode: ThemeMode): 'light' | 'dark' {
  if (mode !== 'system') return mode;
  return globalThis.matchMedia?.(DARK).matches ? 'dark' : 'light';
}

/** Per root: stops following the system setting (set while the mode is 'system'). */
const following = new WeakMap<HTMLElement, () => void>();

export function applyTheme(mode: ThemeMode, root: HTMLElement = document.documentElement): void {
  following.get(root)?.();
  following.delete(root);
  root.setAttribute('data-theme', resolveTheme(mode));
  if (mode !== 'system') return;
  const query = globalThis.matchMedia?.(DARK);
  if (!query) return;
  const follow = () => root.setAttribute('data-theme', query.matches ? 'dark' : 'light');
  query.addEventListener('change', follow);
  following.set(root, () => query.removeEventListener('change', follow));
}

/**
 * The mode after a click: the theme opposite to the one shown, and 'system' when that is what the
 * system setting shows (so following the system stays a choice, and no click is invisible, as a
 * system -> light -> dark cycle was on a light system).
 */
export function nextTheme(mode: ThemeMode, system: 'light' | 'dark' = resolveTheme('system')): ThemeMode {
  const shown = mode === 'system' ? system : mode;
  const other = shown === 'dark' ? 'light' : 'dark';
  return other === system ? 'system' : other;
}

/** Calls back when the system setting changes; returns the unsubscribe (useSyncExternalStore's shape). */
export function watchSystemTheme(onChange: () => void): () => void {
  const query = globalThis.matchMedia?.(DARK);
  if (!query) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
