import type { PictureSize } from './firstView.tsx';

/**
 * The stage sizes the first picture is laid out at: the cluster host (theme.css `.cluster-canvas`)
 * as Chromium measures it in a 1920 x 1080, a 1280 x 800 and a 390 x 844 window. prerender.css
 * shows the copy for the window's width; the app then lays the picture out for its exact size.
 */
export const PICTURE_SIZES: readonly PictureSize[] = [
  { name: 'wide', width: 1264, height: 660 },
  { name: 'mid', width: 864, height: 454 },
  { name: 'narrow', width: 348, height: 460 },
];
