/**
 * The one helper for code that is fetched when first needed (a lazy chunk). A chunk that fails to
 * load (offline, a deploy that removed it) leaves the app working: the panel's place shows an inline
 * message that the network is needed, with a Retry button that fetches it again. Any other error
 * thrown while rendering the panel still reaches the app's ErrorBoundary.
 */
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { loadEnglishLater, t } from '../../i18n/index.ts';
import { idleChunk, useMayRenderIdle } from './firstFrame.ts';

/** A chunk (or a worker script) that could not be fetched; `cause` is the browser's own error. */
export class ChunkLoadError extends Error {
  constructor(
    override readonly cause: unknown,
    message = t('chunk.network'),
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/**
 * Wraps a dynamic import, with the rest of the English strings: its failure becomes a ChunkLoadError (worded by `message`, when the part has a
 * sentence of its own), and the next call fetches it again.
 */
export function chunk<T>(load: () => Promise<T>, message?: () => string): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      // Its strings too: the page's first view has English only as far as its first frame shows it.
      const p = Promise.all([load(), loadEnglishLater()])
        .then(([m]) => m)
        .catch((e: unknown) => {
          pending = null;
          throw e instanceof ChunkLoadError ? e : new ChunkLoadError(e, message?.());
        });
      pending = p;
    }
    return pending;
  };
}

/** The text for an error that may be a failed chunk: the network message, else the error's own. */
export function errorText(e: unknown): string {
  if (e instanceof ChunkLoadError) return t('chunk.network');
  return e instanceof Error ? e.message : String(e);
}

/**
 * The message shown in place of a panel whose chunk did not load: inline, or `floating` for a
 * drawer or a dialog (it would otherwise sit at the end of the page), with Dismiss when `onClose`.
 */
export function ChunkFailed({
  onRetry,
  onClose,
  floating = false,
}: {
  onRetry(): void;
  onClose?: () => void;
  floating?: boolean;
}) {
  return (
    <div className={`chunk-failed${floating ? ' chunk-floating' : ''}`} role="alert">
      <p className="chunk-failed-text">{t('chunk.failed')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('chunk.retry')}
      </button>
      {onClose && (
        <button type="button" className="button" onClick={onClose}>
          {t('notice.dismiss')}
        </button>
      )}
    </div>
  );
}

class ChunkBoundary extends Component<
  { children: ReactNode; failed(): ReactNode },
  { failed: ChunkLoadError | null; other: unknown }
> {
  override state: { failed: ChunkLoadError | null; other: unknown } = { failed: null, other: null };

  static getDerivedStateFromError(e: unknown) {
    return e instanceof ChunkLoadError ? { failed: e, other: null } : { failed: null, other: e };
  }

  override render(): ReactNode {
    // Not a failed load: the app's boundary decides, as it did before this one was here.
    if (this.state.other) throw this.state.other;
    if (this.state.failed) return this.props.failed();
    return this.props.children;
  }
}

export interface LazyChunkOptions<P> {
  /** Shown while the chunk loads. */
  fallback?: ReactNode;
  /** What a failed load shows, given the props and the retry; the inline ChunkFailed by default. */
  failed?: (props: P, retry: () => void) => ReactNode;
  /**
   * Not drawn in the default view's first frame: `fallback` until that frame is drawn, then fetched; any
   * other view loads it before its first render (firstFrame.ts).
   */
  idle?: boolean;
}

/** A lazy chunk's component, and a way to fetch it ahead of its first render. */
export type LazyComponent<P> = ComponentType<P> & {
  /** Fetches the chunk; once it is in, the component renders at once, without suspending. */
  preload(): Promise<void>;
};

/**
 * `React.lazy` for one export of a chunk, with its own Suspense (`fallback`) and the message on a
 * failed load (`failed`). React.lazy keeps a failed promise, so Retry makes a new lazy component.
 * A chunk already fetched (`preload`, or an earlier render) renders directly: no fallback frame.
 */
export function lazyChunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
  {
    fallback = null,
    failed: showFailed = (_p, retry) => <ChunkFailed onRetry={retry} />,
    idle = false,
  }: LazyChunkOptions<P> = {},
): LazyComponent<P> {
  let ready: ComponentType<P> | null = null;
  const fetch = chunk(() =>
    load().then((c) => {
      ready = c;
      return c;
    }),
  );
  let failed = false;
  const make = () =>
    lazy(() =>
      fetch().then(
        (c) => ({ default: c }),
        (e: unknown) => {
          failed = true;
          throw e;
        },
      ),
    );
  let Lazy = make();
  // biome-ignore lint/correctness/noComponentHookFactories: called once per chunk at module level, as React.lazy is
  function Chunk(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      if (failed) {
        failed = false;
        Lazy = make();
      }
      setAttempt((a) => a + 1);
    };
    const mayRender = useMayRenderIdle();
    // What this instance first rendered with stays its type: switching to `ready` later would remount it.
    const first = useRef<ComponentType<P> | null | undefined>(undefined);
    if (idle && !mayRender && !ready) return fallback;
    if (first.current === undefined) first.current = ready;
    const L = first.current ?? Lazy;
    return (
      <ChunkBoundary key={attempt} failed={() => showFailed(props, retry)}>
        <Suspense fallback={fallback}>
          <L {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  const preload = () =>
    fetch().then(
      () => {},
      () => {},
    );
  if (idle) idleChunk(preload);
  return Object.assign(Chunk, { preload });
}
