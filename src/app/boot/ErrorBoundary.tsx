import { Component, type ErrorInfo, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { getLocale, type Locale } from '../../i18n/index.ts';
import { errorDetails, errorHeadline, resetHref, toError } from './errorReport.ts';
import { type ErrorStrings, errorStrings } from './errorStrings.ts';
import './errorBoundary.css';

export interface ErrorFallbackProps {
  error: Error;
  /** The plain-text report "Copy error details" copies (errorReport.ts `errorDetails`). */
  details: string;
  locale: Locale;
  onReload: () => void;
  onReset: () => void;
  /** Resolves true when the details reached the clipboard. */
  onCopy: () => Promise<boolean>;
}

/**
 * The screen shown instead of the app when rendering throws: what failed (the error as text, never
 * markup) and the ways out. Focus moves to its heading so screen readers and keyboards start there.
 */
export function ErrorFallback({ error, details, locale, onReload, onReset, onCopy }: ErrorFallbackProps) {
  const s: ErrorStrings = errorStrings[locale];
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), []);
  const copyDetails = () => {
    onCopy().then(
      (ok) => setCopy(ok ? 'copied' : 'failed'),
      () => setCopy('failed'),
    );
  };
  return (
    <main className="crash" lang={locale}>
      <div className="crash-card" role="alert" aria-labelledby={headingId}>
        <h1 id={headingId} ref={heading} tabIndex={-1}>
          {s.title}
        </h1>
        <p>{s.intro}</p>
        <h2>{s.whatFailed}</h2>
        <p className="crash-message">{errorHeadline(error)}</p>
        <p>{s.howToRecover}</p>
        <div className="crash-actions">
          <button type="button" className="button crash-primary" onClick={onReload}>
            {s.reload}
          </button>
          <button type="button" className="button" onClick={onReset}>
            {s.reset}
          </button>
          <button type="button" className="button" onClick={copyDetails}>
            {s.copy}
          </button>
        </div>
        <p className="crash-status" role="status">
          {copy === 'copied' ? s.copied : copy === 'failed' ? s.copyFailed : ''}
        </p>
        <details className="crash-details">
          <summary>{s.details}</summary>
          <pre>{details}</pre>
        </details>
      </div>
    </main>
  );
}

function currentLocale(): Locale {
  try {
    return getLocale();
  } catch {
    return 'en';
  }
}

interface BoundaryProps {
  children: ReactNode;
  /** Known scenario ids (read when it happens), so "Reset this scenario" keeps a valid `?scenario=` and drops the rest. */
  scenarioIds: () => readonly string[];
}

interface BoundaryState {
  error: Error | null;
  componentStack: string;
  at: string;
}

/** Catches render errors below it and shows ErrorFallback instead of a blank page. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, componentStack: '', at: '' };

  static getDerivedStateFromError(thrown: unknown): Partial<BoundaryState> {
    return { error: toError(thrown), at: new Date().toISOString() };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? '' });
  }

  override render(): ReactNode {
    const { error, componentStack, at } = this.state;
    if (!error) return this.props.children;
    const details = errorDetails({
      error,
      componentStack,
      href: window.location.href,
      userAgent: navigator.userAgent,
      at,
    });
    return (
      <ErrorFallback
        error={error}
        details={details}
        locale={currentLocale()}
        onReload={() => window.location.reload()}
        onReset={() => window.location.assign(resetHref(window.location.href, this.props.scenarioIds()))}
        onCopy={async () => {
          try {
            await navigator.clipboard.writeText(details);
            return true;
          } catch {
            return false;
          }
        }}
      />
    );
  }
}
