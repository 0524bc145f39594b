/**
 * Weight: gzip -9 sizes of the JS and CSS the first view loads, read from dist/index.html (entry
 * script, module preloads, stylesheets, classic scripts), plus any other JS/CSS the browser fetched
 * on the first view (lazy chunks the page fetched before its first drawn cluster), and the embed
 * build: every .js and .css under dist/embed/ (vite.embed.config.ts), when it has been built.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileWeight {
  file: string;
  bytes: number;
  gzip: number;
}

export interface WeightResults {
  firstView: {
    js: FileWeight[];
    css: FileWeight[];
    jsGzip: number;
    cssGzip: number;
    jsBytes: number;
    cssBytes: number;
    /** React, React DOM's client and the JSX runtime bundled alone (floor.ts), when weighed. */
    rendererGzip?: number;
  };
  embed:
    | { available: false; reason: string }
    | { available: true; files: FileWeight[]; gzip: number; bytes: number; jsGzip: number; cssGzip: number };
}

function weigh(dist: string, file: string): FileWeight {
  const buf = readFileSync(join(dist, file));
  return { file, bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

/** Files index.html pulls in, relative to dist/. */
export function filesOfIndex(html: string): string[] {
  const out: string[] = [];
  const tag = /<(script|link)\b[^>]*>/gi;
  for (const m of html.matchAll(tag)) {
    const t = m[0];
    const isScript = m[1]?.toLowerCase() === 'script';
    const rel = /\brel=["']?([^"'\s>]+)/i.exec(t)?.[1]?.toLowerCase();
    if (!isScript && rel !== 'stylesheet' && rel !== 'modulepreload') continue;
    const url = (isScript ? /\bsrc=["']([^"']+)["']/i : /\bhref=["']([^"']+)["']/i).exec(t)?.[1];
    if (!url || /^[a-z]+:/i.test(url) || url.startsWith('//')) continue;
    out.push(normalize(url.replace(/^\.?\//, '')).replace(/\\/g, '/'));
  }
  return out;
}

export function runWeight(root: string, observed: readonly string[] = []): WeightResults {
  const dist = join(root, 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...new Set([...filesOfIndex(html), ...observed])].filter((f) => existsSync(join(dist, f)));
  const js = files.filter((f) => f.endsWith('.js')).map((f) => weigh(dist, f));
  const css = files.filter((f) => f.endsWith('.css')).map((f) => weigh(dist, f));
  const sum = (xs: FileWeight[], k: 'gzip' | 'bytes') => xs.reduce((a, x) => a + x[k], 0);
  return {
    firstView: {
      js,
      css,
      jsGzip: sum(js, 'gzip'),
      cssGzip: sum(css, 'gzip'),
      jsBytes: sum(js, 'bytes'),
      cssBytes: sum(css, 'bytes'),
    },
    embed: weighEmbed(dist),
  };
}

/** Files under dir (recursively), relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f), `${prefix}${f}/`) : [`${prefix}${f}`],
  );
}

/** The embed build's JS and CSS (dist/embed/), or why there is none. */
export function weighEmbed(dist: string): WeightResults['embed'] {
  const dir = join(dist, 'embed');
  if (!existsSync(dir)) return { available: false, reason: 'no embed build (no dist/embed/)' };
  const files = filesUnder(dir)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => weigh(dist, `embed/${f}`));
  if (!files.length) return { available: false, reason: 'no embed build (no .js or .css in dist/embed/)' };
  const sum = (xs: FileWeight[], k: 'gzip' | 'bytes') => xs.reduce((a, x) => a + x[k], 0);
  return {
    available: true,
    files,
    gzip: sum(files, 'gzip'),
    bytes: sum(files, 'bytes'),
    jsGzip: sum(
      files.filter((f) => f.file.endsWith('.js')),
      'gzip',
    ),
    cssGzip: sum(
      files.filter((f) => f.file.endsWith('.css')),
      'gzip',
    ),
  };
}
