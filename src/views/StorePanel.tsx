import { memo, type ReactNode, useId } from 'react';
import { formatNumber, t } from '../i18n/index.ts';
import type { LeaseView, StoreGroupView, StoreView } from '../sim/trace/frame.ts';
import { leaseHex } from './eventText.ts';

export interface StorePanelProps {
  /** Host id of the store (etcd). */
  id: string;
  store: StoreView;
}

/** A value with a line-break opportunity after each comma (Patroni's member JSON wraps between fields). */
function breakable(value: string): ReactNode {
  if (!value.includes(',')) return value;
  const out: ReactNode[] = [];
  let at = 0;
  for (const part of value.split(',')) {
    // Keyed by where the comma stands in the value (a stable position in this string).
    if (at > 0) out.push(',', <wbr key={`at${at}`} />);
    out.push(part);
    at += part.length + 1;
  }
  return out;
}

function LeaseRow({ lease, keys }: { lease: LeaseView; keys: string[] }) {
  const total = lease.ttlSec * 1000;
  const frac = total > 0 ? Math.max(0, Math.min(1, lease.remainingMs / total)) : 0;
  const remaining = formatNumber(lease.remainingMs / 1000, 1);
  const level = frac < 0.25 ? 'low' : frac < 0.5 ? 'mid' : 'high';
  return (
    <li className="lease">
      <div className="lease-head">
        <span className="mono">{leaseHex(lease.id)}</span>
        <span className="muted">{t('store.ttl', { ttl: lease.ttlSec })}</span>
        <span className={`lease-left ${level}`}>{t('store.remaining', { remaining })}</span>
      </div>
      {keys.length > 0 && (
        <div className="lease-keys mono" title={keys.join(', ')}>
          {t('store.holds', { keys: keys.join(', ') })}
        </div>
      )}
      <meter
        className="sr-only"
        min={0}
        max={lease.ttlSec}
        value={lease.remainingMs / 1000}
        aria-label={t('store.leaseLabel', { lease: leaseHex(lease.id), remaining, ttl: lease.ttlSec })}
      />
      <div className={`ttl ${level}`} aria-hidden="true">
        <span style={{ transform: `scaleX(${frac})` }} />
      </div>
    </li>
  );
}

/** A store that is a Raft group: each member's role and the term reached (the leader's chip marked). */
function GroupRow({ group }: { group: StoreGroupView }) {
  return (
    <div className="store-group">
      <h3>{t('store.members', { term: group.term })}</h3>
      <ul className="store-members">
        {group.roles.map((role, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a member's place is its id (member-1 first).
          <li key={i} className={`store-member ${role}`}>
            <span className="mono">member-{i + 1}</span>{' '}
            <span>{t(role === 'stopped' ? 'role.paused' : `role.${role}`)}</span>
            {group.terms?.[i] !== undefined ? (
              <span className="muted"> · {t('store.memberTerm', { term: group.terms[i] as number })}</span>
            ) : null}
            {group.changes?.[i] != null ? (
              <span className="muted">
                {' '}
                · {t('store.leaderChanges', { changes: group.changes[i] as number })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The coordination store: revision, keys (with create/mod revision and lease), leases counting down. */
export const StorePanel = memo(
  function StorePanel({ id, store }: StorePanelProps) {
    const titleId = useId();
    // Leases that keep keys alive first: those are the ones whose expiry changes something.
    const leases = store.leases
      .map((lease) => ({ lease, keys: store.keys.filter((k) => k.lease === lease.id).map((k) => k.key) }))
      .sort((a, b) => Number(b.keys.length > 0) - Number(a.keys.length > 0) || a.lease.id - b.lease.id);
    return (
      <section className="panel store-panel" aria-labelledby={titleId}>
        <header className="panel-head">
          <h2 id={titleId}>
            {t('store.title')} <span className="mono muted">{id}</span>
          </h2>
          <span className="chip mono">{t('store.revision', { revision: store.revision })}</span>
        </header>
        {store.group ? <GroupRow group={store.group} /> : null}
        {store.keys.length === 0 ? (
          <p className="empty">{t('store.noKeys')}</p>
        ) : (
          <ul className="kv">
            {store.keys.map((k) => (
              <li key={k.key} className={`kv-item${k.key.length + k.value.length > 34 ? ' stacked' : ''}`}>
                <div className="kv-main">
                  <span className="mono key" title={k.key}>
                    {k.key}
                  </span>
                  <span className="mono value">{breakable(k.value)}</span>
                </div>
                <div className="kv-meta mono">
                  {t('store.meta', { create: k.createRevision, mod: k.modRevision, version: k.version })}
                  {k.lease ? ` · ${t('store.leaseOf', { lease: leaseHex(k.lease) })}` : ''}
                </div>
              </li>
            ))}
          </ul>
        )}
        <h3>{t('store.leases')}</h3>
        {store.leases.length === 0 ? (
          <p className="empty">{t('store.noLeases')}</p>
        ) : (
          <ul className="leases">
            {leases.map(({ lease, keys }) => (
              <LeaseRow key={lease.id} lease={lease} keys={keys} />
            ))}
          </ul>
        )}
      </section>
    );
  },
  // A new view every animation frame: redraw when a key, a lease or a shown tenth of a second changed.
  (a, b) => a.id === b.id && sameStore(a.store, b.store),
);

/** Equal as drawn: revision, keys (trace objects, compared by identity), leases to 0.1 s. */
export function sameStore(a: StoreView, b: StoreView): boolean {
  if (a === b) return true;
  // A group is rebuilt whenever frameAt replays its mark: compare what is drawn.
  const drawn = (g: StoreView['group']) => `${g?.roles}|${g?.term}|${g?.terms}|${g?.changes}`;
  if (drawn(a.group) !== drawn(b.group)) return false;
  if (a.revision !== b.revision || a.keys.length !== b.keys.length || a.leases.length !== b.leases.length)
    return false;
  for (let i = 0; i < a.keys.length; i++) if (a.keys[i] !== b.keys[i]) return false;
  for (let i = 0; i < a.leases.length; i++) {
    const x = a.leases[i] as LeaseView;
    const y = b.leases[i] as LeaseView;
    if (
      x.id !== y.id ||
      x.ttlSec !== y.ttlSec ||
      Math.round(x.remainingMs / 100) !== Math.round(y.remainingMs / 100)
    )
      return false;
  }
  return true;
}
