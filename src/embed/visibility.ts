/**
 * Whether a player can be seen: its box in the viewport (IntersectionObserver; in an iframe, the
 * top-level viewport), the page not hidden (a background tab), and, in an iframe of a reveal.js deck,
 * its slide current (the deck posts 'slide:start' / 'slide:stop' to iframes, revealjs.com/media).
 * Autoplay waits for the first time it is seen; the player pauses while it is not (controller.ts).
 */
export interface VisibilityWatch {
  /** A deck's slide message: 'slide:start' (shown) or 'slide:stop' (left). */
  slide(shown: boolean): void;
  stop(): void;
}

/** The messages reveal.js posts to the iframes of the slide it shows or leaves (revealjs.com/media). */
export function slideMessage(data: unknown): boolean | null {
  return data === 'slide:start' ? true : data === 'slide:stop' ? false : null;
}

export function watchVisibility(target: Element, onChange: (visible: boolean) => void): VisibilityWatch {
  const doc = target.ownerDocument;
  const hasObserver = typeof IntersectionObserver === 'function';
  // Without IntersectionObserver (an old browser) the box counts as in view.
  let inView = !hasObserver;
  let pageShown = doc.visibilityState !== 'hidden';
  let slideShown = true;
  let last: boolean | null = null;
  const update = () => {
    const v = inView && pageShown && slideShown;
    if (v === last) return;
    last = v;
    onChange(v);
  };
  const observer = hasObserver
    ? new IntersectionObserver((entries) => {
        const e = entries[entries.length - 1];
        if (!e) return;
        inView = e.isIntersecting;
        update();
      })
    : null;
  observer?.observe(target);
  const onPage = () => {
    pageShown = doc.visibilityState !== 'hidden';
    update();
  };
  doc.addEventListener('visibilitychange', onPage);
  if (!observer) update();
  return {
    slide(shown) {
      slideShown = shown;
      update();
    },
    stop() {
      observer?.disconnect();
      doc.removeEventListener('visibilitychange', onPage);
    },
  };
}
