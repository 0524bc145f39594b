import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The modules a file loads when it runs: its imports and re-exports, but not `import type` (erased).
 * A static read of the source, the way the bundler sees the graph, without running anything.
 */
function runtimeImports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
    if (m[1]) continue;
    out.push(m[2] as string);
  }
  for (const m of src.matchAll(/^import\s+'([^']+)';/gm)) out.push(m[1] as string);
  return out;
}

/** Every module reachable from `entry`: project files by path, packages by name. */
function reach(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [resolve(entry)];
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith('.')) todo.push(resolve(dirname(file), spec));
      else seen.add(spec);
    }
  }
  return seen;
}

describe('the declarations load no simulator (what the first view imports)', () => {
  const reached = [...reach('src/sim/algorithms/registry.ts')];

  it('reach no machine, no runtime and no XState', () => {
    const offending = reached.filter(
      (m) =>
        m === 'xstate' ||
        /\/(machine|runtime|runtimes|machineProcess)\.ts$/.test(m) ||
        m.endsWith('/simulate.ts'),
    );
    expect(offending).toEqual([]);
  });

  it('the guard sees what it should: the runtimes reach every machine and XState', () => {
    // The negative control: the same walk from runtimes.ts finds what the declarations must not load.
    const all = [...reach('src/sim/algorithms/runtimes.ts')];
    expect(all).toContain('xstate');
    expect(all.filter((m) => m.endsWith('/machine.ts')).length).toBeGreaterThanOrEqual(11);
  });
});
