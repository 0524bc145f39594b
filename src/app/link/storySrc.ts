/**
 * `src=<url>` (the embed's link, the custom element's attribute): a story file fetched from the lab's
 * own origin. The lab's CSP allows `connect-src 'self'` only, and a story from elsewhere should reach
 * a reader as a file they chose or a link they were sent, not fetched from a site they never saw:
 * another origin is refused before any request, with what to do instead.
 */
import { MAX_STORY_FILE_BYTES } from '../../sim/scenario/storyFile.ts';
import { jsonDepth, MAX_STORY_DEPTH } from './storyLink.ts';

export class StorySrcError extends Error {}

/**
 * The story file's data at `src` (resolved against `base`), or a StorySrcError that names the URL
 * and what is wrong. `labOrigin`: where the lab is served (the page's origin in an iframe, the
 * element's script's origin on a host page).
 */
export async function fetchStoryFile(
  src: string,
  labOrigin: string,
  base: string,
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> {
  let url: URL;
  try {
    url = new URL(src, base);
  } catch {
    throw new StorySrcError(`src "${src}": not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new StorySrcError(`src "${src}": only http and https URLs on the lab's own site are read`);
  if (url.origin !== labOrigin)
    throw new StorySrcError(
      `src "${src}": on ${url.origin}, not on the lab's own site (${labOrigin}); a story from another site opens from a file (Import) or a story link`,
    );
  let res: Response;
  try {
    res = await fetchImpl(url.href, { credentials: 'same-origin', redirect: 'error' });
  } catch (e) {
    throw new StorySrcError(
      `src "${src}": could not be fetched (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  if (!res.ok) throw new StorySrcError(`src "${src}": the server answered ${res.status}`);
  const text = await readCapped(res, src);
  if (jsonDepth(text) > MAX_STORY_DEPTH)
    throw new StorySrcError(`src "${src}": JSON nested deeper than ${MAX_STORY_DEPTH}, a story file is not`);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StorySrcError(`src "${src}": not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** The body as text, read no further than the cap. */
async function readCapped(res: Response, src: string): Promise<string> {
  const tooBig = () =>
    new StorySrcError(
      `src "${src}": larger than 5 MB, a story file is at most that (a few kilobytes, usually)`,
    );
  const declared = Number(res.headers.get('content-length'));
  if (declared > MAX_STORY_FILE_BYTES) throw tooBig();
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_STORY_FILE_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooBig();
    }
    chunks.push(value);
  }
  const decoder = new TextDecoder();
  return chunks.map((c) => decoder.decode(c, { stream: true })).join('') + decoder.decode();
}
