/**
 * How a live run ends, once, for the ZooKeeper and Patroni live modes: the run stopped, and its
 * recording written to `--out`, or, without `--headless`, to a file of its own for the player's
 * Import. SIGINT and SIGTERM end it the same way, then exit 130; if stopping fails, `hardStop` kills
 * what it started (its reaper removes the rest).
 */
import { writeFileSync } from 'node:fs';
import type { Trace } from '../sim/trace/trace.ts';

export function recordingEnd(
  system: string,
  a: { out?: string | null | undefined; headless: boolean },
  run: () => { stop(): Promise<Trace> } | null,
  hardStop: () => unknown,
): () => Promise<Trace | undefined> {
  let done = false;
  const finish = async () => {
    const r = run();
    if (done || !r) return;
    done = true;
    const trace = await r.stop();
    if (a.out || !a.headless) {
      const file = a.out ?? `lel-${system}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
      writeFileSync(file, `${JSON.stringify(trace)}\n`);
      process.stderr.write(`live: the recording is in ${file} (open it in the player with Import)\n`);
    }
    return trace;
  };
  const onSignal = () => {
    void (done ? Promise.resolve() : finish().then(() => {}))
      .catch(() => hardStop())
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return finish;
}
