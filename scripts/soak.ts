/**
 * The long soak (issue #8, part 3): `npm run soak -- [--hours 24] [--seed S] [--ui-faults N]`.
 * Plays the BUILT app (run `npx vite build` first; nothing is built here) for that much virtual
 * time at 10x with a seeded random fault schedule, in headless Chromium, and fails (exit 1) on any
 * page error, console error or warning, CSP violation, request off the origin, an unresponsive
 * player, or a JS heap that is not bounded. See scripts/soak/drive.ts for how it plays.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, servePreview } from './lib/browser.ts';
import { runSoak } from './soak/drive.ts';
import { soakPlan } from './soak/plan.ts';

const USAGE =
  'usage: npm run soak -- [--hours H (0.01..24, default 24)] [--seed S] [--ui-faults N (default 8)]';

function args(argv: string[]): { hours: number; seed: number; uiFaults: number } {
  const out = { hours: 24, seed: 1, uiFaults: 8 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    const n = Number(v);
    if (k === '--help' || k === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (v === undefined || v.trim() === '' || !Number.isFinite(n))
      throw new Error(`${k} needs a number\n${USAGE}`);
    if (k === '--hours' && n > 0 && n <= 24) out.hours = n;
    else if (k === '--seed' && Number.isInteger(n) && n >= 0 && n < 2 ** 32) out.seed = n;
    else if (k === '--ui-faults' && Number.isInteger(n) && n >= 0 && n <= 100) out.uiFaults = n;
    else throw new Error(`bad argument ${k} ${v}\n${USAGE}`);
    i++;
  }
  return out;
}

const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;

async function main(): Promise<number> {
  const a = args(process.argv.slice(2));
  if (!existsSync(join(process.cwd(), 'dist', 'index.html'))) {
    console.error('dist/ is missing: run `npx vite build` first (the soak tests the built app).');
    return 2;
  }
  const plan = soakPlan(a.hours, a.seed);
  console.log(
    `soak: ${a.hours} h of virtual time, seed ${a.seed}, ${plan.faults.length} faults in ${plan.windows} windows ` +
      `(${Object.entries(plan.kinds)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}), up to ${a.uiFaults} more from the UI`,
  );
  const { server, base } = await servePreview(process.cwd());
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // A 24 h run has about 600 frames per virtual hour: a heap sample every ~2 virtual hours.
    const frames = Math.ceil(plan.durationMs / 2500);
    const r = await runSoak(page, {
      plan,
      base,
      heapEvery: Math.max(50, Math.round(frames / 24)),
      actionEvery: Math.max(40, Math.round(frames / 120)),
      uiFaults: a.uiFaults,
      tourRounds: 2,
      tourFrames: 2000,
      log: (s) => console.log(s),
    });
    const v = r.verdict;
    const rows: Array<[string, string]> = [
      ['virtual hours played', (r.virtualMs / 3_600_000).toFixed(2)],
      ['wall time', `${(r.wallMs / 60_000).toFixed(1)} min`],
      ['frames drawn (hops)', String(r.frames)],
      ['faults from the link', String(r.linkFaults)],
      ['faults from the UI', String(r.uiFaults)],
      [
        'UI actions',
        Object.entries(r.actions)
          .map(([k, n]) => `${k} x${n}`)
          .join('; ') || 'none',
      ],
      ['heap samples', String(r.heap.length)],
      [
        'heap baseline / max / bound',
        `${mb(v.baselineBytes)} / ${mb(v.maxAfterWarmUpBytes)} / ${mb(v.boundBytes)}`,
      ],
      [
        'heap trend / limit',
        `${Number.isFinite(v.trendBytes) ? mb(v.trendBytes) : 'n/a'} / ${mb(v.trendLimitBytes)}`,
      ],
      ['responsive (step forward)', r.responsive ? 'yes' : 'NO'],
      ['problems', String(r.problems.length)],
      ['verdict', r.ok ? 'PASS' : 'FAIL'],
    ];
    const w = Math.max(...rows.map(([k]) => k.length));
    console.log('');
    for (const [k, val] of rows) console.log(`${k.padEnd(w)}  ${val}`);
    console.log('\nheap samples (after forced GC):');
    for (const s of r.heap)
      console.log(
        `  ${s.phase.padEnd(4)} frame ${String(s.frame).padStart(6)}  ${(s.virtualMs / 3_600_000).toFixed(2).padStart(5)} h  ${mb(s.bytes)}`,
      );
    for (const p of r.problems.slice(0, 50)) console.log(`problem: ${p}`);
    for (const reason of v.reasons) console.log(`heap: ${reason}`);
    if (!r.ok)
      console.log(`\nreplay: npm run soak -- --hours ${a.hours} --seed ${a.seed} --ui-faults ${a.uiFaults}`);
    return r.ok ? 0 : 1;
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  },
);
