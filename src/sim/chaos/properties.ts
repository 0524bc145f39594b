/**
 * The chaos properties: each one a checker over a finished trace, independent of the checkers that
 * run inside simulate() (src/sim/check), so a bug in one is caught by the other. A safety property
 * has the id of the violation kind the trace names it with, where there is one (events.ts).
 *
 * Safety (over the whole run, faults included; split-brain is defined beside src/sim/check/splitBrain.ts:
 * on the fenced storage the violation is a stale write, and two believed leaders alone are a metric):
 * - `stale-write-accepted`: the protected storage never accepts a write whose fencing token is lower than one
 *   it accepted before, nor a write without a token (Kleppmann 2016);
 * - `two-lease-holders`: while the leader key exists in the store it stays on one lease (etcd
 *   Election.Campaign's create_revision compare; a put under another lease = two holders);
 * - `two-leaders-in-term`: no two nodes report leadership of the same term (Raft election safety,
 *   Ongaro & Ousterhout 2014, fig. 3).
 * - `one-db-writer`: the job runner's database never accepts writes from two believed leaders whose
 *   leaderships overlap, the later write coming after the other's leadership began (split-brain on
 *   the database: both run the job; an old leader's write before the new one began is not one).
 * - `one-job-run`: at most one run of the scheduled job at a time (a CronJob under concurrencyPolicy
 *   Forbid: its pod host never marks a start while another run is going, cronjob/pod.ts).
 * - `job-committed-twice`: the job queue's database never commits a job that is already done (each
 *   job's row is locked FOR UPDATE until its transaction ends; PostgreSQL docs 13.3.2).
 * Liveness (once the faults stop at F, checked at F + bound):
 * - `lease-leader`: a node believes it leads and the store's leader key names it;
 * - `quorum-leader`: exactly one node believes it leads;
 * - `bully-agreement`: the highest id leads and every other node's last word from it (HEARTBEAT or
 *   COORDINATOR) came after its last change of role, so every live node believes in the highest id;
 * - `shard-leaders`: every shard's key names a live node that believes it leads;
 * - `job-started`: a run of the scheduled job starts after F (the CronJob's next slots are met);
 * - `jobs-done`: every job of the queue has been committed (a dead worker's row lock released, and
 *   another worker took the job).
 * Sharded leadership checks the first two per shard: `stale-write-accepted` per item the storage fences (the
 * write's key) and `two-lease-holders` on every `/shards/<nn>/leader` key (the algorithm's
 * `leadership.keys`, as for the lease's one key).
 */

export * from './bounds.ts';
export * from './liveness.ts';
export * from './safety.ts';
