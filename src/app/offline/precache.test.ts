import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { precacheFiles, precacheVersion, serviceWorkerSource } from './precache.ts';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function build(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'lel-precache-'));
  for (const [f, body] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), body);
  }
  return dir;
}

describe('the offline precache', () => {
  it('holds the app build, not the embed library, the examples or the worker itself', () => {
    const out = build({
      'index.html': '<html>',
      'assets/index-abc.js': 'x',
      'assets/pack.pt-def.js': 'y',
      'manifest.webmanifest': '{}',
      'sw.js': 'old',
      'embed/leader-election-player.js': 'e',
      'examples/index.html': 'ex',
    });
    expect(precacheFiles(out)).toEqual([
      'assets/index-abc.js',
      'assets/pack.pt-def.js',
      'index.html',
      'manifest.webmanifest',
    ]);
  });

  it('is a new version when any file changes, the same when nothing does', () => {
    const out = build({ 'index.html': '<html>', 'assets/a.js': 'one' });
    const files = precacheFiles(out);
    const v1 = precacheVersion(out, files);
    expect(precacheVersion(out, files)).toBe(v1);
    writeFileSync(join(out, 'assets/a.js'), 'two');
    expect(precacheVersion(out, files)).not.toBe(v1);
  });

  it('writes the worker with its version and the page itself first', () => {
    const src = serviceWorkerSource('/* body */', 'v1', ['index.html', 'assets/a.js']);
    expect(src).toContain('const VERSION = "v1";');
    expect(src).toContain('const FILES = ["./","./index.html","./assets/a.js"];');
    expect(src.trimEnd().endsWith('/* body */')).toBe(true);
  });
});
