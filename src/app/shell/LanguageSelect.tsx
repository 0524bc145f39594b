import { useEffect, useState } from 'react';
import { getLocale, isLocale, type Locale, localeNames, locales, setLocale, t } from '../../i18n/index.ts';
import { saveLocale, writeLangParam } from '../../i18n/persist.ts';
import { useLocale } from '../../i18n/react.ts';

/**
 * The header's language select: switches every string at once, remembers the choice
 * (localStorage) and writes `lang=` into the address bar (replaceState, other parameters kept).
 * Each option is named in its own language and marked with its `lang` for screen readers.
 */
export function LanguageSelect() {
  const locale = useLocale();
  // The language whose pack could not be fetched (offline): said under the select until dismissed.
  const [failed, setFailed] = useState<Locale | null>(null);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const choose = (next: Locale) => {
    setFailed(null);
    // Remembered and written into the link only once the language is there: a failed load keeps all as it was.
    void setLocale(next).then((ok) => {
      if (!ok) {
        setFailed(next);
        return;
      }
      if (getLocale() !== next) return; // a later choice won
      saveLocale(next);
      const url = writeLangParam(window.location.href, next);
      window.history.replaceState(window.history.state, '', url);
    });
  };
  return (
    <span className="lang-select">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4a13.6 13.6 0 0 1 1.9 4h-3.8A13.6 13.6 0 0 1 12 4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8zm4 12a13.6 13.6 0 0 1-1.9-4h3.8A13.6 13.6 0 0 1 12 20zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4z" />
      </svg>
      <select
        aria-label={t('app.language')}
        value={locale}
        title={t('app.language')}
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (isLocale(v)) choose(v);
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {localeNames[l]}
          </option>
        ))}
      </select>
      {failed && (
        <span className="lang-failed" role="alert">
          <span>{t('lang.failed', { language: localeNames[failed], current: localeNames[locale] })}</span>
          <button
            type="button"
            className="icon-button small"
            aria-label={t('notice.dismiss')}
            title={t('notice.dismiss')}
            onClick={() => setFailed(null)}
          >
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </span>
      )}
    </span>
  );
}
