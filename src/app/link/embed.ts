/** Embed options (`?embed=1`, the custom element's attributes, the Share dialog): one type, one default, one step convention. */
import { encodeView, type LinkView } from './view.ts';

/** Embed-mode parameters (src/embed): read here so the codec knows every name a link may carry. */
export type EmbedParam = 'embed' | 'controls' | 'autoplay' | 'loop' | 'start' | 'end' | 'origin' | 'src';
export const EMBED_PARAMS: readonly EmbedParam[] = [
  'embed',
  'controls',
  'autoplay',
  'loop',
  'start',
  'end',
  'origin',
  'src',
];

export type EmbedControls = 'minimal' | 'full' | 'none';
export const EMBED_CONTROLS: readonly EmbedControls[] = ['minimal', 'full', 'none'];

/**
 * `?embed=1` (the bare player in an iframe) and its options. `start`/`end` are 1-based narration
 * steps in the link, 0-based here (checked against the run by the embed shell); `origin` is the
 * host page's origin (scheme://host[:port]): the embed API then talks to that origin only.
 *
 * Steps are 0-based everywhere in code (here, LinkView.step, the player's stepIndex, the embed's
 * StepRange), and the Share dialog edits these options as they are. People count from 1: the text
 * of a step (the link's `start=N`/`end=N`, the element's attributes, the dialog's step list) is made
 * and read by stepText / stepFromText below, and nowhere else.
 */
export interface EmbedOptions {
  embed: boolean;
  controls: EmbedControls;
  autoplay: boolean;
  loop: boolean;
  start: number | null;
  end: number | null;
  origin: string | null;
  /** `origin` was given but is not an origin: the embed API stays off rather than open to all. */
  badOrigin: boolean;
  /**
   * `src`: the URL of a story file on the lab's own origin (link/storySrc.ts), opened in place of
   * `scenario`; its origin is checked when it is fetched (the page knows its own, the link does not).
   */
  src: string | null;
}

export const DEFAULT_EMBED: EmbedOptions = {
  embed: false,
  controls: 'minimal',
  autoplay: false,
  loop: false,
  start: null,
  end: null,
  origin: null,
  badOrigin: false,
  src: null,
};

/** A 0-based step as people write it: `2` for the second step. */
export function stepText(index: number): string {
  return String(index + 1);
}

/** A step as people write it (a whole number from 1) as a 0-based index, or null when it is not one. */
export function stepFromText(raw: string): number | null {
  const s = raw.trim();
  const n = /^\d+$/.test(s) ? Number(s) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n - 1 : null;
}

/** `https://docs.example.org` as written, or null when the text is not exactly an http(s) origin. */
export function parseOrigin(raw: string): string | null {
  const s = raw.trim();
  try {
    const u = new URL(s);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin === s.replace(/\/$/, ''))
      return u.origin;
  } catch {
    // not a URL
  }
  return null;
}

/**
 * The embed query for a view: the view's own link plus the embed options (defaults left out), in
 * the order embed, controls, autoplay, loop, start, end, origin.
 */
export function encodeEmbed(v: LinkView, o: Partial<EmbedOptions>): string {
  return `${encodeView(v)}&${embedParams(o).join('&')}`;
}

/** The embed parameters of a link, defaults left out (also what the Share dialog's snippets carry). */
export function embedParams(o: Partial<EmbedOptions>): string[] {
  const out: string[] = ['embed=1'];
  for (const [k, v] of playerOptionText(o)) out.push(`${k}=${v}`);
  if (o.origin) out.push(`origin=${encodeURIComponent(o.origin)}`);
  return out;
}

/**
 * The player's options as text, defaults left out, in link order (controls, autoplay, loop, start,
 * end): the link's embed parameters and the custom element's attributes are both written from it.
 */
export function playerOptionText(o: Partial<EmbedOptions>): Array<[EmbedParam, string]> {
  const out: Array<[EmbedParam, string]> = [];
  if (o.controls && o.controls !== 'minimal') out.push(['controls', o.controls]);
  if (o.autoplay) out.push(['autoplay', '1']);
  if (o.loop) out.push(['loop', '1']);
  if (o.start != null) out.push(['start', stepText(o.start)]);
  if (o.end != null) out.push(['end', stepText(o.end)]);
  return out;
}

/** The embed parameters (see EmbedOptions); bad values are problems and fall back to the defaults. */
export function decodeEmbed(
  get: (k: EmbedParam) => string | null,
  bad: (p: string, v: string) => void,
): EmbedOptions {
  const o: EmbedOptions = { ...DEFAULT_EMBED };
  const flag = (k: 'embed' | 'autoplay' | 'loop'): boolean => {
    const raw = get(k);
    if (raw === null || raw === '0') return false;
    if (raw === '1' || raw === '') return true;
    bad(k, raw);
    return false;
  };
  o.embed = flag('embed');
  o.autoplay = flag('autoplay');
  o.loop = flag('loop');
  const rawControls = get('controls');
  if (rawControls !== null) {
    const c = rawControls.trim().toLowerCase();
    if ((EMBED_CONTROLS as readonly string[]).includes(c)) o.controls = c as EmbedControls;
    else bad('controls', rawControls);
  }
  for (const k of ['start', 'end'] as const) {
    const raw = get(k);
    if (raw === null) continue;
    const i = stepFromText(raw);
    if (i !== null) o[k] = i;
    else bad(k, raw);
  }
  if (o.start !== null && o.end !== null && o.end < o.start) {
    bad('end', stepText(o.end));
    o.end = null;
  }
  const rawSrc = get('src');
  if (rawSrc !== null) {
    if (rawSrc.trim() === '') bad('src', rawSrc);
    else o.src = rawSrc.trim();
  }
  const rawOrigin = get('origin');
  if (rawOrigin !== null) {
    o.origin = parseOrigin(rawOrigin);
    if (o.origin === null) {
      o.badOrigin = true;
      bad('origin', rawOrigin);
    }
  }
  return o;
}
