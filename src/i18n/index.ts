import { enPanels } from './en.panels.ts';
import { en } from './en.ts';

/**
 * Message catalogs. English only for now; every UI string goes through `t()` so pt and ru are one
 * catalog file each. The panels keep their own keys in en.panels.ts, merged here.
 */
export type Locale = 'en';

const catalogs: Record<Locale, Record<string, string>> = {
  en: { ...en, ...enPanels },
};

let locale: Locale = 'en';

export function setLocale(next: Locale): void {
  locale = next;
}

export function getLocale(): Locale {
  return locale;
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
  const s = catalogs[locale][key] ?? catalogs.en[key] ?? key;
  return format(s, vars);
}

/** A message type as people read it: LEASE_GRANT -> "LEASE GRANT". */
export function messageTypeLabel(type: string): string {
  return type.replace(/_/g, ' ');
}
