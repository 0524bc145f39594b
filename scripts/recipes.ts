/**
 * The two recipes of docs/architecture.md, proved by removal: for an existing fault kind
 * (`clock-drift`) and an existing algorithm (`gossip`), take out each place the recipe names, one at a
 * time, in a scratch worktree of HEAD, and see what catches it: the compiler, or a test of behaviour
 * (the test files the recipe says guard that place). A removal nothing catches is a place the recipe
 * need not name, or a hole in the tests: the script says so and exits 1.
 *
 *   npx tsx scripts/recipes.ts            (about 5 minutes on 2 cores; not part of npm test)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

interface Removal {
  recipe: 'fault kind' | 'algorithm';
  /** What the recipe calls the place. */
  place: string;
  file: string;
  /** The lines to take out: from the first line matching `from` through the first line matching `to` (or that line alone). */
  from: RegExp;
  to?: RegExp;
  /** Every match in the file, not only the first (a string that appears in several lists). */
  all?: boolean;
  /** The behaviour tests that guard it (run when the change still compiles). */
  tests: string[];
}

const catalogTests = ['src/i18n/catalogs.test.ts', 'src/i18n/sandbox.catalogs.test.ts'];

const removals: Removal[] = [
  // A fault kind: clock-drift.
  {
    recipe: 'fault kind',
    place: 'its shape in SHAPES',
    file: 'src/sim/faults/table.ts',
    from: /^ {2}'clock-drift': \{ node: host/,
    tests: [],
  },
  {
    recipe: 'fault kind',
    place: 'its entry in FAULTS',
    file: 'src/sim/faults/table.ts',
    from: /^ {2}'clock-drift': \{$/,
    to: /^ {2}\},$/,
    tests: [],
  },
  ...(['en', 'pt', 'ru'] as const).map(
    (l): Removal => ({
      recipe: 'fault kind',
      place: `log.fault.clock-drift in ${l}.narration.ts`,
      file: `src/i18n/${l}.narration.ts`,
      from: /^ {2}'log\.fault\.clock-drift':/,
      tests: catalogTests,
    }),
  ),
  ...(['en', 'pt', 'ru'] as const).map(
    (l): Removal => ({
      recipe: 'fault kind',
      place: `fault.clock-drift in ${l}.sandbox.ts`,
      file: `src/i18n/${l}.sandbox.ts`,
      from: /^ {2}'fault\.clock-drift':/,
      tests: catalogTests,
    }),
  ),
  {
    recipe: 'fault kind',
    place: 'its chaos maker',
    file: 'src/sim/chaos/schedule.ts',
    from: /^ {2}drift: \(f, c\) => \(\{$/,
    to: /^ {2}\}\),$/,
    tests: [],
  },
  {
    recipe: 'fault kind',
    place: 'its chaos draw (genKinds)',
    file: 'src/sim/chaos/schedule.ts',
    from: /^ {2}'drift',$/,
    tests: ['src/sim/chaos/chaos.test.ts'],
  },
  {
    recipe: 'fault kind',
    place: 'its links in the compatibility corpus',
    file: 'src/compat/corpus/links.json',
    from: /,clock-drift,/,
    all: true,
    tests: ['src/compat/corpus.test.ts'],
  },
  // An algorithm: gossip.
  {
    recipe: 'algorithm',
    place: 'its line in registry.ts',
    file: 'src/sim/algorithms/registry.ts',
    from: /^ {2}gossip,$/,
    tests: ['src/sim/algorithms/registry.test.ts'],
  },
  {
    recipe: 'algorithm',
    place: 'its line in runtimes.ts',
    file: 'src/sim/algorithms/runtimes.ts',
    from: /^ {2}gossip: gossipRuntime,$/,
    tests: ['src/sim/algorithms/registry.test.ts'],
  },
  {
    recipe: 'algorithm',
    place: 'its declaration (index.ts)',
    file: 'src/sim/algorithms/gossip/index.ts',
    from: /^export const gossip/,
    to: /^\};?$/,
    tests: [],
  },
  {
    recipe: 'algorithm',
    place: 'its machine (machine.ts)',
    file: 'src/sim/algorithms/gossip/machine.ts',
    from: /^export const gossipMachine/,
    to: /^\}\);$/,
    tests: [],
  },
  {
    recipe: 'algorithm',
    place: 'its hosts (runtime.ts)',
    file: 'src/sim/algorithms/gossip/runtime.ts',
    from: /^export const gossipRuntime/,
    to: /^\};$/,
    tests: [],
  },
  ...(['en', 'pt', 'ru'] as const).map(
    (l): Removal => ({
      recipe: 'algorithm',
      place: `sandbox.preset.gossip in ${l}.sandbox.ts`,
      file: `src/i18n/${l}.sandbox.ts`,
      from: /^ {2}'sandbox\.preset\.gossip':/,
      tests: [...catalogTests, 'src/sim/algorithms/registry.test.ts'],
    }),
  ),
  ...(['pt', 'ru'] as const).map(
    (l): Removal => ({
      recipe: 'algorithm',
      place: `a knob's doc (gossip.fanout) in knobs.${l}.ts`,
      file: `src/i18n/knobs.${l}.ts`,
      from: /^ {2}'gossip\.fanout':/,
      tests: catalogTests,
    }),
  ),
  ...(['pt', 'ru'] as const).map(
    (l): Removal => ({
      recipe: 'algorithm',
      place: `a rule's message (gossip.suspect-over-rounds) in knobs.${l}.ts`,
      file: `src/i18n/knobs.${l}.ts`,
      from: /^ {2}'gossip\.suspect-over-rounds':/,
      tests: catalogTests,
    }),
  ),
];

