/**
 * Saving the draft: as a story file (download), as a link that carries it (compressed, storyLink.ts;
 * too long for a link, it says so and the file is right there), and in "My stories" (IndexedDB).
 */
import { useState } from 'react';
import { t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { loadSimulator } from '../../player/simulator.ts';
import type { Run } from '../../player/store.ts';
import { parseStoryFile, type StoryFile } from '../../sim/scenario/storyFile.ts';
import { download } from '../export/exportDom.ts';
import { storyFileName, storyLinkOf } from '../export/storyExport.ts';
import { MAX_STORY_LINK_CHARS } from '../link/storyLink.ts';
import { draftFile, idFromTitle, textIn } from './draft.ts';
import { authoring } from './session.ts';

type Notice = { kind: 'ok' | 'error'; text: string; url?: string };

export function SaveStory({ run }: { run: Run }) {
  const locale = useLocale();
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The draft as the file it saves to, checked as a reader will check it; null (and said) when it is not one. */
  const file = async (): Promise<StoryFile | null> => {
    const a = authoring.get();
    if (!a) return null;
    const d = a.draft;
    if (d.captions.length === 0) {
      setNotice({ kind: 'error', text: t('author.needCaption') });
      return null;
    }
    const f = draftFile({ ...d, id: idFromTitle(textIn(d.title, locale)) }, run.trace.events, locale);
    try {
      const { hostIdsOf } = await loadSimulator();
      parseStoryFile(f, storyFileName(f), { hostIdsOf: (sc) => hostIdsOf(sc) });
    } catch (e) {
      const m = e instanceof Error ? e.message : String(e);
      setNotice({ kind: 'error', text: m.split('\n')[0] ?? m });
      return null;
    }
    return f;
  };
  const saveFile = async () => {
    const f = await file();
    if (!f) return;
    download(new Blob([`${JSON.stringify(f, null, 2)}\n`], { type: 'application/json' }), storyFileName(f));
    setNotice({ kind: 'ok', text: t('author.downloaded', { file: storyFileName(f) }) });
  };
  const saveLink = async () => {
    const f = await file();
    if (!f) return;
    const link = await storyLinkOf(f, window.location, locale);
    if ('tooLong' in link) {
      setNotice({
        kind: 'error',
        text: t('export.storyLinkLong', { n: link.tooLong, max: MAX_STORY_LINK_CHARS }),
      });
      return;
    }
    let copied = true;
    await navigator.clipboard.writeText(link.url).catch(() => {
      copied = false;
    });
    setNotice({
      kind: 'ok',
      text: copied ? t('export.storyLinkCopied', { n: link.url.length }) : t('author.linkHere'),
      url: link.url,
    });
  };
  const saveMine = async () => {
    const f = await file();
    if (!f) return;
    try {
      const { library } = await import('../library/library.ts');
      await library.save(f, Date.now());
      setNotice({ kind: 'ok', text: t('library.saved') });
    } catch (e) {
      setNotice({ kind: 'error', text: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <fieldset className="author-save">
      <legend>{t('author.save')}</legend>
      <div className="author-buttons">
        <button type="button" className="button" onClick={() => void saveFile()}>
          {t('author.saveFile')}
        </button>
        <button type="button" className="button" onClick={() => void saveLink()}>
          {t('author.saveLink')}
        </button>
        <button type="button" className="button" onClick={() => void saveMine()}>
          {t('library.save')}
        </button>
      </div>
      <p className={notice?.kind === 'error' ? 'error-text' : 'author-status'} role="status">
        {notice?.text}
        {notice?.url && (
          <>
            {' '}
            <a className="author-link" href={notice.url}>
              {t('author.openLink')}
            </a>
          </>
        )}
      </p>
      {notice?.kind === 'error' && notice.text.includes(String(MAX_STORY_LINK_CHARS)) && (
        <button type="button" className="button" onClick={() => void saveFile()}>
          {t('author.saveFile')}
        </button>
      )}
      <p className="author-note">{t('author.partitioned')}</p>
    </fieldset>
  );
}
