import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { usePlayerStore } from '../../player/react.ts';

/**
 * "Copy link": pauses, then copies the canonical URL of the frame on screen and says so in a live
 * region. Without a clipboard (insecure origin, permission refused) the link is shown selected in a
 * small popover to copy by hand.
 */
export function CopyLink({ link }: { link(): string }) {
  const store = usePlayerStore();
  const [copied, setCopied] = useState(false);
  const [manual, setManual] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(id);
  }, [copied]);

  useEffect(() => {
    if (manual === null) return;
    field.current?.focus();
    field.current?.select();
  }, [manual]);

  const copy = async () => {
    store.getState().pause();
    const url = new URL(link(), window.location.href).href;
    setCopied(false);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setManual(null);
      setCopied(true);
    } catch {
      setManual(url);
    }
  };

  const close = () => {
    setManual(null);
    button.current?.focus();
  };

  return (
    <div className="copy-link">
      <button ref={button} type="button" className="button" title={t('copy.button')} onClick={copy}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4L11.8 5.8M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.4-1.4" />
        </svg>
        <span className="copy-label">{t('copy.button')}</span>
      </button>
      <span className="copy-done" role="status" aria-live="polite">
        {copied ? t('copy.done') : ''}
      </span>
      {manual !== null && (
        <div className="copy-popover">
          <label>
            <span>{t('copy.manual')}</span>
            <input
              ref={field}
              type="text"
              readOnly
              value={manual}
              onFocus={(e) => e.currentTarget.select()}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.preventDefault();
                  close();
                }
              }}
            />
          </label>
          <button type="button" className="button" onClick={close}>
            {t('copy.close')}
          </button>
        </div>
      )}
    </div>
  );
}
