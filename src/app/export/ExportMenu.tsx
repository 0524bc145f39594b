import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { type Locale, t } from '../../i18n/index.ts';
import { useEnglishLater, useLocale } from '../../i18n/react.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { usePlayer, usePlayerStore } from '../../player/react.ts';
import { stepsOf } from '../../player/steps.ts';
import type { Run } from '../../player/store.ts';
import { isChatter } from '../../views/d3/glyphs.ts';
import { navCaption } from '../../views/story.ts';
import { ChunkFailed, chunk, errorText, lazyChunk } from '../boot/lazyChunk.tsx';
import { loadScenarios } from '../boot/scenarioList.ts';
import { ExportButtonFace, takeStandIn } from './ExportButton.tsx';
import type { RunName } from './export.ts';
import type { AnimFormat } from './exportAnimation.ts';
import { webmMimeType } from './mediaSupport.ts';

type Item =
  | 'svg'
  | 'png'
  | 'gif'
  | 'webm'
  | 'mermaid'
  | 'mermaidCopy'
  | 'json'
  | 'import'
  | 'storyFile'
  | 'storyLink'
  | 'storySave';
const FRAME_ITEMS: Item[] = ['svg', 'png'];
const ANIM_ITEMS: Item[] = ['gif', 'webm'];
const RUN_ITEMS: Item[] = ['mermaid', 'mermaidCopy', 'json', 'import'];
// The story as told (its script and captions in every language), for others to open or change.
const STORY_ITEMS: Item[] = ['storyFile', 'storyLink', 'storySave'];

/** The run's message types that are background chatter (left out of the Mermaid diagram). */
/** What an exported run is named by (export.ts runFileStem): scenario, algorithm, seed, and its inputs' hash. */
function runName(run: Run): RunName {
  const { params, interventions, durationMs, hosts, seed, algorithm } = run.trace;
  const nodes = hosts.filter((h) => h.kind === 'node').length;
  return { scenario: run.scenario.id, algorithm, seed, inputs: { params, nodes, interventions, durationMs } };
}

function chatterTypes(run: Run): string[] {
  return [...new Set(run.index.messages.map((m) => m.type))].filter(isChatter);
}

const ExportAnimationDialog = lazyChunk(
  () => import('./ExportAnimationDialog.tsx').then((m) => m.ExportAnimationDialog),
  { failed: (p, retry) => p.format && <ChunkFailed floating onRetry={retry} onClose={p.onClose} /> },
);

type ExportActions = typeof import('./exportActions.ts');
/** The menu's actions: a chunk of their own, fetched when the menu opens (or a file is dropped). */
const loadActions: () => Promise<ExportActions> = chunk(() => import('./exportActions.ts'));

/** The standalone SVG of the picture at the cursor, or null if the picture is not on the page. */
function frameSvg(
  x: ExportActions,
  run: Run,
  time: number,
  stepIndex: number,
  locale: Locale,
): string | null {
  const { clusterSvg, secondsText, standaloneSvg } = x;
  const svg = clusterSvg();
  if (!svg) return null;
  const title = scenarioText(locale, run.scenario, 'title');
  const step = stepIndex >= 0 ? stepsOf(run)[stepIndex] : undefined;
  const caption = step ? navCaption(run, step, locale) : '';
  const heading = t('export.frameTitle', { scenario: title, time: secondsText(time) });
  return standaloneSvg(svg, { title: heading, heading, caption });
}

/**
 * The header's Export menu: the picture at the cursor (SVG, PNG), a step range as an animation
 * (GIF, WebM: a dialog, ExportAnimationDialog.tsx), the run (Mermaid, trace JSON), and trace import (a file, or one dropped on the page). An imported trace replaces the live run
 * until "Back to the live simulation"; a bad file shows what and where, and the run stays.
 */
