import { describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n/index.ts';
import type { LiveStatus } from '../../player/live.ts';
import { liveProblem } from './LiveBar.tsx';

const status = (over: Partial<LiveStatus>): LiveStatus => ({
  connected: true,
  reachable: true,
  quorum: true,
  members: [],
  stopped: false,
  events: 0,
  refused: null,
  ...over,
});

describe('the live bar tells what stands in the way, for its system', () => {
  it('a lost quorum stops leases in etcd live mode, and the leader key in Patroni live mode', () => {
    const lost = status({ quorum: false });
    expect(liveProblem(lost, false)).toMatch(/no lease can be granted or renewed/);
    const patroni = liveProblem(lost, true) ?? '';
    expect(patroni).toMatch(/no Patroni can renew the leader key/);
    expect(patroni).not.toMatch(/lease/);
  });
  it('in every language', async () => {
    await setLocale('ru');
    expect(liveProblem(status({ quorum: false }), true)).toMatch(/ключ лидера/);
    await setLocale('pt');
    expect(liveProblem(status({ quorum: false }), true)).toMatch(/chave de líder/);
    await setLocale('en');
  });
  it('nothing once the run has stopped; the service first, then quorum', () => {
    expect(liveProblem(status({ quorum: false, stopped: true }), true)).toBeNull();
    expect(liveProblem(status({ connected: false, quorum: false }), true)).toMatch(/cannot be reached/);
    expect(liveProblem(status({}), true)).toBeNull();
  });
});
