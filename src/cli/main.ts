import { scenarios } from '../../scenarios/index.ts';
import { tIn } from '../i18n/index.ts';
import type { RunBudget } from '../sim/inputs.ts';
import { replayedStory } from '../sim/scenario/schedule.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import { parseStoryFile, STORY_LANGS, type StoryLang } from '../sim/scenario/storyFile.ts';
import { hostIdsOf, simulate } from '../sim/simulate.ts';
import { type CliSummary, cliSummary, type ToldStep } from '../sim/trace/cliSummary.ts';
import { deriveSteps } from '../sim/trace/derive.ts';
import { toMermaid } from '../sim/trace/mermaid.ts';
import { toText } from '../sim/trace/text.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { badInputLine, parseArgs, UsageError, usage } from './args.ts';
import { readStoryFile } from './storyFile.ts';

/** What the trace tells beyond the story's own steps (src/sim/trace/derive.ts), in English like the rest of the CLI. */
export function toldSteps(trace: Trace, scenario?: Scenario): ToldStep[] {
  return deriveSteps(trace, scenario).map((d) => ({
    atMs: d.atMs,
    id: d.id,
    caption: tIn('en', d.key, d.vars),
    after: d.after,
  }));
}

/** The json document the CLI prints for a trace. */
export function cliDocument(trace: Trace, scenario?: Scenario): CliSummary {
  return cliSummary(trace, scenario, toldSteps(trace, scenario));
}

/** `npm run -s sim -- <id> ...`: one document on stdout, exit 0; bad input: one line on stderr, exit 2. */
/** `budget`: the run's (SimOptions.budget), for tests that make a run spend it; the default otherwise. */
export function run(
  argv: string[],
  opts: { budget?: Partial<RunBudget> } = {},
): { code: number; out: string; err: string } {
  try {
    // `--list`: every scenario id with its title, one per line, in catalogue order.
    if (argv.length === 1 && argv[0] === '--list')
      return { code: 0, out: scenarios.map((s) => `${s.id}\t${s.title}\n`).join(''), err: '' };
    // `--help` (or `-h`): the usage and every scenario id, on stdout (asked for, so not an error).
    if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h'))
      return { code: 0, out: `${usage}\nscenario ids: ${scenarios.map((s) => s.id).join(', ')}\n`, err: '' };
    // `--scenario-file FILE`: a story file (src/sim/scenario/storyFile.ts) in place of a scenario id.
    // `--lang en|pt|ru`: a story file's captions in that language (the file's own; the built-in
    // stories and the derived steps print in English).
    let lang: StoryLang | undefined;
    let rest = argv;
    const li = argv.indexOf('--lang');
    if (li >= 0) {
      const v = argv[li + 1] ?? '';
      if (!(STORY_LANGS as readonly string[]).includes(v))
        throw new UsageError(`--lang: "${v}" is not one of ${STORY_LANGS.join(', ')}`);
      lang = v as StoryLang;
      rest = [...argv.slice(0, li), ...argv.slice(li + 2)];
    }
    const at = rest.findIndex((x) => x === '--scenario-file' || x.startsWith('--scenario-file='));
    if (lang && at < 0) throw new UsageError('--lang applies to a story file (--scenario-file)');
    let pool = scenarios;
    let args = rest;
    if (at >= 0) {
      const flag = rest[at] as string;
      const path = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : rest[at + 1];
      if (!path) throw new UsageError('--scenario-file needs a file');
      const loaded = parseStoryFile(readStoryFile(path), path, {
        hostIdsOf: (sc) => hostIdsOf(sc),
        ...(lang ? { lang } : {}),
      });
      pool = [loaded.scenario];
      args = [...rest.slice(0, at), loaded.scenario.id, ...rest.slice(at + (flag.includes('=') ? 1 : 2))];
    }
    const parsed = parseArgs(args, pool, readStoryFile);
    // A schedule without the script (the explorer's replay command) is told from its trace, not by
    // the story's steps; with the script kept, the story's steps still fit it.
    const a =
      parsed.choices && parsed.withoutScript
        ? { ...parsed, scenario: replayedStory(parsed.scenario) }
        : parsed;
    const trace = simulate(a.scenario, {
      ...(a.seed !== undefined ? { seed: a.seed } : {}),
      ...(a.nodes !== undefined ? { nodes: a.nodes } : {}),
      ...(a.durationMs !== undefined ? { durationMs: a.durationMs } : {}),
      params: a.params,
      ...(a.faults.length > 0 ? { interventions: a.faults } : {}),
      ...(a.withoutScript ? { withoutScript: true } : {}),
      ...(a.choices ? { choices: a.choices } : {}),
      ...(opts.budget ? { budget: opts.budget } : {}),
    });
    const derived = toldSteps(trace, a.scenario);
    const out =
      a.format === 'json'
        ? `${JSON.stringify(cliSummary(trace, a.scenario, derived), null, 2)}\n`
        : a.format === 'text'
          ? toText(trace, a.scenario, { omitTypes: a.omitTypes, derived })
          : toMermaid(trace, a.scenario, { omitTypes: a.omitTypes });
    return { code: 0, out, err: '' };
  } catch (e) {
    const line = badInputLine('sim', e);
    if (line !== null) return { code: 2, out: '', err: line };
    throw e;
  }
}

const isMain = process.argv[1]?.replace(/\\/g, '/').endsWith('src/cli/main.ts');
if (isMain) {
  // A reader that closes early (`| head -1`) is not an error: stop quietly with status 0, as other
  // CLIs do, rather than die on the EPIPE with a stack.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
  const r = run(process.argv.slice(2));
  process.stdout.write(r.out);
  process.stderr.write(r.err);
  process.exitCode = r.code;
}
