/**
 * `npm run live -- --system zookeeper [--headless] [--compare] [--duration MS] [--fault 'MS:{...}']
 * [--set sessionTimeoutMs=N] [--out FILE]`: a real 3-server ZooKeeper ensemble on loopback, three
 * candidates of the story's recipe each in its own process (run.ts), the faults, and the recording as
 * a trace of the zookeeper story. Headless: runs `--duration` (30 s by default), then prints the run's
 * summary and its failovers as JSON (`--compare`: beside the same schedule simulated). Otherwise it
 * runs until Ctrl+C and writes the recording to `--out` (or lel-zookeeper-<time>.json) for the
 * player's Import; meanwhile a line on stdin ("crash node-1", "kill-leader") applies a fault.
 * Node-only.
 */
import { createInterface } from 'node:readline';
import { UsageError } from '../../cli/args.ts';
import { cliDocument } from '../../cli/main.ts';
import { ZK_HOST } from '../../sim/algorithms/zookeeper/keys.ts';
import { electedLeader, SERVERS } from '../../sim/algorithms/zookeeper/process.ts';
import { type Fault, isFaultKind, liveForm, specOf } from '../../sim/faults/table.ts';
import { simulate } from '../../sim/simulate.ts';
import { leaderIntervals } from '../../sim/trace/summary.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import { zookeeperMissing } from '../../testing/zookeeper/ensemble.ts';
import { recordingEnd } from '../recordingEnd.ts';
import { faultArg } from '../story.ts';
import { type ZkLiveFault, ZkLiveRun, zookeeperScenario } from './run.ts';

export interface ZkArgs {
  headless: boolean;
  compare: boolean;
  durationMs: number;
  sessionTimeoutMs: number;
  faults: Array<{ atMs: number; fault: ZkLiveFault }>;
  out: string | null;
}

export const ZK_DURATION_MS = 30_000;
/** 20 x tickTime (200 ms), the longest session the live ensemble grants; the knob's minimum too. */
export const ZK_SESSION_MS = 4000;
const ACTS = ['kill', 'restart', 'stop', 'resume'];

/** One `--fault` value: a node fault the table gives a live form, or a `server` fault ("leader" allowed). */
export function zkFault(raw: string): { atMs: number; fault: ZkLiveFault } {
  const { atMs, f } = faultArg(raw);
  if (f.kind === 'server') {
    const { server, act } = f;
    if (
      (f.node ?? ZK_HOST) !== ZK_HOST ||
      !(server === 'leader' || server === 1 || server === 2 || server === 3) ||
      (act !== undefined && !ACTS.includes(act as string))
    )
      throw new UsageError(
        `--fault server takes {"kind":"server","server":1|2|3|"leader","act":${ACTS.map((a) => `"${a}"`).join('|')}}`,
      );
    return {
      atMs,
      fault: {
        kind: 'server',
        node: ZK_HOST,
        server,
        ...(act !== undefined ? { act: act as 'kill' } : {}),
      },
    };
  }
  const kind = String(f.kind);
  const node = f.node;
  const form = isFaultKind(kind) ? liveForm(f as unknown as Fault) : null;
  if (form === null)
    throw new UsageError(
      `--fault ${JSON.stringify(kind)}: --system zookeeper takes crash, restart, pause, resume, isolate, rejoin and server`,
    );
  if (typeof node !== 'string' || !/^node-[1-3]$/.test(node))
    throw new UsageError(`--fault ${kind}: node is node-1, node-2 or node-3`);
  // A kind whose table entry has a duration (a pause) needs one in the argument.
  const ms = (form as { durationMs?: unknown }).durationMs;
  if ('durationMs' in specOf(form).fields && !(Number.isInteger(ms) && (ms as number) > 0))
    throw new UsageError(`--fault ${form.kind} takes a durationMs`);
  return { atMs, fault: form as ZkLiveFault };
}

export function parseZkArgs(argv: string[]): ZkArgs {
  const a: ZkArgs = {
    headless: false,
    compare: false,
    durationMs: ZK_DURATION_MS,
    sessionTimeoutMs: ZK_SESSION_MS,
    faults: [],
    out: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === '--system') {
      if (value() !== 'zookeeper') throw new UsageError('--system: etcd (the default), patroni or zookeeper');
    } else if (arg === '--headless') a.headless = true;
    else if (arg === '--compare') a.compare = true;
    else if (arg === '--duration') {
      const v = value();
      if (!/^\d+$/.test(v) || Number(v) < 1000) throw new UsageError('--duration: whole ms, at least 1000');
      a.durationMs = Number(v);
    } else if (arg === '--fault') a.faults.push(zkFault(value()));
    else if (arg === '--set') {
      const m = /^sessionTimeoutMs=(\d+)$/.exec(value());
      // The ensemble (tickTime 200 ms) grants 400 to 4000 ms; the story's knob starts at 4000.
      if (!m || Number(m[1]) !== ZK_SESSION_MS)
        throw new UsageError(`--set: live ZooKeeper runs sessionTimeoutMs=${ZK_SESSION_MS} only`);
    } else if (arg === '--out') a.out = value();
    else
      throw new UsageError(
        `--system zookeeper: unknown option ${arg} (--headless, --compare, --duration, --fault, --set, --out)`,
      );
  }
  return a;
}

/**
 * Each fault's failover: from the fault to the first leadership that starts after it (a new leader,
 * or the same one leading again after it stepped down), and how long of that nobody led. A leader
 * that goes on leading through a fault (a cut shorter than the read timeout) has none.
 */
