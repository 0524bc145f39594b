/** The printed table (plain text) and bench/results.md (the same in Markdown), with budget checks. */
import type { PaintFloor } from './floor.ts';
import type { PeerResult } from './peer.ts';
import type { FrameRun, RenderResults } from './render.ts';
import type { SimResults } from './sim.ts';
import { maxOf } from './stats.ts';
import type { WeightResults } from './weight.ts';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGB: number;
  platform: string;
  node: string;
  chromium?: string;
  date: string;
  /** 1-minute load average at the start and the end: other work on the machine skews every number. */
  load?: { start: number; end: number };
}

export interface Budget {
  name: string;
  limit: string;
  measured: string;
  verdict: 'PASS' | 'MISS' | 'N/A';
  margin: string;
}

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const kB = (b: number) => `${(b / 1000).toFixed(1)} kB`;

function check(name: string, limit: number, measured: number, unit: string, strict = false): Budget {
  const ok = strict ? measured < limit : measured <= limit;
  const d = Math.abs(limit - measured);
  const fmt = (x: number) =>
    unit === 'kB' ? `${x.toFixed(1)} kB` : `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ${unit}`;
  return {
    name,
    limit: `${strict ? '<' : '<='} ${fmt(limit)}`,
    measured: fmt(measured),
    verdict: ok ? 'PASS' : 'MISS',
    margin: ok ? `${fmt(d)} to spare` : `over by ${fmt(d)}`,
  };
}

/** Frame times are whole vsync periods: a pass means p95 within one period; the share over one period is shown. */
function frameCheck(name: string, r: FrameRun): Budget {
  const b = check(name, 16.7, r.frameMs.p95, 'ms');
  const share = r.frames
    ? `${((r.droppedFrames / r.frames) * 100).toFixed(1)}% of frames over one vsync`
    : '';
  return { ...b, margin: b.verdict === 'PASS' ? share : `${b.margin}; ${share}` };
}

export function budgets(
  sim: SimResults | null,
  render: RenderResults | null,
  weight: WeightResults | null,
  floor: PaintFloor | null = null,
  peer: PeerResult | null = null,
): Budget[] {
  const out: Budget[] = [];
  if (render) {
    const fcp = check('first contentful paint, cold load', 150, render.firstDraw.fcpMs.median, 'ms', true);
    out.push(
      floor
        ? {
            ...fcp,
            margin: `${fcp.margin}; the floor, same run: this page ${f1(floor.lab.median)} ms, with no script ${f1(floor.noScript.median)} ms, a blank page ${f1(floor.blank.median)} ms`,
          }
        : fcp,
    );
    for (const r of render.scenarios.filter((x) => x.speed === 10))
      out.push(frameCheck(`p95 frame time, ${r.label}`, r));
    const b50 = render.bullyLarge.find((x) => x.nodes === 50);
    if (b50 && 'frameMs' in b50) out.push(frameCheck('p95 frame time, Bully 50 nodes', b50));
    else
      out.push({
        name: 'p95 frame time, Bully 50 nodes',
        limit: '<= 16.7 ms',
        measured: 'not measurable yet',
        verdict: 'N/A',
        margin: 'the app has no way to show 50 nodes',
      });
    const played = [...render.scenarios, ...render.bullyLarge.filter((x): x is FrameRun => 'frameMs' in x)];
    const worstLong = maxOf(
      played.flatMap((r) => r.longTasks),
      0,
    );
    const count = played.reduce((a, r) => a + r.longTasks.length, 0);
    out.push({
      name: 'long tasks during play',
      limit: 'none > 50 ms',
      measured: count ? `${count} (worst ${worstLong} ms)` : 'none',
      verdict: count ? 'MISS' : 'PASS',
      margin: count ? `${count} long task(s), worst over by ${worstLong - 50} ms` : '-',
    });
    out.push({
      name: `heap over ${render.heap.minutes} min of play`,
      limit: 'flat',
      measured: Number.isFinite(render.heap.slopeBytesPerMin)
        ? `${(render.heap.slopeBytesPerMin / 1000).toFixed(0)} kB/min`
        : 'the warm-up took the whole soak',
      verdict: render.heap.flat ? 'PASS' : 'MISS',
      margin: Number.isFinite(render.heap.slopeBytesPerMin)
        ? `drift ${(Math.abs(render.heap.slopeBytesPerMin * render.heap.minutes) / 1e6).toFixed(2)} MB over the run`
        : 'no drift to fit: run --soak',
    });
  }
  if (sim) {
    out.push(check('seek p95 (frameAt, 24 h trace)', 2, sim.seek.us.p95 / 1000, 'ms', true));
    const b200 = sim.bully.rows.find((r) => r.n === 200);
    if (b200) out.push(check('Bully n = 200 simulated (median)', 1000, b200.ms.median, 'ms', true));
  }
  if (weight) {
    const js = check('first view JS, gzipped', 120, weight.firstView.jsGzip / 1000, 'kB');
    const r = weight.firstView.rendererGzip;
    out.push(
      r === undefined
        ? js
        : {
            ...js,
            margin: `${js.margin}; React, React DOM and the JSX runtime alone ${kB(r)}, the rest ${kB(weight.firstView.jsGzip - r)}`,
          },
    );
  }
  if (peer && render) {
    // An aim, not a budget: the lab's heap at the end of its soak within twice the peer's.
    const lab = render.heap.samples.at(-1)?.bytes ?? Number.NaN;
    out.push(
      check(`JS heap within 2x of ${peer.page} (aim)`, (2 * peer.heapEndBytes) / 1e6, lab / 1e6, 'MB'),
    );
  }
  return out;
}

