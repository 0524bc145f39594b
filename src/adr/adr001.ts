/**
 * ADR-001 as data: the panel renders it, scenarios name its ids in their `adr` field, and links.ts
 * points its ids at the scenario step that shows them. English now; the shape is keyed so pt/ru can
 * follow. Facts are from the sources listed at the end.
 */
import type { Adr } from './types.ts';

export const criteria: Adr['criteria'] = [
  { id: 'safety', label: 'Split-brain safety', short: 'Safety' },
  { id: 'failover', label: 'Failover time', short: 'Failover' },
  { id: 'messages', label: 'Messages per election', short: 'Msgs' },
  { id: 'dependencies', label: 'Dependencies', short: 'Deps' },
  { id: 'ops', label: 'Operational cost', short: 'Ops' },
];

export const adr001: Adr = {
  id: 'ADR-001',
  title: 'Leader election: one coordinator without split-brain',
  status: 'Accepted',
  context: {
    id: 'context',
    paragraphs: [
      'A cluster of N identical nodes needs exactly one coordinator: the primary that takes writes, the instance that runs the nightly job, the controller that places work. When it fails another node must take over quickly, with no split-brain (two nodes acting as leader at once) and no lost writes.',
      'The network is unreliable: a node cannot tell “the leader crashed” from “I cannot reach the leader”, and from outside a long GC pause looks exactly like a crash. Every approach trades a window with no leader (writes refused) against a window with two (writes diverge).',
    ],
    drivers: [
      'At most one leader whose writes take effect, even under partitions and pauses.',
      'Failover without a human, in seconds to tens of seconds.',
      'Message cost that stays reasonable as the cluster grows.',
      'Proven components: no home-grown consensus.',
    ],
  },
  criteria,
  matrix: [
    {
      id: 'matrix.bully',
      name: 'Bully',
      how: 'The highest live id wins; ELECTION goes to every higher id.',
      source: 'Garcia-Molina 1982; Tanenbaum & van Steen',
      cells: {
        safety: {
          rating: 'poor',
          text: 'None. Each side of a partition elects its own highest id; a recovered higher node takes over at once.',
        },
        failover: {
          rating: 'fair',
          text: 'Detection timeout, then an ELECTION/OK round per level, each waiting a timeout. Re-runs whenever a higher node returns.',
        },
        messages: {
          rating: 'poor',
          text: 'O(n²) worst case: the lowest id notices and every higher node runs its own round. O(n) at best.',
        },
        dependencies: {
          rating: 'good',
          text: 'None beyond the peers: a full mesh, known ids, timeouts that assume a synchronous network.',
        },
        ops: {
          rating: 'poor',
          text: 'Cheap to build, costly to run: election storms on a flapping network; unacceptable at 100 nodes.',
        },
      },
    },
    {
      id: 'matrix.ring',
      name: 'Ring',
      how: 'An ELECTION message laps a logical ring collecting ids; the highest wins.',
      source: 'Chang & Roberts 1979; Tanenbaum & van Steen',
      cells: {
        safety: {
          rating: 'poor',
          text: 'None. The ring is repaired around unreachable nodes, so each fragment of a partition elects its own leader.',
        },
        failover: {
          rating: 'poor',
          text: 'Detection timeout plus two laps of the ring, one hop at a time: grows linearly with n.',
        },
        messages: {
          rating: 'fair',
          text: '2n when one node starts (election lap, then coordinator lap); O(n²) worst case when all start at once.',
        },
        dependencies: { rating: 'good', text: 'None beyond the peers: a logical ring and successor repair.' },
        ops: {
          rating: 'fair',
          text: 'Ring upkeep on every membership change; slow on large clusters. Mostly found in textbooks now.',
        },
      },
    },
    {
      id: 'matrix.heartbeat',
      name: 'Heartbeat only',
      how: 'Followers time out on missing heartbeats and elect among whoever they can see; no quorum.',
      source: 'Kleppmann, DDIA ch. 8 ("The Truth Is Defined by the Majority")',
      cells: {
        safety: {
          rating: 'poor',
          text: 'None. A dead leader and an unreachable one look the same: both sides of a partition elect and accept writes (BOTH WRITE).',
        },
        failover: {
          rating: 'good',
          text: 'Fast: a few missed heartbeats. Too short a timeout re-elects on every jitter spike or GC pause.',
        },
        messages: {
          rating: 'fair',
          text: 'Few per election, but constant chatter: n − 1 heartbeats every interval (n² if all-to-all).',
        },
        dependencies: { rating: 'good', text: 'None.' },
        ops: {
          rating: 'poor',
          text: 'Cheap until the first partition; then the incident is diverged data to reconcile by hand.',
        },
      },
    },
    {
      id: 'matrix.gossip',
      name: 'Gossip',
      how: 'Membership and the leader’s name spread peer to peer, round by round.',
      source: 'SWIM (Das et al. 2002)',
      cells: {
        safety: {
          rating: 'poor',
          text: 'None for a single writer: leadership converges eventually, and between rounds two nodes can both believe they lead.',
        },
        failover: { rating: 'fair', text: 'Suspicion timeout plus O(log n) gossip rounds to converge.' },
        messages: {
          rating: 'good',
          text: 'A few messages per node per round; O(n log n) to spread a change to the whole cluster.',
        },
        dependencies: { rating: 'good', text: 'None: a membership protocol among the peers.' },
        ops: {
          rating: 'fair',
          text: 'Scales to large fleets. Fine for service discovery, a disaster for a primary database.',
        },
      },
    },
    {
      id: 'matrix.raft',
      name: 'Raft quorum',
      how: 'A candidate needs votes from a majority of the whole cluster in one term.',
      source: 'Ongaro & Ousterhout 2014',
      cells: {
        safety: {
          rating: 'good',
          text: 'Safe. Quorum is ⌊n/2⌋ + 1 and each node votes once per term: one leader per term, and a minority side elects nobody.',
        },
        failover: {
          rating: 'good',
          text: 'Sub-second: a randomized election timeout (150–300 ms in the paper) plus one vote round; a split vote retries.',
        },
        messages: {
          rating: 'good',
          text: 'O(n): n − 1 REQUEST VOTE and up to n − 1 VOTE per candidate; more after a split vote.',
        },
        dependencies: {
          rating: 'fair',
          text: 'No external service, but an odd cluster (3, 5, 7: four nodes split 2/2 elect nobody) and a durable term and vote.',
        },
        ops: {
          rating: 'poor',
          text: 'High if you build it: consensus to implement, test and operate. Embedded in etcd, CockroachDB, KRaft, ClickHouse Keeper.',
        },
      },
    },
    {
      id: 'matrix.lease',
      name: 'Lease (etcd)',
      how: 'Compare-and-swap on a key bound to a TTL lease; the holder keeps the lease alive.',
      source: 'etcd v3 API; Kubernetes client-go; Patroni',
      cells: {
        safety: {
          rating: 'fair',
          text: 'The store grants the key to one holder at a time, but an old holder paused or cut off past the TTL still acts: two leaders at the resource.',
        },
        failover: {
          rating: 'fair',
          text: 'Bounded by the TTL plus a retry: the key lives until its lease expires (client-go: 15 s lease, 2 s retry; Patroni: ttl 30 s).',
        },
        messages: {
          rating: 'good',
          text: 'One CAS txn per candidate per attempt, then a KEEPALIVE from the holder every few seconds.',
        },
        dependencies: {
          rating: 'fair',
          text: 'A highly available consensus store: etcd, ZooKeeper or Consul with 3 or 5 members.',
        },
        ops: {
          rating: 'fair',
          text: 'Run and watch the store; tune the TTL (fast failover) against false re-elections on glitches.',
        },
      },
    },
    {
      id: 'matrix.lease-fencing',
      name: 'Lease + fencing token',
      how: 'As lease, and each leadership carries a larger token that the storage checks.',
      source: 'Kleppmann 2016',
      cells: {
        safety: {
          rating: 'good',
          text: 'Safe at the resource: storage keeps the highest token and rejects older ones (409 STALE TOKEN), even from a leader that still believes it leads.',
        },
        failover: { rating: 'fair', text: 'As lease: bounded by the TTL plus a retry.' },
        messages: { rating: 'good', text: 'As lease; the token rides on every write, no extra round trip.' },
        dependencies: {
          rating: 'fair',
          text: 'The HA store, and every protected resource must check tokens (a conditional write on the token).',
        },
        ops: {
          rating: 'fair',
          text: 'Moderate: the store plus a token check in each resource. Side effects that cannot check (e-mail) must be idempotent.',
        },
      },
    },
    // kubernetes-lease
    {
      id: 'matrix.kubernetes-lease',
      name: 'Kubernetes Lease (client-go)',
      how: 'A Lease object in the API server, taken and renewed by an UPDATE that must carry the resourceVersion last read.',
      source: 'client-go tools/leaderelection/leaderelection.go; apiserver storage/etcd3/store.go',
      cells: {
        safety: {
          rating: 'fair',
          text: 'The resourceVersion compare-and-swap gives the Lease one holder at a time (409 Conflict), but a frozen holder still acts: client-go says it does not fence. Check leaseTransitions at the resource.',
        },
        failover: {
          rating: 'fair',
          text: 'LeaseDuration after the standbys last saw the Lease change, plus up to two jittered polls: 15 to about 24 s with the defaults (15/10/2 s).',
        },
        messages: {
          rating: 'fair',
          text: 'Polling, no watch: each standby GETs every 2 to 4.4 s and the leader UPDATEs every RetryPeriod, so O(n) requests per RetryPeriod.',
        },
        dependencies: {
          rating: 'good',
          text: 'Only the API server (and its etcd) a Kubernetes workload already has.',
        },
        ops: {
          rating: 'good',
          text: 'A library call and three durations; client-go refuses bad combinations. Conflicts are normal and cheap: the loser just polls again.',
        },
      },
    },
    // zookeeper
    {
      id: 'matrix.zookeeper',
      name: 'ZooKeeper recipe',
      how: 'Each candidate creates an ephemeral sequential znode; the lowest leads, each other one watches the znode just below its own.',
      source:
        'ZooKeeper Recipes and Solutions, Leader Election; ZooKeeper Programmer’s Guide (sessions, watches)',
      cells: {
        safety: {
          rating: 'fair',
          text: 'One lowest znode at a time, but a leader frozen past its session timeout wakes up still leading: the recipe says the lowest znode does not mean its creator knows. Fence with the znode’s sequence number.',
        },
        failover: {
          rating: 'fair',
          text: 'The session timeout (4 to 40 s) after the leader’s last ping, then one watch event and one getChildren.',
        },
        messages: {
          rating: 'good',
          text: 'One watch event per change: only the successor is told. Watching the leader instead (the herd) wakes all n − 1 and they all call getChildren. Plus a ping per client every third of the timeout.',
        },
        dependencies: {
          rating: 'fair',
          text: 'A ZooKeeper ensemble (3 or 5 servers) to run, unless one is already there (Kafka before KRaft, HBase, Hadoop).',
        },
        ops: {
          rating: 'fair',
          text: 'Curator’s LeaderLatch and LeaderSelector implement it; the hard part is session handling: treat a lost connection as lost leadership.',
        },
      },
    },
    // sharded-leadership
    {
      id: 'matrix.sharded-leadership',
      name: 'Sharded leadership',
      how: 'A leader per shard instead of one per cluster: each shard has its own lease key and fencing token, and rendezvous hashing spreads the shards over the nodes.',
      source:
        'Kafka documentation, “Distribution” (a leader per partition); MongoDB Manual, “Shards” (a replica set per shard); Thaler and Ravishankar 1998 (rendezvous hashing)',
      cells: {
        safety: {
          rating: 'good',
          text: 'As safe as one lease election, once per shard: one holder per shard key, and the storage keeps the highest token per shard, so one shard’s token is never compared with another’s.',
        },
        failover: {
          rating: 'good',
          text: 'A crash stops only the dead node’s shards, about 1/n of them, for one TTL and a poll or two; the other shards never notice. One leader for the whole cluster stops everything for as long.',
        },
        messages: {
          rating: 'fair',
          text: 'One session lease and one read per poll per node, plus a campaign per free shard; the writes are spread over every node instead of going through one leader.',
        },
        dependencies: {
          rating: 'fair',
          text: 'The same coordination store as a lease election (etcd, ZooKeeper), plus a fixed shard count and an assignment rule every node computes the same way.',
        },
        ops: {
          rating: 'fair',
          text: 'Rendezvous hashing moves only a dead node’s shards and spreads them over the survivors. The work must split into shards that need no cross-shard transaction. A restarted node gets its shards back only through a rebalance (Kafka’s preferred-leader election).',
        },
      },
    },
    // external-scheduler
    {
      id: 'matrix.external-scheduler',
      name: 'External scheduler (CronJob)',
      how: 'No election: a scheduler outside the application (a Kubernetes CronJob) starts one run per slot; the replicas run no job.',
      source:
        'Kubernetes docs, CronJob (concurrency policy, startingDeadlineSeconds); kubernetes pkg/controller/cronjob/cronjob_controllerv2.go and utils.go',
      cells: {
        safety: {
          rating: 'good',
          text: 'One Job per slot: its name is the slot’s minute, so a second Create is 409 AlreadyExists, and Forbid skips a slot while a run is active. The source admits a stale cache could still overlap two runs under Forbid.',
        },
        failover: {
          rating: 'fair',
          text: 'Nothing to fail over among the replicas. A slot the scheduler misses starts when it is back, late, if that is within startingDeadlineSeconds; past it, the run is skipped with no event.',
        },
        messages: {
          rating: 'good',
          text: 'None between the replicas. A few API calls per slot: read the CronJob, create the Job, update its status.',
        },
        dependencies: {
          rating: 'fair',
          text: 'A scheduler that is itself highly available: the Kubernetes control plane (kube-controller-manager elects its own leader with a Lease). Plain cron on one host is a single point of failure.',
        },
        ops: {
          rating: 'good',
          text: 'No election code in the application. Watch the job, not the scheduler: status.lastSuccessfulTime, and a startingDeadlineSeconds with room for an outage.',
        },
      },
    },
    // skip-locked
    {
      id: 'matrix.skip-locked',
      name: 'SKIP LOCKED (no leader)',
      how: 'No election: each worker takes one job row with SELECT … FOR UPDATE SKIP LOCKED and does it in that transaction; the row lock lives until COMMIT or rollback.',
      source:
        'PostgreSQL docs: SELECT, The Locking Clause (SKIP LOCKED); 13.3.2 Row-Level Locks; Frontend/Backend Protocol, Termination; microservices.io, Transactional outbox',
      cells: {
        safety: {
          rating: 'good',
          text: 'A job commits once: its row is locked by one transaction, and a crashed worker’s transaction is rolled back, never committed. A side effect outside the database (an e-mail) can still happen twice: put it in an outbox row of the same transaction, or send an idempotency key.',
        },
        failover: {
          rating: 'fair',
          text: 'None to elect: the other workers go on at once. A dead worker’s job waits until the server drops its connection: TCP keepalive (two hours by default on Linux) or idle_in_transaction_session_timeout, so set one.',
        },
        messages: {
          rating: 'good',
          text: 'One SELECT and one COMMIT per job, plus polling while the queue is empty; no heartbeats between workers.',
        },
        dependencies: {
          rating: 'good',
          text: 'The PostgreSQL the application already has (9.5 or later); no coordination service.',
        },
        ops: {
          rating: 'good',
          text: 'Workers scale out by starting more; graphile-worker, Oban, Que and solid_queue are built on it. Watch long transactions: a job holds its connection while it runs.',
        },
      },
    },
  ],
  decision: {
    id: 'decision',
    summary:
      'Elect the coordinator with a lease in etcd, taken by compare-and-swap, and give every leadership a fencing token that each protected resource checks.',
    reasons: [
      'The CAS runs on etcd’s own Raft quorum: two nodes can never hold the leader key at the same time.',
      'The lease frees the role by itself when the leader dies: no “I am the leader” flag held by a corpse.',
      'The fencing token, bumped in the same txn that takes the key, stops a leader that was paused or partitioned longer than the TTL: its writes are rejected where they land.',
      'etcd is solved and tested: we do not write our own Raft.',
    ],
    rejected:
      'Bully, Ring, heartbeat-only and gossip elect two leaders under a partition. Raft inside our service is safe, but means building and running consensus ourselves; we get it through etcd instead. A lease without fencing leaves the GC-pause hole open.',
  },
  whenNot: {
    id: 'when-not',
    intro:
      'Leader election buys one coordinator at the price of a failover window, a store to run and fencing on every resource. Often the work does not need one coordinator at all.',
    items: [
      {
        id: 'when-not.sharded-leadership',
        title: 'Sharded leadership',
        text: 'Split the work into shards with a leader each (Kafka partition leaders, MongoDB shard primaries): a dead node stops only its shards, the rest keep writing.',
      },
      {
        id: 'when-not.optimistic-concurrency',
        title: 'Optimistic concurrency',
        text: 'Let any instance try, and make the write conditional on a version column (UPDATE … WHERE version = $read): of two racing writers one changes the row, the other gets a conflict and retries. Kubernetes does it for every object with resourceVersion and 409 Conflict.',
      },
      {
        id: 'when-not.skip-locked',
        title: 'SELECT … FOR UPDATE SKIP LOCKED',
        text: 'A job table as a queue: each worker locks the next free row in its own transaction and skips the locked ones. Every job commits once and the work runs in parallel, with no leader; a side effect before COMMIT still needs an outbox or an idempotency key.',
      },
      {
        id: 'when-not.stateless',
        title: 'Stateless replicas',
        text: 'If every request can go to any replica and the state lives in the database, there is nobody to elect: run N copies behind a load balancer. The lab has no story for this case: with nothing to coordinate, there is nothing to show going wrong.',
      },
      {
        id: 'when-not.external-scheduler',
        title: 'An external scheduler',
        text: 'Move the periodic job out of the application: a Kubernetes CronJob (or a cloud scheduler) starts one run per slot, and the replicas do nothing special. Watch that the job ran, and give startingDeadlineSeconds room for an outage.',
      },
      {
        id: 'when-not.crdts',
        title: 'CRDTs',
        text: 'Data types whose concurrent updates merge by themselves (counters, sets, registers with a merge rule): every replica accepts writes and they converge, with no coordinator and no lost update. The lab has no story for CRDTs: it simulates elections and their failures, not replicated data types.',
      },
    ],
  },
  consequences: [
    {
      id: 'consequence.failover-ttl',
      title: 'Failover is bounded by the TTL',
      text: 'Between the leader’s crash and its lease’s expiry nobody leads (typically 15–30 s). A shorter TTL fails over faster but re-elects on every network glitch or GC pause; renew well inside the TTL (Patroni: loop_wait + 2 × retry_timeout ≤ ttl).',
    },
    {
      id: 'consequence.etcd-ha',
      title: 'etcd must be highly available',
      text: 'If the store is down or loses its quorum, nobody can lead and writes stop: better than split-brain, but run etcd with 3 or 5 members. Odd sizes, because a 4th member raises the quorum to 3 without tolerating one more failure.',
    },
    {
      id: 'consequence.heartbeat-traffic',
      title: 'Store traffic grows with candidates',
      text: 'The holder renews its lease every few seconds and every candidate polls or watches the key. On large fleets, shard the leadership keys: one leader per shard.',
    },
    {
      id: 'consequence.fencing-resource',
      title: 'Every protected resource must check tokens',
      text: 'Storage remembers the highest token it accepted and rejects lower ones with 409 STALE TOKEN. A side effect that cannot check a token (an e-mail, a payment call) stays exposed: make it idempotent and re-check the lease before acting.',
    },
  ],
  sources: [
    'H. Garcia-Molina, “Elections in a Distributed Computing System”, IEEE Trans. Computers, 1982.',
    'E. Chang, R. Roberts, “An improved algorithm for decentralized extrema-finding in circular configurations of processes”, CACM, 1979.',
    'D. Ongaro, J. Ousterhout, “In Search of an Understandable Consensus Algorithm” (Raft), 2014.',
    'etcd v3 API and concurrency.Election; Kubernetes client-go leaderelection; Patroni documentation.',
    'M. Kleppmann, “How to do distributed locking”, 2016.',
  ],
};

/** Every id the panel can highlight or link: rows, cells, sections and consequences. */
export function adrIds(adr: Adr = adr001): string[] {
  const ids = [adr.context.id, adr.decision.id];
  for (const row of adr.matrix) {
    ids.push(row.id);
    for (const c of adr.criteria) ids.push(`${row.id}.${c.id}`);
  }
  ids.push(adr.whenNot.id, ...adr.whenNot.items.map((i) => i.id));
  for (const c of adr.consequences) ids.push(c.id);
  return ids;
}
