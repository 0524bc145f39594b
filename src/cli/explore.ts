/**
 * `npm run -s explore -- <story or sandbox> [--algorithm id] [--nodes 3] [--faults K] [--losses L]
 * [--deviations D] [--horizon MS] [--pause MS] [--set k=v]... [--max-schedules N] [--time-limit S]
 * [--liveness MS] [--no-merge] [--reduce sound|coarse|off] [--no-reduce] [--out FILE]`: every schedule within the bounds (src/sim/explore), then one of
 * exit 0 (no violation within these bounds), 1 (a violation, shrunk, written as a `sim --choices`
 * command and a story file with its `choices`), 3 (stopped before the bounds were exhausted). Bad
 * input: one line on stderr, exit 2.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenarios } from '../../scenarios/index.ts';
import { type Bounds, type Counterexample, type ExploreInput, explore } from '../sim/explore/explore.ts';
import { MENU_KINDS, ttlMsOf } from '../sim/explore/menu.ts';
import type { ReduceMode } from '../sim/explore/reduce.ts';
import { scenarioParams } from '../sim/inputs.ts';
import { shown } from '../sim/rules.ts';
import { withFix } from '../sim/scenario/fix.ts';
import type { Fault } from '../sim/trace/events.ts';
import { badInputLine, parseArgs, UsageError } from './args.ts';

export const exploreUsage =
  'usage: npm run -s explore -- <scenario-id> [--algorithm ID] [--nodes N] [--faults K] [--losses L] [--deviations D] [--horizon MS] [--pause MS] [--menu crash,restart,pause,isolate,rejoin] [--set key=value]... [--max-schedules N] [--time-limit S] [--liveness MS] [--no-merge] [--reduce sound|coarse|off] [--no-reduce] [--out FILE]';

interface Flags {
  faults: number;
  losses: number;
  deviations: number;
  horizonMs?: number;
  pauseMs?: number;
  maxSchedules: number;
  timeLimitS: number;
  livenessMs?: number;
  out?: string;
  kinds?: Fault['kind'][];
  merge: boolean;
  reduce: ReduceMode;
}

function whole(flag: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined) throw new UsageError(`${flag} needs a value`);
  const v = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(v) || v < min || v > max)
    throw new UsageError(`${flag} expects a whole number from ${min} to ${max}, got ${shown(raw)}`);
  return v;
}

/** Splits off the explorer's own flags; the rest is the sim CLI's (story, --algorithm, --nodes, --set). */
function ownFlags(argv: string[]): { flags: Flags; rest: string[] } {
  // One of each by default: a search that answers within the 60 s a control should take on a 2-core
  // machine (docs/architecture.md, "Explore"); the minimum bounds of a control are --faults 2 --losses 1.
  const flags: Flags = {
    faults: 1,
    losses: 1,
    deviations: 1,
    maxSchedules: 1_000_000,
    timeLimitS: 60,
    merge: true,
    reduce: 'sound',
  };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const [flag, inline] = eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--faults':
        flags.faults = whole(flag, value(), 0, 4);
        break;
      case '--losses':
        flags.losses = whole(flag, value(), 0, 4);
        break;
      case '--deviations':
        flags.deviations = whole(flag, value(), 0, 4);
        break;
      case '--horizon':
        flags.horizonMs = whole(flag, value(), 1, 3_600_000);
        break;
      case '--pause':
        flags.pauseMs = whole(flag, value(), 1, 3_600_000);
        break;
      case '--max-schedules':
        flags.maxSchedules = whole(flag, value(), 1, 1e9);
        break;
      case '--time-limit':
        flags.timeLimitS = whole(flag, value(), 1, 86_400);
        break;
      case '--liveness':
        flags.livenessMs = whole(flag, value(), 1, 3_600_000);
        break;
      case '--menu': {
        const v = value() ?? '';
        const kinds = v.split(',').filter(Boolean);
        const bad = kinds.find((k) => !MENU_KINDS.includes(k as Fault['kind']));
        if (kinds.length === 0 || bad !== undefined)
          throw new UsageError(`--menu expects kinds among ${MENU_KINDS.join(',')}, got ${shown(v)}`);
        flags.kinds = kinds as Fault['kind'][];
        break;
      }
      case '--no-merge':
        if (inline !== undefined) throw new UsageError('--no-merge takes no value');
        flags.merge = false;
        break;
      case '--no-reduce':
        if (inline !== undefined) throw new UsageError('--no-reduce takes no value');
        flags.reduce = 'off';
        break;
      case '--reduce': {
        const v = value() ?? '';
        if (v !== 'sound' && v !== 'coarse' && v !== 'off')
          throw new UsageError(`--reduce expects sound, coarse or off, got ${shown(v)}`);
        flags.reduce = v;
        break;
      }
      case '--out': {
        const v = value();
        if (!v) throw new UsageError('--out needs a file');
        flags.out = v;
        break;
      }
      case '--seed':
      case '--duration':
      case '--fault':
      case '--choices':
      case '--no-script':
      case '--format':
      case '--omit':
      case '--scenario-file':
        throw new UsageError(`${flag} is a sim option; the explorer draws every schedule itself`);
      default:
        rest.push(a);
        if ((flag === '--set' || flag === '--algorithm' || flag === '--nodes') && inline === undefined) {
          const v = argv[++i];
          if (v !== undefined) rest.push(v);
        }
    }
  }
  return { flags, rest };
}

