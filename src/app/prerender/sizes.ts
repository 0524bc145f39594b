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

/**
 * The one stage size a link's picture is laid out at (the 1280 x 800 window's): its svg has a viewBox,
 * so it scales to the stage the page has, at any window or embed frame size, until the app lays the
 * picture out for its exact size.
 */
export const LINK_SIZE: PictureSize = PICTURE_SIZES[1] as PictureSize;

/**
 * A phone's stage (the 390 x 844 window's): a page link's picture carries a second cluster picture laid out
 * for it, in the portrait layout the app picks there, which prerender.css shows on a narrow window.
 */
export const PHONE_SIZE: PictureSize = PICTURE_SIZES[2] as PictureSize;
