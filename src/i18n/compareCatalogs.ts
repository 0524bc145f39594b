/** The `{name}` placeholders of a string (a `{name, plural, ...}` choice counts as `name`), sorted and deduplicated. */
export const placeholders = (s: string) =>
  [...new Set([...s.matchAll(/\{(\w+)(?=\}|,\s*plural\s*,)/g)].map((m) => m[1]))].sort();

/**
 * How a translation differs from its English source: keys missing or empty in it, keys English does
 * not have, and keys whose placeholders differ. The missing-key tests of every catalog use this.
 */
export function compareCatalogs(source: Record<string, string>, other: Record<string, string>) {
  const missing = Object.keys(source).filter((k) => !other[k]?.trim());
  const extra = Object.keys(other).filter((k) => !(k in source));
  const placeholderMismatch = Object.keys(source)
    .filter((k) => other[k] !== undefined)
    .filter((k) => placeholders(source[k] as string).join() !== placeholders(other[k] as string).join());
  return { missing, extra, placeholderMismatch };
}

export const cleanComparison = { missing: [], extra: [], placeholderMismatch: [] };
