import type { Process, ProcessEnv, ProcessFactory } from '../../net/host.ts';
import { SQL_MARK } from '../dbjob/keys.ts';
import { COMMIT_MARK, jobId, MAIL_HOST, TERMINATED_MARK } from './keys.ts';

/**
 * A PostgreSQL server with a job queue: `jobs(id, state, done_by)` and, for the transactional outbox,
 * `outbox(id, job_id)`. Each worker has one session (a backend, named by its pid) and runs each job
 * in one transaction. What it models, with the PostgreSQL documentation it follows:
 *
 * - Row locks (13.3.2 "Row-Level Locks"): `SELECT … FOR UPDATE` locks the rows it returns until the
 *   transaction ends; they are released at COMMIT or ROLLBACK, never earlier.
 * - SKIP LOCKED (SELECT, "The Locking Clause"): "any selected rows that cannot be immediately locked
 *   are skipped", so concurrent workers each get a different pending row instead of waiting.
 *   `forUpdate` off is the negative control: a plain SELECT locks nothing, and every worker that
 *   polls while a job is pending gets that same job.
 * - A lost connection (Frontend/Backend Protocol, "Termination": "for either normal or abnormal
 *   termination, any open transaction is rolled back, not committed"). The server learns that a client
 *   is gone in one of three ways:
 *   - TCP keepalive (20.3.1 tcp_keepalives_idle / _interval / _count): after `idle` ms with nothing
 *     from the client the server probes it every `interval` ms; `count` probes unanswered and it drops
 *     the connection. A crashed host answers nothing; a restarted one answers RST (its kernel knows
 *     no such connection), and the server drops it at once.
 *   - idle_in_transaction_session_timeout (20.11.1): a session idle inside an open transaction for
 *     longer than this is terminated (0 disables it, PostgreSQL's default).
 *   - the client closing its socket (a worker that gave up on a session opens a new one).
 *   Either way the backend rolls back: the job's row lock is released and it is pending again, and
 *   the transaction's outbox rows are gone with it. A later statement on that session is an error.
 * - The outbox relay: rows of the outbox become visible only once their transaction commits (READ
 *   COMMITTED, 13.2.1), and the relay sends each committed row's e-mail once and marks it sent in the
 *   same step. It runs beside the server, which in this lab never crashes (a replicated primary); a
 *   relay that can crash between the send and the mark sends at least once, and then the provider's
 *   idempotency key (the outbox row's id) is what makes it once.
 *
 * Statements (the SQL travels with the message and is recorded in the `sql` mark):
 * - CONNECT {closes?} -> CONNECTED {pid}  (closes: the worker's previous pid, whose socket it closed)
 * - SELECT_JOB {pid, forUpdate} -> ROW {pid, job} | NO_ROW {pid}: BEGIN and the SELECT; with no row the
 *   empty transaction ends at once (the worker's ROLLBACK folded in)
 * - OUTBOX_INSERT {pid, job} -> INSERTED {pid, job}
 * - COMMIT {pid, job} -> COMMITTED {pid, job}: `UPDATE jobs SET state='done' …; COMMIT`
 * - TCP_ACK {pid} | TCP_RST {pid}: the client host's kernel answering a keepalive probe
 * Any statement on a terminated session -> ERROR {pid, reason}.
 */
export interface QueueOptions {
  jobs: number;
  forUpdate: boolean;
  keepaliveIdleMs: number;
  keepaliveIntervalMs: number;
  keepaliveCount: number;
  /** 0: off. */
  idleInTxMs: number;
}

interface Job {
  state: 'pending' | 'done';
  /** The pid whose transaction holds the row lock (FOR UPDATE), or null. */
  lockedBy: number | null;
  /** Without FOR UPDATE nothing is locked: who took the row. */
  takenBy: Set<number>;
  doneBy: string | null;
  attempts: number;
  commits: number;
}

interface Session {
  pid: number;
  node: string;
  open: boolean;
  /** The jobs this session's open transaction selected (locked, with FOR UPDATE). */
  tx: number[] | null;
  outbox: number[];
  cancelKeepalive: (() => void) | null;
  cancelIdle: (() => void) | null;
}

const SELECT_SQL = "SELECT id FROM jobs WHERE state='pending' ORDER BY id LIMIT 1";

/** The claim's SELECT (the `sql` mark records it alone, so its tag reads "SELECT 1"). */
export function selectSql(forUpdate: boolean): string {
  return `${SELECT_SQL}${forUpdate ? ' FOR UPDATE SKIP LOCKED' : ''}`;
}