export function ExportMenu() {
  const store = usePlayerStore();
  const run = usePlayer((s) => s.run);
  const imported = usePlayer((s) => s.imported);
  // A live recording (npm run live) says where it comes from: a real cluster, not a file.
  const liveSource = usePlayer((s) => s.run?.trace.source);
  const fromLive = liveSource !== undefined;
  // Patroni's live mode records from etcd too; its badge names the whole cluster it ran.
  const algorithm = usePlayer((s) => s.run?.trace.algorithm);
  const badge =
    liveSource === 'zookeeper' ? 'Zookeeper' : liveSource && algorithm === 'patroni' ? 'Patroni' : '';
  // While live mode records, the recording comes back every half second: leave it with Stop first.
  const recording = usePlayer((s) => s.liveRecording);
  const scenarioId = usePlayer((s) => s.scenarioId);
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  // The items' strings are the rest of English (i18n/en.later.ts): the menu shows once they are in.
  const shown = useEnglishLater(open) && open;
  const [notice, setNotice] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [importedName, setImportedName] = useState('');
  const [dragging, setDragging] = useState(false);
  const [anim, setAnim] = useState<AnimFormat | null>(null);
  // The animation dialog (and its recorder) is a chunk of its own, mounted from its first use on.
  const animUsed = useRef(false);
  if (anim) animUsed.current = true;
  // MediaRecorder with WebM and canvas capture: checked once; without them the item says so, disabled.
  const [webm] = useState(() => webmMimeType() !== null);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // What the user did to the stand-in before this chunk was in (ExportButton.tsx): taken over here.
  useLayoutEffect(() => {
    const was = takeStandIn();
    if (was.pressed && store.getState().run) setOpen(true);
    else if (was.focused) buttonRef.current?.focus();
  }, [store]);

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);

  // Close on a click outside; focus the first item when opening (and fetch the actions meanwhile).
  useEffect(() => {
    if (!open) return;
    void loadActions().catch(() => {});
    if (!shown) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, shown]);

  const importFile = useCallback(
    async (file: File) => {
      let text: string;
      try {
        text = await file.text();
      } catch (e) {
        setNotice({
          kind: 'error',
          text: t('import.failed', { file: file.name, message: errorText(e) }),
        });
        return;
      }
      let x: ExportActions;
      let ids: readonly string[];
      try {
        // The trace may be of any story: the catalogue first (the default view opens without it).
        [x, ids] = await Promise.all([loadActions(), loadScenarios().then((m) => m.scenarioIds)]);
      } catch (e) {
        setNotice({
          kind: 'error',
          text: t('import.failed', { file: file.name, message: errorText(e) }),
        });
        return;
      }
      try {
        // Read once, within the size limit; a story file (`"storyFile": 1`) opens as a story,
        // simulated here, anything else is a trace.
        const data = x.readTraceJson(text);
        if (typeof data === 'object' && data !== null && 'storyFile' in data) {
          store.getState().openStory(x.parseStoryFile(data, file.name).scenario);
          setImportedName('');
          setNotice({ kind: 'ok', text: t('import.story', { file: file.name }) });
          return;
        }
        const trace = x.traceFromData(data);
        if (!store.getState().loadTrace(trace)) {
          setNotice({
            kind: 'error',
            text: t('import.failed', {
              file: file.name,
              message: t('import.unknownScenario', {
                value: trace.scenario,
                expected: ids.join(', '),
              }),
            }),
          });
          return;
        }
        setImportedName(file.name);
        setNotice(null);
      } catch (e) {
        // A story file's problems come one per line: the first says what and where.
        const message =
          e instanceof x.StoryFileError
            ? (e.message.split('\n')[0] ?? e.message)
            : e instanceof Error
              ? e.message
              : String(e);
        setNotice({ kind: 'error', text: t('import.failed', { file: file.name, message }) });
      }
    },
    [store],
  );

  // Drag and drop a trace file anywhere on the page.
  useEffect(() => {
    const hasFile = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
    const over = (e: DragEvent) => {
      if (!hasFile(e)) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFile(e)) return;
      e.preventDefault();
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (file) void importFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [importFile]);

  const act = async (item: Item) => {
    close(item !== 'import');
    if (item === 'import') {
      fileRef.current?.click();
      return;
    }
    if (item === 'gif' || item === 'webm') {
      if (item === 'gif' || webm) setAnim(item);
      return;
    }
    if (!run) return;
    const { t: time, stepIndex } = store.getState();
    try {
      const x = await loadActions();
      const { download } = x;
      switch (item) {
        case 'svg':
        case 'png': {
          const svg = frameSvg(x, run, time, stepIndex, locale);
          if (!svg) return;
          const name = x.frameFileName(run.scenario.id, time, item);
          if (item === 'svg') download(new Blob([svg], { type: 'image/svg+xml' }), name);
          else download(await x.svgToPng(svg, 2), name);
          return;
        }
        case 'mermaid':
        case 'mermaidCopy': {
          const text = x.toMermaid(run.trace, run.scenario, { omitTypes: chatterTypes(run) });
          if (item === 'mermaid')
            download(new Blob([text], { type: 'text/plain;charset=utf-8' }), x.mermaidFileName(runName(run)));
          else {
            await navigator.clipboard.writeText(text);
            setNotice({ kind: 'ok', text: t('export.copied') });
          }
          return;
        }
        case 'storyFile': {
          const file = await x.storyFileOf(run.scenario);
          download(
            new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }),
            x.storyFileName(file),
          );
          return;
        }
        case 'storySave': {
          const [file, { library }] = await Promise.all([
            x.storyFileOf(run.scenario),
            import('../library/library.ts'),
          ]);
          await library.save(file, Date.now());
          setNotice({ kind: 'ok', text: t('library.saved') });
          return;
        }
        case 'storyLink': {
          const link = await x.storyLinkOf(await x.storyFileOf(run.scenario), window.location, locale);
          if ('tooLong' in link) {
            setNotice({
              kind: 'error',
              text: t('export.storyLinkLong', { n: link.tooLong, max: x.MAX_STORY_LINK_CHARS }),
            });
            return;
          }
          await navigator.clipboard.writeText(link.url);
          setNotice({ kind: 'ok', text: t('export.storyLinkCopied', { n: link.url.length }) });
          return;
        }
        case 'json':
          download(
            new Blob([JSON.stringify(run.trace)], { type: 'application/json' }),
            x.traceFileName(runName(run)),
          );
          return;
      }
    } catch (e) {
      setNotice({
        kind: 'error',
        text: t('export.failed', { message: errorText(e) }),
      });
    }
  };

  const onMenuKey = (e: ReactKeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    const to =
      e.key === 'ArrowDown'
        ? (i + 1) % items.length
        : e.key === 'ArrowUp'
          ? (i - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      close(e.key === 'Escape');
      return;
    }
    if (to < 0) return;
    e.preventDefault();
    items[to]?.focus();
  };

  // Okay notices (copied) fade by themselves; errors stay until dismissed.
  useEffect(() => {
    if (notice?.kind !== 'ok') return;
    const id = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(id);
  }, [notice]);

  const seed = run?.trace.seed ?? 0;
  const item = (k: Item) => {
    const off = k === 'webm' && !webm;
    return (
      <button
        key={k}
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="export-item"
        aria-disabled={off || undefined}
        onClick={() => {
          if (!off) void act(k);
        }}
      >
        {k === 'gif'
          ? t('anim.gif')
          : k === 'webm'
            ? t(off ? 'anim.webmUnsupported' : 'anim.webm')
            : k === 'storySave'
              ? t('library.save')
              : t(`export.${k}`)}
      </button>
    );
  };

  return (
    <div className="export">
      {imported && (
        <span
          className="import-badge"
          title={
            fromLive ? t(`live.badgeTitle${badge}`) : t('import.badgeTitle', { file: importedName, seed })
          }
        >
          <span className="import-badge-label">{t(fromLive ? `live.badge${badge}` : 'import.badge')}</span>
          {!recording && (
            <button
              type="button"
              className="import-back"
              aria-label={t(fromLive ? 'live.back' : 'import.back')}
              title={t(fromLive ? 'live.back' : 'import.back')}
              onClick={() => store.getState().selectScenario(scenarioId)}
            >
              <span className="import-back-text">{t(fromLive ? 'live.back' : 'import.back')}</span>
              <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
                <path d="M3 3l6 6M9 3L3 9" />
              </svg>
            </button>
          )}
        </span>
      )}
      <button
        ref={buttonRef}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={shown ? menuId : undefined}
        disabled={!run}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <ExportButtonFace />
      </button>
      {shown && (
        <div
          ref={menuRef}
          id={menuId}
          className="export-menu"
          role="menu"
          aria-label={t('export.title')}
          onKeyDown={onMenuKey}
        >
          <div className="export-group" aria-hidden="true">
            {t('export.frameGroup')}
          </div>
          {FRAME_ITEMS.map(item)}
          <hr className="export-sep" />
          <div className="export-group" aria-hidden="true">
            {t('anim.group')}
          </div>
          {ANIM_ITEMS.map(item)}
          <hr className="export-sep" />
          <div className="export-group" aria-hidden="true">
            {t('export.runGroup')}
          </div>
          {RUN_ITEMS.map(item)}
          <hr className="export-sep" />
          <div className="export-group" aria-hidden="true">
            {t('export.storyGroup')}
          </div>
          {STORY_ITEMS.map(item)}
        </div>
      )}
      <input
        ref={fileRef}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('export.importInput')}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void importFile(file);
        }}
      />
      {animUsed.current && <ExportAnimationDialog format={anim} onClose={() => setAnim(null)} />}
      {/* The header's backdrop-filter would pin fixed children to the header: these go to <body>. */}
      {createPortal(
        <>
          {notice?.kind === 'error' && (
            <div className="export-notice error" role="alert" aria-label={t('import.notice')}>
              <p>{notice.text}</p>
              <button type="button" className="button" onClick={() => setNotice(null)}>
                {t('notice.dismiss')}
              </button>
            </div>
          )}
          {notice?.kind === 'ok' && (
            <div className="export-notice ok" role="status">
              <p>{notice.text}</p>
              <button type="button" className="button" onClick={() => setNotice(null)}>
                {t('notice.dismiss')}
              </button>
            </div>
          )}
          {dragging && (
            <div className="export-drop" aria-hidden="true">
              <p>{t('import.drop')}</p>
            </div>
          )}
        </>,
        document.body,
      )}
    </div>
  );
}
