/**
 * `npm run bench`: simulation cost, seek cost, rendering in headless Chromium and download weight,
 * with medians and spread over repeated runs. Writes bench/results.json, bench/results.md and
 * bench/scaling.svg, and prints the table with budget checks. Wall-clock numbers live here, never
 * in `npm test`.
 *
 *   npm run bench                  # everything; the heap soak plays for 4 minutes
 *   npm run bench -- --soak        # the heap soak plays for 10 minutes
 *   npm run bench -- --sim-only    # no browser: simulation and seek only
 *   npm run bench -- --interactions # only the interactions (a fault at the cursor, a knob, a switch)
 *                                  # (with --cpu, each longest task's CPU time too, from a trace that slows the page)
 *   npm run bench -- --states      # only what recording the nodes' statecharts costs a run (no browser)
 *   npm run bench -- --heap        # only the heap soak (4 minutes; with --soak, 10)
 *   npm run bench -- --peer DIR    # also any static page (DIR/index.html or an .html file), side by side
 *   npm run bench -- --links       # only the cold loads of a story link and an embed beside the default view
 *                                  # (with --peer DIR, that page's first paint beside them)
 *
 * Env: BENCH_REPEAT (simulation repeats, default 5), BENCH_SECONDS (play window per scenario,
 * default 8), BENCH_FAULT_REPEAT (a 24 h run's fault at the cursor, each path, default 3), CHROMIUM_PATH (default /usr/bin/chromium; '' = Playwright's own Chromium).
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { exploreTable, runExplore } from './bench/explore.ts';
import { type PaintFloor, paintFloor, rendererGzip } from './bench/floor.ts';
import { budgetVerdict, figure, type InteractionRow, runInteractions } from './bench/interactions.ts';
import { type LinkRow, linkTable, runLinks } from './bench/links.ts';
import { type PeerResult, peerEntry, runPeer } from './bench/peer.ts';
import { scalingSvg } from './bench/plot.ts';
import { ensureBuild, heapSoak, newContext, type RenderResults, runRender } from './bench/render.ts';
import { isBusy, type Machine, render } from './bench/report.ts';
import { runSim, runStateCost, type StateCostRow, stateCostTable } from './bench/sim.ts';
import { runWeight } from './bench/weight.ts';
import { launchChromium, servePreview } from './lib/browser.ts';

const argv = process.argv.slice(2);
const simOnly = argv.includes('--sim-only');
const interactionsOnly = argv.includes('--interactions');
const heapOnly = argv.includes('--heap');
const linksOnly = argv.includes('--links');
const statesOnly = argv.includes('--states');
const exploreOnly = argv.includes('--explore');
const soak = argv.includes('--soak');
const soakMinutes = soak ? 10 : 4;
const peerAt = argv.indexOf('--peer');
const peerDir = peerAt >= 0 ? argv[peerAt + 1] : undefined;
if (peerAt >= 0 && (!peerDir || peerDir.startsWith('--'))) {
  console.error('--peer needs a folder with an index.html, or an .html file');
  process.exit(2);
}
// A wrong path fails now, not after the minutes of the lab's own runs.
if (peerDir) peerEntry(peerDir);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

const t0 = performance.now();
const log = (s: string) =>
  console.error(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(3)} s]${s}`);

const machine: Machine = {
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
  memoryGB: Math.round(totalmem() / 2 ** 30),
  platform: `${platform()} ${release()}`,
  node: process.version,
  date: new Date().toISOString(),
};

/** The interactions, in their own browser (the rendering run's is closed by then). */
async function interactions(): Promise<InteractionRow[]> {
  ensureBuild(log);
  const { server, base } = await servePreview(process.cwd());
  const browser = await launchChromium();
  try {
    return await runInteractions(browser, base, log, argv.includes('--cpu'));
  } finally {
    await browser.close();
    await server.close();
  }
}

function interactionTable(rows: InteractionRow[]): string {
  return [
    '| interaction | longest main-thread task (wall) | longest task, CPU time | long tasks | first frame after | whole run | budget |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${figure(r, 'longestTaskMs')} | ${r.longestTaskCpuMs === null ? '-' : `${r.longestTaskCpuMs} ms`} | ${r.longTasks} | ${figure(r, 'firstFrameMs')} | ${figure(r, 'completeMs')} | ${budgetVerdict(r) ?? ''} |`,
    ),
  ].join('\n');
}

const loadStart = loadavg()[0] as number;

/** The cold loads of links and embeds (bench/links.ts), and the peer's first paint when asked for. */
async function links(): Promise<{ rows: LinkRow[]; peer: PeerResult | null }> {
  ensureBuild(log);
  const { server, base } = await servePreview(process.cwd());
  const browser = await launchChromium(['--enable-precise-memory-info', '--js-flags=--expose-gc']);
  try {
    const rows = await runLinks(browser, base);
    const peer = peerDir ? await runPeer(browser, peerDir, SECONDS, log) : null;
    return { rows, peer };
  } finally {
    await browser.close();
    await server.close();
  }
}
const loadLine = (start: number, end: number) =>
  `load average (1 min) ${start.toFixed(2)} -> ${end.toFixed(2)}${isBusy({ start, end }) ? ' -- BUSY MACHINE: other work shared the CPUs; quote only the ratios measured in this one run' : ''}`;

