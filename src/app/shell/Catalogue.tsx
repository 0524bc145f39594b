/**
 * The scenario catalogue of the header: a button that names the scenario on screen and opens a panel
 * with a filter box and one list per catalogue group (scenarios/index.ts `groupOf`: stories,
 * pitfalls, real systems and alternatives, the sandbox), each card a title and the one line of what
 * it shows (`tagline`). Closed it is one row on any screen, so the player stays at the top of a phone.
 *
 * Accessible contract (docs/architecture.md, "Testing contract"): the button is named by its text,
 * "Scenarios <title>", and says `aria-expanded`; the panel is a region named "Scenarios" holding a
 * searchbox "Filter scenarios" and one `listbox` per group, named by the group; each scenario is an
 * `option` named by its title (the tagline is its description), the current one `aria-selected`.
 * The lists stay in the page while the panel is closed (hidden), so the current one can be read
 * (`data-scenario`, `aria-selected`).
 *
 * Keys: in the filter, Down goes to the first match and Enter opens it; in a list, Up and Down move
 * (across the groups), Left and Right go to the previous or next group, Home and End to a list's ends,
 * Enter or Space opens, a letter goes back to the filter; Escape closes and returns to the button.
 * Opening a scenario hands the focus to the player panel, so Right or a clicker's PageDown steps the
 * story rather than the catalogue (issue #20's presenters).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { usePlayer } from '../../player/react.ts';
import { lazyChunk } from '../boot/lazyChunk.tsx';
import { useScenarioModule } from '../boot/scenarioList.ts';

// The panel is closed in the first frame, and its cards come with the catalogue after it.
const CataloguePanel = lazyChunk(() => import('./CataloguePanel.tsx').then((m) => m.CataloguePanel), {
  idle: true,
});

export function Catalogue() {
  const scenarioId = usePlayer((s) => s.scenarioId);
  const shown = usePlayer((s) => s.run?.scenario);
  const catalogue = useScenarioModule();
  const select = usePlayer((s) => s.selectScenario);
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const base = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const current = catalogue?.scenarios.find((s) => s.id === scenarioId) ?? shown;
  const currentTitle = current ? scenarioText(locale, current, 'title') : scenarioId;

  // A click or tap outside closes the panel.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (e.target instanceof Node && !root.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = (focusToggle: boolean) => {
    setOpen(false);
    if (focusToggle) toggle.current?.focus();
  };

  const choose = (id: string) => {
    select(id);
    setOpen(false);
    document.getElementById('player-panel')?.focus({ preventScroll: true });
  };

  return (
    <div className="catalogue" ref={root} data-open={open || undefined}>
      <button
        ref={toggle}
        type="button"
        className="catalogue-toggle"
        aria-expanded={open}
        aria-controls={`${base}-panel`}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {/* Named by its text (visible text in the name, WCAG 2.5.3): "Scenarios <title>". */}
        <span className="catalogue-eyebrow">{t('scenarios.label')}</span>
        <span className="catalogue-current">{currentTitle}</span>
        <svg className="catalogue-chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" />
        </svg>
      </button>
      <CataloguePanel id={base} open={open} onClose={close} onChoose={choose} />
    </div>
  );
}