export function failoversAfterFaults(trace: Trace) {
  const leads = leaderIntervals(trace);
  return trace.interventions
    .filter((f) => !specOf(f.fault).quiet)
    .map(({ atMs, fault }) => {
      const next = leads.filter((l) => l.fromMs > atMs).sort((a, b) => a.fromMs - b.fromMs)[0];
      if (!next) return { atMs, fault, to: null, faultToLeaderMs: null, leaderlessMs: null };
      // The span before it with no leader: from the last leadership that ended in [fault, next].
      const covered = (t: number) => leads.some((l) => l !== next && l.fromMs <= t && l.toMs > t);
      const ends = leads.filter((l) => l !== next && l.toMs <= next.fromMs).map((l) => l.toMs);
      const lastEnd = Math.max(atMs, ...ends);
      return {
        atMs,
        fault,
        to: next.node,
        faultToLeaderMs: next.fromMs - atMs,
        leaderlessMs: covered(next.fromMs - 1) ? 0 : next.fromMs - lastEnd,
      };
    });
}

/**
 * The servers of the recording numbered as the model numbers them: the real ensemble's leader before
 * the first server fault (its `ensemble-leader` marks) swapped with the model's (the highest id,
 * process.ts electedLeader), so a fault on the leader hits the leader in both.
 */
export function byRole(trace: Trace): (server: number) => number {
  const first = trace.interventions.find((f) => f.fault.kind === 'server');
  const real = trace.events
    .filter((e) => e.k === 'mark' && e.name === 'ensemble-leader' && (!first || e.t <= first.atMs))
    .map((e) => (e as { data?: { server?: unknown } }).data?.server)
    .filter((s): s is number => typeof s === 'number')
    .at(-1);
  const model = electedLeader(SERVERS);
  if (real === undefined || model === null || real === model) return (s) => s;
  return (s) => (s === real ? model : s === model ? real : s);
}

/** The simulator on the recording's schedule: its node faults and server faults as they were done. */
export function simulateSame(trace: Trace): Trace {
  const server = byRole(trace);
  return simulate(zookeeperScenario(), {
    nodes: trace.hosts.filter((h) => h.kind === 'node').length,
    params: trace.params,
    durationMs: trace.durationMs,
    // A pause's resume follows it by itself in the simulation.
    interventions: trace.interventions
      .filter((f) => !specOf(f.fault).quiet)
      .map((f) =>
        f.fault.kind === 'server' ? { ...f, fault: { ...f.fault, server: server(f.fault.server) } } : f,
      ),
    withoutScript: true,
  });
}

export function zkDocument(trace: Trace, a: ZkArgs, ensemble: Record<string, unknown>) {
  return {
    ...cliDocument(trace, zookeeperScenario()),
    source: 'zookeeper',
    ensemble,
    failovers: failoversAfterFaults(trace),
    ...(a.compare ? { simulated: { failovers: failoversAfterFaults(simulateSame(trace)) } } : {}),
  };
}

export async function zookeeperMain(argv: string[]): Promise<number> {
  let a: ZkArgs;
  try {
    a = parseZkArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`live: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const missing = zookeeperMissing();
  if (missing !== undefined) {
    process.stderr.write(`live: ${missing}\n`);
    return 2;
  }
  let run: ZkLiveRun | null = null;
  const finish = recordingEnd(
    'zookeeper',
    a,
    () => run,
    () => run?.ensemble.stop(),
  );
  try {
    run = await ZkLiveRun.start({
      nodes: 3,
      params: { sessionTimeoutMs: a.sessionTimeoutMs },
      faults: a.faults,
    });
    const e = run.ensemble;
    process.stderr.write(
      `live: zookeeper ensemble up (pid ${process.pid}, folder ${e.dir}): servers ${e.servers.map((s) => `${s.id} 127.0.0.1:${s.clientPort}`).join(', ')}, leader ${run.ensembleLeader() ?? '?'}\n`,
    );
    if (!a.headless) {
      process.stdout.write(
        'Type a fault and Enter: crash|restart|resume|isolate|rejoin node-N, pause node-N MS, kill|stop|resume|restart-server N|leader.\n' +
          'Ctrl+C stops the ensemble and writes the recording.\n',
      );
      const live = run;
      createInterface({ input: process.stdin }).on('line', (line) => {
        const [verb = '', what = '', ms] = line.trim().split(/\s+/);
        if (verb === '') return;
        const server = /^(kill|stop|resume|restart)-server$/.exec(verb)?.[1];
        const json = server
          ? { kind: 'server', server: what === 'leader' ? what : Number(what), act: server }
          : { kind: verb, node: what, ...(ms ? { durationMs: Number(ms) } : {}) };
        try {
          void live.fault(zkFault(`0:${JSON.stringify(json)}`).fault).then((ok) => {
            process.stdout.write(`${ok ? 'done' : 'nothing to do'}: ${line.trim()} at ${live.now()} ms\n`);
          });
        } catch (err) {
          process.stdout.write(`${(err as Error).message}\n`);
        }
      });
      await new Promise(() => {});
    }
    await new Promise((r) => setTimeout(r, a.durationMs));
    const trace = await finish();
    if (!trace) return 130;
    const info = { tickMs: e.tickMs, servers: e.servers.map((s) => s.id) };
    process.stdout.write(`${JSON.stringify(zkDocument(trace, a, info), null, 2)}\n`);
    return 0;
  } catch (err) {
    await run?.stop().catch(() => {});
    process.stderr.write(`live: ${(err as Error).message}\n`);
    return 1;
  }
}
