/**
 * Present's QR code: the link to the story (or challenge) on screen, for a class to open on their
 * phones. The link is the Share dialog's (sharedStory.ts: a story not in the catalogue travels in
 * it); too long for a code a phone reads from a projector (qr.ts), it says so and offers the story
 * as a file to hand out.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { usePlayer } from '../../player/react.ts';
import type { Run } from '../../player/store.ts';
import { sharedRunOf, storyOfRun, withScenario } from '../share/sharedStory.ts';
import { viewUrl } from '../share/shareSnippets.ts';
import type { Qr } from './qr.ts';

type Shown = { url: string; qr: Qr; d: string; box: number } | { tooLong: number; max: number } | null;

export function PresentQr({ run, query }: { run: Run; query(): string }) {
  const locale = useLocale();
  // The link follows the step the class is on.
  const step = usePlayer((s) => s.stepIndex);
  const [shown, setShown] = useState<Shown>(null);
  const caption = useId();
  // The app's query function is a new one each render: read the latest, recompute on step or run.
  const latest = useRef(query);
  latest.current = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step or language is a new link
  useEffect(() => {
    let live = true;
    void (async () => {
      const [{ qrFor, qrPath, qrBox, MAX_QR_BYTES }, shared] = await Promise.all([
        import('./qr.ts'),
        sharedRunOf(run.scenario, window.location.hash),
      ]);
      if (!live) return;
      if ('tooLong' in shared) return setShown({ tooLong: shared.tooLong, max: MAX_QR_BYTES });
      const base = `${window.location.origin}${window.location.pathname}`;
      const url = viewUrl(base, withScenario(latest.current(), shared.scenario), shared.story);
      const qr = qrFor(url);
      setShown(qr.ok ? { url, qr, d: qrPath(qr), box: qrBox(qr) } : { tooLong: qr.bytes, max: qr.max });
    })();
    return () => {
      live = false;
    };
  }, [run, step, locale]);

  if (!shown)
    return (
      <aside className="pres-qr">
        <p className="pres-qr-caption" role="status">
          {t('present.qr.making')}
        </p>
      </aside>
    );
  if ('tooLong' in shown)
    return (
      <aside className="pres-qr pres-qr-long">
        <p className="pres-qr-text" role="status">
          {t('present.qr.tooLong', { n: shown.tooLong, max: shown.max })}
        </p>
        <button type="button" className="pres-button" onClick={() => void downloadStory(run)}>
          {t('present.qr.download')}
        </button>
      </aside>
    );
  return (
    <aside className="pres-qr">
      <svg
        className="pres-qr-code"
        viewBox={`0 0 ${shown.box} ${shown.box}`}
        role="img"
        aria-label={t('present.qr.label', { url: shown.url })}
        aria-describedby={caption}
        shapeRendering="crispEdges"
        data-url={shown.url}
      >
        <rect className="pres-qr-light" width={shown.box} height={shown.box} />
        <path className="pres-qr-dark" d={shown.d} />
      </svg>
      <p className="pres-qr-caption" id={caption}>
        {t('present.qr.caption')}
      </p>
    </aside>
  );
}

/**
 * The story on screen as a story file (Export's "As a story file"); for a challenge, the story it was
 * opened from, with its challenge, not the challenge's start (a story without a script).
 */
async function downloadStory(run: Run): Promise<void> {
  const [{ storyFileOf, storyFileName }, { download }] = await Promise.all([
    import('../export/storyExport.ts'),
    import('../export/exportDom.ts'),
  ]);
  const file = await storyFileOf(storyOfRun(run.scenario));
  download(
    new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }),
    storyFileName(file),
  );
}
