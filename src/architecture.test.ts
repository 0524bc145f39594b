/**
 * The house's rules, read off the import graph of src/ and scenarios/ (docs/architecture.md, "Layers"):
 * - no import circle, static or dynamic (type-only imports are erased and do not count);
 * - src/sim is the framework-free core: its code imports only src/sim and src/lib;
 * - src/i18n sits below the UI: it imports nothing from src/sandbox, src/app, src/views or src/player.
 * Test files may reach up (a simulator test runs the scenarios); code may not.
 *
 * And the wiring the import graph does not show: five process-wide registries let the first view open
 * without the simulator, the catalogue, the link decoder, the later English and every declaration
 * (each is filled by a loader's dynamic import in the app, or by an entry's static install). Every
 * place that fills one is listed in INSTALLS with why; a new one fails until it is listed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

interface Edge {
  readonly to: string;
  /** `import type` / `export type`: erased by the compiler, so it cannot make a circle at run time. */
  readonly typeOnly: boolean;
}
type Graph = ReadonlyMap<string, readonly Edge[]>;

const isTest = (f: string) => /\.test\.tsx?$/.test(f);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of one file, resolved to repository paths (packages are not the house's). */
function importsOf(file: string, text: string): Edge[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: Edge[] = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[2] ?? m[3];
    if (!spec?.startsWith('.')) continue;
    let p = resolve(dirname(join(root, file)), spec);
    if (!existsSync(p)) p = ['.ts', '.tsx', '/index.ts'].map((e) => p + e).find(existsSync) ?? p;
    out.push({ to: relative(root, p), typeOnly: m[1] !== undefined });
  }
  return out;
}

function houseGraph(): Graph {
  const files = [...sources(join(root, 'src')), ...sources(join(root, 'scenarios'))];
  return new Map(
    files.map((f) => {
      const file = relative(root, f);
      return [file, importsOf(file, readFileSync(f, 'utf8'))];
    }),
  );
}

/** Every strongly connected set of more than one file over value imports (Tarjan), each sorted. */
function circles(g: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const { to, typeOnly } of g.get(v) ?? []) {
      if (typeOnly || !g.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v) as number, index.get(to) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const set: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      set.push(w);
    } while (w !== v);
    const self = (g.get(v) ?? []).some((e) => e.to === v && !e.typeOnly);
    if (set.length > 1 || self) found.push(set.sort());
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** A layer's rule: code under `from` may not import anything the predicate refuses. */
interface Rule {
  readonly name: string;
  readonly from: string;
  readonly allows: (to: string) => boolean;
}

const RULES: readonly Rule[] = [
  {
    name: 'src/sim imports only src/sim and src/lib',
    from: 'src/sim/',
    allows: (to) => to.startsWith('src/sim/') || to.startsWith('src/lib/'),
  },
  {
    name: 'src/i18n imports nothing from sandbox, app, views or player',
    from: 'src/i18n/',
    allows: (to) => !/^src\/(sandbox|app|views|player)\//.test(to),
  },
];

/** `file -> import` for every import of non-test code that breaks a rule. */
function layerBreaks(g: Graph, rules: readonly Rule[] = RULES): string[] {
  const out: string[] = [];
  for (const [file, edges] of g) {
    if (isTest(file)) continue;
    for (const r of rules)
      if (file.startsWith(r.from))
        for (const e of edges) if (!r.allows(e.to)) out.push(`${r.name}: ${file} -> ${e.to}`);
  }
  return out;
}

