/**
 * `npm run bench -- --peer DIR`: any static page (RaftScope's folder, for one) measured by the same
 * harness in the same run as the lab, so that a reader can hold the two side by side on their own
 * machine without the project shipping the other page. The page is served from DIR on a free
 * loopback port and left to animate by itself: first contentful paint over a few fresh loads, the
 * frame intervals over a play window, and the JS heap after a forced GC at the start and end.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { newContext, recordFrames, summarize } from './render.ts';
import { type Spread, spread } from './stats.ts';

export interface PeerResult {
  dir: string;
  page: string;
  fcpMs: Spread;
  /** Share of frame intervals longer than 1.5 vsync periods. */
  overVsync: number;
  frameP95Ms: number;
  heapStartBytes: number;
  heapEndBytes: number;
}

/** The peer's entry: DIR itself when it is an HTML file, else DIR/index.html. */
export function peerEntry(dir: string): { root: string; page: string } {
  const abs = resolve(dir);
  if (!existsSync(abs)) throw new Error(`--peer ${dir}: no such file or folder`);
  if (statSync(abs).isFile()) {
    const slash = abs.lastIndexOf('/');
    return { root: abs.slice(0, slash), page: abs.slice(slash + 1) };
  }
  if (!existsSync(join(abs, 'index.html')))
    throw new Error(`--peer ${dir}: the folder has no index.html (give the page's file instead)`);
  return { root: abs, page: 'index.html' };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** A plain static server on 127.0.0.1 and a free port: no build tool's config is read for a foreign page. */
export function serveStatic(root: string): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      ok({ server, base: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` });
    }),
  );
}

/** First contentful paint of one cold load of `url` in a fresh context (NaN if none within 5 s). */
export async function coldFcp(browser: Browser, url: string): Promise<number> {
  const ctx = await newContext(browser);
  try {
    const p = await ctx.newPage();
    await p.goto(url, { waitUntil: 'load' });
    return await p.evaluate(
      () =>
        new Promise<number>((res) => {
          const read = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
          const now = read();
          if (now !== undefined) return res(now);
          new PerformanceObserver(() => res(read() ?? Number.NaN)).observe({ type: 'paint' });
          setTimeout(() => res(Number.NaN), 5000);
        }),
    );
  } finally {
    await ctx.close();
  }
}

export async function runPeer(
  browser: Browser,
  dir: string,
  seconds: number,
  log: (s: string) => void,
): Promise<PeerResult> {
  const { root, page } = peerEntry(dir);
  const { server, base } = await serveStatic(root);
  const url = `${base}/${page}`;
  try {
    const fcp: number[] = [];
    for (let i = 0; i < 5; i++) fcp.push(await coldFcp(browser, url));
    const ctx = await newContext(browser);
    const p = await ctx.newPage();
    await p.goto(url, { waitUntil: 'load' });
    const heap = () =>
      p.evaluate(() => {
        (window as unknown as { gc?: () => void }).gc?.();
        return (
          (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0
        );
      });
    const heapStartBytes = await heap();
    const f = summarize(`peer ${page}`, page, 1, 0, seconds, await recordFrames(p, seconds, false));
    const heapEndBytes = await heap();
    await ctx.close();
    const result = {
      dir,
      page,
      fcpMs: spread(fcp),
      overVsync: f.frames ? f.droppedFrames / f.frames : Number.NaN,
      frameP95Ms: f.frameMs.p95,
      heapStartBytes,
      heapEndBytes,
    };
    log(
      `  peer ${dir}: first contentful paint ${result.fcpMs.median.toFixed(0)} ms, ${(result.overVsync * 100).toFixed(1)} % of frames over one vsync, heap ${(heapEndBytes / 1e6).toFixed(1)} MB`,
    );
    return result;
  } finally {
    await new Promise<void>((res) => server.close(() => res()));
  }
}
