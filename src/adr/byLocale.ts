import type { Locale } from '../i18n/index.ts';
import { adr001Pt } from './adr001.pt.ts';
import { adr001Ru } from './adr001.ru.ts';
import { adr001 } from './adr001.ts';
import type { Adr } from './types.ts';

/** ADR-001 in each language; English (adr001.ts) is the source the others mirror id for id. */
export const adr001ByLocale: Record<Locale, Adr> = { en: adr001, pt: adr001Pt, ru: adr001Ru };

export function adrFor(locale: Locale): Adr {
  return adr001ByLocale[locale];
}