describe('the import graph', () => {
  const g = houseGraph();

  it('reads the house (every file, and the imports of a known one)', () => {
    expect(g.size).toBeGreaterThan(400);
    expect(g.get('src/sim/simulate.ts')?.map((e) => e.to)).toContain('src/sim/faults/table.ts');
  });

  it('has no import circle', () => {
    expect(circles(g)).toEqual([]);
  });

  it('keeps each layer below the ones that use it', () => {
    expect(layerBreaks(g)).toEqual([]);
  });

  it('finds a circle, a dynamic import in it, and ignores one closed by a type', () => {
    const e = (to: string, typeOnly = false): Edge => ({ to, typeOnly });
    const withCircle: Graph = new Map([
      ['a.ts', [e('b.ts')]],
      ['b.ts', [e('c.ts')]],
      ['c.ts', [e('a.ts')]],
      ['d.ts', [e('a.ts')]],
    ]);
    expect(circles(withCircle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const dynamic = importsOf('src/x.ts', "const m = await import('./sim/simulate.ts');");
    expect(dynamic).toEqual([{ to: 'src/sim/simulate.ts', typeOnly: false }]);
    const typeClosed: Graph = new Map([
      ['a.ts', [e('b.ts')]],
      ['b.ts', [e('a.ts', true)]],
    ]);
    expect(circles(typeClosed)).toEqual([]);
  });

  it('finds an upward import from the core and from the strings, but not from a test', () => {
    const up: Graph = new Map([
      ['src/sim/a.ts', importsOf('src/sim/a.ts', "import { usePlayer } from '../player/store.ts';")],
      ['src/i18n/b.ts', importsOf('src/i18n/b.ts', "import type { X } from '../views/story.ts';")],
      [
        'src/sim/a.test.ts',
        importsOf('src/sim/a.test.ts', "import { scenarios } from '../../scenarios/index.ts';"),
      ],
    ]);
    expect(layerBreaks(up)).toEqual([
      'src/sim imports only src/sim and src/lib: src/sim/a.ts -> src/player/store.ts',
      'src/i18n imports nothing from sandbox, app, views or player: src/i18n/b.ts -> src/views/story.ts',
    ]);
  });
});

/** Registry -> the modules that fill it, and why (docs/architecture.md, "Layers"). */
const INSTALLS: Record<string, Record<string, string>> = {
  declare: {
    'src/sim/algorithms/registry.ts': 'every declaration, wherever the registry is imported',
    'src/app/boot/declaration.ts': "the first view's own story's declaration, before the registry's chunk",
  },
  installScenarios: {
    'src/app/boot/scenarioList.ts': "the page's catalogue, from its chunk (a dynamic import)",
    'src/app/prerender/firstView.tsx': 'the build-time first view (static)',
    'src/embed/EmbedApp.tsx': 'the embed entries (static)',
    'src/testing/setup.ts': 'the unit tests (static)',
  },
  installDecoder: {
    'src/app/link/decoderChunk.ts':
      "the page's link decoder, from its chunk (a dynamic import, app entry only)",
    'src/embed/EmbedApp.tsx': 'the embed entries (static)',
    'src/testing/setup.ts': 'the unit tests (static)',
  },
  installEnglishLater: {
    'src/i18n/index.ts': 'the English the first frame does not show, from its chunk (a dynamic import)',
    'src/embed/EmbedApp.tsx': 'the embed entries (static)',
    'src/testing/setup.ts': 'the unit tests (static)',
  },
  installSimulator: {
    'src/app/prerender/firstView.tsx': 'the build-time first view (the page simulates in its worker)',
    'src/app/prerender/linkViews.tsx': "the build-time pictures of every story link's steps",
    'src/embed/element.tsx': 'the custom element (simulates on the page)',
    'src/embed/react.tsx': 'the React component (simulates on the page)',
    'src/testing/setup.ts': 'the unit tests (static)',
  },
};

/** Registry -> the non-test modules that call its install function. */
function installSites(files: ReadonlyMap<string, string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name of Object.keys(INSTALLS)) out[name] = [];
  const call = new RegExp(`\\b(${Object.keys(INSTALLS).join('|')})\\(`, 'g');
  for (const [file, text] of files) {
    if (isTest(file)) continue;
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const m of code.matchAll(call)) {
      const before = code.slice(Math.max(0, (m.index ?? 0) - 16), m.index);
      if (/function\s+$/.test(before)) continue; // the registry's own definition
      const list = out[m[1] as string] as string[];
      if (!list.includes(file)) list.push(file);
    }
  }
  for (const list of Object.values(out)) list.sort();
  return out;
}

describe('the registries the import graph does not show', () => {
  const files = new Map(
    [...sources(join(root, 'src')), ...sources(join(root, 'scenarios'))].map(
      (f) => [relative(root, f), readFileSync(f, 'utf8')] as const,
    ),
  );

  it('are filled only where INSTALLS says, each place with its reason', () => {
    const listed = Object.fromEntries(
      Object.entries(INSTALLS).map(([name, sites]) => [name, Object.keys(sites).sort()]),
    );
    expect(installSites(files)).toEqual(listed);
  });

  it('finds a new place that fills one', () => {
    const more = new Map(files);
    more.set(
      'src/views/Sneaky.tsx',
      "import { installSimulator } from '../player/simulator.ts';\ninstallSimulator(x);",
    );
    expect(installSites(more).installSimulator).toContain('src/views/Sneaky.tsx');
  });
});
