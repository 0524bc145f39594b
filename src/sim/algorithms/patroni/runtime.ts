/** How a Patroni cluster runs: etcd, the Postgres nodes under Patroni, HAProxy and a writing app. */
import { storeProcess } from '../../store/process.ts';
import type { AlgorithmRuntime } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import type { PgDisk } from './context.ts';
import { haproxyProcess, TIMEOUT_CHECK_MS } from './haproxy.ts';
import { START_STAGGER_MS, STORE } from './keys.ts';
import { patroniMachine } from './machine.ts';
import { pgClientProcess } from './pgClient.ts';

export const patroniRuntime: AlgorithmRuntime = {
  machine: patroniMachine,
  build(ctx) {
    const p = ctx.params;
    const n = (k: string) => Number(p[k]);
    ctx.addHost(STORE, 'store', storeProcess());
    ctx.nodeIds.forEach((id, i) => {
      const disk: PgDisk = { booted: false, hasData: false, lsn: 0, timeline: 0 };
      ctx.addHost(
        id,
        'node',
        machineProcess(
          patroniMachine,
          (env) => {
            const first = !disk.booted;
            disk.booted = true;
            return {
              env,
              disk,
              startDelayMs: first ? i * START_STAGGER_MS : 0,
              loopWaitMs: n('loopWaitS') * 1000,
              ttlS: n('ttlS'),
              retryTimeoutMs: n('retryTimeoutS') * 1000,
              promoteMs: n('promoteMs'),
              watchdog: p.watchdog === true,
              maximumLagOnFailover: n('maximumLagOnFailover'),
              walBytesPerWrite: n('walBytesPerWrite'),
            };
          },
          // The agent's own faults (stop, resume) reach its machine as FAULT {fault}.
          { faultEvent: (fault) => ({ type: 'FAULT', fault }) },
        ),
      );
    });
    ctx.addHost(
      'haproxy',
      'proxy',
      haproxyProcess({
        backends: ctx.nodeIds,
        interMs: n('haproxyInterMs'),
        fall: n('haproxyFall'),
        rise: n('haproxyRise'),
        checkTimeoutMs: TIMEOUT_CHECK_MS,
        drawnStart: true,
      }),
    );
    ctx.addHost(
      'app',
      'client',
      pgClientProcess({
        target: 'haproxy',
        intervalMs: n('clientWriteIntervalMs'),
        connectTimeoutMs: n('clientConnectTimeoutMs'),
      }),
    );
    // A second app that reaches one node's Postgres directly, past HAProxy.
    const direct = n('directWriteNode');
    if (direct > 0 && direct <= ctx.nodeIds.length)
      ctx.addHost(
        'app-direct',
        'client',
        pgClientProcess({
          target: ctx.nodeIds[direct - 1] as string,
          intervalMs: n('clientWriteIntervalMs'),
          connectTimeoutMs: n('clientConnectTimeoutMs'),
        }),
      );
  },
};
