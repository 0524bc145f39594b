import { useId } from 'react';
import { formatNumber, t } from '../i18n/index.ts';
import type { DbState } from '../player/db.ts';
import { JobQueueTables } from './JobQueueTables.tsx';

/**
 * A database the algorithm's nodes share, as its `sql` marks tell it: the job runner's
 * (src/sim/algorithms/dbjob: the leader row, the invoices with the e-mails each customer got, how many
 * times the invoices were scanned) or a job queue's (src/sim/algorithms/skiplocked: the jobs with
 * their row locks, JobQueueTables); then the latest statements with the rows each changed, so a
 * teacher can point at "UPDATE 1" twice, at twenty e-mails, or at a row still locked by a dead worker.
 */
export function DatabasePanel({ id, db }: { id: string; db: DbState }) {
  const titleId = useId();
  return (
    <section className="panel db-panel" aria-labelledby={titleId}>
      <header className="panel-head">
        <h2 id={titleId}>{t('resource.titleDb', { id })}</h2>
      </header>
      {db.jobs ? (
        <JobQueueTables db={db} jobs={db.jobs} />
      ) : (
        db.leader && <LeaderTables db={db} l={db.leader} />
      )}
      <h3>{t('db.statements')}</h3>
      {db.recent.length === 0 ? (
        <p className="empty">{t('db.noStatements')}</p>
      ) : (
        <ul className="db-sql">
          {db.recent.map((s) => (
            <li
              key={`${s.t}-${s.from}-${s.sql}`}
              className={s.tag.startsWith('UPDATE 0') ? 'zero' : undefined}
            >
              <span className="who mono">{s.from}</span>
              <code>{s.sql}</code>
              <span className="tag mono">{s.tag}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LeaderTables({ db, l }: { db: DbState; l: NonNullable<DbState['leader']> }) {
  const expires =
    l.node === null
      ? 'NULL'
      : l.leftMs === null
        ? t('db.never')
        : l.leftMs > 0
          ? t('db.expiresIn', { s: formatNumber(l.leftMs / 1000, 1) })
          : t('db.expired');
  const emails = db.invoices.reduce((n, i) => n + i.emails, 0);
  return (
    <>
      <dl className="stats">
        <div data-db="scans">
          <dt>{t('db.scans')}</dt>
          <dd className="mono">{db.scans}</dd>
        </div>
        <div data-db="emails">
          <dt>{t('db.emails')}</dt>
          <dd className={`mono${db.invoices.some((i) => i.emails > 1) ? ' danger' : ''}`}>{emails}</dd>
        </div>
        <div data-db="token">
          <dt>token</dt>
          <dd className="mono">{l.token}</dd>
        </div>
      </dl>
      <h3>{t('db.leaderTable')}</h3>
      <table className="db-table mono" data-db="leader">
        <thead>
          <tr>
            <th scope="col">node</th>
            <th scope="col">token</th>
            <th scope="col">expires_at</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{l.node ?? 'NULL'}</td>
            <td>{l.token}</td>
            <td>{expires}</td>
          </tr>
        </tbody>
      </table>
      <h3>{t('db.invoices')}</h3>
      <table className="db-table mono" data-db="invoices">
        <thead>
          <tr>
            <th scope="col">customer</th>
            <th scope="col">status</th>
            <th scope="col">reminded_by</th>
            <th scope="col">{t('db.emailsCol')}</th>
          </tr>
        </thead>
        <tbody>
          {db.invoices.map((i) => (
            <tr key={i.customer} data-customer={i.customer}>
              <td>{i.customer}</td>
              <td>{i.status}</td>
              <td>{i.remindedBy ?? 'NULL'}</td>
              <td className={i.emails > 1 ? 'danger' : undefined}>{i.emails}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
