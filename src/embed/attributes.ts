/**
 * The custom element's and the React component's attributes, turned into the link query the iframe
 * embed reads, so one codec (app/link/decode.ts) checks them all and reports bad values the same way.
 * Boolean attributes (`autoplay`, `loop`) count when present, whatever their value (HTML rules),
 * except "false".
 */
export const PLAYER_ATTRIBUTES = [
  'scenario',
  'step',
  't',
  'seed',
  'nodes',
  'speed',
  'lang',
  'theme',
  'controls',
  'autoplay',
  'loop',
  'start',
  'end',
  'inspect',
  'src',
  'story',
] as const;

export type PlayerAttribute = (typeof PLAYER_ATTRIBUTES)[number];
const FLAGS: ReadonlySet<string> = new Set(['autoplay', 'loop']);

/** Attribute values (null/undefined = absent) as a query string, in the list's order. */
export function searchFromAttributes(get: (name: PlayerAttribute) => string | null | undefined): string {
  const q = new URLSearchParams();
  for (const name of PLAYER_ATTRIBUTES) {
    const v = get(name);
    if (v === null || v === undefined) continue;
    if (FLAGS.has(name)) {
      if (v !== 'false') q.set(name, '1');
    } else q.set(name, v);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * `story` (a story link's data, link/storyLink.ts) is a link's fragment, `#story=…`, not its query:
 * the query without it, and the fragment that boot reads it from.
 */
export function splitStory(search: string): { search: string; hash: string } {
  const q = new URLSearchParams(search);
  const story = q.get('story');
  q.delete('story');
  const rest = q.toString();
  return { search: rest ? `?${rest}` : '', hash: story === null ? '' : `#story=${story}` };
}

/**
 * The player's stylesheet for a shadow root: the app's `:root` tokens and theme selectors move to
 * `:host`, so the theme follows the element's own `data-theme`, not the host page's <html>. The
 * app writes its dark palette once, for `[data-theme="dark"]` (theme.css; the page resolves the
 * system setting into that attribute): here the same block also applies under
 * `prefers-color-scheme: dark` to an element with no theme of its own, so a player follows the
 * system without an attribute being set on the host page's element.
 */
export function scopeToHost(css: string): string {
  return css
    .replace(
      /:root\[data-theme="?dark"?\]\s*\{([^{}]*)\}/g,
      (_m, palette: string) =>
        `:host([data-theme="dark"]){${palette}}` +
        `@media (prefers-color-scheme: dark){:host(:not([data-theme="light"])){${palette}}}`,
    )
    .replace(/:root:not\(\[data-theme="?light"?\]\)/g, ':host(:not([data-theme="light"]))')
    .replace(/:root\[data-theme="?dark"?\]/g, ':host([data-theme="dark"])')
    .replace(/:root\[data-theme="?light"?\]/g, ':host([data-theme="light"])')
    .replace(/:root\b/g, ':host');
}
