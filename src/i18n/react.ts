import { useEffect, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { hasEnglishLater, type Locale, loadEnglishLater, localeStore, onEnglishLater } from './index.ts';

/** The current language; a component that calls it re-renders when the language changes. */
export function useLocale(): Locale {
  return useStore(localeStore, (s) => s.locale);
}

/**
 * For a part that is not a lazy chunk but shows strings of the rest of English (a menu's items, the
 * What-if bar when open): true once they are in. While `wanted`, fetches them (they usually are already:
 * the page fetches them after its first frame).
 */
export function useEnglishLater(wanted = true): boolean {
  const ready = useSyncExternalStore(onEnglishLater, hasEnglishLater, hasEnglishLater);
  useEffect(() => {
    if (wanted && !ready) loadEnglishLater().catch(() => {});
  }, [wanted, ready]);
  return ready;
}