const q = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** What a file's steps say, in the three languages: the schedule, then the alarm. */
function storyFileOf(input: ExploreInput, id: string, c: Counterexample, sets: string[][]): unknown {
  const { scenario } = withFix(input.scenario, input.params);
  const faults = c.choices.faults?.length ?? 0;
  const draws = c.shrunk - faults;
  return {
    storyFile: 1,
    id: `${id}-explored`,
    title: {
      en: `${scenario.title}: a schedule the explorer found`,
      pt: `${scenario.title}: um escalonamento que o explorador encontrou`,
      ru: `${scenario.title}: расписание, найденное перебором`,
    },
    summary: {
      en: `${input.bounds.nodes} nodes, ${faults} fault(s) and ${draws} other choice(s) away from the seeded run lead to ${c.violation.kind}. Set by: ${sets.map((s) => s.join(' ')).join(' ') || 'defaults'}.`,
      pt: `${input.bounds.nodes} nós, ${faults} falha(s) e ${draws} outra(s) escolha(s) diferentes da execução com a semente levam a ${c.violation.kind}.`,
      ru: `Узлов: ${input.bounds.nodes}, сбоев: ${faults}, прочих отклонений от прогона с исходным seed: ${draws} — и получаем ${c.violation.kind}.`,
    },
    algorithm: scenario.algorithm,
    nodes: input.bounds.nodes,
    seed: scenario.seed,
    durationMs: c.atMs + 1,
    params: scenarioParams(input.scenario, input.params),
    faults: [],
    steps: [
      {
        id: 'schedule',
        anchor: { k: 'start' },
        caption: {
          en: 'A schedule the explorer found: every draw and fault is fixed by its choices, not by the seed.',
          pt: 'Um escalonamento que o explorador encontrou: cada sorteio e cada falha vêm das escolhas, não da semente.',
          ru: 'Расписание, найденное перебором: каждую случайную величину и каждый сбой задают выборы, а не seed.',
        },
      },
      {
        id: 'alarm',
        anchor: { k: 'violation', type: c.violation.kind },
        caption: {
          en: `The alarm: ${c.violation.detail}.`,
          pt: `O alarme: ${c.violation.detail}.`,
          ru: `Тревога: ${c.violation.detail}.`,
        },
      },
    ],
    choices: c.choices,
  };
}

