/** The dismissible notice that lists what a link got wrong: under the app's header, or the embed's compact card. */
import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { usePlayer } from '../../player/react.ts';
import type { LinkProblem } from './problems.ts';
import { problemText } from './problemText.ts';

export function LinkNotice({
  problems,
  later,
  label,
  compact = false,
}: {
  /** Read once from the link (or the element's attributes); dismissing hides them all. */
  problems: readonly LinkProblem[];
  /** The ones known once the link's run is simulated (boot.ts), added when they are. */
  later?: Promise<LinkProblem[]>;
  /** The notice's accessible name: "Link problem", or "Embed problem" for an element's attributes. */
  label: string;
  /** The embed's small card over the player (embed.css .embed-notice). */
  compact?: boolean;
}) {
  const run = usePlayer((s) => s.run);
  const [shown, setShown] = useState(problems);
  useEffect(() => {
    let live = true;
    later?.then((more) => {
      if (live && more.length > 0) setShown((s) => [...s, ...more]);
    });
    return () => {
      live = false;
    };
  }, [later]);
  if (shown.length === 0) return null;
  return (
    <div className={compact ? 'notice embed-notice' : 'notice'} role="status" aria-label={label}>
      <div>
        {shown.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list read once from the link.
          <p key={i}>{problemText(p, run)}</p>
        ))}
      </div>
      <button type="button" className="button" onClick={() => setShown([])}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}
