/**
 * Where a frame's time goes: builds the app unminified into .tmp/dist-profile, plays one scenario in
 * headless Chromium under the CPU profiler (CDP) and prints self time by function and by source file
 * (from the bundle's per-module `// <file>` comments), then where the renderer's threads spend the
 * frames (a Chromium trace: script, style, layout, paint, raster, by thread), what invalidated style,
 * layout and paint (element and reason), and the painted layers with their areas.
 * PROFILE_TRACE_OUT=file.json also writes the trace, for chrome://tracing or Perfetto; PROFILE_CPU_OUT=file.cpuprofile
 * the CPU profile (DevTools' Performance panel loads it).
 *
 *   npx tsx scripts/bench/profile.ts <scenario> [speed 1|10] [seconds] [nodes, via the What if… Nodes knob]
 *   PROFILE_QUERY='&panel=log' adds link parameters (e.g. to leave the sequence diagram out).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, servePreview } from '../lib/browser.ts';
import { maxOf, minOf } from './stats.ts';

const [scenario = 'fencing-token', speedArg = '10', secondsArg = '6', nodesArg = ''] = process.argv.slice(2);
const ROOT = process.cwd();
const OUT = join(ROOT, '.tmp', 'dist-profile');

const b = spawnSync(
  'npx',
  ['vite', 'build', '--minify', 'false', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'error'],
  { cwd: ROOT, stdio: 'inherit' },
);
if (b.status !== 0) throw new Error('build failed');

// Line ranges of each source file in the unminified bundle's chunks (the app is code-split).
const assets = join(OUT, 'assets');
const regionsOf = new Map<string, string[]>();
for (const chunk of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
  const regionAt: string[] = [];
  let current = '(bundle)';
  readFileSync(join(assets, chunk), 'utf8')
    .split('\n')
    .forEach((l, i) => {
      // Unminified Rolldown output starts each module with a `// <path>` comment line.
      const m = /^\/\/ ((?:src|scenarios|node_modules)\/\S+|\S+\.(?:ts|tsx|js|mjs|cjs))$/.exec(l);
      if (m) current = (m[1] as string).replace(/^.*node_modules\/(?:\.pnpm\/)?/, '');
      regionAt[i] = current;
    });
  regionsOf.set(chunk, regionAt);
}
const regionOf = (url: string, line: number) =>
  regionsOf.get(url.slice(url.lastIndexOf('/') + 1))?.[line] ?? '(bundle)';

const { server, base } = await servePreview(ROOT, OUT);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  // tsx's keepNames wraps inner functions in __name(); give the page a no-op one.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.goto(`${base}/?scenario=${scenario}${process.env.PROFILE_QUERY ?? ''}`);
  await page.locator('[data-node]').first().waitFor();
  if (nodesArg) {
    await page.getByRole('button', { name: 'What if…' }).click();
    const knob = page.getByRole('region', { name: 'Knobs' }).getByRole('spinbutton', { name: 'Nodes' });
    await knob.fill(nodesArg);
    await knob.press('Enter');
    await page.waitForFunction(
      (k) => document.querySelectorAll('[data-node]').length === k,
      Number(nodesArg),
    );
    await page.getByRole('button', { name: 'What if…' }).click();
  }
  const slider = page.getByRole('slider', { name: 'Speed' });
  await slider.focus();
  await page.keyboard.press('End');
  if (speedArg === '1') for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  await slider.blur();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  // Keep playing: press Play again whenever the run reaches its end (as the bench does).
  await page.evaluate(() => {
    const again = () => {
      document.querySelector<HTMLButtonElement>('button[aria-label="Play"]')?.click();
      requestAnimationFrame(again);
    };
    requestAnimationFrame(again);
  });
  await cdp.send('Profiler.start');
  await page.waitForTimeout(Number(secondsArg) * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  if (process.env.PROFILE_CPU_OUT) writeFileSync(process.env.PROFILE_CPU_OUT, JSON.stringify(profile));
  // A second window under the tracer (the profiler off): time by trace event and thread.
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.invalidationTracking',
      'cc',
      'viz',
      'benchmark',
    ],
  });
  await page.waitForTimeout(Number(secondsArg) * 1000);
  const traceBuf = await browser.stopTracing();
  if (process.env.PROFILE_TRACE_OUT) writeFileSync(process.env.PROFILE_TRACE_OUT, traceBuf);

  // Self time per node = samples x mean interval.
  const total = profile.endTime - profile.startTime; // µs
  const counts = new Map<number, number>();
  for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  const per = total / (profile.samples?.length ?? 1) / 1000; // ms per sample
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const n of profile.nodes) {
    const ms = (counts.get(n.id) ?? 0) * per;
    if (!ms) continue;
    const cf = n.callFrame;
    const file = cf.url.includes('/assets/')
      ? regionOf(cf.url, cf.lineNumber)
      : cf.url || `(${cf.functionName || 'native'})`;
    const fn = `${cf.functionName || '(anonymous)'}  [${file}${cf.url.includes('/assets/') ? `:${cf.lineNumber + 1}` : ''}]`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m.entries()]
      .sort((a, c) => c[1] - a[1])
      .slice(0, k)
      .map(
        ([name, ms]) =>
          `${ms.toFixed(0).padStart(7)} ms  ${((ms / (total / 1000)) * 100).toFixed(1).padStart(5)}%  ${name}`,
      )
      .join('\n');
  console.log(`${scenario} at ${speedArg}x, ${(total / 1e6).toFixed(1)} s profiled, self time:`);
  console.log('\nby source file:');
  console.log(top(byFile, 15));
  console.log('\nby function:');
  console.log(top(byFn, 25));

  interface TraceEv {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    ts: number;
    dur?: number;
    args?: { name?: string; data?: Record<string, unknown> };
  }
  const evs = (JSON.parse(traceBuf.toString('utf8')) as { traceEvents: TraceEv[] }).traceEvents;
  const threads = new Map<string, string>();
  for (const e of evs)
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  // Complete events carry dur; B/E pairs (per thread, nested) become the same.
  const open = new Map<string, TraceEv[]>();
  const xs: TraceEv[] = [];
  for (const e of evs) {
    if (e.ph === 'X' && e.dur !== undefined) xs.push(e);
    else if (e.ph === 'B') {
      const k = `${e.pid}:${e.tid}`;
      open.set(k, [...(open.get(k) ?? []), e]);
    } else if (e.ph === 'E') {
      const st = open.get(`${e.pid}:${e.tid}`);
      const b = st?.pop();
      if (b) xs.push({ ...b, ph: 'X', dur: e.ts - b.ts });
    }
  }
  // Hundreds of thousands of events: a loop, not Math.max(...xs) (one argument per event overflows the stack).
  const span =
    (maxOf(
      xs.map((e) => e.ts),
      0,
    ) -
      minOf(
        xs.map((e) => e.ts),
        0,
      )) /
    1e6;
  const byEv = new Map<string, number>();
  for (const e of xs) {
    const th = (threads.get(`${e.pid}:${e.tid}`) ?? '?').replace(/\d+$/, '');
    const k = `${th} / ${e.name}`;
    byEv.set(k, (byEv.get(k) ?? 0) + (e.dur as number) / 1000);
  }
  const frames = evs.filter((e) => e.name === 'BeginMainThreadFrame' || e.name === 'BeginFrame').length;
  console.log(
    `\ntrace, ${span.toFixed(1)} s (${frames} BeginFrame events); inclusive time by thread / event (nested events overlap):`,
  );
  console.log(
    [...byEv.entries()]
      .sort((a, c) => c[1] - a[1])
      .slice(0, 30)
      .map(
        ([k, ms]) =>
          `${ms.toFixed(0).padStart(7)} ms  ${((ms / (span * 1000)) * 100).toFixed(0).padStart(4)}% of wall  ${k}`,
      )
      .join('\n'),
  );

  // What made the renderer restyle, re-lay-out and repaint: the invalidation-tracking events name the
  // element and the reason (an attribute, a class, a node added or removed, a :has() rule...).
  const inval = new Map<string, number>();
  for (const e of evs) {
    if (!e.name.endsWith('InvalidationTracking') || e.name.startsWith('Schedule')) continue;
    const d = e.args?.data ?? {};
    const what = e.name.replace('InvalidationTracking', '').replace('StyleInvalidator', 'Style');
    const why = String(d.reason ?? (d.invalidationSet ? 'invalidation set' : '?'));
    const k = `${what.padEnd(11)} ${String(d.nodeName ?? '?').slice(0, 60)}: ${why}`;
    inval.set(k, (inval.get(k) ?? 0) + 1);
  }
  console.log(`\ninvalidations per second, by kind, element and reason (top 20):`);
  console.log(
    [...inval.entries()]
      .sort((a, c) => c[1] - a[1])
      .slice(0, 20)
      .map(([k, n]) => `${(n / span).toFixed(1).padStart(7)}/s  ${k}`)
      .join('\n'),
  );
  // Paint events: which layer was painted and how big its area was, per frame drawn.
  const paints = new Map<string, { n: number; ms: number; px: number }>();
  for (const e of xs) {
    if (e.name !== 'Paint') continue;
    const d = e.args?.data ?? {};
    const clip = (d.clip as number[] | undefined) ?? [];
    const w = Math.abs((clip[2] ?? 0) - (clip[0] ?? 0));
    const h = Math.abs((clip[5] ?? 0) - (clip[1] ?? 0));
    const k = `layer ${d.layerId ?? '?'} ${String(d.nodeName ?? '?').slice(0, 50)}`;
    const p = paints.get(k) ?? { n: 0, ms: 0, px: 0 };
    p.n++;
    p.ms += (e.dur ?? 0) / 1000;
    p.px += w * h;
    paints.set(k, p);
  }
  console.log('\npaints by layer and element (count, time, mean area):');
  console.log(
    [...paints.entries()]
      .sort((a, c) => c[1].ms - a[1].ms)
      .slice(0, 10)
      .map(
        ([k, p]) =>
          `${String(p.n).padStart(6)}  ${p.ms.toFixed(0).padStart(6)} ms  ${(p.px / p.n / 1e3).toFixed(0).padStart(6)} kpx  ${k}`,
      )
      .join('\n'),
  );
} finally {
  await browser.close();
  await new Promise<void>((r) => server.httpServer.close(() => r()));
}