if (exploreOnly) {
  log(' explore');
  const rows = runExplore(log);
  console.log(`${loadLine(loadStart, loadavg()[0] as number)}\n\n${exploreTable(rows)}`);
  process.exit(0);
}
if (statesOnly) {
  log(' state recording');
  const rows = runStateCost(Math.max(9, REPEAT), log);
  console.log(`${loadLine(loadStart, loadavg()[0] as number)}\n\n${stateCostTable(rows)}`);
  process.exit(0);
}
if (linksOnly) {
  log(' links and embeds, cold');
  const { rows, peer } = await links();
  console.log(
    `${loadLine(loadStart, loadavg()[0] as number)}\n\n${linkTable(rows, peer ? { label: `peer ${peer.dir}`, fcpMs: peer.fcpMs } : undefined)}`,
  );
  process.exit(0);
}
if (interactionsOnly) {
  log(' interactions');
  const rows = await interactions();
  console.log(
    `load ${loadStart.toFixed(2)} -> ${(loadavg()[0] as number).toFixed(2)}\n\n${interactionTable(rows)}`,
  );
  process.exit(0);
}
if (heapOnly) {
  log(' heap soak');
  ensureBuild(log);
  const { server, base } = await servePreview(process.cwd());
  const browser = await launchChromium(['--enable-precise-memory-info', '--js-flags=--expose-gc']);
  try {
    const h = await heapSoak(await newContext(browser), base, soakMinutes, log);
    const mb = (b: number) => `${(b / 1e6).toFixed(2)} MB`;
    console.log(
      `load ${loadStart.toFixed(2)} -> ${(loadavg()[0] as number).toFixed(2)}\n` +
        `heap ${mb(h.samples[0]?.bytes ?? Number.NaN)} -> ${mb(h.samples.at(-1)?.bytes ?? Number.NaN)}, ` +
        (Number.isFinite(h.slopeBytesPerMin)
          ? `drift after the ${h.warmUpSec} s warm-up ${(h.slopeBytesPerMin / 1e3).toFixed(0)} kB/min (${h.flat ? 'flat' : 'drifting'})\n`
          : 'the warm-up took the whole soak: no drift to fit (run --soak)\n') +
        `actions: ${h.actions.join('; ')}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
  process.exit(0);
}
log(' simulation');
const sim = runSim(REPEAT, log);
log(' state recording');
const stateCost: StateCostRow[] = runStateCost(Math.max(9, REPEAT), log);
log(' explore');
const exploreRows = runExplore(log);

let rendering: RenderResults | null = null;
if (!simOnly) {
  log(' rendering');
  rendering = await runRender({ seconds: SECONDS, soakMinutes, log });
  machine.chromium = rendering.chromium;
}
let peer: PeerResult | null = null;
let floor: PaintFloor | null = null;
if (!simOnly) {
  const browser = await launchChromium(['--enable-precise-memory-info', '--js-flags=--expose-gc']);
  try {
    log(' paint floor');
    floor = await paintFloor(browser, join(process.cwd(), 'dist'));
    log(
      `  first contentful paint: this page ${floor.lab.median.toFixed(0)} ms, with no script ${floor.noScript.median.toFixed(0)} ms, a blank page ${floor.blank.median.toFixed(0)} ms`,
    );
    if (peerDir) {
      log(` peer ${peerDir}`);
      peer = await runPeer(browser, peerDir, SECONDS, log);
    }
  } finally {
    await browser.close();
  }
}
let interactionRows: InteractionRow[] | null = null;
if (!simOnly) {
  log(' interactions');
  interactionRows = await interactions();
}
let linkRows: LinkRow[] | null = null;
if (!simOnly) {
  log(' links and embeds, cold');
  linkRows = (await links()).rows;
}
// The build exists once rendering ran; with --sim-only the weight is read from an existing dist/.
let weight: ReturnType<typeof runWeight> | null = null;
try {
  weight = runWeight(process.cwd(), rendering?.firstDraw.resources ?? []);
  weight.firstView.rendererGzip = await rendererGzip(process.cwd());
} catch (e) {
  log(` weight skipped: ${e instanceof Error ? e.message : String(e)}`);
}

const elapsedSec = (performance.now() - t0) / 1000;
machine.load = { start: loadStart, end: loadavg()[0] as number };
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/results.json',
  `${JSON.stringify({ machine, elapsedSec, options: { repeat: REPEAT, seconds: SECONDS, soak, simOnly }, sim, stateCost, rendering, interactions: interactionRows, links: linkRows, weight, peer, floor }, null, 2)}\n`,
);
writeFileSync(
  'bench/results.md',
  `# Benchmark results\n\n\`npm run bench${soak ? ' -- --soak' : ''}\` in ${elapsedSec.toFixed(0)} s.\n\n${render(machine, sim, rendering, weight, true, peer, floor)}\n\n## State recording\n\n${stateCostTable(stateCost)}\n${interactionRows ? `\n## Interactions\n\n${interactionTable(interactionRows)}\n` : ''}${linkRows ? `\n## Links and embeds, cold\n\n${linkTable(linkRows, peer ? { label: `peer ${peer.dir}`, fcpMs: peer.fcpMs } : undefined)}\n` : ''}`,
);
writeFileSync('bench/scaling.svg', scalingSvg(sim));
console.log(render(machine, sim, rendering, weight, false, peer, floor));
console.log(`\n${stateCostTable(stateCost)}`);
console.log(`\n${exploreTable(exploreRows)}`);
if (interactionRows) console.log(`\n${interactionTable(interactionRows)}`);
if (linkRows)
  console.log(
    `\n${linkTable(linkRows, peer ? { label: `peer ${peer.dir}`, fcpMs: peer.fcpMs } : undefined)}`,
  );
console.log(`\nwrote bench/results.json, bench/results.md, bench/scaling.svg in ${elapsedSec.toFixed(0)} s`);
