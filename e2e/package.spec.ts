import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { expect, test } from './helpers.ts';

/**
 * The npm package as a user gets it: `npm pack` (after the build), installed from the tarball into
 * a new project, then used the way docs sites use it: the React component rendered to a string in
 * Node with no `window` (Docusaurus renders MDX at build time), the types resolved through
 * `exports`, and the custom element loaded from the installed package in Chromium, where it plays.
 * Everything lives in one temporary folder, removed at the end; the page is served by a static
 * server on 127.0.0.1 on a free port, closed at the end.
 */

const repo = resolve('.');
const mods = join(repo, 'node_modules');
let dir = '';
let server: Server | null = null;
let origin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lel-package-'));
  const packed = join(dir, 'packed');
  mkdirSync(packed);
  execFileSync('npm', ['pack', '--silent', '--pack-destination', packed], { cwd: repo, stdio: 'pipe' });
  const tarball = readdirSync(packed).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  const app = join(dir, 'app');
  mkdirSync(app);
  // React, react-dom and React's types come from this checkout (the host's own copies); the package
  // itself from the tarball. --offline: nothing is fetched.
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'docs-site',
      private: true,
      type: 'module',
      dependencies: {
        'leader-election-lab': `file:${join(packed, tarball)}`,
        react: `file:${join(mods, 'react')}`,
        'react-dom': `file:${join(mods, 'react-dom')}`,
        '@types/react': `file:${join(mods, '@types/react')}`,
      },
    }),
  );
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--silent'], {
    cwd: app,
    stdio: 'pipe',
  });
});

test.afterAll(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the tarball holds the two builds and their types, and nothing of the app', () => {
  const pkg = join(dir, 'app', 'node_modules', 'leader-election-lab');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else
        files.push(
          p
            .slice(pkg.length + 1)
            .split(sep)
            .join('/'),
        );
    }
  };
  walk(pkg);
  expect(files).toContain('dist/embed/leader-election-player.js');
  expect(files).toContain('dist/embed/leader-election-player-react.js');
  expect(files).toContain('src/embed/types/react.d.ts');
  // Besides the builds and the types, only what npm always packs.
  const others = files.filter((f) => !f.startsWith('dist/embed/') && !f.startsWith('src/embed/types/'));
  expect(others.filter((f) => f !== 'package.json' && f !== 'README.md')).toEqual([]);
  expect(files.some((f) => f.startsWith('src/sim/') || f.startsWith('dist/assets/'))).toBe(false);
  // Installing it pulled in nothing: the builds are self-contained, react is the host's (peer).
  const installed = readdirSync(join(dir, 'app', 'node_modules')).filter((f) => !f.startsWith('.'));
  expect(installed.sort()).toEqual(['@types', 'leader-election-lab', 'react', 'react-dom']);
});

test('Docusaurus case: the React component renders to a string in Node, with no window', () => {
  const script = `
    import { createElement } from 'react';
    import { renderToString } from 'react-dom/server';
    import { LeaderElectionPlayer } from 'leader-election-lab/react';
    if (typeof window !== 'undefined' || typeof document !== 'undefined') throw new Error('a DOM in Node');
    process.stdout.write(renderToString(createElement(LeaderElectionPlayer, { scenario: 'fencing-token', step: 3, className: 'docs-player' })));
  `;
  const html = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(dir, 'app'),
    encoding: 'utf8',
  });
  expect(html).toContain('docs-player');
  expect(html).toMatch(/^<div[^>]*>/);
});

test('every entry of exports imports in Node (a docs build imports the element too)', () => {
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  const entries = Object.keys(pkg.exports).map((k) => `leader-election-lab${k.slice(1)}`);
  expect(entries).toEqual([
    'leader-election-lab',
    'leader-election-lab/element',
    'leader-election-lab/react',
    'leader-election-lab/package.json',
  ]);
  // Each entry imported on its own, by a fresh Node: no window, no HTMLElement, no customElements.
  for (const entry of entries) {
    const script = `
      if (typeof HTMLElement !== 'undefined' || typeof customElements !== 'undefined') throw new Error('a DOM in Node');
      const m = await import(${JSON.stringify(entry)}${entry.endsWith('.json') ? ", { with: { type: 'json' } }" : ''});
      process.stdout.write(JSON.stringify(Object.keys(m).sort()));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: join(dir, 'app'),
      encoding: 'utf8',
    });
    expect(JSON.parse(out).length, entry).toBeGreaterThan(0);
  }
  // The element's entry still names the element and its registration (a no-op without a registry).
  const names = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { TAG, defineLeaderElectionPlayer } from 'leader-election-lab/element'; defineLeaderElectionPlayer(); process.stdout.write(TAG);`,
    ],
    { cwd: join(dir, 'app'), encoding: 'utf8' },
  );
  expect(names).toBe('leader-election-player');
});

test('the types resolve through exports and type-check a host’s use of both entries', () => {
  const app = join(dir, 'app');
  writeFileSync(
    join(app, 'use.tsx'),
    `import { LeaderElectionPlayer, type LeaderElectionPlayerProps } from 'leader-election-lab/react';
import type { LeaderElectionPlayerElement } from 'leader-election-lab/element';
const props: LeaderElectionPlayerProps = { scenario: 'bully', step: 2, autoplay: true, onReady: (s) => s.getState().play() };
export const el = <LeaderElectionPlayer {...props} />;
export function drive(e: LeaderElectionPlayerElement) { e.seek(3); e.addEventListener('step', (ev) => ev.detail.step); }
`,
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        jsx: 'react-jsx',
        module: 'esnext',
        moduleResolution: 'bundler',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        skipLibCheck: false,
        types: [],
      },
      files: ['use.tsx'],
    }),
  );
  execFileSync(process.execPath, [join(mods, 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
    cwd: app,
    stdio: 'pipe',
  });
  // And a wrong prop is refused, so the check above can fail.
  writeFileSync(
    join(app, 'use.tsx'),
    `import { LeaderElectionPlayer } from 'leader-election-lab/react';\nexport const el = <LeaderElectionPlayer step="two" />;\n`,
  );
  expect(() =>
    execFileSync(process.execPath, [join(mods, 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
      cwd: app,
      stdio: 'pipe',
    }),
  ).toThrow();
});

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

test('the custom element from the installed package plays in Chromium', async ({ page }) => {
  const root = join(dir, 'app');
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docs</title>
<script type="module" src="/node_modules/leader-election-lab/dist/embed/leader-election-player.js"></script></head>
<body><h1>Docs page</h1><leader-election-player id="p" scenario="bully" controls="full" speed="4"></leader-election-player></body></html>`,
  );
  server = createServer((req, res) => {
    const path = resolve(root, `.${decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)}`);
    const file = path.endsWith(sep) || path === root ? join(path, 'index.html') : path;
    if (!file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', () => done()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${origin}/`);
  const player = page.locator('#p');
  await expect(player.locator('[data-node]').first()).toBeVisible();
  const ready = page.evaluate(
    () =>
      new Promise<number>((done) =>
        document
          .getElementById('p')
          ?.addEventListener('step', (e) => done((e as CustomEvent<{ step: number }>).detail.step), {
            once: true,
          }),
      ),
  );
  await page.evaluate(() => (document.getElementById('p') as HTMLElement & { play(): void }).play());
  expect(await ready).toBeGreaterThan(0);
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect(errors).toEqual([]);
});
