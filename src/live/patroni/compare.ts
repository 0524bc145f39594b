/**
 * `--compare` for live Patroni: the story's kill on the real cluster `runs` times, the same schedule
 * simulated with as many seeds, and the figures side by side (figures.ts). The schedule is the
 * story's: the primary killed 1.4 s after one of its HA loops (the real run waits for Patroni's "no
 * action. I am (pg-1), the leader with the lock" line; scenarios/patroni.ts kills 1.4 s after pg-1's
 * refresh), with pg-3 out of the race (the real `nofailover` tag, the story's cut replication link).
 * Node-only.
 */
import { simulate } from '../../sim/simulate.ts';
import { KILL_RECORDED_AS } from './faults.ts';
import { compareTable, type Figures, figuresOf } from './figures.ts';
import { patroniScenario } from './run.ts';

/** The simulated story with seeds 1..n: its kill's figures. */
export function simulatedFigures(seeds: number): Figures[] {
  const sc = patroniScenario();
  return Array.from({ length: seeds }, (_, i) => {
    const tr = simulate({ ...sc, seed: i + 1 });
    const kill = tr.events.find((e) => e.k === 'fault' && e.fault.kind === KILL_RECORDED_AS);
    if (kill?.k !== 'fault' || !('node' in kill.fault)) throw new Error('the story has no kill');
    return figuresOf(tr.events, { t: kill.t, node: kill.fault.node });
  });
}

const f2 = (x: number) => x.toFixed(2).padStart(6);

/** The table as text: real and simulated min / median / max, `!` where the simulated median is out. */
export function compareText(real: Figures[], sim: Figures[]): string {
  const rows = compareTable(real, sim);
  const cell = (s: { min: number; median: number; max: number } | null) =>
    s ? `${f2(s.min)} ${f2(s.median)} ${f2(s.max)}` : '     -      -      -';
  const lines = [
    `${'figure (s after the kill)'.padEnd(30)} ${'real min / median / max'.padEnd(22)}  ${'simulated'.padEnd(22)}`,
    ...rows.map((r) => `${r.figure.padEnd(30)} ${cell(r.real)}  ${cell(r.sim)} ${r.outside ? '!' : ''}`),
    `real runs: ${real.length}, seeds: ${sim.length}; ! = the simulated median outside the real range widened by 10 % (at least 0.5 s)`,
  ];
  return `${lines.join('\n')}\n`;
}
