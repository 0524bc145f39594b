/**
 * Same-moment A/B of two builds: plays the same scenarios in headless Chromium against build A and
 * build B, interleaved (A, B, B, A, ...) so that load from other work on the machine hits both alike,
 * and prints the medians of each side's p95 frame, p95 work and long tasks. For before/after
 * comparisons on a shared machine, where two runs of `npm run bench` minutes apart are not.
 *
 *   npx tsx scripts/bench/ab.ts <distA> <distB> [rounds=3] [seconds=6] [case ...]
 *   npx tsx scripts/bench/ab.ts --prev [rounds=3] [seconds=6] [case ...]
 *   case: <scenario>@<speed>[x<nodes>], e.g. patroni@10 bully@1x50 (default: the budget cases),
 *         or `first`: cold loads of the default view (first contentful paint and first drawn cluster)
 *
 * `--prev` builds the previous commit (HEAD~1, in a temporary git worktree that is removed after)
 * and the working tree, then compares them in this one run: A = HEAD~1, B = this checkout.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import playwrightConfig from '../../playwright.config.ts';
import { coldLoad, newContext, playScenario, summarize } from './render.ts';
import { percentile } from './stats.ts';

const argv = process.argv.slice(2);
const prev = argv[0] === '--prev';
let cleanup = () => {};
/** Builds HEAD~1 and this checkout; their dist folders. */
function buildPrevAndNow(): [string, string] {
  const tmp = mkdtempSync(join(tmpdir(), 'lel-ab-'));
  const wt = join(tmp, 'prev');
  const sh = (cmd: string, args: string[], cwd: string) =>
    execFileSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  cleanup = () => {
    try {
      sh('git', ['worktree', 'remove', '--force', wt], process.cwd());
    } catch {
      // not created
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  sh('git', ['worktree', 'add', '--detach', wt, 'HEAD~1'], process.cwd());
  symlinkSync(resolve('node_modules'), join(wt, 'node_modules'));
  console.error('building HEAD~1 and the working tree');
  sh('npx', ['vite', 'build', '--logLevel', 'warn'], wt);
  sh('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', join(tmp, 'now')], process.cwd());
  return [join(wt, 'dist'), join(tmp, 'now')];
}
const [distA, distB, roundsArg = '3', secondsArg = '6', ...caseArgs] = prev
  ? [...buildPrevAndNow(), ...argv.slice(1)]
  : argv;
if (!distA || !distB)
  throw new Error(
    'usage: ab.ts <distA> <distB> [rounds] [seconds] [case ...] | ab.ts --prev [rounds] [seconds] [case ...]',
  );
const rounds = Number(roundsArg);
const seconds = Number(secondsArg);
const cases = (
  caseArgs.length ? caseArgs : ['split-brain@10', 'fencing-token@10', 'patroni@10', 'bully@1x50']
).map((c) => {
  if (c === 'first') return { id: '', speed: 1 as const, nodes: 0, label: c };
  const m = /^([a-z-]+)@(1|10)(?:x(\d+))?$/.exec(c);
  if (!m) throw new Error(`bad case ${c}: <scenario>@<1|10>[x<nodes>] or first`);
  return { id: m[1] as string, speed: Number(m[2]) as 1 | 10, nodes: Number(m[3] ?? 0), label: c };
});

const serve = async (outDir: string, port: number) =>
  preview({
    root: process.cwd(),
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: true, host: '127.0.0.1', open: false },
  });
const PORT = Number(process.env.AB_PORT ?? 4304);
const PORT_B = Number(process.env.AB_PORT_B ?? PORT + 50);
const servers = [await serve(distA, PORT), await serve(distB, PORT_B)];
const bases = [`http://127.0.0.1:${PORT}`, `http://127.0.0.1:${PORT_B}`];
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: playwrightConfig.use?.launchOptions?.args ?? [],
});
type Row = { p95: number; work95: number; over: number; long: number; worstLong: number };
type Load = { fcp: number; drawn: number };
const results = new Map<string, [Row[], Row[]]>();
const loads: [Load[], Load[]] = [[], []];
/** Cold loads per round for `first`: one load is too noisy to stand for a round. */
const LOADS = 5;
try {
  for (let r = 0; r < rounds; r++)
    for (const c of cases) {
      // A then B on even rounds, B then A on odd ones: neither side always goes first.
      for (const side of r % 2 === 0 ? [0, 1] : [1, 0]) {
        if (c.label === 'first') {
          for (let i = 0; i < LOADS; i++) {
            const m = await coldLoad(browser, bases[side] as string);
            loads[side]?.push({ fcp: m.fcp, drawn: m.drawn });
          }
          console.error(
            `round ${r + 1} first ${side ? 'B' : 'A'}: ${JSON.stringify(loads[side]?.slice(-LOADS))}`,
          );
          continue;
        }
        const ctx = await newContext(browser);
        const { nodes, r: rec } = await playScenario(
          ctx,
          bases[side] as string,
          c.id,
          c.speed,
          seconds,
          c.nodes,
        );
        await ctx.close();
        if (!rec) throw new Error(`${c.label}: ${nodes} nodes shown`);
        const f = summarize(c.label, c.id, c.speed, nodes, seconds, rec);
        const row = {
          p95: f.frameMs.p95,
          work95: f.workMs.p95,
          // The budget's other half: the share of frames over one vsync.
          over: f.frames ? f.droppedFrames / f.frames : 0,
          long: f.longTasks.length,
          worstLong: Math.max(0, ...f.longTasks),
        };
        const slot = results.get(c.label) ?? [[], []];
        slot[side]?.push(row);
        results.set(c.label, slot);
        console.error(`round ${r + 1} ${c.label} ${side ? 'B' : 'A'}: ${JSON.stringify(row)}`);
      }
    }
} finally {
  await browser.close();
  for (const s of servers) await new Promise<void>((res) => s.httpServer.close(() => res()));
  cleanup();
}
const med = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
const fmt = (rows: Row[]) =>
  `p95 frame ${med(rows.map((x) => x.p95)).toFixed(1)} ms, p95 work ${med(rows.map((x) => x.work95)).toFixed(1)} ms, ${(med(rows.map((x) => x.over)) * 100).toFixed(1)} % over one vsync, long tasks ${med(rows.map((x) => x.long))} (worst ${Math.max(...rows.map((x) => x.worstLong))} ms)`;
console.log(
  `A = ${prev ? 'HEAD~1' : distA}\nB = ${prev ? 'this checkout' : distB}\n${rounds} interleaved rounds of ${seconds} s each; medians:`,
);
for (const [label, [a, b]] of results)
  console.log(`${label.padEnd(18)} A: ${fmt(a)}\n${''.padEnd(18)} B: ${fmt(b)}`);
const fmtLoads = (xs: Load[]) =>
  `first contentful paint ${med(xs.map((x) => x.fcp)).toFixed(0)} ms, first drawn cluster ${med(xs.map((x) => x.drawn)).toFixed(0)} ms (${xs.length} cold loads)`;
if (loads[0].length)
  console.log(`${'first'.padEnd(18)} A: ${fmtLoads(loads[0])}\n${''.padEnd(18)} B: ${fmtLoads(loads[1])}`);
