/**
 * Explore (the search over schedules) from the embedded player: a link to the lab's page, which runs
 * it in a worker. The Explore panel itself is not in the player: its bounds, progress and answer do
 * not fit a 640 × 400 frame beside the picture, and the lab's page has them with the run they open.
 */
import { t } from '../i18n/index.ts';

/** "Explore every schedule in the lab". */
export function ExploreInLab({ href }: { href: string }) {
  return (
    <p className="embed-explore">
      <a href={href} target="_blank" rel="noopener" className="embed-explore-link">
        {t('embed.explore')}
      </a>
    </p>
  );
}
