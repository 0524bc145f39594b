/**
 * `npm run live -- --system patroni [--headless] [--duration MS] [--fault 'MS:{...}'] [--out FILE]
 * [--set synchronousMode=true] [--compare [--runs N]]`: a real Patroni cluster on loopback
 * (cluster.ts), the story's client, the faults (faults.ts: `{"kind":"pause","node":"pg-2"}`,
 * `{"kind":"member-kill","member":1}`, ...), and the recording as a trace of the Patroni story
 * (run.ts). Headless: runs `--duration` (90 s by default), then prints the kill's figures, the
 * acknowledged writes the failover lost, what a SIGSTOPped primary's Patroni led to, and the run's
 * summary as JSON. `--compare` runs the story's kill N times (5 by default) and prints the figures
 * beside the simulation's (compare.ts). Otherwise it serves the page at the URL it prints (serve.ts:
 * the recording as it grows, faulted from the What-if menu) and runs until Ctrl+C, then writes the
 * recording to `--out` (or lel-patroni-<time>.json), for the player's Import; meanwhile a line on
 * stdin ("kill-primary", "pause pg-2", "member-stop 2") applies a fault too. Node-only.
 */
import { createInterface } from 'node:readline';
import { UsageError } from '../../cli/args.ts';
import { cliDocument } from '../../cli/main.ts';
import { recordingEnd } from '../recordingEnd.ts';
import { faultArg } from '../story.ts';
import { compareText, simulatedFigures } from './compare.ts';
import { MissingPackages } from './deps.ts';
import {
  isPatroniFaultKind,
  PATRONI_FAULT_KINDS,
  PATRONI_FAULTS,
  type PatroniFault,
  patroniFault,
} from './faults.ts';
import type { Figures } from './figures.ts';
import { PatroniRun, patroniScenario } from './run.ts';

export interface PatroniArgs {
  headless: boolean;
  durationMs: number;
  faults: Array<{ atMs: number; fault: PatroniFault }>;
  out: string | null;
  /** `--set synchronousMode=true`: Patroni's `synchronous_mode: true` (config.ts). */
  synchronousMode: boolean;
  /** `--compare`: `runs` runs of the story's kill, beside the simulation of it (compare.ts). */
  compare: boolean;
  runs: number;
}

/** A compare run: long enough for the story's failover (about 35 s after the kill) and its HA loop wait. */
export const COMPARE_DURATION_MS = 52_000;
/** The story's kill, 1.4 s after one of the primary's HA loops (run.ts `scheduled`). */
export const STORY_KILL = { atMs: 0, fault: { kind: 'kill-primary', afterLoopMs: 1400 } } as const;

export const PATRONI_DURATION_MS = 90_000;

function fault(raw: string): { atMs: number; fault: PatroniFault } {
  const { atMs, f } = faultArg(raw);
  try {
    return { atMs, fault: patroniFault(f) };
  } catch (e) {
    throw new UsageError(`--fault ${(e as Error).message}`);
  }
}

/** A line typed on stdin: "kill-primary", "pause pg-2", "member-kill 1". */
export function stdinFault(line: string): PatroniFault | null {
  const [kind = '', arg] = line.trim().split(/\s+/);
  if (kind === '') return null;
  const target = isPatroniFaultKind(kind) ? PATRONI_FAULTS[kind].target : 'node';
  const f: Record<string, unknown> = { kind };
  if (arg !== undefined) f[target === 'member' ? 'member' : 'node'] = target === 'member' ? Number(arg) : arg;
  return fault(`0:${JSON.stringify(f)}`).fault;
}

export function parsePatroniArgs(argv: string[]): PatroniArgs {
  const a: PatroniArgs = {
    headless: false,
    durationMs: PATRONI_DURATION_MS,
    faults: [],
    out: null,
    synchronousMode: false,
    compare: false,
    runs: 5,
  };
  let duration = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === '--system') {
      if (value() !== 'patroni') throw new UsageError('--system: etcd (the default) or patroni');
    } else if (arg === '--headless') a.headless = true;
    else if (arg === '--duration') {
      const v = value();
      if (!/^\d+$/.test(v) || Number(v) < 1000) throw new UsageError('--duration: whole ms, at least 1000');
      a.durationMs = Number(v);
      duration = true;
    } else if (arg === '--fault') a.faults.push(fault(value()));
    else if (arg === '--out') a.out = value();
    else if (arg === '--compare') a.compare = true;
    else if (arg === '--runs') {
      const v = value();
      if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 20) throw new UsageError('--runs: 1 to 20');
      a.runs = Number(v);
    } else if (arg === '--set') {
      const v = value();
      const m = /^synchronousMode=(true|false)$/.exec(v);
      if (!m) throw new UsageError(`--set ${v}: --system patroni takes synchronousMode=true|false`);
      a.synchronousMode = m[1] === 'true';
    } else
      throw new UsageError(
        `--system patroni: unknown option ${arg} (--headless, --duration, --fault, --out, --set, --compare, --runs)`,
      );
  }
  if (a.compare) {
    if (!a.headless) throw new UsageError('--compare runs headless: add --headless');
    if (a.faults.length > 0) throw new UsageError("--compare runs the story's kill; it takes no --fault");
    if (!duration) a.durationMs = COMPARE_DURATION_MS;
  }
  return a;
}

