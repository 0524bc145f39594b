/**
 * `npm run chaos -- --runs N --seed S [--algorithm <id>|all] [--unsafe]`
 *
 * Runs N random fault schedules per design (src/sim/chaos) and prints a summary table: schedules run,
 * faults injected, violations in the safe designs and, with --unsafe, in the negative controls (lease
 * with fencing off, heartbeat with quorum off), which must show violations or the checkers are blind.
 * Every failure is replayed by fast-check (same seed, its run index as the path) and shrunk; the shrunk
 * schedule is printed with the sim CLI command that replays its exact trace. Exit 1 when a safe
 * design fails a property, 2 on a bad argument.
 */
import fc from 'fast-check';
import {
  type ChaosAlgorithm,
  type ChaosSchedule,
  chaosAlgorithms,
  interventionsOf,
  type ScheduleOptions,
  scheduleArb,
  simCommand,
} from '../src/sim/chaos/schedule.ts';
import { type ChaosOutcome, firstProblem, runSchedule } from '../src/testing/chaos/run.ts';

const usage =
  'usage: npm run chaos -- [--runs N] [--seed S] [--algorithm <id>|all] [--unsafe] [--shrink-seconds T]';

interface Args {
  runs: number;
  seed: number;
  algorithms: ChaosAlgorithm[];
  unsafe: boolean;
  shrinkSeconds: number;
}

function fail(msg: string): never {
  process.stderr.write(`chaos: ${msg}\n${usage}\n`);
  process.exit(2);
}

function parse(argv: string[]): Args {
  const out: Args = {
    runs: 200,
    seed: 1,
    algorithms: [...chaosAlgorithms],
    unsafe: false,
    shrinkSeconds: 120,
  };
  const int = (flag: string, raw: string | undefined, max: number) => {
    const v = Number(raw);
    if (raw === undefined || !/^\d+$/.test(raw) || !Number.isSafeInteger(v) || v > max)
      fail(`${flag} expects a whole number from 0 to ${max}, got "${raw ?? ''}"`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a];
    const value = () => inline ?? argv[++i];
    if (flag === '--runs') out.runs = Math.max(1, int('--runs', value(), 1_000_000));
    else if (flag === '--seed') out.seed = int('--seed', value(), 0x7fff_ffff);
    else if (flag === '--shrink-seconds') out.shrinkSeconds = int('--shrink-seconds', value(), 3600);
    else if (flag === '--unsafe') out.unsafe = true;
    else if (flag === '--algorithm') {
      const v = value();
      if (v === 'all') out.algorithms = [...chaosAlgorithms];
      else if ((chaosAlgorithms as readonly string[]).includes(v ?? ''))
        out.algorithms = [v as ChaosAlgorithm];
      else fail(`--algorithm expects one of ${chaosAlgorithms.join(', ')} or all, got "${v ?? ''}"`);
    } else fail(`unknown argument ${a}`);
  }
  return out;
}

interface Design {
  algorithm: ChaosAlgorithm;
  unsafe: boolean;
  label: string;
  /** Liveness is a claim of the safe designs only. */
  checkLiveness: boolean;
}

interface Failed {
  index: number;
  outcome: ChaosOutcome;
  problem: string;
}

interface Tally {
  design: Design;
  runs: number;
  faults: number;
  livenessChecked: number;
  safetyFailures: number;
  livenessFailures: number;
  /** Worst time to recover after F, as a share of the bound. */
  worstRecovery: number;
  alarms: Map<string, number>;
  failed: Failed[];
  ms: number;
}

/** How the table names a design; an algorithm without a label of its own goes by its id. */
const LABELS: Record<string, [safe: string, control: string]> = {
  lease: ['lease + fencing', 'lease, fencing OFF (control)'],
  heartbeat: ['heartbeat + quorum', 'heartbeat, quorum OFF (control)'],
  gossip: ['gossip, discovery only (no writes)', 'gossip, a primary database (control)'],
  bully: ['bully', 'bully (control)'],
  sharded: ['sharded, fencing per shard', 'sharded, fencing OFF (control)'],
};
const labelOf = (alg: ChaosAlgorithm, unsafe: boolean) =>
  LABELS[alg]?.[unsafe ? 1 : 0] ?? (unsafe ? `${alg} (control)` : alg);

const optionsOf = (d: Design): ScheduleOptions => ({ unsafe: d.unsafe, loss: true });

const problemOf = (d: Design, o: ChaosOutcome): string | null => {
  if (d.checkLiveness) return firstProblem(o);
  const f = o.safety[0];
  return f ? `${f.property} at ${f.atMs} ms: ${f.detail}` : null;
};

function runDesign(d: Design, a: Args): Tally {
  const t0 = Date.now();
  const tally: Tally = {
    design: d,
    runs: 0,
    faults: 0,
    livenessChecked: 0,
    safetyFailures: 0,
    livenessFailures: 0,
    worstRecovery: 0,
    alarms: new Map(),
    failed: [],
    ms: 0,
  };
  // Pass 1: every schedule runs (the predicate records and never fails, so fast-check never stops).
  fc.check(
    fc.property(scheduleArb(d.algorithm, optionsOf(d)), (s) => {
      const o = runSchedule(s);
      const index = tally.runs++;
      tally.faults += o.faultsInjected;
      for (const k of o.violationKinds) tally.alarms.set(k, (tally.alarms.get(k) ?? 0) + 1);
      if (o.safety.length > 0) tally.safetyFailures++;
      if (d.checkLiveness && o.liveness) {
        tally.livenessChecked++;
        if (o.liveness.failure) tally.livenessFailures++;
        else if (o.liveness.recoveredAfterMs !== null)
          tally.worstRecovery = Math.max(
            tally.worstRecovery,
            o.liveness.recoveredAfterMs / o.liveness.boundMs,
          );
      }
      const problem = problemOf(d, o);
      if (problem) tally.failed.push({ index, outcome: o, problem });
      return true;
    }),
    { seed: a.seed, numRuns: a.runs },
  );
  tally.ms = Date.now() - t0;
  return tally;
}

