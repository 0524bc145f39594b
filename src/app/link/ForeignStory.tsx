/** The player's note on a story someone else wrote (a story link, an embed's `src=`), and on its challenge. */
import { t } from '../../i18n/index.ts';
import { usePlayer } from '../../player/react.ts';
import { foreignOrigin } from './storyOrigin.ts';

export function ForeignStory() {
  const id = usePlayer((s) => s.run?.scenario.id);
  const origin = id === undefined ? undefined : foreignOrigin(id.replace(/^challenge-/, ''));
  if (!origin) return null;
  return (
    <p className="foreign-story" role="note">
      {t(origin === 'link' ? 'story.foreign.link' : 'story.foreign.src')}
    </p>
  );
}
