/**
 * `npm run live`: a three-member etcd cluster on loopback, the lease machines in Node against it, and
 * the app in live mode to watch and fault it (src/live/server.ts); Ctrl+C stops everything.
 * `npm run -s live -- --headless ...`: the same run for a fixed `--duration`, then the recorded
 * run's summary in the simulator CLI's format, plus its `source`. Node-only.
 */

import { writeFileSync } from 'node:fs';
import { UsageError } from '../cli/args.ts';
import { cliDocument } from '../cli/main.ts';
import { ParamError } from '../sim/params.ts';
import { simulate } from '../sim/simulate.ts';
import { toMermaid } from '../sim/trace/mermaid.ts';
import { toText } from '../sim/trace/text.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { type LiveArgs, parseLiveArgs } from './args.ts';
import { figures, scheduleOf, simulatedSchedule } from './compare.ts';
import { type GroupFigures, groupFigures, groupTable, groupText, simulateGroup } from './groupCompare.ts';
import { type LiveSession, startSession } from './session.ts';

/** The same schedule simulated, beside the recording: failover windows, messages, revisions. */
export function compareWithSimulation(trace: Trace, a: LiveArgs) {
  // Member faults as they fired ("leader" resolved to a member), from the recording's own marks.
  const schedule = simulatedSchedule(a.nodeFaults, scheduleOf(trace).storeFaults, trace.durationMs);
  const sim = simulate(a.cli.scenario, {
    ...(a.cli.seed !== undefined ? { seed: a.cli.seed } : {}),
    nodes: a.nodes,
    params: a.params,
    durationMs: trace.durationMs,
    interventions: schedule,
    withoutScript: true,
  });
  return { schedule, real: figures(trace), simulated: figures(sim) };
}

/** The headless document: the CLI's own (json, text or mermaid), json with the run's source. */
export function liveDocument(trace: Trace, a: LiveArgs): string {
  if (a.cli.format === 'text') return toText(trace, a.cli.scenario, { omitTypes: a.cli.omitTypes });
  if (a.cli.format === 'mermaid') return toMermaid(trace, a.cli.scenario, { omitTypes: a.cli.omitTypes });
  const doc = {
    ...cliDocument(trace, a.cli.scenario),
    source: trace.source ?? 'sim',
    etcd: trace.etcd,
    ...(a.compare ? { compare: compareWithSimulation(trace, a) } : {}),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/**
 * `--compare --runs N`: the member faults on a fresh cluster N times, one run after the other, then
 * the store group simulated with seeds 1..N under the same schedule; prints the table (Markdown, as
 * the README holds it) and every run's figures as JSON.
 */
async function groupCompareMain(
  a: LiveArgs,
  current: (s: LiveSession | null) => void,
  interrupted: () => boolean,
): Promise<number> {
  const runs = a.runs ?? 1;
  const real: GroupFigures[] = [];
  for (let i = 1; i <= runs; i++) {
    const s = await startSession(a);
    current(s);
    await new Promise((r) => setTimeout(r, a.durationMs));
    if (interrupted()) return 130;
    const trace = await s.stop();
    current(null);
    if (a.out) writeFileSync(a.out.replace(/(\.json)?$/, `-${i}.json`), `${JSON.stringify(trace)}\n`);
    const f = groupFigures(trace.events);
    process.stderr.write(`live: run ${i}/${runs}: ${JSON.stringify(f)}\n`);
    real.push(f);
  }
  const sim = Array.from({ length: runs }, (_, i) =>
    groupFigures(
      simulateGroup(a.cli.scenario, a.storeFaults, {
        seed: i + 1,
        nodes: a.nodes,
        params: a.params,
        durationMs: a.durationMs,
      }),
    ),
  );
  process.stdout.write(groupText(real, sim));
  process.stdout.write(
    `${JSON.stringify({ schedule: a.storeFaults, real, sim, table: groupTable(real, sim) })}\n`,
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const system = argv.indexOf('--system');
  if (system >= 0 && argv[system + 1] === 'patroni') {
    const { patroniMain } = await import('./patroni/main.ts');
    return patroniMain(argv);
  }
  if (system >= 0 && argv[system + 1] === 'zookeeper') {
    const { zookeeperMain } = await import('./zookeeper/main.ts');
    return zookeeperMain(argv);
  }
  let a: LiveArgs;
  try {
    a = parseLiveArgs(argv);
  } catch (e) {
    if (e instanceof UsageError || e instanceof ParamError) {
      process.stderr.write(`live: ${e.message.split('\n')[0]}\n`);
      return 2;
    }
    throw e;
  }
  let session: LiveSession | null = null;
  let closeServer: (() => Promise<void>) | null = null;
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    void (session?.stop() ?? Promise.resolve()).then(() => closeServer?.()).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (!a.headless) {
      const { serveLive } = await import('./server.ts');
      const live = await serveLive(a);
      session = live.session;
      closeServer = live.server.close;
      process.stdout.write(
        `Live mode: a 3-member etcd ${live.session.run.trace().etcd?.version ?? ''} cluster and ${a.nodes} lease nodes.\n` +
          `Open ${live.server.url}\nCtrl+C stops the cluster and the service.\n`,
      );
      await new Promise(() => {});
      return 0;
    }
    if (a.runs !== null)
      return await groupCompareMain(
        a,
        (s) => {
          session = s;
        },
        () => interrupted,
      );
    session = await startSession(a);
    await new Promise((r) => setTimeout(r, a.durationMs));
    if (interrupted) return 130;
    const trace = await session.stop();
    if (a.out) writeFileSync(a.out, `${JSON.stringify(trace)}\n`);
    process.stdout.write(liveDocument(trace, a));
    return 0;
  } catch (e) {
    await session?.stop().catch(() => {});
    process.stderr.write(`live: ${(e as Error).message}\n`);
    return 1;
  }
}

const isMain = process.argv[1]?.replace(/\\/g, '/').endsWith('src/live/main.ts');
if (isMain) void main(process.argv.slice(2)).then((code) => process.exit(code));