/** What the worker sends: the transaction's BEGIN and the SELECT. */
export function claimSql(forUpdate: boolean): string {
  return `BEGIN; ${selectSql(forUpdate)}`;
}

export function queueProcess(o: QueueOptions): ProcessFactory {
  return (env: ProcessEnv): Process => {
    const jobs = new Map<number, Job>(
      Array.from({ length: o.jobs }, (_, i) => [
        i + 1,
        { state: 'pending', lockedBy: null, takenBy: new Set(), doneBy: null, attempts: 0, commits: 0 },
      ]),
    );
    const sessions = new Map<number, Session>();
    let nextPid = 101;
    let nextOutbox = 1;
    let emailsQueued = 0;

    const sessionName = (pid: number | null) => {
      if (pid === null) return '';
      const s = sessions.get(pid);
      return s ? `${s.node}/${pid}` : String(pid);
    };
    /**
     * The table after the statement, one row a job: id:state:holder:done_by:attempts:commits, where
     * state is the row's (pending, done) or `locked` while a transaction holds its row lock, and `taken`
     * while sessions that locked nothing (a plain SELECT) work on it.
     */
    const tables = () => ({
      jobs: [...jobs]
        .map(([id, j]) => {
          const holder =
            j.lockedBy !== null
              ? sessionName(j.lockedBy)
              : [...j.takenBy].map((p) => sessionName(p)).join('+');
          const state =
            j.state === 'done'
              ? 'done'
              : j.lockedBy !== null
                ? 'locked'
                : j.takenBy.size > 0
                  ? 'taken'
                  : 'pending';
          return `${id}:${state}:${holder}:${j.doneBy ?? ''}:${j.attempts}:${j.commits}`;
        })
        .join(';'),
      done: [...jobs.values()].filter((j) => j.state === 'done').length,
      sessions: [...sessions.values()].filter((s) => s.open).length,
      outboxSent: emailsQueued,
    });
    const log = (from: string, sql: string, rows: number) =>
      env.mark(SQL_MARK, { from, sql, rows, ...tables() });

    function endTx(s: Session) {
      for (const id of s.tx ?? []) {
        const j = jobs.get(id) as Job;
        if (j.lockedBy === s.pid) j.lockedBy = null;
        j.takenBy.delete(s.pid);
      }
      s.tx = null;
      s.outbox = [];
      s.cancelIdle?.();
      s.cancelIdle = null;
    }

    function terminate(s: Session, reason: 'keepalive' | 'reset' | 'idle-in-transaction' | 'closed') {
      if (!s.open) return;
      const held = [...(s.tx ?? [])];
      endTx(s);
      s.open = false;
      s.cancelKeepalive?.();
      s.cancelKeepalive = null;
      env.mark(TERMINATED_MARK, { pid: s.pid, node: s.node, reason, jobs: held.map(jobId).join(',') });
      log(s.node, `ROLLBACK (pid ${s.pid}: ${reason})`, held.length);
      // idle_in_transaction_session_timeout tells the client (FATAL) before it closes the socket.
      if (reason === 'idle-in-transaction') env.send(s.node, 'ERROR', { pid: s.pid, reason });
    }

    /** Any traffic from the client restarts the keepalive idle time (the kernel's, not the backend's). */
    function heard(s: Session) {
      s.cancelKeepalive?.();
      s.cancelKeepalive = env.after(o.keepaliveIdleMs, () => probe(s, 0), 'keepalive-idle', s.pid);
    }
    function probe(s: Session, sent: number) {
      if (!s.open) return;
      if (sent >= o.keepaliveCount) return terminate(s, 'keepalive');
      env.send(s.node, 'TCP_KEEPALIVE', { pid: s.pid });
      s.cancelKeepalive = env.after(o.keepaliveIntervalMs, () => probe(s, sent + 1), 'keepalive', s.pid);
    }
    /** A statement ended inside an open transaction: the session is idle in it until the next one. */
    function idleInTx(s: Session) {
      s.cancelIdle?.();
      s.cancelIdle =
        o.idleInTxMs > 0 && s.tx !== null
          ? env.after(o.idleInTxMs, () => terminate(s, 'idle-in-transaction'), 'idle-in-tx', s.pid)
          : null;
    }

    function commit(s: Session, from: string) {
      const done = [...(s.tx ?? [])];
      for (const id of done) {
        const j = jobs.get(id) as Job;
        j.state = 'done';
        j.doneBy = from;
        j.commits += 1;
        env.mark(COMMIT_MARK, { job: jobId(id), node: from, pid: s.pid, commits: j.commits });
        // The commit is the job's write: the summary's writes list and the box's count show it.
        env.record({
          k: 'write',
          node: from,
          resource: env.id,
          token: null,
          status: 'accepted',
          code: 200,
          seen: null,
          value: `${jobId(id)} done`,
        });
      }
      const rows = s.outbox;
      endTx(s);
      // The relay: committed outbox rows only, each sent once, with its row id as the idempotency key.
      for (const job of rows) {
        emailsQueued += 1;
        env.send(MAIL_HOST, 'SEND_EMAIL', { job: jobId(job), by: 'relay', key: `outbox-${nextOutbox++}` });
      }
      return done;
    }

    return {
      receive(m) {
        const b = m.body;
        const pid = Number(b.pid);
        if (m.type === 'CONNECT') {
          const old = sessions.get(Number(b.closes));
          if (old && old.node === m.from) terminate(old, 'closed');
          const s: Session = {
            pid: nextPid++,
            node: m.from,
            open: true,
            tx: null,
            outbox: [],
            cancelKeepalive: null,
            cancelIdle: null,
          };
          sessions.set(s.pid, s);
          heard(s);
          log(m.from, `CONNECT (pid ${s.pid})`, 0);
          env.send(m.from, 'CONNECTED', { pid: s.pid });
          return;
        }
        const s = sessions.get(pid);
        if (!s || s.node !== m.from) return;
        if (m.type === 'TCP_RST') return terminate(s, 'reset');
        if (!s.open) {
          if (m.type !== 'TCP_ACK') env.send(m.from, 'ERROR', { pid, reason: 'session terminated' });
          return;
        }
        heard(s);
        if (m.type === 'TCP_ACK') return;
        s.cancelIdle?.();
        switch (m.type) {
          case 'SELECT_JOB': {
            const pending = [...jobs].filter(([, j]) => j.state === 'pending');
            // FOR UPDATE SKIP LOCKED: the first pending row nobody holds; a plain SELECT: the first pending row.
            const hit = o.forUpdate ? pending.find(([, j]) => j.lockedBy === null) : pending[0];
            if (!hit) {
              log(m.from, selectSql(o.forUpdate), 0);
              env.send(m.from, 'NO_ROW', { pid });
              return;
            }
            const [id, j] = hit;
            if (o.forUpdate) j.lockedBy = pid;
            else j.takenBy.add(pid);
            j.attempts += 1;
            s.tx = [id];
            s.outbox = [];
            log(m.from, selectSql(o.forUpdate), 1);
            idleInTx(s);
            env.send(m.from, 'ROW', { pid, job: jobId(id), attempt: j.attempts });
            return;
          }
          case 'OUTBOX_INSERT': {
            const id = Number(String(b.job).replace('job-', ''));
            if (s.tx === null) return void env.send(m.from, 'ERROR', { pid, reason: 'no transaction' });
            s.outbox.push(id);
            log(m.from, `INSERT INTO outbox(job_id) VALUES (${id})`, 1);
            idleInTx(s);
            env.send(m.from, 'INSERTED', { pid, job: jobId(id) });
            return;
          }
          case 'COMMIT': {
            if (s.tx === null) return void env.send(m.from, 'ERROR', { pid, reason: 'no transaction' });
            const ids = [...s.tx];
            commit(s, m.from);
            log(
              m.from,
              `UPDATE jobs SET state='done', done_by='${m.from}' WHERE id=${ids.join(',')}; COMMIT`,
              ids.length,
            );
            env.send(m.from, 'COMMITTED', { pid, job: b.job ?? null });
            return;
          }
        }
      },
      stop() {},
      // Not the pid and outbox counters: every session is kept (101 + their count is the next pid)
      // and the e-mails queued count the outbox rows. The keepalive and idle timers are the queue's.
      state: () => ({
        jobs,
        sessions: [...sessions.values()].map((s) => ({
          pid: s.pid,
          node: s.node,
          open: s.open,
          tx: s.tx,
          outbox: s.outbox,
          keepalive: s.cancelKeepalive !== null,
          idle: s.cancelIdle !== null,
        })),
        emailsQueued,
      }),
    };
  };
}
