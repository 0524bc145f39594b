/**
 * The catalogue's panel (Catalogue.tsx has the contract and the keys): the filter box and one list per
 * group. A chunk of its own, drawn after the page's first frame (it is closed until then, and its cards
 * need the catalogue's chunk, which comes after that frame too).
 */
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { usePlayer } from '../../player/react.ts';
import { type ScenarioGroup, scenarioGroups } from '../../sim/scenario/ids.ts';
import { ChunkFailed } from '../boot/lazyChunk.tsx';
import { loadScenarios, useScenarioModule } from '../boot/scenarioList.ts';
import { MyStories } from '../library/MyStories.tsx';

/** Lower case without accents: "armadilha" finds "Armadilhas", "etcd" finds "etcd". */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

interface Card {
  id: string;
  title: string;
  tagline: string;
}

export function CataloguePanel({
  id: base,
  open,
  onClose,
  onChoose,
}: {
  /** The toggle's id base: the panel is `${id}-panel`. */
  id: string;
  open: boolean;
  /** Closes the panel; `focusToggle` hands the focus back to the button. */
  onClose(focusToggle: boolean): void;
  onChoose(id: string): void;
}) {
  const scenarioId = usePlayer((s) => s.scenarioId);
  // The default view opens with its own story only; the cards come with the catalogue's chunk.
  const catalogue = useScenarioModule();
  const [failed, setFailed] = useState(false);
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const root = useRef<HTMLElement>(null);
  // More cards below the panel's fold: a fade says so (overlay scrollbars, as on macOS, show nothing
  // until one scrolls).
  const [more, setMore] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  /** The option that has the list's tab stop, per group (roving tabindex). */
  const [active, setActive] = useState<Partial<Record<ScenarioGroup, string>>>({});

  const fetchCards = () => {
    setFailed(false);
    loadScenarios().catch(() => setFailed(true));
  };

  // Opening fetches the cards if they have not come, and puts the focus in the filter; closing clears it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening and closing only
  useEffect(() => {
    if (!open) {
      setQuery('');
      return;
    }
    if (!catalogue) fetchCards();
    const id = requestAnimationFrame(() => search.current?.focus());
    return () => cancelAnimationFrame(id);
  }, [open]);

  const groups = useMemo(() => {
    if (!catalogue) return [];
    const q = fold(query.trim());
    return scenarioGroups
      .map((g) => ({
        id: g,
        cards: catalogue.scenarios
          .filter((s) => catalogue.groupOf(s) === g)
          .map(
            (s): Card => ({
              id: s.id,
              title: scenarioText(locale, s, 'title'),
              tagline: s.tagline ? scenarioText(locale, s, 'tagline') : scenarioText(locale, s, 'summary'),
            }),
          )
          .filter((c) => !q || fold(c.title).includes(q) || fold(c.tagline).includes(q)),
      }))
      .filter((g) => g.cards.length > 0);
  }, [catalogue, locale, query]);

  const optionEl = (id: string) =>
    root.current?.querySelector<HTMLElement>(`[role="option"][data-scenario="${CSS.escape(id)}"]`);

  const close = onClose;
  const choose = (id: string) => {
    setQuery('');
    onChoose(id);
  };

  const focusCard = (g: ScenarioGroup, id: string) => {
    setActive((a) => ({ ...a, [g]: id }));
    optionEl(id)?.focus();
  };

  // Every visible card in catalogue order, with its group, for Up/Down across the lists.
  const flat = groups.flatMap((g) => g.cards.map((c) => ({ group: g.id, id: c.id })));

  const onSearchKey = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    const first = flat[0];
    if (e.key === 'Escape') {
      e.preventDefault();
      if (query) setQuery('');
      else close(true);
    } else if (e.key === 'ArrowDown' && first) {
      e.preventDefault();
      focusCard(first.group, first.id);
    } else if (e.key === 'Enter' && first && query.trim()) {
      e.preventDefault();
      choose(first.id);
    }
  };

  const onCardKey = (e: ReactKeyboardEvent, group: ScenarioGroup, id: string) => {
    const i = flat.findIndex((c) => c.id === id);
    const inGroup = flat.filter((c) => c.group === group);
    const gi = groups.findIndex((g) => g.id === group);
    let to: { group: ScenarioGroup; id: string } | undefined;
    switch (e.key) {
      case 'ArrowDown':
        to = flat[i + 1];
        break;
      case 'ArrowUp':
        if (i === 0) {
          e.preventDefault();
          search.current?.focus();
          return;
        }
        to = flat[i - 1];
        break;
      case 'Home':
        to = inGroup[0];
        break;
      case 'End':
        to = inGroup[inGroup.length - 1];
        break;
      case 'ArrowRight':
      case 'ArrowLeft': {
        const g = groups[gi + (e.key === 'ArrowRight' ? 1 : -1)];
        if (g) {
          const pos = inGroup.findIndex((c) => c.id === id);
          const c = g.cards[Math.min(pos, g.cards.length - 1)];
          if (c) to = { group: g.id, id: c.id };
        }
        // At the first or last group the arrow stays here (and does not step the player).
        e.preventDefault();
        break;
      }
      case 'Enter':
      case ' ':
        e.preventDefault();
        choose(id);
        return;
      case 'Escape':
        e.preventDefault();
        close(true);
        return;
      default:
        // A letter or digit goes on in the filter box.
        if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) search.current?.focus();
        return;
    }
    e.preventDefault();
    if (to) focusCard(to.group, to.id);
  };

  const matches = flat.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cards found (and their arrival) change the height
  useEffect(() => {
    const el = root.current;
    if (!open || !el) return;
    const check = () => setMore(el.scrollHeight - el.scrollTop - el.clientHeight > 2);
    check();
    el.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      el.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [open, matches, catalogue]);
  return (
    <section
      ref={root}
      id={`${base}-panel`}
      className="catalogue-panel"
      aria-label={t('scenarios.label')}
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          close(true);
        }
      }}
    >
      <div className="catalogue-search">
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <circle cx="7" cy="7" r="4.5" />
          <path d="m10.5 10.5 3.5 3.5" />
        </svg>
        <input
          ref={search}
          type="search"
          aria-label={t('catalogue.filter')}
          placeholder={t('catalogue.filterPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onSearchKey}
          autoComplete="off"
          spellCheck={false}
        />
        <span className="catalogue-hint" aria-hidden="true">
          {t('catalogue.hint')}
        </span>
      </div>
      {!catalogue && failed && <ChunkFailed onRetry={fetchCards} />}
      {catalogue && matches === 0 && (
        <p className="catalogue-none" role="status">
          {t('catalogue.none', { query: query.trim() })}
        </p>
      )}
      <div className="catalogue-groups">
        {groups.map((g) => {
          const stop =
            g.cards.find((c) => c.id === active[g.id])?.id ??
            g.cards.find((c) => c.id === scenarioId)?.id ??
            g.cards[0]?.id;
          return (
            <div key={g.id} className={`catalogue-group catalogue-group-${g.id}`}>
              <h2 className="catalogue-group-title" id={`${base}-${g.id}`}>
                {t(`catalogue.group.${g.id}`)}
                <span className="catalogue-count" aria-hidden="true">
                  {g.cards.length}
                </span>
              </h2>
              <div className="catalogue-list" role="listbox" aria-labelledby={`${base}-${g.id}`}>
                {g.cards.map((c) => (
                  <div
                    key={c.id}
                    role="option"
                    className="catalogue-card"
                    data-scenario={c.id}
                    aria-selected={c.id === scenarioId}
                    aria-describedby={`${base}-${c.id}-d`}
                    tabIndex={c.id === stop ? 0 : -1}
                    onClick={() => choose(c.id)}
                    onKeyDown={(e) => onCardKey(e, g.id, c.id)}
                    onFocus={() => setActive((a) => (a[g.id] === c.id ? a : { ...a, [g.id]: c.id }))}
                  >
                    <span className="catalogue-card-title">{c.title}</span>
                    {/* Its description, not its name: an option is named by its title alone (its
                        own text, so the visible text is its name, WCAG 2.5.3). */}
                    <span className="catalogue-card-tagline" id={`${base}-${c.id}-d`} aria-hidden="true">
                      {c.tagline}
                    </span>
                  </div>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      {/* Not filtered: the reader's own, few, and the way to remove one. */}
      {open && <MyStories onOpened={() => onClose(false)} />}
      <div className="catalogue-more" aria-hidden="true" hidden={!more} />
    </section>
  );
}
