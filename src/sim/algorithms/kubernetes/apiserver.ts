/**
 * The API server's object store, as far as a Lease needs it: GET, CREATE and UPDATE of one
 * `coordination.k8s.io/v1` Lease, with optimistic concurrency on `resourceVersion`.
 *
 * How it sits on etcd. The API server keeps every object in etcd under `/registry/<resource>/<ns>/<name>`
 * (here `/registry/leases/kube-system/kube-controller-manager`) and maps an object's
 * `resourceVersion` to the etcd key's `mod_revision` (k8s.io/apiserver/pkg/storage/etcd3/store.go:
 * `GuaranteedUpdate` reads the key, and writes it back with one etcd txn
 * `If(mod_revision(key) == <revision read>).Then(put).Else(get)`; a failed compare with a
 * resourceVersion given by the client is answered `409 Conflict`, "the object has been modified;
 * please apply your changes to the latest version and try again"; `Create` is a txn on
 * `create_revision(key) == 0`, a failure is `409 AlreadyExists`). So the compare-and-swap below is
 * etcd's, one level up: resourceVersion is the etcd revision of the write that produced it, and it
 * grows across all objects (a single counter here, like etcd's store revision).
 *
 * Nothing here reads a clock. The times in the spec (acquireTime, renewTime) are written by the
 * CLIENT from its own clock (client-go sets them with metav1.NowMicro()), so the server just stores them.
 */
import type { Process, ProcessEnv, ProcessFactory } from '../../net/host.ts';
import type { Message } from '../../net/message.ts';

/** The Lease's spec as client-go's LeaseLock writes it (coordination.k8s.io/v1 LeaseSpec). */
export interface LeaseSpec {
  /** Empty string: nobody holds it (client-go writes "" when it releases on cancel). */
  holderIdentity: string;
  leaseDurationSeconds: number;
  /** The holder's local clock, ms (MicroTime in the API). */
  acquireTime: number;
  renewTime: number;
  leaseTransitions: number;
}

/** The object as a GET returns it: spec plus metadata.resourceVersion. */
export interface LeaseObject extends LeaseSpec {
  resourceVersion: number;
}

export type ApiAnswer =
  | { type: 'GET_OK'; lease: LeaseObject }
  | { type: 'NOT_FOUND'; code: 404 }
  | { type: 'CREATED'; lease: LeaseObject }
  | { type: 'UPDATED'; lease: LeaseObject }
  | { type: 'CONFLICT'; code: 409; reason: 'Conflict' | 'AlreadyExists' };

/** The namespace/name of the Lease kube-controller-manager uses (--leader-elect-resource-name). */
export const LEASE_NAME = 'kube-system/kube-controller-manager';
/** The etcd key the API server stores it under (k8s.io/apiserver storage prefix /registry). */
export const LEASE_KEY = `/registry/leases/${LEASE_NAME}`;

/** The object store: one map of objects and one revision counter (etcd's). */
export class ObjectStore {
  private revision = 0;
  private objects = new Map<string, { obj: LeaseObject; created: number; version: number }>();

  get(name: string): ApiAnswer {
    const o = this.objects.get(name);
    return o ? { type: 'GET_OK', lease: { ...o.obj } } : { type: 'NOT_FOUND', code: 404 };
  }

  /** etcd txn If(create_revision == 0): a second create is 409 AlreadyExists. */
  create(name: string, spec: LeaseSpec): ApiAnswer {
    if (this.objects.has(name)) return { type: 'CONFLICT', code: 409, reason: 'AlreadyExists' };
    this.revision++;
    const obj = { ...spec, resourceVersion: this.revision };
    this.objects.set(name, { obj, created: this.revision, version: 1 });
    return { type: 'CREATED', lease: { ...obj } };
  }

  /** etcd txn If(mod_revision == resourceVersion): a stale resourceVersion is 409 Conflict. */
  update(name: string, spec: LeaseSpec, resourceVersion: number): ApiAnswer {
    const o = this.objects.get(name);
    if (!o || o.obj.resourceVersion !== resourceVersion)
      return { type: 'CONFLICT', code: 409, reason: 'Conflict' };
    this.revision++;
    const obj = { ...spec, resourceVersion: this.revision };
    this.objects.set(name, { obj, created: o.created, version: o.version + 1 });
    return { type: 'UPDATED', lease: { ...obj } };
  }

  /** The etcd metadata of a stored object (what the store panel shows beside the Lease). */
  meta(name: string): { created: number; version: number } | undefined {
    const o = this.objects.get(name);
    return o && { created: o.created, version: o.version };
  }
}

const secs = (ms: number) => `${(ms / 1000).toFixed(3)}s`;

/** The Lease as the store panel shows it: its fields in kubectl's order, one after another. */
export function leaseText(l: LeaseObject): string {
  return [
    `holderIdentity: ${l.holderIdentity || '""'}`,
    `leaseDurationSeconds: ${l.leaseDurationSeconds}`,
    `acquireTime: ${secs(l.acquireTime)}`,
    `renewTime: ${secs(l.renewTime)}`,
    `leaseTransitions: ${l.leaseTransitions}`,
    `resourceVersion: ${l.resourceVersion}`,
  ].join(', ');
}

/**
 * The API server as a host: GET/CREATE/UPDATE of leases -> GET_OK | NOT_FOUND | CREATED | UPDATED |
 * CONFLICT (409). `reqId` is echoed; every write is recorded as a `put` of the etcd key, with
 * mod_revision = resourceVersion.
 */
export function apiServerProcess(): ProcessFactory {
  return (env: ProcessEnv): Process => {
    const store = new ObjectStore();
    const record = (name: string, obj: LeaseObject) => {
      const m = store.meta(name);
      env.record({
        k: 'store',
        change: {
          kind: 'put',
          kv: {
            key: `/registry/leases/${name}`,
            value: leaseText(obj),
            createRevision: m?.created ?? obj.resourceVersion,
            modRevision: obj.resourceVersion,
            version: m?.version ?? 1,
            lease: 0,
          },
        },
      });
    };
    const handle = (m: Message): ApiAnswer | null => {
      const name = typeof m.body.name === 'string' ? m.body.name : LEASE_NAME;
      const spec = m.body.spec as LeaseSpec | undefined;
      switch (m.type) {
        case 'GET':
          return store.get(name);
        case 'CREATE':
          return spec ? store.create(name, spec) : null;
        case 'UPDATE':
          return spec ? store.update(name, spec, Number(m.body.resourceVersion)) : null;
        default:
          return null;
      }
    };
    return {
      receive(m) {
        const a = handle(m);
        if (!a) return;
        if (a.type === 'CREATED' || a.type === 'UPDATED') record(String(m.body.name ?? LEASE_NAME), a.lease);
        const { type, ...rest } = a;
        // The holder and version travel as plain fields too, so the trace's message data shows them.
        const flat =
          'lease' in a ? { holder: a.lease.holderIdentity, resourceVersion: a.lease.resourceVersion } : {};
        env.send(m.from, type, { ...rest, ...flat, reqId: m.body.reqId ?? null });
      },
      stop() {},
      // Its objects and the revision counter, which names the next resourceVersion.
      state: () => store,
    };
  };
}
