/**
 * A challenge in the embedded player: its budget (the caption tells the task) and, since the embed
 * has no What-if menu (the only way to play one), that said plainly with a link to play it in the
 * lab. A chunk of its own, fetched for a challenge only (challengeRun.ts stays out of the player's
 * first load, as it stays out of the app's).
 */
import { budgetLines, challengeOf } from '../app/challenge/challengeRun.ts';
import { t } from '../i18n/index.ts';
import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';

export function EmbedChallenge({ run, href }: { run: Run; href: string | null }) {
  const faults = usePlayer((s) => s.interventions);
  const c = challengeOf(run.scenario);
  if (!c) return null;
  const budget = budgetLines(c, faults);
  return (
    <section className="embed-challenge" aria-label={t('challenge.label')}>
      <p className="embed-challenge-budget">
        <span className="embed-challenge-h">{t('challenge.budget')}:</span>{' '}
        {budget.kinds.map((line) => (
          <span key={line} className="embed-chip mono">
            {line}
          </span>
        ))}{' '}
        <span className="embed-chip mono">{budget.total}</span>
      </p>
      <p className="embed-challenge-play">
        <span>{t('embed.challenge.noWhatIf')}</span>{' '}
        {href !== null && (
          <a className="embed-challenge-link" href={href} target="_blank" rel="noopener">
            {t('embed.challenge.play')}
          </a>
        )}
      </p>
    </section>
  );
}