export async function patroniMain(argv: string[]): Promise<number> {
  let a: PatroniArgs;
  try {
    a = parsePatroniArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`live: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  let run: PatroniRun | null = null;
  const finish = recordingEnd(
    'patroni',
    a,
    () => run,
    () => run?.cluster.stopNow(),
  );
  if (a.compare)
    return compareMain(a, (r) => {
      run = r;
    });
  try {
    const start = () => PatroniRun.start({ faults: a.faults, synchronousMode: a.synchronousMode });
    let url: string | null = null;
    if (a.headless) run = await start();
    else {
      // The page, served beside the cluster: its What-if menu faults it (serve.ts).
      const { servePatroni } = await import('./serve.ts');
      const live = await servePatroni(start);
      run = live.run;
      url = live.server.url;
    }
    const c = run.cluster;
    process.stderr.write(
      `live: patroni cluster up (pid ${process.pid}, folder ${c.dir}): HAProxy 127.0.0.1:${c.haproxyPort}, ` +
        `stats http://127.0.0.1:${c.statsPort}/, REST ${c.nodes.map((n) => `${n.name} ${n.restPort}`).join(', ')}\n`,
    );
    if (!a.headless) {
      process.stdout.write(
        `Live Patroni: open ${url} to watch the cluster and fault it from the What-if menu (right-click a node or etcd).\n` +
          `Or type a fault and Enter: ${PATRONI_FAULT_KINDS.join(', ')} (a node or an etcd member after it: "pause pg-2", "member-kill 1"; kill-primary alone).\n` +
          'Ctrl+C stops the cluster and the service, and writes the recording.\n',
      );
      const live = run;
      createInterface({ input: process.stdin }).on('line', (line) => {
        try {
          const f = stdinFault(line);
          if (!f) return;
          void live.fault(f).then(
            (done) =>
              process.stdout.write(
                `${done ? 'done' : 'nothing to do'}: ${line.trim()} at ${live.now()} ms\n`,
              ),
            (e: Error) => process.stdout.write(`${e.message}\n`),
          );
        } catch (e) {
          process.stdout.write(`${(e as Error).message}\n`);
        }
      });
      await new Promise(() => {});
    }
    await new Promise((r) => setTimeout(r, a.durationMs));
    const figures = run.figures();
    // A kill with no failover by the end: what each survivor's Patroni said is where its cause is.
    if (figures && figures.newPrimaries.length === 0) {
      process.stderr.write(
        `live: no new primary by the end of the run, after ${figures.killed} was killed\n`,
      );
      for (const n of run.cluster.nodes)
        if (n.name !== figures.killed)
          process.stderr.write(`live: ${n.name}'s Patroni, last lines:\n${n.log.slice(-2500)}\n`);
    }
    const pause = run.pauseFigures();
    const lost = await run.lostWrites().catch((e: Error) => ({ error: e.message }));
    const trace = await finish();
    if (!trace) return 130;
    const doc = {
      ...cliDocument(trace, patroniScenario()),
      source: 'patroni',
      synchronousMode: a.synchronousMode,
      figures,
      lostWrites: lost,
      pause,
    };
    process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof MissingPackages) {
      process.stderr.write(`live: ${e.message}\n`);
      return 2;
    }
    await run?.stop().catch(() => {});
    process.stderr.write(`live: ${(e as Error).message}\n`);
    return 1;
  }
}

/** `--compare`: the runs one after the other, then the table (stdout) and each run's figures (JSON). */
async function compareMain(a: PatroniArgs, current: (r: PatroniRun | null) => void): Promise<number> {
  const real: Figures[] = [];
  const lost: unknown[] = [];
  try {
    for (let i = 1; i <= a.runs; i++) {
      const run = await PatroniRun.start({ faults: [STORY_KILL], synchronousMode: a.synchronousMode });
      current(run);
      await new Promise((r) => setTimeout(r, a.durationMs));
      const f = run.figures();
      lost.push(await run.lostWrites().catch((e: Error) => ({ error: e.message })));
      await run.stop();
      current(null);
      process.stderr.write(`live: run ${i}/${a.runs}: ${JSON.stringify(f)}\n`);
      if (f) real.push(f);
    }
  } catch (e) {
    if (e instanceof MissingPackages) {
      process.stderr.write(`live: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`live: ${(e as Error).message}\n`);
    return 1;
  }
  const sim = simulatedFigures(a.runs);
  process.stdout.write(compareText(real, sim));
  process.stdout.write(
    `${JSON.stringify({ synchronousMode: a.synchronousMode, real, lostWrites: lost, sim })}\n`,
  );
  return 0;
}
