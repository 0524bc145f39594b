import { adr001Pt } from '../adr/adr001.pt.ts';
import { adr001Ru } from '../adr/adr001.ru.ts';
import { catalogs } from '../i18n/index.ts';
import { inspectorStrings } from '../views/inspector/strings.ts';

/** A nested value's strings with their paths (`matrix[5].cells.safety.text`). */
function flatten(v: unknown, at: string, out: [string, string][]): [string, string][] {
  if (typeof v === 'string') out.push([at, v]);
  else if (Array.isArray(v)) for (const [i, x] of v.entries()) flatten(x, `${at}[${i}]`, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) flatten(x, at ? `${at}.${k}` : k, out);
  return out;
}

/**
 * Every string the lab shows in a language, by key: its catalog (load the language first), the
 * inspector's own strings and the ADR (`adr.<path>`). What the language tests read.
 */
export function shownStrings(lang: 'pt' | 'ru'): [string, string][] {
  return [
    ...Object.entries(catalogs[lang]),
    ...Object.entries(inspectorStrings[lang]),
    ...flatten(lang === 'pt' ? adr001Pt : adr001Ru, 'adr', []),
  ];
}
