/**
 * The scenario tabs of the header: one pill per scenario, arrow keys move between them (the WAI-ARIA
 * tabs pattern, automatic activation). A pointer click on a pill hands the focus to the player panel
 * the tab controls: a presenter who clicked a pill then presses Right or a clicker's PageDown to
 * step, not to switch the scenario. A keyboard user (Enter, Space or the arrows on a focused tab)
 * stays in the tab list, as the pattern wants.
 */
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef } from 'react';
import { scenarios } from '../../scenarios/index.ts';
import { t } from '../i18n/index.ts';
import { useLocale } from '../i18n/react.ts';
import { scenarioText } from '../i18n/scenarios.ts';
import { usePlayer } from '../player/react.ts';

export function ScenarioPills() {
  const scenarioId = usePlayer((s) => s.scenarioId);
  const select = usePlayer((s) => s.selectScenario);
  const locale = useLocale();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  // On a narrow screen the pills scroll sideways: keep the selected one (the sandbox is sixth) in view.
  useEffect(() => {
    const i = scenarios.findIndex((s) => s.id === scenarioId);
    refs.current[i]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [scenarioId]);
  const onKeyDown = (e: ReactKeyboardEvent, i: number) => {
    const n = scenarios.length;
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    const s = scenarios[to];
    if (!s) return;
    select(s.id);
    refs.current[to]?.focus();
  };
  return (
    <div className="pills" role="tablist" aria-label={t('scenarios.label')}>
      {scenarios.map((s, i) => {
        const selected = s.id === scenarioId;
        return (
          <button
            key={s.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${s.id}`}
            aria-selected={selected}
            aria-controls="player-panel"
            tabIndex={selected ? 0 : -1}
            className="pill"
            title={`${scenarioText(locale, s, 'summary')} (${i + 1})`}
            onClick={(e) => {
              select(s.id);
              // detail is 0 for a click made with Enter or Space: then the focus stays on the tab.
              if (e.detail > 0) document.getElementById('player-panel')?.focus({ preventScroll: true });
            }}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            <span className="pill-n" aria-hidden="true">
              {i + 1}
            </span>
            {scenarioText(locale, s, 'title')}
          </button>
        );
      })}
    </div>
  );
}
