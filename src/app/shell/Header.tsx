/** The app's header: the brand, the scenario catalogue and the header buttons (copy link, share, export, present, language, ADRs, keys, theme). */
import { type RefObject, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { t } from '../../i18n/index.ts';
import { lazyChunk } from '../boot/lazyChunk.tsx';
import { ExportButtonStandIn } from '../export/ExportButton.tsx';
import { CopyLink } from '../share/CopyLink.tsx';
import { Catalogue } from './Catalogue.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { nextTheme, resolveTheme, type ThemeMode, watchSystemTheme } from './theme.ts';

// The Export menu and its drop target: a chunk fetched once the first frame is drawn (or before the
// first render of any other view, or when its stand-in is pressed or focused); its button stands in
// place meanwhile.
const ExportMenu = lazyChunk(() => import('../export/ExportMenu.tsx').then((m) => m.ExportMenu), {
  idle: true,
  fallback: <ExportButtonStandIn want={() => void ExportMenu.preload()} />,
});

/** A mode in words: 'system (dark)' says what the system shows now. */
function themeWords(mode: ThemeMode, system: 'light' | 'dark'): string {
  return mode === 'system' ? t('theme.systemShown', { shown: t(`theme.${system}`) }) : t(`theme.${mode}`);
}

/**
 * The theme toggle: its name says the mode and, for 'system', what it shows (followed live); its
 * title adds what a click gives (always the other theme, theme.ts nextTheme).
 */
export function ThemeButton({
  theme,
  onCycle,
  system: shownSystem,
}: {
  theme: ThemeMode;
  onCycle(): void;
  /** The system theme to name (the build's link pictures draw each); else the system's own. */
  system?: 'light' | 'dark';
}) {
  const live = useSyncExternalStore(watchSystemTheme, () => resolveTheme('system'));
  const system = shownSystem ?? live;
  const name = t('theme.toggle', { mode: themeWords(theme, system) });
  const next = themeWords(nextTheme(theme, system), system);
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-label={name}
      title={t('theme.next', { label: name, mode: next })}
      onClick={onCycle}
    >
      <ThemeIcon mode={theme} />
    </button>
  );
}

function ThemeIcon({ mode }: { mode: ThemeMode }) {
  const d =
    mode === 'light'
      ? 'M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM11 1h2v3h-2zM11 20h2v3h-2zM1 11h3v2H1zM20 11h3v2h-3zM4.2 2.8l2.1 2.1-1.4 1.4-2.1-2.1zM17.7 18.3l2.1 2.1-1.4 1.4-2.1-2.1zM2.8 19.8l2.1-2.1 1.4 1.4-2.1 2.1zM18.3 6.3l2.1-2.1 1.4 1.4-2.1 2.1z'
      : mode === 'dark'
        ? 'M14.5 2.5a9.5 9.5 0 1 0 7 13.9A8 8 0 0 1 14.5 2.5z'
        : 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2v16a8 8 0 0 0 0-16z';
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

/** A header button: an icon and a word (the word gives way to the icon on phones, app.css .hdr-label). */
function HeaderButton({
  icon,
  label,
  ...rest
}: { icon: string; label: string } & React.ComponentPropsWithRef<'button'>) {
  return (
    <button type="button" className="button" {...rest}>
      <svg
        viewBox="0 0 16 16"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
        className="hdr-icon"
      >
        <path d={icon} />
      </svg>
      <span className="hdr-label">{label}</span>
    </button>
  );
}

export interface HeaderProps {
  theme: ThemeMode;
  onCycleTheme(): void;
  /** The canonical query of what is on screen (Copy link). */
  link(): string;
  adrOpen: boolean;
  onToggleAdr(): void;
  onShare(): void;
  /** Present is disabled while there is no run. */
  canPresent: boolean;
  onPresent(): void;
  /** Focus returns here when the presentation ends. */
  presentButton: RefObject<HTMLButtonElement | null>;
  onKeys(): void;
}

export function Header({
  theme,
  onCycleTheme,
  link,
  adrOpen,
  onToggleAdr,
  onShare,
  canPresent,
  onPresent,
  presentButton,
  onKeys,
}: HeaderProps) {
  // The header is sticky and one to three rows tall (the catalogue button takes a row of its own on a phone): its
  // height is --header-h on <html>, so what sticks below it (the What-if panel) starts under it.
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const write = () =>
      root.style.setProperty('--header-h', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    write();
    const ro = new ResizeObserver(write);
    ro.observe(el);
    return () => {
      ro.disconnect();
      root.style.removeProperty('--header-h');
    };
  }, []);
  return (
    <header className="app-header" ref={ref}>
      <div className="brand">
        <svg viewBox="0 0 32 32" width="26" height="26" aria-hidden="true" focusable="false">
          <circle cx="16" cy="16" r="12" className="brand-ring" />
          <circle cx="16" cy="4.5" r="3.6" className="brand-lead" />
          <circle cx="26.9" cy="19.5" r="3" className="brand-node" />
          <circle cx="5.1" cy="19.5" r="3" className="brand-node" />
          <circle cx="16" cy="16" r="3.2" className="brand-store" />
        </svg>
        <h1>{t('app.name')}</h1>
      </div>
      <Catalogue />
      <div className="header-actions">
        <CopyLink link={link} />
        <HeaderButton
          icon="M8 10V2M5 4.5 8 1.5l3 3M3 8v5.5h10V8"
          label={t('share.button')}
          title={t('share.buttonTitle')}
          aria-haspopup="dialog"
          onClick={onShare}
        />
        <ExportMenu />
        <HeaderButton
          ref={presentButton}
          icon="M1.5 2.5h13v8.5h-13zM8 11v2.5M5 14h6"
          label={t('present.button')}
          title={t('present.buttonTitle')}
          disabled={!canPresent}
          onClick={onPresent}
        />
        <LanguageSelect />
        <button
          type="button"
          className="button adr-button"
          aria-label={t('app.adrButtonLabel')}
          aria-expanded={adrOpen}
          onClick={onToggleAdr}
        >
          {t('app.adrButton')}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('app.keysButton')}
          title={`${t('app.keysButton')} (?)`}
          onClick={onKeys}
        >
          <span aria-hidden="true" className="qmark">
            ?
          </span>
        </button>
        <ThemeButton theme={theme} onCycle={onCycleTheme} />
      </div>
    </header>
  );
}
