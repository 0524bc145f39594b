/**
 * The shape of a trace file, field by field (zod, strict: unknown keys are refused). import.ts checks
 * the file's size and structure before it, and the cross-field rules after it.
 */
import { z } from 'zod';
import { algorithmIds, faultSchema, timedFaultSchema } from '../scenario/schema.ts';
import { ROLES, VIOLATION_KINDS } from './events.ts';

const hostId = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'a host id like "node-3" or "etcd"');
const time = z.number().int().min(0, 'a time >= 0 ms');
// A state path or timer name, or the number of one written before (events.ts StateName).
const stateName = z.union([
  z.string().regex(/^[A-Za-z0-9_$#-]+(\.[A-Za-z0-9_$#-]+)*$/, 'a dotted state path or a timer name'),
  z.number().int().min(0, 'the number of a name written before'),
]);
const int = z.number().int();
const primitives = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

const keyValue = z.strictObject({
  key: z.string(),
  value: z.string(),
  createRevision: int,
  modRevision: int,
  version: int,
  lease: int,
});

const storeChange = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('put'), kv: keyValue }),
  z.strictObject({
    kind: z.literal('delete'),
    key: z.string(),
    revision: int,
    cause: z.enum(['delete', 'lease-expired', 'lease-revoked']),
    lease: int.optional(),
  }),
  z.strictObject({ kind: z.literal('lease-grant'), lease: int, ttlSec: int, deadlineMs: int }),
  z.strictObject({ kind: z.literal('lease-keepalive'), lease: int, ttlSec: int, deadlineMs: int }),
  z.strictObject({ kind: z.literal('lease-revoke'), lease: int, revision: int }),
  z.strictObject({ kind: z.literal('lease-expire'), lease: int, revision: int }),
]);

const eventSchema = z.discriminatedUnion('k', [
  z.strictObject({
    k: z.literal('send'),
    t: time,
    id: int.min(1),
    from: hostId,
    to: hostId,
    type: z.string().min(1).max(64),
    deliverAt: time,
    data: primitives.optional(),
  }),
  z.strictObject({ k: z.literal('deliver'), t: time, id: int.min(1) }),
  z.strictObject({
    k: z.literal('drop'),
    t: time,
    id: int.min(1),
    reason: z.enum(['partition', 'loss', 'link-cut', 'node-down', 'isolated', 'refused', 'closed']),
  }),
  z.strictObject({
    k: z.literal('role'),
    t: time,
    node: hostId,
    role: z.enum(ROLES),
    token: int.optional(),
    term: int.optional(),
  }),
  z.strictObject({
    k: z.literal('fault'),
    t: time,
    fault: faultSchema,
    source: z.enum(['scenario', 'intervention']),
  }),
  z.strictObject({ k: z.literal('store'), t: time, change: storeChange }),
  z.strictObject({
    k: z.literal('write'),
    t: time,
    node: hostId,
    resource: hostId,
    token: z.union([int, z.null()]),
    status: z.enum(['accepted', 'rejected']),
    code: z.union([z.literal(200), z.literal(409), z.literal(503)]),
    reason: z.string().optional(),
    seen: z.union([int, z.null()]),
    value: z.string().optional(),
    key: z.string().optional(),
  }),
  z.strictObject({
    k: z.literal('violation'),
    t: time,
    violation: z.strictObject({
      kind: z.enum(VIOLATION_KINDS),
      nodes: z.array(z.string()),
      detail: z.string(),
      // Format 2: the facts the views word (events.ts Violation).
      resource: z.string().optional(),
      key: z.string().optional(),
      token: z.number().optional(),
      seen: z.number().optional(),
      term: z.number().optional(),
      // Raft's log properties name the index they broke at (events.ts Violation.index).
      index: int.min(1).optional(),
      pair: z.tuple([z.string(), z.string()]).optional(),
      leases: z.tuple([z.number(), z.number()]).optional(),
      job: z.string().optional(),
      count: int.min(0).optional(),
      senders: z.array(z.string()).optional(),
      ms: z.number().optional(),
      boundMs: z.number().optional(),
    }),
  }),
  z.strictObject({
    k: z.literal('mark'),
    t: time,
    node: hostId,
    name: z.string().min(1),
    data: primitives.optional(),
  }),
  // A statechart's move (events.ts StateEvent): deltas of the active paths, timers and context.
  z.strictObject({
    k: z.literal('state'),
    t: time,
    node: hostId,
    on: z.string().min(1, 'the event that caused the change'),
    r: z.array(z.string().min(1)).optional(),
    init: z.literal(true).optional(),
    v: z.array(stateName).optional(),
    x: z.array(stateName).optional(),
    tm: z.array(z.tuple([stateName, time])).optional(),
    tx: z.array(stateName).optional(),
    c: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
  }),
]);

export const traceSchema = z.strictObject({
  version: z.union([z.literal(1), z.literal(2)]),
  scenario: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a lowercase scenario id like "etcd-lease"'),
  algorithm: z.enum(algorithmIds),
  seed: int.min(0).max(2 ** 32 - 1),
  params: z.record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, 'a parameter name'),
    z.union([z.number(), z.boolean()]),
  ),
  hosts: z
    .array(z.strictObject({ id: hostId, kind: z.enum(['node', 'store', 'resource', 'proxy', 'client']) }))
    .min(1),
  durationMs: time.min(1, 'a duration >= 1 ms'),
  interventions: z.array(timedFaultSchema),
  // A live recording (src/live/) names its source: etcd (then the etcd version and the cluster's
  // members) or a ZooKeeper ensemble.
  source: z.enum(['etcd', 'zookeeper']).optional(),
  etcd: z
    .strictObject({
      version: z.string().max(40),
      members: z
        .array(
          z.strictObject({
            index: int.min(1).max(99),
            name: z.string().max(64),
            id: z.string().regex(/^[0-9a-f]{0,16}$/, 'a hex member id'),
          }),
        )
        .max(99),
    })
    .optional(),
  events: z.array(eventSchema),
  steps: z.array(
    z.strictObject({
      id: z.string().min(1),
      atMs: time,
      eventIndex: int.min(-1),
      vars: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  ),
});