/** The file without the removal's lines (a value continued on the next line goes with its key). */
function remove(text: string, r: Removal): string | null {
  const lines = text.split('\n');
  const out: string[] = [];
  let removed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if ((!removed || r.all) && r.from.test(line)) {
      removed = true;
      if (r.to) {
        while (i < lines.length && !(r.to as RegExp).test(lines[i] as string)) i++;
      } else if (/:\s*$/.test(line)) i++; // a key whose string is on the next line
      if (r.file.endsWith('.json')) {
        // A corpus entry is a whole object of the links list: drop it from its opening brace.
        while (out.length > 0 && !/^ {4}\{$/.test(out.at(-1) as string)) out.pop();
        out.pop();
        while (i < lines.length && !/^ {4}\},?$/.test(lines[i] as string)) i++;
      }
      continue;
    }
    out.push(line);
  }
  if (!removed) return null;
  let joined = out.join('\n');
  if (r.file.endsWith('.json')) joined = joined.replace(/\},\n(\s*)\]/g, '}\n$1]');
  return joined;
}

function run(cmd: string, args: string[], cwd: string): { ok: boolean; out: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, SKIP_ETCD: '1' } });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes of the runners' output
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}`.replace(/\x1b\[[0-9;]*m/g, '') };
}

const work = mkdtempSync(join(tmpdir(), 'recipes-'));
const tree = join(work, 'tree');
execFileSync('git', ['worktree', 'add', '--detach', tree, 'HEAD'], { cwd: root, stdio: 'ignore' });
symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
const cleanUp = () => {
  execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
  rmSync(work, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
let holes = 0;
try {
  for (const r of removals) {
    const path = join(tree, r.file);
    const before = readFileSync(path, 'utf8');
    const after = remove(before, r);
    if (after === null) {
      console.log(`${r.recipe}: ${r.place} (${r.file}): NOT FOUND, the script is out of date`);
      holes++;
      continue;
    }
    writeFileSync(path, after);
    let caught: string;
    const tsc = run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], tree);
    if (!tsc.ok) {
      const first = /error (TS\d+)/.exec(tsc.out)?.[1] ?? 'an error';
      caught = `does not compile (${first})`;
    } else if (r.tests.length > 0) {
      const t = run('npx', ['vitest', 'run', ...r.tests], tree);
      const failed = [...t.out.matchAll(/FAIL\s+(\S+\.test\.tsx?) > (.+)/g)].map((m) => `${m[1]} "${m[2]}"`);
      caught = t.ok ? 'NOTHING CAUGHT IT' : `fails ${[...new Set(failed)].join('; ') || 'a test'}`;
    } else caught = 'NOTHING CAUGHT IT';
    if (caught === 'NOTHING CAUGHT IT') holes++;
    console.log(`${r.recipe}: ${r.place} (${r.file}): ${caught}`);
    writeFileSync(path, before);
  }
} finally {
  cleanUp();
}
console.log(holes === 0 ? 'every removal was caught' : `${holes} removal(s) not caught`);
process.exit(holes === 0 ? 0 : 1);
