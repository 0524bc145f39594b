import type { Process, ProcessEnv, ProcessFactory } from '../../net/host.ts';
import { CUSTOMERS, SQL_MARK } from './keys.ts';

/**
 * The database of the job runner: one PostgreSQL-like server with three tables, each statement run
 * whole before the next (a message at a time), which is what PostgreSQL's row locks give two UPDATEs
 * of the same row under READ COMMITTED: the second waits for the first to commit, then re-evaluates
 * its WHERE clause against the row as the first left it, and updates it or not (PostgreSQL docs,
 * 13.2.1 "Read Committed Isolation Level"). The answer says how many rows the statement changed, as
 * the command tag does ("UPDATE 1", "UPDATE 0"; PostgreSQL docs, UPDATE, "Outputs").
 *
 * - `leader(node, token, expires_at)`: one row, empty at start (node NULL, token 0). `expires_at` is
 *   NULL for a flag that never expires, else the database's own clock + the lease TTL (the database
 *   decides when a lease has run out: `expires_at < now()` on its clock, as ShedLock's JDBC provider
 *   compares `lock_until` with the database's `now()`).
 * - `invoices(customer, status, reminded_by)`: the overdue customers. The billing job sets status to
 *   'reminded' and writes its name in reminded_by (the last writer's name stays: the order decides).
 * - `outbox(customer)`: one row per reminder e-mail, inserted in the job's own UPDATE transaction
 *   (the transactional outbox; a relay sends them), so the e-mails a customer gets are counted here.
 *
 * Statements (the SQL text travels with the message and is recorded in the `sql` mark):
 * - SELECT_LEADER -> LEADER_ROW {node, token, expired}
 * - CLAIM {cas, expect, ttlMs} -> UPDATED {rows: 1, token} | NOT_UPDATED {rows: 0}
 *   cas off: `UPDATE leader SET node=$me WHERE TRUE` always changes the row (the pitfall);
 *   cas on:  `UPDATE leader SET node=$me, token=token+1 WHERE token=$expect` (and, with a TTL,
 *   `AND (node IS NULL OR expires_at < now())`): exactly one of two racing claims changes it.
 * - RENEW {cas, token, ttlMs} -> RENEWED {rows} (cas on: `WHERE token=$mine`; off: `WHERE TRUE`)
 * - SCAN -> SCAN_ROWS {customers}: `SELECT customer FROM invoices WHERE status='overdue'`
 * - JOB_UPDATE {token|null, customers}: the status update and its e-mails in one transaction; with a
 *   token it is fenced by the leader row (`AND (SELECT token FROM leader) = $mine`, Kleppmann 2016:
 *   the resource checks the token): a stale leader's update changes 0 rows and sends no e-mail.
 *   -> JOB_DONE {rows} | JOB_REFUSED {rows: 0, code: 409, reason: 'STALE TOKEN'}
 */
export interface DbOptions {
  /** The overdue customers, one invoice each (default: CUSTOMERS). */
  readonly customers?: readonly string[];
}

interface Invoice {
  status: 'overdue' | 'reminded';
  remindedBy: string | null;
}

const q = (s: string) => `'${s}'`;

