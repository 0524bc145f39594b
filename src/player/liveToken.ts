/**
 * Live mode's token (src/live prints the page's URL with it): a module of its own, so the first view,
 * which only asks whether the page is live, does not carry the live source (live.ts).
 */
const TOKEN_KEY = 'lel-live-token';

/** The token of the URL `npm run live` printed (`#live=<hex>`), kept for this tab's reloads. */
export function readLiveToken(
  hash: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): string | null {
  const m = /(?:^#|&)live=([0-9a-f]{16,128})(?:&|$)/.exec(hash);
  if (m?.[1]) {
    storage?.setItem(TOKEN_KEY, m[1]);
    return m[1];
  }
  return storage?.getItem(TOKEN_KEY) ?? null;
}
