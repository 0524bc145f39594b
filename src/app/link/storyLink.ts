/**
 * A story in a link: the story file's JSON, deflated ('deflate-raw', the browser's own
 * CompressionStream) and written base64url in the fragment, `#story=<data>`.
 *
 * The fragment, not the query: a browser never sends it to a server (RFC 3986 §3.5; it is left out of
 * HTTP requests and of the Referer header, Fetch §"referrer"), so a teacher's story stays between the
 * two browsers, and a link too long for a server's request line (8 KB in nginx's default
 * large_client_header_buffers) still opens. The query keeps the view (step, speed, ...) as for any run.
 *
 * A link is text from anyone: its length, its size once inflated (a decompression bomb is stopped as
 * soon as it passes the cap, never inflated whole) and its JSON's depth are bounded, and each refusal
 * says what and where.
 */

/** The fragment's parameter. */
export const STORY_PARAM = 'story';
/** base64url characters of a link's story (48 KB deflated): a story of 200 steps deflates to far less. */
export const MAX_STORY_LINK_CHARS = 65_536;
/** Inflated bytes: a story file of this size has thousands of captions; the CLI's file cap is 5 MB. */
export const MAX_STORY_JSON_BYTES = 1024 * 1024;
/** Nesting of objects and arrays: a story file nests six deep (steps[i].caption.pt). */
export const MAX_STORY_DEPTH = 32;
/**
 * Deflated bytes handed to the inflater at a time: deflate expands at most 1032:1 (RFC 1951's longest
 * match per 1-bit code), so one slice inflates to at most 66 KB past the cap before it is seen.
 */
const SLICE = 64;

export class StoryLinkError extends Error {}

/** The story's data in a fragment (`#story=…`, beside other fragment parameters), else null. */
export function readStoryHash(hash: string): string | null {
  const m = /(?:^#|&)story=([^&]*)/.exec(hash);
  return m ? (m[1] ?? '') : null;
}

/** The fragment that carries a story file's data. */
export async function storyHash(data: unknown): Promise<string> {
  return `#${STORY_PARAM}=${await encodeStoryLink(data)}`;
}

/** A story file's data as the link's text: JSON, deflated, base64url. */
export async function encodeStoryLink(data: unknown): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(data));
  const deflated = await collect(new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw')));
  return toBase64Url(deflated);
}

/** The link's text back to the story file's data (unchecked: parseStoryFile checks it), or a StoryLinkError. */
export async function decodeStoryLink(text: string): Promise<unknown> {
  const where = `#${STORY_PARAM}`;
  if (text.length === 0) throw new StoryLinkError(`${where}: empty (the link was cut short?)`);
  if (text.length > MAX_STORY_LINK_CHARS)
    throw new StoryLinkError(
      `${where}: ${text.length.toLocaleString('en-US')} characters, a story link holds at most ${MAX_STORY_LINK_CHARS.toLocaleString('en-US')}; share the story as a file`,
    );
  const bad = /[^A-Za-z0-9_-]/.exec(text);
  if (bad)
    throw new StoryLinkError(
      `${where}: character ${JSON.stringify(bad[0])} at ${bad.index + 1} is not base64url (the link was changed or cut?)`,
    );
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(text);
  } catch {
    throw new StoryLinkError(
      `${where}: ${text.length} characters is not a whole base64url text (the link was cut short?)`,
    );
  }
  const json = await inflateCapped(bytes, MAX_STORY_JSON_BYTES, where);
  let s: string;
  try {
    s = new TextDecoder('utf-8', { fatal: true }).decode(json);
  } catch {
    throw new StoryLinkError(`${where}: the inflated story is not UTF-8 text`);
  }
  const depth = jsonDepth(s);
  if (depth > MAX_STORY_DEPTH)
    throw new StoryLinkError(
      `${where}: JSON nested ${depth} deep at character ${deepAt(s, MAX_STORY_DEPTH + 1) + 1}, a story file nests at most ${MAX_STORY_DEPTH}`,
    );
  try {
    return JSON.parse(s);
  } catch (e) {
    throw new StoryLinkError(`${where}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

/**
 * Inflates deflate-raw bytes, stopping as soon as the output passes `cap`: the input goes in SLICE
 * bytes at a time, each written only when the output so far was read (the stream's backpressure),
 * so a bomb never holds more than `cap` plus one slice's output.
 */
export async function inflateCapped(
  bytes: Uint8Array<ArrayBuffer>,
  cap: number,
  where: string,
): Promise<Uint8Array> {
  const ds = new DecompressionStream('deflate-raw');
  const writer = ds.writable.getWriter();
  const reader = ds.readable.getReader();
  let over = false;
  const feed = (async () => {
    try {
      for (let i = 0; i < bytes.length && !over; i += SLICE) {
        await writer.ready;
        if (over) break;
        await writer.write(bytes.subarray(i, i + SLICE));
      }
      if (!over) await writer.close();
    } catch {
      // The reader cancelled (over the cap) or the data is corrupt: the read side says which.
    }
  })();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > cap) {
        over = true;
        await reader.cancel().catch(() => {});
        throw new StoryLinkError(
          `${where}: inflates to more than ${cap.toLocaleString('en-US')} bytes (stopped there: a story is far smaller, this looks like a decompression bomb)`,
        );
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof StoryLinkError) throw e;
    throw new StoryLinkError(`${where}: not a deflated story (the link was changed or cut short?)`);
  } finally {
    await feed;
  }
  return concat(chunks, size);
}

/**
 * Walks the nesting of objects and arrays in JSON text (strings skipped), without parsing it: the
 * deepest it goes, and the index where it first reaches `stop` (the text's length if it never does).
 */
function nesting(s: string, stop = Number.POSITIVE_INFINITY): { max: number; at: number } {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) max = depth;
      if (depth >= stop) return { max, at: i };
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return { max, at: s.length };
}

/** The deepest nesting of objects and arrays in JSON text. */
export const jsonDepth = (s: string): number => nesting(s).max;

/** Where the nesting first reaches `depth` (0-based index). */
const deepAt = (s: string, depth: number): number => nesting(s, depth).at;

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (const reader = stream.getReader(); ; ) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
