/**
 * What a stored Share-dialog snippet hands to the app, taken back out of its text: the iframe's
 * `src`, the Markdown links, the custom element's attributes. The corpus test (corpus.test.ts) and
 * the recorder (scripts/corpus.ts) read snippets the same way a browser would.
 */

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** HTML attribute text back to its value (the entities shareSnippets.ts escapeAttr writes). */
export function unescapeAttr(s: string): string {
  return s.replace(/&(?:amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);
}

/** The URL in `<iframe src="…">`, or null when the text is no iframe. */
export function iframeSrc(snippet: string): URL | null {
  const m = /^<iframe src="([^"]*)"/.exec(snippet);
  return m ? new URL(unescapeAttr(m[1] ?? '')) : null;
}

/** The http(s) targets of the Markdown links, in order (the picture's file name is not one). */
export function markdownLinks(snippet: string): URL[] {
  const out: URL[] = [];
  for (const m of snippet.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1] ?? '';
    if (/^https?:\/\//.test(target)) out.push(new URL(target));
  }
  return out;
}

/** `<leader-election-player a="b" flag>` as name -> value ('' for a bare attribute), or null. */
export function elementAttributes(snippet: string): Map<string, string> | null {
  const m = /^<leader-election-player((?:\s+[a-z-]+(?:="[^"]*")?)*)><\/leader-election-player>$/.exec(
    snippet,
  );
  if (!m) return null;
  const attrs = new Map<string, string>();
  for (const a of (m[1] ?? '').matchAll(/([a-z-]+)(?:="([^"]*)")?/g))
    attrs.set(a[1] ?? '', unescapeAttr(a[2] ?? ''));
  return attrs;
}