/** Replays run `index` of the seed (fast-check path) and shrinks it while the same property fails. */
function shrink(
  d: Design,
  a: Args,
  f: Failed,
): { schedule: ChaosSchedule; problem: string; shrinks: number } {
  const property = f.problem.split(' ')[0];
  let last: { schedule: ChaosSchedule; problem: string } = {
    schedule: f.outcome.schedule,
    problem: f.problem,
  };
  const r = fc.check(
    fc.property(scheduleArb(d.algorithm, optionsOf(d)), (s) => {
      const problem = problemOf(d, runSchedule(s));
      if (problem === null || problem.split(' ')[0] !== property) return true;
      last = { schedule: s, problem };
      return false;
    }),
    { seed: a.seed, path: String(f.index), numRuns: 1, interruptAfterTimeLimit: a.shrinkSeconds * 1000 },
  );
  return { ...last, shrinks: r.numShrinks };
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const padL = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

function main(): void {
  const a = parse(process.argv.slice(2));
  const designs: Design[] = [];
  for (const alg of a.algorithms) {
    designs.push({ algorithm: alg, unsafe: false, label: labelOf(alg, false), checkLiveness: true });
    if (a.unsafe && alg !== 'bully')
      designs.push({ algorithm: alg, unsafe: true, label: labelOf(alg, true), checkLiveness: false });
  }
  process.stdout.write(
    `chaos: seed ${a.seed}, ${a.runs} schedules per design, 3-9 nodes, up to 12 faults each (crash, restart, pause, partition incl. the store, isolate, link cut, link delay, clock drift, message loss)\n\n`,
  );
  const tallies = designs.map((d) => runDesign(d, a));

  const head = [
    pad('design', 32),
    padL('schedules', 10),
    padL('faults', 8),
    padL('safety viol.', 13),
    padL('liveness chk', 13),
    padL('liveness viol.', 15),
    padL('worst/bound', 12),
    padL('time', 8),
    '  simulate() alarms',
  ].join('');
  process.stdout.write(`${head}\n${'-'.repeat(head.length)}\n`);
  for (const t of tallies) {
    const alarms = [...t.alarms].map(([k, v]) => `${k} x${v}`).join(', ') || '-';
    process.stdout.write(
      [
        pad(t.design.label, 32),
        padL(String(t.runs), 10),
        padL(String(t.faults), 8),
        padL(String(t.safetyFailures), 13),
        padL(t.design.checkLiveness ? String(t.livenessChecked) : '-', 13),
        padL(t.design.checkLiveness ? String(t.livenessFailures) : '-', 15),
        padL(t.design.checkLiveness ? t.worstRecovery.toFixed(2) : '-', 12),
        padL(`${(t.ms / 1000).toFixed(1)}s`, 8),
        `  ${alarms}\n`,
      ].join(''),
    );
  }
  process.stdout.write(
    '\nliveness is checked on schedules without random message loss (loss never stops); worst/bound = slowest recovery after the faults stopped, as a share of the bound\n',
  );

  let safeFailed = false;
  for (const t of tallies) {
    if (t.failed.length === 0) {
      if (t.design.unsafe)
        process.stdout.write(`\nWARNING ${t.design.label}: no violation found; the checkers may be blind\n`);
      continue;
    }
    if (!t.design.unsafe) safeFailed = true;
    const first = t.failed[0] as Failed;
    process.stdout.write(
      `\n${t.design.unsafe ? 'CONTROL' : 'FAIL'} ${t.design.label}: ${t.failed.length} of ${t.runs} schedules (runs ${t.failed
        .slice(0, 10)
        .map((f) => `#${f.index}`)
        .join(
          ', ',
        )}${t.failed.length > 10 ? ', ...' : ''})\n  first: run #${first.index}: ${first.problem}\n`,
    );
    const s0 = Date.now();
    const shrunk = shrink(t.design, a, first);
    const sch = shrunk.schedule;
    process.stdout.write(
      `  shrunk in ${shrunk.shrinks} steps (${((Date.now() - s0) / 1000).toFixed(1)}s): ${sch.nodes} nodes, ${sch.faults.length} faults, faults stop at ${sch.faultsEndMs} ms, bound ${sch.boundMs} ms\n  ${shrunk.problem}\n  schedule: ${JSON.stringify({ seed: sch.seed, nodes: sch.nodes, params: sch.params, faults: interventionsOf(sch), durationMs: sch.durationMs })}\n  reproduce: ${simCommand(sch, 'text')}\n  replay the search: npm run chaos -- --algorithm ${t.design.algorithm} --seed ${a.seed} --runs ${first.index + 1}${t.design.unsafe ? ' --unsafe' : ''}\n`,
    );
  }
  process.exitCode = safeFailed ? 1 : 0;
}

main();
