import { createStore } from 'zustand/vanilla';
import { enSandbox } from '../sandbox/strings.ts';
import { enA11y } from './en.a11y.ts';
import { enEmbed } from './en.embed.ts';
import { modelStrings } from './en.model.ts';
import { enNarration } from './en.narration.ts';
import { enPanels } from './en.panels.ts';
import { enPresent } from './en.present.ts';
import { en } from './en.ts';

/**
 * Message catalogs: English (the source), Portuguese and Russian. Every UI string goes through
 * `t()`; the panels keep their own keys in <lang>.panels.ts, presentation, share and animation export in
 * <lang>.present.ts, the sandbox in src/sandbox/strings.<lang>.ts, all merged into one catalog per language. catalogs.test.ts fails when
 * a key is missing or empty in a language, or when its `{placeholders}` differ from the English ones.
 *
 * English is built in; Portuguese and Russian are a chunk each (pack.pt.ts, pack.ru.ts: the UI, the
 * scenario captions and the sandbox strings), fetched by loadLanguage. main.tsx awaits the first
 * view's language before the first paint, so a `?lang=pt` page never flashes English.
 */
export type Locale = 'en' | 'pt' | 'ru';

export const locales: readonly Locale[] = ['en', 'pt', 'ru'];

/** Each language named in itself, as the language select lists it. */
export const localeNames: Record<Locale, string> = { en: 'English', pt: 'Português', ru: 'Русский' };

export function isLocale(x: string): x is Locale {
  return (locales as readonly string[]).includes(x);
}

/** The UI catalogs; a language other than English is empty until loadLanguage has filled it. */
export const catalogs: Record<Locale, Record<string, string>> = {
  en: {
    ...en,
    ...enPanels,
    ...enPresent,
    ...enA11y,
    ...enEmbed,
    ...enSandbox,
    ...modelStrings(),
    ...enNarration,
  },
  pt: {},
  ru: {},
};

/** Each pack fills its language's catalogs (UI, scenario captions, sandbox) when it is loaded. */
const packs: Record<Exclude<Locale, 'en'>, () => Promise<{ strings: Record<string, string> }>> = {
  pt: () => import('./pack.pt.ts'),
  ru: () => import('./pack.ru.ts'),
};
const loading = new Map<Locale, Promise<void>>([['en', Promise.resolve()]]);
const loaded = new Set<Locale>(['en']);

/** Fetches a language's catalogs once (later calls share the first); rejects if the chunk fails to load. */
export function loadLanguage(locale: Locale): Promise<void> {
  let p = loading.get(locale);
  if (!p) {
    p = packs[locale as Exclude<Locale, 'en'>]().then((m) => {
      Object.assign(catalogs[locale], m.strings);
      loaded.add(locale);
    });
    // A failed fetch (offline) may be retried by the next switch.
    p.catch(() => loading.delete(locale));
    loading.set(locale, p);
  }
  return p;
}

export function isLanguageLoaded(locale: Locale): boolean {
  return loaded.has(locale);
}

/** The current language. A vanilla store so that plain functions (t) read it without React. */
export const localeStore = createStore<{ locale: Locale }>(() => ({ locale: 'en' }));

/** The language last asked for: a slow load must not override a later choice. */
let wanted: Locale = 'en';

/**
 * Switches the language: at once when its catalogs are loaded, else once they are (the page stays
 * in the current language meanwhile, and stays in it if the load fails).
 */
export function setLocale(next: Locale): void {
  wanted = next;
  const apply = () => {
    if (wanted === next && localeStore.getState().locale !== next) localeStore.setState({ locale: next });
  };
  if (loaded.has(next)) apply();
  else loadLanguage(next).then(apply, () => {});
}

export function getLocale(): Locale {
  return localeStore.getState().locale;
}

/** Fills `{name}` placeholders; unknown names stay visible so a missing variable is noticed. */
export function format(template: string, vars?: Record<string, string | number>): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = vars[name];
    return v === undefined ? m : String(v);
  });
}

/**
 * The one translation function. The string for `key` in `locale`, else English, else `fallback`
 * (text whose English lives in the model: a scenario's captions, a knob's doc), else the key itself.
 * Every catalog is one flat map per language: the UI, the panels, the sandbox (`whatIf.*`,
 * `faults.*`...), the scenario texts (`scenario.<id>.<key>`) and the knob docs (`knob.<scope>.<name>`).
 */
export function tIn(
  locale: Locale,
  key: string,
  vars?: Record<string, string | number>,
  fallback?: string,
): string {
  const s = catalogs[locale][key] || catalogs.en[key] || (fallback ?? key);
  return format(s, vars);
}

/** `tIn` in the current locale: what every component calls. */
export function t(key: string, vars?: Record<string, string | number>, fallback?: string): string {
  return tIn(getLocale(), key, vars, fallback);
}

/** A message type as people read it: LEASE_GRANT -> "LEASE GRANT". */
export function messageTypeLabel(type: string): string {
  return type.replace(/_/g, ' ');
}
