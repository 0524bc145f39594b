/**
 * Explore (the search over schedules) from the embedded player: a link to the lab's page, which runs
 * it in a worker. On a host page on another site, no worker of the lab may start (a worker's script
 * must be same-origin, HTML §10.2.6.2 "Dedicated workers and the Worker interface"): it says so.
 * The Explore panel itself is not in the player: its bounds, progress and answer do not fit a
 * 640 × 400 frame beside the picture, and the lab's page has them with the run they open.
 */
import { t } from '../i18n/index.ts';

/** "Explore every schedule in the lab"; on another site than the lab's, why it is not here. */
export function ExploreInLab({ href, crossOrigin }: { href: string; crossOrigin: boolean }) {
  return (
    <p className="embed-explore">
      <a href={href} target="_blank" rel="noopener" className="embed-explore-link">
        {t('embed.explore')}
      </a>
      {crossOrigin && <span className="embed-explore-why"> {t('embed.explore.crossOrigin')}</span>}
    </p>
  );
}
