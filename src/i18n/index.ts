import { createStore } from 'zustand/vanilla';
import { enA11y } from './en.a11y.ts';
import { enEmbed } from './en.embed.ts';
import { enPanels } from './en.panels.ts';
import { enPresent } from './en.present.ts';
import { en } from './en.ts';
import { ptA11y } from './pt.a11y.ts';
import { ptEmbed } from './pt.embed.ts';
import { ptPanels } from './pt.panels.ts';
import { ptPresent } from './pt.present.ts';
import { pt } from './pt.ts';
import { ruA11y } from './ru.a11y.ts';
import { ruEmbed } from './ru.embed.ts';
import { ruPanels } from './ru.panels.ts';
import { ruPresent } from './ru.present.ts';
import { ru } from './ru.ts';

/**
 * Message catalogs: English (the source), Portuguese and Russian. Every UI string goes through
 * `t()`; the panels keep their own keys in <lang>.panels.ts, presentation, share and animation export in
 * <lang>.present.ts, merged here. catalogs.test.ts fails when
 * a key is missing or empty in a language, or when its `{placeholders}` differ from the English ones.
 */
export type Locale = 'en' | 'pt' | 'ru';

export const locales: readonly Locale[] = ['en', 'pt', 'ru'];

/** Each language named in itself, as the language select lists it. */
export const localeNames: Record<Locale, string> = { en: 'English', pt: 'Português', ru: 'Русский' };

export function isLocale(x: string): x is Locale {
  return (locales as readonly string[]).includes(x);
}

export const catalogs: Record<Locale, Record<string, string>> = {
  en: { ...en, ...enPanels, ...enPresent, ...enA11y, ...enEmbed },
  pt: { ...pt, ...ptPanels, ...ptPresent, ...ptA11y, ...ptEmbed },
  ru: { ...ru, ...ruPanels, ...ruPresent, ...ruA11y, ...ruEmbed },
};

/** The current language. A vanilla store so that plain functions (t) read it without React. */
export const localeStore = createStore<{ locale: Locale }>(() => ({ locale: 'en' }));

export function setLocale(next: Locale): void {
  if (localeStore.getState().locale !== next) localeStore.setState({ locale: next });
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

/** The string for `key` in the current locale (English as the fallback, then the key itself). */
export function t(key: string, vars?: Record<string, string | number>): string {
  const s = catalogs[getLocale()][key] || catalogs.en[key] || key;
  return format(s, vars);
}

/** A message type as people read it: LEASE_GRANT -> "LEASE GRANT". */
export function messageTypeLabel(type: string): string {
  return type.replace(/_/g, ' ');
}
