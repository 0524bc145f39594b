/**
 * The Share / Embed dialog's snippets, as plain text (shown in read-only text areas, never as HTML).
 *
 * Embed URL: the app's own origin and path, the view's canonical query (link/view.ts encodeView), then
 * the embed parameters exactly as link/embed.ts writes and reads them (embedParams). The custom
 * element's attributes are the same options as the same text (playerOptionText).
 */
import { type EmbedOptions, embedParams, playerOptionText } from '../link/embed.ts';
import { STORY_PARAM } from '../link/storyLink.ts';

export type EmbedSize = '640x400' | '800x500' | 'responsive';
export const EMBED_SIZES: readonly EmbedSize[] = ['640x400', '800x500', 'responsive'];

/** `&`, `<`, `>`, `"` and `'` as entities: safe inside a double- or single-quoted attribute and in text. */
export function escapeAttr(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Markdown link text: the characters that end or open a link, and backslash, escaped. */
export function escapeMarkdownText(s: string): string {
  return s.replace(/[\\[\]()*_`<>!]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/** A URL inside Markdown `( )`: spaces, parentheses and angle brackets percent-encoded. */
export function markdownUrl(url: string): string {
  return url.replace(/[ ()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * A story that is not the catalogue's travels beside the query: by its story link's data (the
 * fragment's `#story=`, link/storyLink.ts), or by the `src=` of the file it was opened from on the
 * lab's own site (link/storySrc.ts). A built-in story and a challenge (`scenario=challenge-<story>`,
 * boot.ts) are named by the query alone: null.
 */
export type SharedStory = { link: string } | { src: string } | null;

/** `src=` after the query's own parameters, as the element's attribute is after its others. */
function srcParam(story: SharedStory): string[] {
  return story && 'src' in story ? [`src=${encodeURIComponent(story.src)}`] : [];
}

/** `#story=<data>` for a story link, else nothing. */
function storyFragment(story: SharedStory): string {
  return story && 'link' in story ? `#${STORY_PARAM}=${story.link}` : '';
}

/** App base (origin + path, no query) + canonical query + the embed parameters (+ the story). */
export function embedUrl(
  base: string,
  query: string,
  o: Partial<EmbedOptions>,
  story: SharedStory = null,
): string {
  const q = query.startsWith('?') ? query.slice(1) : query;
  return `${base}?${[...(q ? [q] : []), ...srcParam(story), ...embedParams(o)].join('&')}${storyFragment(story)}`;
}

/** The link to the view itself (app base + canonical query, + the story when it is not the catalogue's). */
export function viewUrl(base: string, query: string, story: SharedStory = null): string {
  const q = [query.startsWith('?') ? query.slice(1) : query, ...srcParam(story)].filter(Boolean).join('&');
  return `${q === '' ? base : `${base}?${q}`}${storyFragment(story)}`;
}

export interface IframeOptions {
  src: string;
  title: string;
  size: EmbedSize;
}

/**
 * The <iframe> snippet, with no `style` attribute: a host page whose CSP has no 'unsafe-inline' in
 * style-src blocks inline styles (CSP Level 3, style-src-attr). Fixed presets are width/height; the
 * responsive one is the full width, 400 px high until the host's stylesheet gives the class
 * `leader-election-lab` its 16:10 ratio (README, "An iframe"). `frameborder="0"` is obsolete HTML but
 * every browser still reads it, and it is not a style.
 */
export function iframeSnippet({ src, title, size }: IframeOptions): string {
  const [w, h] = size === 'responsive' ? ['100%', '400'] : size.split('x');
  return `<iframe src="${escapeAttr(src)}" title="${escapeAttr(title)}" class="leader-election-lab" width="${w}" height="${h}" frameborder="0" loading="lazy" allow="fullscreen"></iframe>`;
}

export interface MarkdownOptions {
  /** What the link says: scenario and step. */
  title: string;
  /** The app at this view. */
  url: string;
  /** File name of the picture (the Export menu's "Current frame as PNG" saves it under this name). */
  image: string;
}

/** Markdown for docs sites: the picture linking to the app at the view, then a plain text link. */
export function markdownSnippet({ title, url, image }: MarkdownOptions): string {
  const text = escapeMarkdownText(title);
  const href = markdownUrl(url);
  return `[![${text}](${markdownUrl(image)})](${href})\n\n[${text}](${href})`;
}

export interface ElementOptions {
  scenario: string;
  /** 1-based step, or null. */
  step: number | null;
  embed: Partial<EmbedOptions>;
  /**
   * The view's canonical query: the attributes the element shares with it (t, seed, nodes, speed,
   * lang, theme) are taken from it, so the element shows what the iframe snippet shows.
   */
  query?: string;
  /** The player library's address: a `<script type="module">` line before the element; none if absent. */
  script?: string;
  /** A story not in the catalogue: the `story` (link data) or `src` attribute. */
  story?: SharedStory;
}

/** The view parameters that are also element attributes (attributes.ts PLAYER_ATTRIBUTES), in its order. */
const VIEW_ATTRIBUTES = ['t', 'seed', 'nodes', 'speed', 'lang', 'theme'] as const;

/** The player library next to the app: `<base>embed/leader-election-player.js` (vite.embed.config.ts). */
export function elementScriptUrl(base: string): string {
  return new URL('embed/leader-election-player.js', base).href;
}

/**
 * The custom element for MDX / HTML pages: the library's `<script type="module">` line, then
 * `<leader-election-player scenario="…" step="…" lang="…" …>`.
 */
export function elementSnippet({
  scenario,
  step,
  embed,
  query = '',
  script,
  story = null,
}: ElementOptions): string {
  const attrs = playerAttributes({ scenario, step, embed, query, story });
  const text = attrs.map(([k, v]) => (v === '' ? k : `${k}="${escapeAttr(v)}"`)).join(' ');
  const element = `<leader-election-player ${text}></leader-election-player>`;
  return script ? `<script type="module" src="${escapeAttr(script)}"></script>\n${element}` : element;
}

/** The element's attributes, in order; a boolean one (autoplay, loop) has the value ''. */
function playerAttributes({
  scenario,
  step,
  embed,
  query = '',
  story = null,
}: Omit<ElementOptions, 'script'>): Array<[string, string]> {
  const attrs: Array<[string, string]> = [['scenario', scenario]];
  if (story && 'link' in story) attrs.push(['story', story.link]);
  if (story && 'src' in story) attrs.push(['src', story.src]);
  if (step !== null) attrs.push(['step', String(step)]);
  const view = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  for (const k of VIEW_ATTRIBUTES) {
    const v = view.get(k);
    if (v !== null && v !== '') attrs.push([k, v]);
  }
  // The link's own text for each option; a boolean attribute counts by its presence alone.
  for (const [k, v] of playerOptionText(embed)) attrs.push([k, k === 'autoplay' || k === 'loop' ? '' : v]);
  return attrs;
}

/** Props whose value is a number in the component (react.tsx LeaderElectionPlayerProps). */
const NUMBER_PROPS: ReadonlySet<string> = new Set(['step', 't', 'seed', 'nodes', 'speed', 'start', 'end']);

/**
 * The React component (Docusaurus, MDX): the same attributes as props, strings quoted (JSX attribute
 * strings have no escapes: a value is JSON in braces when it holds a quote or a brace), numbers in
 * braces, flags bare. `appUrl` is the lab, where "Open in Leader Election Lab" goes.
 */
export function reactSnippet(o: Omit<ElementOptions, 'script'> & { appUrl: string }): string {
  const props = [...playerAttributes(o), ['appUrl', o.appUrl] as [string, string]].map(([k, v]) => {
    if (v === '') return k;
    if (NUMBER_PROPS.has(k) && /^\d+(\.\d+)?$/.test(v)) return `${k}={${v}}`;
    return /["{}<>&]/.test(v) ? `${k}={${JSON.stringify(v)}}` : `${k}="${v}"`;
  });
  return `import { LeaderElectionPlayer } from 'leader-election-lab/react';\n\n<LeaderElectionPlayer ${props.join(' ')} />`;
}
