/**
 * The floors under two budgets, measured in the same run as the lab, so that a miss can be read
 * against what no change to the app's code could take away on this machine:
 * - paint: first contentful paint of the built index.html, of the same document with every script
 *   taken out (the picture and its stylesheets, nothing of the app), and of a blank page, loaded cold
 *   and interleaved on one plain static server (load from other work hits the three alike). What the
 *   lab pays over the scriptless document is its own; the rest is the document and the machine.
 * - renderer: React, React DOM's client and the JSX runtime bundled by themselves, minified, gzip -9:
 *   the part of the first view's JavaScript that any React app's first view carries.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { build, type Rolldown } from 'vite';
import { coldFcp, serveStatic } from './peer.ts';
import { type Spread, spread } from './stats.ts';

export interface PaintFloor {
  loads: number;
  /** The built index.html as it is served. */
  lab: Spread;
  /** The same document with every script removed. */
  noScript: Spread;
  /** One paragraph, no stylesheet. */
  blank: Spread;
}

/** index.html without its scripts: every `<script src>` and module preload goes; data blocks stay. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*\bsrc=[^>]*>\s*<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, '');
}

export async function paintFloor(browser: Browser, dist: string, loads = 5): Promise<PaintFloor> {
  const dir = mkdtempSync(join(tmpdir(), 'lel-floor-'));
  try {
    // The build's files by link, so the scriptless copy fetches the same stylesheets and icons.
    for (const e of readdirSync(dist)) if (e !== 'index.html') symlinkSync(resolve(dist, e), join(dir, e));
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const pages = { lab: 'index.html', noScript: 'no-script.html', blank: 'blank.html' } as const;
    writeFileSync(join(dir, pages.lab), html);
    writeFileSync(join(dir, pages.noScript), withoutScripts(html));
    writeFileSync(
      join(dir, pages.blank),
      '<!doctype html><html lang="en"><meta charset="utf-8"><title>blank</title><p>Leader Election Lab</p>',
    );
    const { server, base } = await serveStatic(dir);
    try {
      const keys = Object.keys(pages) as Array<keyof typeof pages>;
      const got = { lab: [] as number[], noScript: [] as number[], blank: [] as number[] };
      for (let i = 0; i < loads; i++)
        for (const k of i % 2 ? [...keys].reverse() : keys)
          got[k].push(await coldFcp(browser, `${base}/${pages[k]}`));
      return { loads, lab: spread(got.lab), noScript: spread(got.noScript), blank: spread(got.blank) };
    } finally {
      await new Promise<void>((res) => server.close(() => res()));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const RENDERER = '\0bench-renderer';

/** gzip -9 bytes of React, React DOM's client and the JSX runtime, bundled alone as the app's build would. */
export async function rendererGzip(root: string): Promise<number> {
  const out = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    plugins: [
      {
        name: 'bench-renderer',
        resolveId: (id) => (id === RENDERER ? id : null),
        // Every export kept: what an app uses of them is most of them (hooks, the root, the runtime).
        load: (id) =>
          id === RENDERER
            ? "import * as a from 'react'; import * as b from 'react-dom/client'; import * as c from 'react/jsx-runtime'; globalThis.__renderer = [a, b, c];"
            : null,
      },
    ],
    build: { write: false, target: 'es2022', minify: true, rollupOptions: { input: RENDERER } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output);
  return chunks.reduce((a, c) => a + (c.type === 'chunk' ? gzipSync(c.code, { level: 9 }).length : 0), 0);
}
