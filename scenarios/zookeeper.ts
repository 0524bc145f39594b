import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * ZooKeeper's leader election recipe with five candidates. Each creates an ephemeral sequential
 * znode under /election (node-k gets n_000000000k-1, in start order); node-1's is the lowest, so it
 * leads, and every other candidate watches only the znode just below its own. node-1 crashes at
 * 12 s: its pings stop, ZooKeeper expires its session a session timeout (10 s) after the last one
 * and deletes its znode, and the one watch on it fires: node-2 alone is told, checks the children
 * and leads with its sequence number as the token. With `--set herd=on` every candidate watches the
 * leader's znode instead, and the same deletion wakes all four.
 */
export default {
  id: 'zookeeper',
  title: 'ZooKeeper election recipe',
  summary:
    'Five candidates each create an ephemeral sequential znode under /election; the lowest leads and each of the others watches only the znode just below its own. The leader crashes, its session times out, its znode vanishes, and only the next in line is told. With herd=on everyone watches the leader and all of them wake up.',
  tagline: 'Ephemeral sequential znodes, the lowest leads, and one watch per candidate instead of a herd.',
  group: 'systems',
  algorithm: 'zookeeper',
  nodes: 5,
  seed: 1,
  durationMs: 40_000,
  timeScale: 2,
  params: { sessionTimeoutMs: 10_000, herd: false, fencing: true },
  faults: [{ atMs: 12_000, fault: { kind: 'crash', node: 'node-1' } }],
  steps: [
    {
      id: 'znodes-created',
      shows: { roles: { 'node-1': 'candidate' } },
      anchor: { k: 'mark', node: 'node-1', type: 'znode-created' },
      caption:
        'Each candidate opens a session and creates an ephemeral sequential znode under /election. node-1 is first: ZooKeeper names its znode {path}, and the znode lives only as long as node-1’s session.',
    },
    {
      id: 'lowest-leads',
      shows: { roles: { 'node-1': 'leader' }, tokens: { 'node-1': 0 } },
      anchor: { k: 'role', node: 'node-1', role: 'leader' },
      caption:
        'getChildren lists /election and node-1’s znode has the lowest sequence number: node-1 leads, with {token} as its token.',
    },
    {
      id: 'watch-predecessor',
      shows: { roles: { 'node-3': 'follower' } },
      anchor: { k: 'mark', node: 'node-3', type: 'watching' },
      caption:
        'node-3 is not the lowest, so it calls exists() with a watch on {path}: by default the znode just below its own ({mine}), with herd=on the leader’s. A watch fires once.',
    },
    {
      id: 'leader-crashes',
      shows: { roles: { 'node-1': 'down' } },
      anchor: { k: 'fault', type: 'crash', node: 'node-1' },
      caption:
        'node-1 crashes. Its pings stop, but ZooKeeper keeps its session, and its znode, until the session timeout ({sessionTimeoutMs} ms) has passed in silence.',
    },
    {
      id: 'session-expires',
      shows: { roles: { 'node-1': 'down' } },
      anchor: { k: 'store', type: 'lease-expire' },
      caption:
        'ZooKeeper expires node-1’s session and deletes its ephemeral znode. For the others, the leader is gone.',
    },
    {
      id: 'watch-fires',
      shows: { roles: { 'node-2': 'follower' } },
      anchor: { k: 'mark', node: 'zookeeper', type: 'watches-fired' },
      caption:
        'Watch events for that deletion: {count}, to {watchers}. With the recipe only the next in line watches the leader; with herd=on every candidate does, and all of them come back for getChildren at once.',
    },
    {
      id: 'next-leads',
      shows: { roles: { 'node-2': 'leader' }, tokens: { 'node-2': 1 } },
      anchor: { k: 'role', role: 'leader' },
      caption:
        '{node} lists /election again: its znode is now the lowest, so it leads with token {token}, its sequence number. Sequence numbers only grow, so a later leader always carries a higher token.',
    },
    {
      id: 'fenced-write',
      shows: {
        roles: { 'node-2': 'leader' },
        tokens: { 'node-2': 1 },
        write: { node: 'node-2', status: 'accepted', token: 1 },
      },
      anchor: { k: 'write', status: 'accepted' },
      caption:
        '{node} writes with token {token}. The lowest znode does not tell a frozen old leader that it lost; the storage refusing lower tokens does.',
    },
  ],
  // Compare: the recipe against the herd effect (everyone watches the leader).
  compare: { knob: 'herd' },
  adr: ['matrix.zookeeper'],
  expect: {
    finalLeader: 'node-2',
    leadersInOrder: ['node-1', 'node-2'],
    tokens: [0, 1],
    noViolations: ['stale-write-accepted', 'split-brain'],
  },
} satisfies ScenarioInput;
