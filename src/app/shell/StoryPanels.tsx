/**
 * The panels of the hosts beside the nodes: the proxy, the store (etcd, the API server, ZooKeeper),
 * each protected storage and the job runner's database, at the cursor. A chunk of its own: the default
 * story (Bully) has none of these hosts, so the first view does not carry them (Stage.tsx loads it).
 */
import { useMemo } from 'react';
import { dbStateAt, hasDb } from '../../player/db.ts';
import { proxyStateAt } from '../../player/proxy.ts';
import type { Run } from '../../player/store.ts';
import { declarationOf } from '../../sim/algorithms/declared.ts';
import type { Frame } from '../../sim/trace/frame.ts';
import { DatabasePanel } from '../../views/DatabasePanel.tsx';
import { ProxyPanel } from '../../views/ProxyPanel.tsx';
import { ResourcePanel } from '../../views/ResourcePanel.tsx';
import { StorePanel } from '../../views/StorePanel.tsx';

export function StoryPanels({ run, frame, time }: { run: Run; frame: Frame; time: number }) {
  const hosts = run.trace.hosts;
  const storeHost = hosts.find((h) => h.kind === 'store');
  const nodeIds = useMemo(() => hosts.filter((h) => h.kind === 'node').map((h) => h.id), [hosts]);
  // Every resource that ever gets a write has its panel from the start: nothing appears mid-run.
  const resourceIds = useMemo(() => {
    const ids = hosts.filter((h) => h.kind === 'resource').map((h) => h.id);
    for (const w of run.index.writes) if (!ids.includes(w.resource)) ids.push(w.resource);
    return ids;
  }, [hosts, run]);
  const proxies = hosts.filter((h) => h.kind === 'proxy');
  return (
    <>
      {proxies.map((p) => (
        <ProxyPanel key={p.id} proxy={proxyStateAt(run.index, p.id, time, nodeIds)} />
      ))}
      {storeHost && frame.store && <StorePanel id={storeHost.id} store={frame.store} />}
      {resourceIds.map((id) => {
        // The job runner's database shows its tables, not a storage's token counts.
        if (hasDb(run.index, id))
          return <DatabasePanel key={id} id={id} db={dbStateAt(run.index, id, time)} />;
        const r = frame.resources.find((x) => x.id === id) ?? {
          id,
          highest: null,
          accepted: 0,
          rejected: 0,
          recent: [],
        };
        return (
          <ResourcePanel
            key={id}
            resource={r}
            database={nodeIds.includes(id)}
            carries={declarationOf(run.trace.algorithm)?.leadership.carries ?? null}
          />
        );
      })}
    </>
  );
}
