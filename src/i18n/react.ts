import { useStore } from 'zustand';
import { type Locale, localeStore } from './index.ts';

/** The current language; a component that calls it re-renders when the language changes. */
export function useLocale(): Locale {
  return useStore(localeStore, (s) => s.locale);
}
