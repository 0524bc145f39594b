/**
 * Set only while the build draws its link pictures (src/app/prerender/linkViews.tsx), never in the page:
 * what a static picture needs that the live page draws otherwise. The messages in flight are painted on
 * a canvas, which markup cannot carry, so the picture draws them as SVG too; a phone gets its own
 * portrait layout of the cluster (the live page lays one out for the phone's stage, and the picture
 * must not jump to it); the trace views, below the fold, are left to the app.
 */
export const linkPicture: {
  on: boolean;
  /** The phone's stage (CSS px), drawn as a second svg with class `pre-narrow`. */
  narrow: { width: number; height: number } | null;
} = { on: false, narrow: null };