export function run(
  argv: string[],
  now: () => number = () => performance.now(),
): { code: number; out: string; err: string } {
  try {
    if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h'))
      return { code: 0, out: `${exploreUsage}\n`, err: '' };
    const { flags, rest } = ownFlags(argv);
    if (!rest.some((a) => a === '--nodes' || a.startsWith('--nodes='))) rest.push('--nodes', '3');
    const a = parseArgs(rest, scenarios);
    const params = scenarioParams(a.scenario, a.params);
    const ttl = ttlMsOf(params);
    const bounds: Bounds = {
      nodes: a.nodes ?? 3,
      faults: flags.faults,
      losses: flags.losses,
      deviations: flags.deviations,
      // Two TTLs: time for a leader to be given up on and another to take over, and for the old one
      // to act on its stale belief. A pause 10% past the TTL outlasts it, as the stories' GC pause does
      // (lease-no-fencing: 33 s over a 30 s TTL).
      horizonMs: flags.horizonMs ?? 2 * ttl,
      pauseMs: flags.pauseMs ?? Math.ceil(ttl * 1.1),
      ...(flags.kinds ? { kinds: flags.kinds } : {}),
    };
    const input: ExploreInput = {
      scenario: a.scenario,
      params: a.params,
      bounds,
      merge: flags.merge,
      reduce: flags.reduce,
      ...(flags.livenessMs !== undefined ? { leaderlessBoundMs: flags.livenessMs } : {}),
    };
    const started = now();
    let why = '';
    input.stop = (s) => {
      if (s.schedules >= flags.maxSchedules) why = `after ${s.schedules} schedules (--max-schedules)`;
      else if (now() - started > flags.timeLimitS * 1000) why = `after ${flags.timeLimitS} s (--time-limit)`;
      return why !== '';
    };
    const r = explore(input);
    const wallS = (now() - started) / 1000;
    const { scenario } = withFix(a.scenario, a.params);
    // A coarse reduction narrows the menu (pauses and restarts only just after their host acted):
    // what it clears, it clears for that narrower menu, and the bounds say so.
    const named = `nodes=${bounds.nodes} faults<=${bounds.faults} losses<=${bounds.losses} deviations<=${bounds.deviations} horizon=${bounds.horizonMs}ms pause=${bounds.pauseMs}ms${flags.reduce === 'coarse' ? ' pauses and restarts only just after their node acted (--reduce coarse, not sound)' : ''}`;
    const lines = [
      `explore ${a.scenario.id} (${scenario.algorithm}): ${named}`,
      `schedules ${r.stats.schedules}, distinct worlds ${r.stats.worlds}, pruned ${r.stats.pruned}${flags.merge ? '' : ' (--no-merge)'}, reduction ${flags.reduce}, deepest ${r.stats.deepest} choice points, ${wallS.toFixed(1)} s, ${(r.stats.worlds / Math.max(wallS, 1e-3)).toFixed(0)} worlds/s`,
    ];
    if (r.outcome === 'clean') {
      lines.push(`no violation within these bounds (${named})`);
      return { code: 0, out: `${lines.join('\n')}\n`, err: '' };
    }
    if (r.outcome === 'stopped' || !r.counterexample) {
      lines.push(
        `stopped before the bounds were exhausted: ${why}, at level ${r.stats.level} of ${bounds.faults + bounds.losses + bounds.deviations} (choices spent per schedule)`,
      );
      return { code: 3, out: `${lines.join('\n')}\n`, err: '' };
    }
    const c = r.counterexample;
    const sets = Object.entries(a.params).map(([k, v]) => [
      '--set',
      `${k}=${v === true ? 'on' : v === false ? 'off' : v}`,
    ]);
    const algo = a.scenario.freePlay ? ['--algorithm', a.scenario.algorithm] : [];
    const cmd = [
      'npm run -s sim --',
      a.scenario.id,
      ...algo,
      '--no-script',
      '--nodes',
      String(bounds.nodes),
      ...sets.flat(),
      '--duration',
      String(c.atMs + 1),
      '--choices',
      JSON.stringify(c.choices),
    ]
      .map((x, i) => (i === 0 ? x : q(x)))
      .join(' ');
    const file = flags.out ?? join(tmpdir(), `explore-${a.scenario.id}.json`);
    writeFileSync(file, `${JSON.stringify(storyFileOf(input, a.scenario.id, c, sets), null, 2)}\n`);
    lines.push(
      `violation: ${c.violation.kind} at ${c.atMs} ms: ${c.violation.detail}`,
      `shrunk to ${c.shrunk} choice(s) away from the seeded run (found with ${c.found}): ${c.choices.faults?.length ?? 0} fault(s), ${c.choices.draws.length} draws listed`,
      `replay: ${cmd}`,
      `story file: ${file} (npm run -s sim -- --scenario-file ${q(file)})`,
    );
    // simulate() takes a liveness bound (leaderlessBoundMs) but the sim CLI does not: its replay shows
    // the same run, the gap without the alarm.
    if (c.violation.kind === 'leaderless')
      lines.push(
        'note: the sim CLI has no liveness bound: both replay the run, and show the gap without its alarm',
      );
    return { code: 1, out: `${lines.join('\n')}\n`, err: '' };
  } catch (e) {
    const line = badInputLine('explore', e);
    if (line !== null) return { code: 2, out: '', err: line };
    throw e;
  }
}

const isMain = process.argv[1]?.replace(/\\/g, '/').endsWith('src/cli/explore.ts');
if (isMain) {
  const r = run(process.argv.slice(2));
  process.stdout.write(r.out);
  process.stderr.write(r.err);
  process.exitCode = r.code;
}
