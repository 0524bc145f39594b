/**
 * `npm run live -- --system patroni` without `--headless`: the Patroni run served by the live control
 * service (src/live/server.ts), so the page shows its recording with the Patroni story's picture and
 * its What-if menu faults the real cluster. A fault from the page is checked as `--fault` checks one
 * (faults.ts `patroniFault`) and applied as stdin's are (`PatroniRun.fault`). Node-only.
 */
import { ensureBuilt, type LiveServer, type LiveService, startServer } from '../server.ts';
import { patroniFault } from './faults.ts';
import type { PatroniRun } from './run.ts';

/** The run as the service serves it: its recording, its etcd members, and the faults of PATRONI_FAULTS. */
export function patroniService(run: PatroniRun): LiveService {
  const { etcd } = run.cluster;
  return {
    trace: () => run.trace(),
    subscribe: (l) => run.subscribe(l),
    get stopped() {
      return run.stopped;
    },
    status: () => ({
      quorum: etcd.running * 2 > etcd.info().length,
      members: etcd.info().map((m) => ({ index: m.index, id: m.id, state: m.state })),
      reachable: true,
    }),
    fault: (body) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return { problem: 'not a Patroni fault: send one object, {"kind": ..., "node" or "member": ...}' };
      const raw = body as Record<string, unknown>;
      // The page's faults happen now; aligning a kill to the HA loop is for --fault's schedule.
      if ('afterLoopMs' in raw) return { problem: 'not a Patroni fault: afterLoopMs is for --fault only' };
      try {
        const f = patroniFault(raw);
        return run.fault(f).then((changed) => ({ changed }));
      } catch (e) {
        return { problem: `not a Patroni fault: ${(e as Error).message}` };
      }
    },
    end: () => run.stop(),
    stop: () => run.stop(),
  };
}

/**
 * The service first (built app, token), then the cluster (about a minute to start), then the run is
 * served. When the cluster does not start, the service is closed and the error thrown.
 */
export async function servePatroni(
  start: () => Promise<PatroniRun>,
  root = process.cwd(),
  port?: number,
): Promise<{ run: PatroniRun; server: LiveServer }> {
  ensureBuilt(root);
  let served: LiveService | null = null;
  const server = await startServer(() => served, { root, ...(port !== undefined ? { port } : {}) });
  try {
    const run = await start();
    served = patroniService(run);
    return { run, server };
  } catch (e) {
    await server.close();
    throw e;
  }
}
