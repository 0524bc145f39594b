/**
 * The smallest PostgreSQL client the live Patroni client needs: one connection, the startup message,
 * password authentication (cleartext or md5: the live cluster sets `password_encryption = md5`), one
 * simple query, its first row as text, then Terminate. PostgreSQL docs, "Frontend/Backend Protocol",
 * 55.2.1 (Start-up), 55.2.2 (Simple Query), 55.7 (Message Formats). Node-only.
 */
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export class PgError extends Error {
  constructor(
    message: string,
    /** SQLSTATE, e.g. 25006 (read_only_sql_transaction) on a replica; '' when the connection failed. */
    readonly code: string,
  ) {
    super(message);
  }
}

const md5 = (s: Buffer | string) => createHash('md5').update(s).digest('hex');

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstr = (s: string) => Buffer.from(`${s}\0`, 'utf8');

/** The fields of an ErrorResponse: M (message) and C (SQLSTATE). */
function errorOf(body: Buffer): PgError {
  const fields: Record<string, string> = {};
  let i = 0;
  while (i < body.length && body[i] !== 0) {
    const code = String.fromCharCode(body[i] as number);
    const end = body.indexOf(0, i + 1);
    fields[code] = body.toString('utf8', i + 1, end);
    i = end + 1;
  }
  return new PgError(fields.M ?? 'error', fields.C ?? '');
}

export interface PgTarget {
  port: number;
  user: string;
  password: string;
  database: string;
  /** The whole exchange must end by then, as libpq's connect_timeout bounds a connection (ms). */
  timeoutMs: number;
}

/** Runs `sql` (simple query protocol) on a new connection; the first column of its first row. */
export function queryOnce(t: PgTarget, sql: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const sock: Socket = connect({ host: '127.0.0.1', port: t.port });
    let buf = Buffer.alloc(0);
    let first: string | null = null;
    let failure: PgError | null = null;
    let done = false;
    const finish = (e: Error | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      if (e) reject(e);
      else resolve(first);
    };
    const timer = setTimeout(() => finish(new PgError('timeout expired', '')), t.timeoutMs);
    sock.once('error', (e) => finish(new PgError(e.message, '')));
    sock.once('close', () => finish(failure ?? new PgError('server closed the connection unexpectedly', '')));
    sock.once('connect', () => {
      const params = Buffer.concat([
        cstr('user'),
        cstr(t.user),
        cstr('database'),
        cstr(t.database),
        cstr(''),
      ]);
      const head = Buffer.alloc(8);
      head.writeInt32BE(params.length + 8, 0);
      head.writeInt32BE(196608, 4); // protocol 3.0
      sock.write(Buffer.concat([head, params]));
    });
    sock.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 5) {
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) break;
        const type = String.fromCharCode(buf[0] as number);
        const body = buf.subarray(5, len + 1);
        buf = buf.subarray(len + 1);
        if (type === 'R') {
          const kind = body.readInt32BE(0);
          if (kind === 3) sock.write(message('p', cstr(t.password)));
          else if (kind === 5) {
            const salt = body.subarray(4, 8);
            const inner = md5(t.password + t.user);
            sock.write(message('p', cstr(`md5${md5(Buffer.concat([Buffer.from(inner), salt]))}`)));
          } else if (kind !== 0) finish(new PgError(`authentication method ${kind} not supported`, ''));
        } else if (type === 'E') {
          failure = errorOf(body);
        } else if (type === 'D' && first === null) {
          const n = body.readInt16BE(0);
          if (n > 0) {
            const l = body.readInt32BE(2);
            first = l < 0 ? null : body.toString('utf8', 6, 6 + l);
          }
        } else if (type === 'Z') {
          if (failure) return finish(failure);
          if (!sentQuery) {
            sentQuery = true;
            sock.write(message('Q', cstr(sql)));
          } else {
            sock.write(message('X', Buffer.alloc(0)));
            return finish(null);
          }
        }
      }
    });
    let sentQuery = false;
  });
}
