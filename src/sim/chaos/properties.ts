/**
 * The chaos properties. Safety is decided by the checkers simulate() runs (src/sim/check, and an
 * algorithm's own `checkers`): a property is a violation kind the trace names, kept by the algorithms
 * whose chaos hooks list it (safety.ts). An independent oracle of each lives with the tests
 * (src/sim/check/oracle.test.ts). The kinds chaos keeps:
 * - `stale-write-accepted`: the protected storage never accepts a write whose fencing token is lower than
 *   one it accepted before for the same item (Kleppmann 2016);
 * - `two-lease-holders`: while a leader key exists in the store it keeps its holder (etcd
 *   Election.Campaign's create_revision compare; a put for another holder under another lease = two);
 * - `two-leaders-in-term`: no two nodes report leadership of the same term (Raft election safety,
 *   Ongaro & Ousterhout 2014, fig. 3);
 * - `split-brain`: no two believed leaders both have writes accepted on unfenced data while both
 *   believe (src/sim/check/splitBrain.ts: a leader's own copy, or a tokenless write to a shared database);
 * - `one-job-run`: at most one run of the scheduled job at a time (a CronJob under concurrencyPolicy
 *   Forbid, cronjob/checkers.ts);
 * - `job-committed-twice`: the job queue's database never commits a job that is already done (each
 *   job's row is locked FOR UPDATE until its transaction ends; PostgreSQL docs 13.3.2);
 * - `duplicate-email`: one e-mail per job, the outbox's promise (skiplocked/checkers.ts; the safe design
 *   has the outbox on, its control off).
 * Liveness (once the faults stop at F, checked at F + bound):
 * - `lease-leader`: a node believes it leads and the store's leader key names it;
 * - `quorum-leader`: exactly one node believes it leads;
 * - `bully-agreement`: the highest id leads and every other node's last word from it (HEARTBEAT or
 *   COORDINATOR) came after its last change of role, so every live node believes in the highest id;
 *   and from F on, ELECTION + OK + COORDINATOR stay within 2·n(n−1) per fault recorded there
 *   (Garcia-Molina 1982: an election costs at most n(n−1));
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