export function dbProcess(opts: DbOptions = {}): ProcessFactory {
  return (env: ProcessEnv): Process => {
    const customers = opts.customers ?? CUSTOMERS;
    const leader: { node: string | null; token: number; expiresAt: number | null } = {
      node: null,
      token: 0,
      expiresAt: null,
    };
    const invoices = new Map<string, Invoice>(
      customers.map((c) => [c, { status: 'overdue', remindedBy: null }]),
    );
    const outbox = new Map<string, number>(customers.map((c) => [c, 0]));
    let scans = 0;

    // now() is the database server's wall clock (PostgreSQL's now() is the transaction's start time
    // from the system clock, "Current Date/Time" in the manual): a step of that clock (`clock-skew` on
    // the database host) moves every expires_at comparison at once, and a lease runs out early or late.
    const now = () => env.wallNow();
    const expired = () => leader.expiresAt !== null && leader.expiresAt < now();
    /** The tables after the statement, flattened into the mark (the panel shows the latest one). */
    const tables = () => ({
      leaderNode: leader.node,
      leaderToken: leader.token,
      // How long the lease has left on the database's clock (null: the flag never expires).
      leaderLeftMs: leader.expiresAt === null ? null : Math.max(0, leader.expiresAt - now()),
      invoices: [...invoices].map(([c, i]) => `${c}:${i.status}:${i.remindedBy ?? ''}`).join(';'),
      emails: [...outbox].map(([c, n]) => `${c}:${n}`).join(';'),
      scans,
    });
    const log = (from: string, sql: string, rows: number) =>
      env.mark(SQL_MARK, { from, sql, rows, ...tables() });

    return {
      receive(m) {
        const b = m.body;
        const sql = typeof b.sql === 'string' ? b.sql : m.type;
        switch (m.type) {
          case 'SELECT_LEADER': {
            log(m.from, sql, 1);
            env.send(m.from, 'LEADER_ROW', { node: leader.node, token: leader.token, expired: expired() });
            return;
          }
          case 'CLAIM': {
            const ttlMs = Number(b.ttlMs) || 0;
            const free = leader.node === null || (ttlMs > 0 && expired());
            const ok = b.cas === true ? leader.token === Number(b.expect) && free : true;
            if (ok) {
              leader.node = m.from;
              if (b.cas === true) leader.token += 1;
              leader.expiresAt = ttlMs > 0 ? now() + ttlMs : null;
            }
            log(m.from, sql, ok ? 1 : 0);
            env.send(m.from, ok ? 'UPDATED' : 'NOT_UPDATED', { rows: ok ? 1 : 0, token: leader.token });
            return;
          }
          case 'RENEW': {
            const ttlMs = Number(b.ttlMs) || 0;
            const ok = b.cas === true ? leader.token === Number(b.token) && leader.node === m.from : true;
            if (ok) leader.expiresAt = now() + ttlMs;
            log(m.from, sql, ok ? 1 : 0);
            env.send(m.from, ok ? 'RENEWED' : 'NOT_RENEWED', { rows: ok ? 1 : 0 });
            return;
          }
          case 'SCAN': {
            scans += 1;
            const overdue = [...invoices].filter(([, i]) => i.status === 'overdue').map(([c]) => c);
            log(m.from, sql, overdue.length);
            env.send(m.from, 'SCAN_ROWS', { rows: overdue.length, customers: overdue.join(',') });
            return;
          }
          case 'JOB_UPDATE': {
            const token = typeof b.token === 'number' ? b.token : null;
            const names = String(b.customers ?? '')
              .split(',')
              .filter((c) => invoices.has(c));
            const stale = token !== null && leader.token !== token;
            const seen = leader.token;
            const rows = stale ? 0 : names.length;
            if (!stale)
              for (const c of names) {
                const i = invoices.get(c) as Invoice;
                i.status = 'reminded';
                i.remindedBy = m.from;
                outbox.set(c, (outbox.get(c) ?? 0) + 1);
              }
            if (names.length > 0)
              env.record({
                k: 'write',
                node: m.from,
                resource: env.id,
                token,
                status: stale ? 'rejected' : 'accepted',
                code: stale ? 409 : 200,
                ...(stale ? { reason: 'STALE TOKEN' } : {}),
                seen,
                value: `UPDATE ${rows}: ${names.map(q).join(', ')}`,
              });
            log(m.from, sql, rows);
            if (stale) env.send(m.from, 'JOB_REFUSED', { rows: 0, code: 409, reason: 'STALE TOKEN', seen });
            else env.send(m.from, 'JOB_DONE', { rows, customers: names.join(',') });
            return;
          }
        }
      },
      stop() {},
      state: () => ({ leader, invoices, outbox, scans }),
    };
  };
}
