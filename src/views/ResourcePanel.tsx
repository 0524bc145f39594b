import { memo, useId } from 'react';
import { t } from '../i18n/index.ts';
import type { ResourceView, WriteEvent } from '../sim/trace/frame.ts';

export interface ResourcePanelProps {
  resource: ResourceView;
  /** True when the resource is a database node (Patroni's pg-N, a heartbeat node's copy), not a standalone storage. */
  database: boolean;
  /** What the algorithm's leaders stamp on their writes (its declaration's `leadership.carries`). */
  carries?: 'token' | 'term' | 'timeline' | null;
}

/** What a write's outcome says, exactly as the storage answered. */
export function writeResult(w: WriteEvent): string {
  if (w.status === 'accepted') return t('resource.writeOk', { code: w.code });
  if (w.code === 409 && w.reason === 'STALE TOKEN') return t('resource.writeStale');
  return t('resource.writeRejected', { code: w.code, reason: w.reason ?? '' }).trim();
}

function WriteRow({ w, timeline }: { w: WriteEvent; timeline: boolean }) {
  const stamp =
    w.token === null
      ? t('resource.noToken')
      : timeline
        ? t('resource.withTimeline', { timeline: w.token })
        : t('resource.withToken', { token: w.token });
  // A write to one item of several (a shard) says which: its token is that item's own.
  const token = w.key ? `${w.key} · ${stamp}` : stamp;
  const result = writeResult(w);
  return (
    <li
      className={`write ${w.status}`}
      aria-label={t('resource.writeLabel', { node: w.node, token, result })}
    >
      <span className="who mono">{w.node}</span>
      <span className="tok mono">{token}</span>
      <span className="result">
        <span className="mark" aria-hidden="true">
          {w.status === 'accepted' ? '✓' : '✕'}
        </span>
        {result}
      </span>
    </li>
  );
}

/** A protected resource: highest fencing token seen, accepted and rejected writes, the latest writes. */
export const ResourcePanel = memo(
  function ResourcePanel({ resource: r, database, carries }: ResourcePanelProps) {
    const titleId = useId();
    // Patroni's Postgres checks no fencing token: its writes carry its timeline (patroni/machine.ts).
    const timeline = database && carries === 'timeline';
    const recent = [...r.recent].reverse().slice(0, 5);
    // The latest accepted write among the recent ones: what the resource holds.
    const held = [...r.recent].reverse().find((w) => w.status === 'accepted');
    const perKey = r.byKey && Object.keys(r.byKey).length > 0 ? Object.entries(r.byKey).sort() : null;
    return (
      <section className="panel resource-panel" aria-labelledby={titleId}>
        <header className="panel-head">
          <h2 id={titleId}>{t(database ? 'resource.titleDb' : 'resource.title', { id: r.id })}</h2>
        </header>
        <dl className={`stats${timeline && r.highest === null ? ' no-token' : ''}`}>
          {/* Shown as a timeline; "highest token seen: none" would say nothing there. */}
          {/* Per item (a shard) where the writes name one: one highest token across items means nothing. */}
          {!(timeline && r.highest === null) && !perKey && (
            <div>
              <dt>{t(timeline ? 'resource.timeline' : 'resource.highest')}</dt>
              <dd className="mono">{r.highest ?? t('resource.none')}</dd>
            </div>
          )}
          <div>
            <dt>{t('resource.accepted')}</dt>
            <dd className="mono ok">{r.accepted}</dd>
          </div>
          <div>
            <dt>{t('resource.rejected')}</dt>
            <dd className={`mono${r.rejected ? ' danger' : ''}`}>{r.rejected}</dd>
          </div>
        </dl>
        {perKey && (
          <>
            <h3>{t('resource.highestByKey')}</h3>
            <ul className="per-key mono">
              {perKey.map(([key, token]) => (
                <li key={key} data-key={key}>
                  <span>{key}</span> <b>{token}</b>
                </li>
              ))}
            </ul>
          </>
        )}
        {held?.value && (
          // What the resource holds now: the last accepted write (a stale one, where fencing is off).
          <p className="resource-holds">
            <span className="holds-label">{t('resource.holds')}</span>{' '}
            <span className="mono holds-value">{held.value}</span>{' '}
            <span className="holds-by">
              {t(timeline ? 'resource.holdsByTimeline' : 'resource.holdsBy', {
                node: held.node,
                token: held.token === null ? t('resource.noToken') : held.token,
              })}
            </span>
          </p>
        )}
        {recent.length === 0 ? (
          <p className="empty">{t('resource.noWrites')}</p>
        ) : (
          <>
            <h3>{t('resource.recent')}</h3>
            <ul className="writes">
              {recent.map((w) => (
                <WriteRow key={`${w.t}-${w.node}-${w.token}-${w.status}`} w={w} timeline={timeline} />
              ))}
            </ul>
          </>
        )}
      </section>
    );
  },
  // A new view object every animation frame: redraw only when its counts or latest write changed.
  (a, b) => a.database === b.database && sameResource(a.resource, b.resource),
);

/** Same counts and same latest writes (trace events, so identity compares them). */
export function sameResource(a: ResourceView, b: ResourceView): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.highest === b.highest &&
      a.accepted === b.accepted &&
      a.rejected === b.rejected &&
      a.recent.length === b.recent.length &&
      a.recent[a.recent.length - 1] === b.recent[b.recent.length - 1] &&
      a.recent[0] === b.recent[0])
  );
}
