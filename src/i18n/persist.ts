import { isLocale, type Locale } from './index.ts';

/**
 * Where the language comes from: the `lang` URL parameter (this visit), else the user's last
 * choice (localStorage, this origin only), else English. Switching rewrites `lang` in the address
 * bar with replaceState, keeping every other parameter and the hash.
 */
const KEY = 'leader-election-lab.lang';
export const LANG_PARAM = 'lang';

export function loadLocale(): Locale | null {
  try {
    const v = globalThis.localStorage?.getItem(KEY) ?? null;
    return v !== null && isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

export function saveLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(KEY, locale);
  } catch {
    // Storage may be off (private mode, sandboxed iframe): the choice then lasts for this page only.
  }
}

/** The `lang` parameter: a known language, nothing, or the raw bad value to report. */
export function readLangParam(search: string): { locale: Locale | undefined; bad: string | null } {
  const raw = new URLSearchParams(search).get(LANG_PARAM);
  if (raw === null) return { locale: undefined, bad: null };
  const v = raw.trim().toLowerCase();
  return isLocale(v) ? { locale: v, bad: null } : { locale: undefined, bad: raw };
}

/** The same URL with `lang` set; other parameters and the hash kept. */
export function writeLangParam(href: string, locale: Locale): string {
  const url = new URL(href);
  url.searchParams.set(LANG_PARAM, locale);
  return `${url.pathname}${url.search}${url.hash}`;
}
