import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioById } from '../../scenarios/index.ts';
import { snapChoices } from '../app/author/events.ts';
import { loadLanguage, setLocale } from '../i18n/index.ts';
import type { NavStep } from '../player/steps.ts';
import type { Run } from '../player/store.ts';
import { simulate } from '../sim/simulate.ts';
import { deriveSteps } from '../sim/trace/derive.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { buildLogEntries } from './EventLog.tsx';
import { derivedCaption, navCaption } from './story.ts';

function story(id: string) {
  const s = scenarioById(id);
  if (!s) throw new Error(`${id} missing`);
  return s;
}

// etcd as a 3-member Raft group: its stories and the What-if menu call a server a member (member-1).
const group = simulate(story('etcd-leader-change'));
const kills = group.events.filter((e): e is Extract<TraceEvent, { k: 'fault' }> => e.k === 'fault');

beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));
afterAll(() => setLocale('en'));

describe("a store group's server is worded as a member wherever a fault is told", () => {
  it('in the event log, in en, pt and ru', () => {
    const faultLines = () => buildLogEntries(group).filter((l) => l.cat === 'fault');
    setLocale('en');
    const en = faultLines();
    expect(en.map((l) => l.text)).toEqual([
      'etcd: member-1 KILLED (its clients’ connections reset)',
      'etcd: member-2 KILLED (its clients’ connections reset)',
    ]);
    expect(en[0]?.who).toBe('etcd');
    setLocale('pt');
    expect(faultLines()[0]?.text).toBe('etcd: member-1 MORTO (as conexões dos clientes dele caem)');
    setLocale('ru');
    expect(faultLines()[0]?.text).toBe('etcd: member-1 УБИТ (соединения его клиентов сброшены)');
    setLocale('en');
  });

  it('in the caption author’s snap list, the same line as the log’s', () => {
    setLocale('en');
    const log = buildLogEntries(group);
    for (const e of kills) {
      const snap = snapChoices(group, e.t).find((c) => c.kind === 'fault');
      expect(snap?.label).toBe(log.find((l) => l.i === group.events.indexOf(e))?.text);
      expect(snap?.label).toMatch(/^etcd: member-\d KILLED/);
    }
  });

  it('in the captions derived from the trace and in a skipped step’s "instead"', () => {
    const derived = deriveSteps(group, story('etcd-leader-change'), { all: true }).filter((d) =>
      d.id.startsWith('fault'),
    );
    expect(derived.map((d) => derivedCaption(d, 'en'))).toEqual([
      'etcd: member-1 KILLED (its clients’ connections reset)',
      'etcd: member-2 KILLED (its clients’ connections reset)',
    ]);
    const kill = kills[0] as (typeof kills)[number];
    const skipped: NavStep = {
      id: 'x',
      atMs: kill.t,
      eventIndex: 0,
      skipped: true,
      span: { first: 1, last: 1 },
      instead: [{ atMs: kill.t, key: 'log.fault.member.kill', vars: {}, fault: kill.fault }],
    };
    const caption = navCaption({ trace: group } as Run, skipped, 'ru');
    expect(caption).toContain('etcd: member-1 УБИТ');
    expect(caption).not.toContain('сервер');
  });

  it('an ensemble that is not a store group (ZooKeeper’s) keeps its servers', () => {
    setLocale('en');
    const zk = simulate(story('zookeeper'), {
      interventions: [{ atMs: 5_000, fault: { kind: 'server', node: 'zookeeper', server: 1, act: 'kill' } }],
    });
    const line = buildLogEntries(zk).find((l) => l.cat === 'fault');
    expect(line?.text).toMatch(/^zookeeper: server 1 KILLED/);
  });
});

describe("a store group's server is a member in Compare's fault picker too", () => {
  it('the fault a comparison leaves out, and the one it keeps', async () => {
    const { faultSideText } = await import('../sandbox/CompareView.tsx');
    setLocale('en');
    const run = { scenario: story('etcd-leader-change'), trace: group } as unknown as Run;
    expect(faultSideText(run, 0, 'this')).toMatch(/^with kill member-1 of etcd at 15.0 s/);
    expect(faultSideText(run, 0, 'this')).not.toMatch(/server/);
  });
});

describe("a store group's picture in the event log is told in words, in every language", () => {
  it('each member and its role and the term: the leader named once, in the list', () => {
    const lines = () => buildLogEntries(group).filter((l) => l.who === 'etcd' && l.cat === 'role');
    setLocale('en');
    const en = lines().map((l) => l.text);
    expect(en).toContain('etcd: member-1 leader, member-2 follower, member-3 follower; term 2');
    expect(en.some((l) => /^etcd: member-1 down, .*; term \d, no leader$/.test(l))).toBe(true);
    expect(en.join(' ')).not.toMatch(/store group|roles/);
    setLocale('pt');
    expect(lines().map((l) => l.text)).toContain(
      'etcd: member-1 líder, member-2 seguidor, member-3 seguidor; termo 2',
    );
    setLocale('ru');
    expect(lines().map((l) => l.text)).toContain(
      'etcd: member-1 лидер, member-2 ведомый, member-3 ведомый; терм 2',
    );
    setLocale('en');
  });
});
