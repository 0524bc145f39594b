/**
 * The catalogue's "My stories" (library.ts): each saved story opens with its title, and has its own
 * Remove button. A plain list of buttons after the catalogue's listboxes (an option cannot hold a
 * button); Tab reaches them.
 */
import { useEffect, useState } from 'react';
import { type Locale, t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { usePlayer, usePlayerStore } from '../../player/react.ts';
import type { Localized } from '../../sim/scenario/storyFile.ts';
import { library, type SavedStory } from './library.ts';

/** The title in a language, as storyFile.ts inLang reads it (not imported: it would bring zod along). */
function titleIn(s: SavedStory, lang: Locale): string {
  const t: Localized = s.file.title;
  return typeof t === 'string' ? t : (t[lang] ?? t.en ?? Object.values(t)[0] ?? s.id);
}

export function MyStories({ onOpened }: { onOpened(): void }) {
  const store = usePlayerStore();
  const scenarioId = usePlayer((s) => s.scenarioId);
  const locale = useLocale();
  const [saved, setSaved] = useState<SavedStory[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      library.list().then(
        (list) => live && setSaved(list),
        (e) => live && setError(e instanceof Error ? e.message : String(e)),
      );
    void load();
    const off = library.subscribe(() => void load());
    return () => {
      live = false;
      off();
    };
  }, []);
  const open = async (s: SavedStory) => {
    const { openSavedStory } = await import('../link/openStoryLink.ts');
    try {
      await openSavedStory(store, s.file, `My stories: ${s.id}`);
      onOpened();
    } catch (e) {
      setError(e instanceof Error ? (e.message.split('\n')[0] ?? e.message) : String(e));
    }
  };
  if (saved === null && !error) return null;
  return (
    <div className="catalogue-group catalogue-group-mine">
      <h2 className="catalogue-group-title">
        {t('library.group')}
        <span className="catalogue-count" aria-hidden="true">
          {saved?.length ?? 0}
        </span>
      </h2>
      {error && <p className="error-text">{error}</p>}
      {saved?.length === 0 && <p className="catalogue-mine-empty">{t('library.empty')}</p>}
      <ul className="catalogue-mine">
        {saved?.map((s) => (
          <li key={s.id} className="catalogue-mine-row">
            <button
              type="button"
              className="catalogue-card catalogue-mine-open"
              aria-current={scenarioId === `file-${s.id}` || undefined}
              onClick={() => void open(s)}
            >
              <span className="catalogue-card-title">{titleIn(s, locale)}</span>
            </button>
            <button
              type="button"
              className="button catalogue-mine-remove"
              aria-label={t('library.remove', { title: titleIn(s, locale) })}
              title={t('library.remove', { title: titleIn(s, locale) })}
              onClick={() => void library.remove(s.id)}
            >
              <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
                <path d="M3 3l6 6M9 3L3 9" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
