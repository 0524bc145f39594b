/**
 * Live mode's bar (the page opened from `npm run live`): what is recorded, the etcd members with
 * their faults, quorum, and whether the service and the cluster can be reached; Stop ends the
 * recording and leaves an ordinary run on screen.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { connectLive, type LiveSource, type LiveStatus, MEMBER_FAULTS } from '../../player/live.ts';
import { usePlayer, usePlayerStore } from '../../player/react.ts';
import { LiveCompare } from './LiveCompare.tsx';

/** What stands in the way of the live run, worded for its system; null when nothing does. */
export function liveProblem(s: LiveStatus | null, patroni: boolean): string | null {
  if (!s || s.stopped) return null;
  if (!s.connected) return t('live.serviceGone');
  if (!s.quorum) return t(patroni ? 'live.quorumLostPatroni' : 'live.quorumLost');
  if (!s.reachable) return t('live.unreachable');
  return s.refused ? t('live.refused', { kind: s.refused }) : null;
}

export default function LiveBar({ token }: { token: string }) {
  useLocale();
  const store = usePlayerStore();
  const version = usePlayer((s) => s.run?.trace.etcd?.version ?? '');
  const trace = usePlayer((s) => s.run?.trace);
  // A live Patroni run (src/live/patroni): its own words; its comparison is `--compare`'s, not this one.
  const patroni = trace?.scenario === 'patroni';
  const [comparing, setComparing] = useState(false);
  const [status, setStatus] = useState<LiveStatus | null>(null);
  const source = useRef<LiveSource | null>(null);
  useEffect(() => {
    const live = connectLive(store, token, setStatus);
    source.current = live;
    return () => live.close();
  }, [store, token]);

  const s = status;
  const problem = liveProblem(s, patroni);
  return (
    <section className="live-bar" aria-label={t('live.label')}>
      <div className="live-head">
        <strong>{s?.stopped ? t('live.stopped') : t('live.recording')}</strong>
        <span>{t(patroni ? 'live.whatPatroni' : 'live.what', { version: version || '3.4' })}</span>
        {s && <span className="live-count">{t('live.events', { n: s.events })}</span>}
        {s && !s.stopped && (
          <button type="button" className="button" onClick={() => void source.current?.stop()}>
            {t('live.stop')}
          </button>
        )}
        {s?.stopped && trace?.source === 'etcd' && !patroni && (
          <button
            type="button"
            className="button"
            aria-pressed={comparing}
            onClick={() => setComparing((c) => !c)}
          >
            {t('live.compare.button')}
          </button>
        )}
      </div>
      {problem && (
        <p className="live-problem" role="alert">
          {problem}
        </p>
      )}
      {s && !s.stopped && s.members.length > 0 && (
        <ul className="live-members" aria-label={t('live.members')}>
          {s.members.map((m) => (
            <li key={m.index} data-member={m.index} data-state={m.state}>
              <span>
                {t('live.member', { index: m.index, id: m.id.slice(0, 8) })}{' '}
                <em>{t(`live.state.${m.state}`)}</em>
              </span>
              {MEMBER_FAULTS[m.state].map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className="button"
                  aria-label={t(`live.action.${kind}.label`, { index: m.index })}
                  onClick={() => void source.current?.fault({ kind, member: m.index })}
                >
                  {t(`live.action.${kind}`)}
                </button>
              ))}
            </li>
          ))}
        </ul>
      )}
      {comparing && s?.stopped && trace?.source === 'etcd' && !patroni && <LiveCompare trace={trace} />}
    </section>
  );
}
