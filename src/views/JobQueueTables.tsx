import { t } from '../i18n/index.ts';
import type { DbJob, DbState } from '../player/db.ts';

/**
 * The job queue's table (src/sim/algorithms/skiplocked): each job's state, the worker and session
 * whose transaction holds its row lock, who committed it, how many times it was taken, and the
 * e-mails its customer got. A row still locked by a dead worker, a second attempt and a second
 * e-mail are what the story points at.
 */
export function JobQueueTables({ db, jobs }: { db: DbState; jobs: DbJob[] }) {
  const done = jobs.filter((j) => j.state === 'done').length;
  const emails = jobs.reduce((n, j) => n + j.emails, 0);
  return (
    <>
      <dl className="stats">
        <div data-db="done">
          <dt>{t('db.jobsDone')}</dt>
          <dd className="mono">
            {done}/{jobs.length}
          </dd>
        </div>
        <div data-db="emails">
          <dt>{t('db.emails')}</dt>
          <dd className={`mono${jobs.some((j) => j.emails > 1) ? ' danger' : ''}`}>{emails}</dd>
        </div>
        <div data-db="sessions">
          <dt>{t('db.sessions')}</dt>
          <dd className="mono">{db.sessions}</dd>
        </div>
      </dl>
      <h3>{t('db.jobsTable')}</h3>
      <table className="db-table mono" data-db="jobs">
        <thead>
          <tr>
            <th scope="col">id</th>
            <th scope="col">state</th>
            <th scope="col">{t('db.lockedBy')}</th>
            <th scope="col">done_by</th>
            <th scope="col" title={t('db.attemptsCol')}>
              {t('db.attemptsShort')}
            </th>
            <th scope="col">{t('db.emailsCol')}</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => (
            <tr
              key={j.id}
              data-job={j.id}
              data-state={j.state}
              className={j.state === 'locked' ? 'locked' : undefined}
            >
              <td>{j.id.replace('job-', '')}</td>
              {/* The row's own state column: pending until its COMMIT, then done. */}
              <td>{j.state === 'done' ? 'done' : 'pending'}</td>
              <td>
                {j.state === 'locked' && <span className="sr-only">{t('db.locked')} </span>}
                {j.holder ?? '—'}
              </td>
              <td>{j.doneBy ?? 'NULL'}</td>
              <td className={j.attempts > 1 ? 'warn' : undefined}>{j.attempts}</td>
              <td className={j.emails > 1 ? 'danger' : undefined}>{j.emails}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