function table(head: string[], rows: string[][], md: boolean): string {
  if (md)
    return [
      `| ${head.join(' | ')} |`,
      `|${head.map(() => '---').join('|')}|`,
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n');
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(w[i] as number))
      .join('  ')
      .trimEnd();
  return [line(head), w.map((x) => '-'.repeat(x)).join('  '), ...rows.map(line)].join('\n');
}

/** Over this 1-minute load average, a run is marked as from a busy machine (a quiet 2-core box sits under 1). */
export const BUSY_LOAD = 1.5;
/**
 * What the bench itself adds to the load by its end: headless Chromium's renderer and compositor
 * and the Node driver keep about two tasks runnable (measured: 0.8 before a run on an idle machine,
 * 2.5 after it). The end's figure is judged past that, so a quiet machine is not marked busy by the
 * bench's own work, and other work that joins during the run still is.
 */
export const OWN_LOAD = 2;
export const isBusy = (load: { start: number; end: number }) =>
  load.start > BUSY_LOAD || load.end > BUSY_LOAD + OWN_LOAD;

export function render(
  machine: Machine,
  sim: SimResults | null,
  rr: RenderResults | null,
  weight: WeightResults | null,
  md: boolean,
  peer: PeerResult | null = null,
  floor: PaintFloor | null = null,
): string {
  const h = (s: string) => (md ? `\n### ${s}\n` : `\n== ${s} ==`);
  const out: string[] = [];
  out.push(
    md
      ? `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGB} GB, ${machine.platform}, Node ${machine.node}${machine.chromium ? `, Chromium ${machine.chromium}` : ''}; ${machine.date}.`
      : `machine: ${machine.cpus} CPUs, ${machine.cpuModel}, ${machine.memoryGB} GB, ${machine.platform}, node ${machine.node}${machine.chromium ? `, chromium ${machine.chromium}` : ''}`,
  );
  if (machine.load) {
    const busy = isBusy(machine.load);
    out.push(
      `${md ? '\n' : ''}load average (1 min): ${machine.load.start.toFixed(1)} at the start, ${machine.load.end.toFixed(1)} at the end (the bench's own Chromium adds about ${OWN_LOAD})${busy ? ` -- BUSY MACHINE (load over ${BUSY_LOAD} at the start, or over ${BUSY_LOAD + OWN_LOAD} at the end): other work shared the CPUs, timings are inflated; do not quote these figures` : ''}`,
    );
  }
  if (sim) {
    out.push(h(`Simulation (median, min-max of ${sim.repeat} runs after a warm-up)`));
    const rows = [
      ...sim.bully.rows.map((r) => [
        `Bully worst case, n = ${r.n}`,
        f1(r.ms.median),
        `${f1(r.ms.min)}-${f1(r.ms.max)}`,
        String(r.events),
        String(r.messages),
        Math.round(r.eventsPerSec).toLocaleString('en-US'),
      ]),
      ...sim.lease.rows.map((r) => [
        `5-node lease, ${r.hours} h virtual${r.ms.n !== sim.repeat ? ` (${r.ms.n} runs)` : ''}`,
        f1(r.ms.median),
        `${f1(r.ms.min)}-${f1(r.ms.max)}`,
        String(r.events),
        String(r.messages),
        Math.round(r.eventsPerSec).toLocaleString('en-US'),
      ]),
    ];
    out.push(table(['run', 'wall ms', 'min-max', 'events', 'messages', 'events/s'], rows, md));
    out.push(
      `${md ? '\n' : ''}log-log slopes: Bully messages vs n ${sim.bully.messagesVsNSlope.toFixed(2)} (expected ~2); ` +
        `lease messages vs n ${sim.leaseVsN.messagesVsNSlope.toFixed(2)} (expected ~1; n = ${sim.leaseVsN.rows.map((r) => r.n).join(', ')}, ${Math.round(sim.leaseVsN.hours * 60)} min each); ` +
        `lease wall time vs events ${sim.lease.timeVsEventsSlope.toFixed(2)} (expected ~1)`,
    );
    out.push(
      `${md ? '\n' : ''}seek, 24 h trace (${sim.seek.events} events): index build ${f1(sim.seek.indexBuildMs)} ms; frameAt over ${sim.seek.samples} random t: p50 ${(sim.seek.us.median / 1000).toFixed(3)} ms, p95 ${(sim.seek.us.p95 / 1000).toFixed(3)} ms, max ${(sim.seek.us.max / 1000).toFixed(2)} ms`,
    );
  }
  if (rr) {
    out.push(h('Rendering, headless Chromium, software rendering, 1280x720'));
    const fr = (r: FrameRun) => [
      r.label,
      String(r.nodes),
      String(r.frames),
      `${f1(r.frameMs.p50)} / ${f1(r.frameMs.p95)} / ${f1(r.frameMs.worst)}`,
      `${f1(r.workMs.p50)} / ${f1(r.workMs.p95)} / ${f1(r.workMs.worst)}`,
      String(r.droppedFrames),
      r.longTasks.length ? `${r.longTasks.length} (worst ${maxOf(r.longTasks)} ms)` : '0',
    ];
    const rows = [fr(rr.idle), ...rr.scenarios.map(fr)];
    for (const b of rr.bullyLarge) if ('frameMs' in b) rows.push(fr(b));
    out.push(
      table(
        [
          'play',
          'nodes',
          'frames',
          'frame p50/p95/worst ms',
          'work p50/p95/worst ms',
          'dropped',
          'long tasks >50 ms',
        ],
        rows,
        md,
      ),
    );
    for (const b of rr.bullyLarge)
      if (!('frameMs' in b)) out.push(`${md ? '\n' : ''}${b.label}: ${b.reason}`);
    out.push(
      `${md ? '\n' : ''}frame = rAF interval in whole vsync periods (60 Hz); work = main-thread time from the frame's start to the next task (script, style, layout, paint); dropped = intervals over 1.5 periods.`,
    );
    const d = rr.firstDraw;
    out.push(
      `${md ? '\n' : ''}first drawn cluster (navigation start -> frame after the first [data-node], ${d.runs} cold loads): median ${f1(d.drawnMs.median)} ms (min ${f1(d.drawnMs.min)}, max ${f1(d.drawnMs.max)}); first contentful paint ${f1(d.fcpMs.median)} ms`,
    );
    if (floor)
      out.push(
        `${md ? '\n' : ''}first contentful paint on one static server, ${floor.loads} cold loads of each, interleaved: this page ${f1(floor.lab.median)} ms (min ${f1(floor.lab.min)}, max ${f1(floor.lab.max)}), the same document with no script ${f1(floor.noScript.median)} ms (min ${f1(floor.noScript.min)}, max ${f1(floor.noScript.max)}), a blank page ${f1(floor.blank.median)} ms (min ${f1(floor.blank.min)}, max ${f1(floor.blank.max)})`,
      );
    const hp = rr.heap;
    out.push(
      `${md ? '\n' : ''}JS heap over ${hp.minutes} min of play (sampled every ${hp.sampleEverySec} s${hp.precise ? ' after a forced GC' : ''}; fit after the ${hp.warmUpSec} s warm-up): ${hp.samples.map((s) => (s.bytes / 1e6).toFixed(2)).join(', ')} MB; slope ${(hp.slopeBytesPerMin / 1000).toFixed(1)} kB/min -> ${hp.flat ? 'flat' : 'GROWING'}. Mix: ${hp.actions.join(', ')}. Long tasks during these interactions: ${hp.longTasksDuringInteractions.length ? `${hp.longTasksDuringInteractions.slice(0, 8).join(', ')} ms` : 'none'}`,
    );
  }
  if (weight) {
    out.push(h('Weight (gzip -9)'));
    const rows = [...weight.firstView.js, ...weight.firstView.css].map((f) => [
      f.file,
      kB(f.bytes),
      kB(f.gzip),
    ]);
    rows.push(['first view JS total', kB(weight.firstView.jsBytes), kB(weight.firstView.jsGzip)]);
    rows.push(['first view CSS total', kB(weight.firstView.cssBytes), kB(weight.firstView.cssGzip)]);
    if (weight.embed.available) {
      for (const f of weight.embed.files) rows.push([f.file, kB(f.bytes), kB(f.gzip)]);
      rows.push(['embed build total', kB(weight.embed.bytes), kB(weight.embed.gzip)]);
    } else rows.push(['embed build', '-', weight.embed.reason]);
    out.push(table(['file', 'raw', 'gzip'], rows, md));
  }
  if (peer && rr) {
    out.push(h(`Side by side with ${peer.dir} (same harness, same run)`));
    const stories = rr.scenarios.filter((x) => x.speed === 1);
    const share = (x: { droppedFrames: number; frames: number }) =>
      x.frames ? x.droppedFrames / x.frames : 0;
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    const heapLab = rr.heap.samples;
    out.push(
      table(
        ['page', 'first contentful paint (median)', 'frames over one vsync', 'JS heap (after GC)'],
        [
          [
            'Leader Election Lab (stories at 1x)',
            `${f1(rr.firstDraw.fcpMs.median)} ms`,
            `${pct(Math.min(...stories.map(share)))}-${pct(Math.max(...stories.map(share)))}`,
            `${((heapLab[0]?.bytes ?? 0) / 1e6).toFixed(1)}-${((heapLab[heapLab.length - 1]?.bytes ?? 0) / 1e6).toFixed(1)} MB`,
          ],
          [
            peer.page,
            `${f1(peer.fcpMs.median)} ms`,
            pct(peer.overVsync),
            `${(peer.heapStartBytes / 1e6).toFixed(1)}-${(peer.heapEndBytes / 1e6).toFixed(1)} MB`,
          ],
        ],
        md,
      ),
    );
  }
  const b = budgets(sim, rr, weight, floor, peer);
  out.push(h('Budgets (2-core machine, software rendering)'));
  out.push(
    table(
      ['budget', 'limit', 'measured', 'verdict', 'margin'],
      b.map((x) => [x.name, x.limit, x.measured, x.verdict, x.margin]),
      md,
    ),
  );
  return out.join('\n');
}
