/**
 * `npm run live -- --system patroni [--headless] [--duration MS] [--fault 'MS:{...}'] [--out FILE]`:
 * a real Patroni cluster on loopback (cluster.ts), the story's client, the faults, and the recording
 * as a trace of the Patroni story (run.ts). Headless: runs `--duration` (90 s by default), then prints
 * the kill's figures and the run's summary as JSON. Otherwise it runs until Ctrl+C and writes the
 * recording to `--out` (or lel-patroni-<time>.json), for the player's Import; meanwhile a line on
 * stdin ("kill-primary", "pause pg-2") applies a fault. Node-only.
 */
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { UsageError } from '../../cli/args.ts';
import { cliDocument } from '../../cli/main.ts';
import { MissingPackages } from './deps.ts';
import { PATRONI_FAULT_KINDS, type PatroniFault, PatroniRun, patroniScenario } from './run.ts';

export interface PatroniArgs {
  headless: boolean;
  durationMs: number;
  faults: Array<{ atMs: number; fault: PatroniFault }>;
  out: string | null;
}

export const PATRONI_DURATION_MS = 90_000;

function fault(raw: string): { atMs: number; fault: PatroniFault } {
  const colon = raw.indexOf(':');
  const at = raw.slice(0, Math.max(0, colon));
  let f: Record<string, unknown>;
  try {
    f = JSON.parse(raw.slice(colon + 1)) as Record<string, unknown>;
  } catch {
    throw new UsageError(`--fault takes MS:{"kind":...}, got ${JSON.stringify(raw)}`);
  }
  if (!/^\d+$/.test(at))
    throw new UsageError(`--fault time must be a whole number of ms, got ${JSON.stringify(at)}`);
  const kind = f.kind as string;
  if (!(PATRONI_FAULT_KINDS as readonly string[]).includes(kind))
    throw new UsageError(
      `--fault ${JSON.stringify(kind)}: --system patroni takes ${PATRONI_FAULT_KINDS.join(', ')}`,
    );
  if (kind === 'kill-primary') {
    const after = f.afterLoopMs;
    if (
      after !== undefined &&
      (typeof after !== 'number' || !Number.isInteger(after) || after < 0 || after > 60_000)
    )
      throw new UsageError('--fault kill-primary: afterLoopMs is a whole number of ms, 0 to 60000');
    return { atMs: Number(at), fault: after === undefined ? { kind } : { kind, afterLoopMs: after } };
  }
  if (typeof f.node !== 'string' || !/^pg-[1-3]$/.test(f.node))
    throw new UsageError(`--fault ${kind} takes {"kind","node"} with node pg-1, pg-2 or pg-3`);
  return { atMs: Number(at), fault: { kind, node: f.node } as PatroniFault };
}

export function parsePatroniArgs(argv: string[]): PatroniArgs {
  const a: PatroniArgs = { headless: false, durationMs: PATRONI_DURATION_MS, faults: [], out: null };
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
    } else if (arg === '--fault') a.faults.push(fault(value()));
    else if (arg === '--out') a.out = value();
    else
      throw new UsageError(
        `--system patroni: unknown option ${arg} (--headless, --duration, --fault, --out)`,
      );
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
  let done = false;
  const finish = async () => {
    if (done || !run) return;
    done = true;
    const trace = await run.stop();
    if (a.out || !a.headless) {
      const file = a.out ?? `lel-patroni-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
      writeFileSync(file, `${JSON.stringify(trace)}\n`);
      process.stderr.write(`live: the recording is in ${file} (open it in the player with Import)\n`);
    }
    return trace;
  };
  const onSignal = () => {
    void (done ? Promise.resolve() : finish().then(() => {}))
      .catch(() => run?.cluster.stopNow())
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    run = await PatroniRun.start({ faults: a.faults });
    const c = run.cluster;
    process.stderr.write(
      `live: patroni cluster up (pid ${process.pid}, folder ${c.dir}): HAProxy 127.0.0.1:${c.haproxyPort}, ` +
        `stats http://127.0.0.1:${c.statsPort}/, REST ${c.nodes.map((n) => `${n.name} ${n.restPort}`).join(', ')}\n`,
    );
    if (!a.headless) {
      process.stdout.write(
        `Type a fault and Enter: ${PATRONI_FAULT_KINDS.join(', ')} (all but kill-primary take a node: "pause pg-2").\n` +
          'Ctrl+C stops the cluster and writes the recording.\n',
      );
      const live = run;
      createInterface({ input: process.stdin }).on('line', (line) => {
        const [kind = '', node] = line.trim().split(/\s+/);
        if (kind === '') return;
        try {
          const f = fault(`0:${JSON.stringify(node === undefined ? { kind } : { kind, node })}`).fault;
          const done = live.fault(f);
          process.stdout.write(`${done ? 'done' : 'nothing to do'}: ${line.trim()} at ${live.now()} ms\n`);
        } catch (e) {
          process.stdout.write(`${(e as Error).message}\n`);
        }
      });
      await new Promise(() => {});
    }
    await new Promise((r) => setTimeout(r, a.durationMs));
    const figures = run.figures();
    const trace = await finish();
    if (!trace) return 130;
    const doc = { ...cliDocument(trace, patroniScenario()), source: 'patroni', figures };
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
