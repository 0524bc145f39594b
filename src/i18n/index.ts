import { createStore } from 'zustand/vanilla';
import { enA11y } from './en.a11y.ts';
import { enNarration } from './en.narration.ts';
import { en } from './en.ts';

/**
 * Message catalogs: English (the source), Portuguese and Russian. Every UI string goes through
 * `t()`; the panels keep their own keys in <lang>.panels.ts, presentation, share and animation export in
 * <lang>.present.ts, the sandbox in <lang>.sandbox.ts, the knob docs in knobs.<lang>.ts, all merged into one catalog per language. catalogs.test.ts fails when
 * a key is missing or empty in a language, or when its `{placeholders}` differ from the English ones.
 *
 * English is built in, but for the strings the first frame does not show (en.later.ts, loaded by
 * `loadEnglishLater`); Portuguese and Russian are a chunk each (pack.pt.ts, pack.ru.ts: the UI, the
 * scenario captions and the sandbox strings), fetched by loadLanguage. start.tsx awaits the first
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
  en: { ...en, ...enA11y, ...enNarration },
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

let later: Promise<void> | null = null;
let laterIn = false;
const laterListeners = new Set<() => void>();

/** Adds the rest of English (en.later.ts) where it is imported statically: the embed, the tests. */
export function installEnglishLater(strings: Record<string, string>): void {
  Object.assign(catalogs.en, strings);
  laterIn = true;
  for (const l of laterListeners) l();
}

/** Whether the rest of English is in (a part outside a lazy chunk that shows its strings waits for it). */
export function hasEnglishLater(): boolean {
  return laterIn;
}

export function onEnglishLater(l: () => void): () => void {
  laterListeners.add(l);
  return () => laterListeners.delete(l);
}

/**
 * Fetches the rest of English once (again after a failure, which rejects): after the page's first
 * frame, before any lazy chunk renders (lazyChunk.tsx `chunk`), and before the first render of any view
 * but the default one (start.tsx).
 */
export function loadEnglishLater(): Promise<void> {
  if (laterIn) return Promise.resolve();
  if (!later) {
    const p = import('./en.later.ts').then((m) => installEnglishLater(m.strings));
    p.catch(() => {
      later = null;
    });
    later = p;
  }
  return later;
}

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
 * in the current language meanwhile, and stays in it if the load fails). Resolves false when the
 * language's chunk could not be fetched (offline), so the caller can say so; it never rejects.
 */
export function setLocale(next: Locale): Promise<boolean> {
  wanted = next;
  const apply = () => {
    if (wanted === next && localeStore.getState().locale !== next) localeStore.setState({ locale: next });
    return true;
  };
  if (loaded.has(next)) return Promise.resolve(apply());
  return loadLanguage(next).then(apply, () => false);
}

export function getLocale(): Locale {
  return localeStore.getState().locale;
}

/** The BCP 47 tag each language formats numbers and selects plurals with. */
const tags: Record<Locale, string> = { en: 'en-US', pt: 'pt-BR', ru: 'ru-RU' };

const decimals = new Map<Locale, string>();
/** The locale's decimal separator, read from Intl.NumberFormat ("." in en, "," in pt and ru). */
function decimalOf(locale: Locale): string {
  let d = decimals.get(locale);
  if (d === undefined) {
    d =
      new Intl.NumberFormat(tags[locale]).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    decimals.set(locale, d);
  }
  return d;
}

/**
 * A number as `locale` writes it: `digits` fixed decimals (else as many as it has), the locale's
 * decimal separator ("0.5" in en, "0,5" in pt and ru), no grouping (so "2000" never reads as "2.000",
 * two, nor as two thousand). The digits are JavaScript's own (toFixed), so every language rounds
 * alike and English stays exactly what it was.
 */
export function formatNumberIn(locale: Locale, n: number, digits?: number): string {
  const s = digits === undefined ? String(n) : n.toFixed(digits);
  const d = decimalOf(locale);
  return d === '.' ? s : s.replace('.', d);
}

/** `formatNumberIn` in the current language: what the views call for a number next to a unit. */
export function formatNumber(n: number, digits?: number): string {
  return formatNumberIn(getLocale(), n, digits);
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
/** The plural category of `n` in `locale` (Intl.PluralRules): en and pt one/other, ru one/few/many/other. */
export function pluralOf(locale: Locale, n: number): Intl.LDMLPluralRule {
  let r = pluralRules.get(locale);
  if (!r) {
    r = new Intl.PluralRules(tags[locale]);
    pluralRules.set(locale, r);
  }
  return r.select(n);
}

/**
 * Plurals in the catalogs: `{n, plural, one {# узел} few {# узла} many {# узлов} other {# узла}}`,
 * the ICU shape without an ICU library. The branch is picked by Intl.PluralRules for the language
 * (an `=N` branch, if any, wins for exactly N); `#` is the number as the language writes it; `other`
 * is required and the fallback. One key per message in every language (the catalog tests compare key
 * sets and placeholders), so a language with more forms needs no extra keys.
 */
function plurals(template: string, vars: Record<string, string | number>, locale: Locale): string {
  const head = /\{(\w+),\s*plural\s*,/g;
  let out = '';
  let from = 0;
  for (let m = head.exec(template); m; m = head.exec(template)) {
    const branches = new Map<string, string>();
    let i = m.index + m[0].length;
    for (;;) {
      while (/\s/.test(template[i] ?? '')) i++;
      if (template[i] === '}' || i >= template.length) break;
      const sel = /^(=\d+|\w+)\s*\{/.exec(template.slice(i));
      if (!sel) break;
      i += sel[0].length;
      let depth = 1;
      const start = i;
      for (; i < template.length && depth > 0; i++) {
        if (template[i] === '{') depth++;
        else if (template[i] === '}') depth--;
      }
      branches.set(sel[1] as string, template.slice(start, i - 1));
    }
    const raw = vars[m[1] as string];
    const n = Number(raw);
    const text =
      raw === undefined || !Number.isFinite(n)
        ? undefined
        : (branches.get(`=${n}`) ?? branches.get(pluralOf(locale, n)) ?? branches.get('other'));
    out +=
      template.slice(from, m.index) +
      (text === undefined ? template.slice(m.index, i + 1) : text.replace(/#/g, formatNumberIn(locale, n)));
    from = i + 1;
    head.lastIndex = from;
  }
  return out + template.slice(from);
}

/** Only the `{name, plural, ...}` choices of a template, for text whose other placeholders another function fills. */
export function choosePlurals(
  template: string,
  vars: Record<string, string | number>,
  locale: Locale,
): string {
  return template.includes(', plural') ? plurals(template, vars, locale) : template;
}

/**
 * Fills `{name}` placeholders and `{name, plural, ...}` choices (in `locale`'s plural rules); unknown
 * names stay visible so a missing variable is noticed.
 */
export function format(
  template: string,
  vars?: Record<string, string | number>,
  locale: Locale = 'en',
): string {
  if (!vars) return template;
  return choosePlurals(template, vars, locale).replace(/\{(\w+)\}/g, (m, name: string) => {
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
  return format(s, vars, locale);
}

/** `tIn` in the current locale: what every component calls. */
export function t(key: string, vars?: Record<string, string | number>, fallback?: string): string {
  return tIn(getLocale(), key, vars, fallback);
}

/** A message type as people read it: LEASE_GRANT -> "LEASE GRANT". */
export function messageTypeLabel(type: string): string {
  return type.replace(/_/g, ' ');
}
