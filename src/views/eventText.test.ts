import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioById, scenarios } from '../../scenarios/index.ts';
import sandbox from '../../scenarios/sandbox.ts';
import { enPanels } from '../i18n/en.panels.ts';
import { type Locale, loadLanguage, setLocale, tIn } from '../i18n/index.ts';
import { ptPanels } from '../i18n/pt.panels.ts';
import { ruPanels } from '../i18n/ru.panels.ts';
import { MARKS } from '../sim/algorithms/cronjob/controller.ts';
import { POD_FINISHED, POD_KILLED, POD_STARTED } from '../sim/algorithms/cronjob/pod.ts';
import { JOB_RUN_MARK, SQL_MARK } from '../sim/algorithms/dbjob/keys.ts';
import { COMMIT_MARK, EMAIL_MARK, TERMINATED_MARK } from '../sim/algorithms/skiplocked/keys.ts';
import { FENCING_WINDOW_MARK } from '../sim/check/fencingWindow.ts';
import { withAlgorithm } from '../sim/scenario/sandbox.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import { algorithmIds } from '../sim/scenario/schema.ts';
import { simulate } from '../sim/simulate.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { buildLogEntries } from './EventLog.tsx';
import { dataSuffix, markDuration, markLine } from './eventText.ts';

type Mark = Extract<TraceEvent, { k: 'mark' }>;

beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));
// Numbers take the current language's separator (views/format.ts); the tests below set it.
afterAll(() => setLocale('en'));

const runs: Scenario[] = [...scenarios, ...algorithmIds.map((a) => withAlgorithm(sandbox, a))];
const traces = new Map(runs.map((s) => [`${s.id}/${s.algorithm}`, simulate(s)]));
const marksOf = (id: string): Mark[] =>
  [...traces]
    .filter(([k]) => k.startsWith(`${id}/`))
    .flatMap(([, tr]) => tr.events.filter((e): e is Mark => e.k === 'mark'));

/** `mark('name'` in the simulator's and live mode's sources: names the seeded runs may not reach. */
function namesInSources(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) out.push(...namesInSources(p));
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts'))
      for (const m of readFileSync(p, 'utf8').matchAll(/mark\((?:[\w.]+, )?'([A-Za-z-]+)'/g))
        out.push(m[1] as string);
  }
  return out;
}

// The live runs' own events, not `mark('name'` (src/live/run.ts, live/patroni/run.ts,
// live/zookeeper/run.ts, live/memberStatus.ts).
const LIVE_EVENTS = [
  ...['member-stop', 'member-resume', 'member-kill', 'member-restart', 'quorum-back', 'quorum-lost'],
  ...['bootstrap', 'promote', 'backend-up', 'backend-down', 'write-failed', 'writable', 'direct-write'],
  ...['watches-fired', 'store-leader'],
];
// Marks emitted other than by `mark('name'`: constants, and the live runs' own events.
const OTHER = [
  ...Object.values(MARKS),
  POD_STARTED,
  POD_FINISHED,
  POD_KILLED,
  JOB_RUN_MARK,
  SQL_MARK,
  COMMIT_MARK,
  EMAIL_MARK,
  TERMINATED_MARK,
  FENCING_WINDOW_MARK,
  ...LIVE_EVENTS,
];

describe('every mark has its words in en, pt and ru', () => {
  const emitted = new Set(
    [...traces.values()].flatMap((t) => t.events.flatMap((e) => (e.k === 'mark' ? [e.name] : []))),
  );
  const names = [
    ...new Set([...emitted, ...namesInSources('src/sim'), ...namesInSources('src/live'), ...OTHER]),
  ]
    .filter((n) => n !== 'store-group') // its own line, log.storeGroup
    .sort();

  it('the runs and the sources name the marks the log words (about 90)', () => {
    expect(emitted.size).toBeGreaterThan(55);
    expect(names.length).toBeGreaterThan(85);
  });
  for (const [lang, cat] of [
    ['en', enPanels],
    ['pt', ptPanels],
    ['ru', ruPanels],
  ] as const)
    it(`${lang}: a log.mark.<name> key for each`, () => {
      expect(names.filter((n) => !cat[`log.mark.${n}`])).toEqual([]);
    });

  it('a mark the catalog does not know (a trace from another version) reads as before: name and data', () => {
    const e: Mark = {
      k: 'mark',
      t: 0,
      node: 'node-1',
      name: 'brand-new',
      data: { lease: 0x694d5e0c7a01, ttlS: 30 },
    };
    expect(markLine(e, (k, v) => tIn('ru', k, v))).toBe('node-1: brand new (lease 694d5e0c7a01, ttlS 30)');
  });

  it('data values fill the words: the lease in hex, the reason worded, the variant by its data', () => {
    const ru = (e: Mark) => markLine(e, (k, v) => tIn('ru', k, v));
    const en = (e: Mark) => markLine(e, (k, v) => tIn('en', k, v));
    const m = (name: string, data: Mark['data']): Mark => ({ k: 'mark', t: 0, node: 'node-1', name, data });
    expect(en(m('lease-granted', { lease: 0x694d5e0c7a01, ttlS: 30 }))).toBe(
      'node-1: got lease 694d5e0c7a01 (TTL 30 s)',
    );
    expect(ru(m('step-down', { reason: 'deadline', token: 42 }))).toBe(
      'node-1: слагает полномочия (срок истёк)',
    );
    expect(en(m('won', { nodes: 5, elections: 1, messages: 20 }))).toBe(
      'node-1: won the election, messages: 20',
    );
    expect(en(m('won', { term: 2, votes: 3, cluster: 5 }))).toBe(
      'node-1: won the election in term 2, votes: 3 of 5',
    );
  });
});

/**
 * English words of the mark lines (en.marks.ts, placeholders out) that pt or ru do not use themselves,
 * and the raw mark names the old log printed ("lease granted"): none may be in a pt or ru log line.
 */
function englishWords(lang: Locale): Set<string> {
  const cat = lang === 'pt' ? ptPanels : ruPanels;
  const words = (s: string) =>
    s
      .replace(/\{\w+\}/g, ' ')
      .toLowerCase()
      .match(/[a-z]{3,}/g) ?? [];
  const own = new Set(
    Object.entries(cat)
      .filter(([k]) => k.startsWith('log.mark'))
      .flatMap(([, v]) => words(v)),
  );
  const en = Object.entries(enPanels)
    .filter(([k]) => k.startsWith('log.mark'))
    .flatMap(([, v]) => words(v));
  const marks = [...traces.values()].flatMap((t) =>
    t.events.flatMap((e) => (e.k === 'mark' ? words(e.name) : [])),
  );
  return new Set([...en, ...marks].filter((w) => !own.has(w)));
}

describe('pt and ru event logs word the marks in their language', () => {
  for (const id of ['etcd-leader-change', 'patroni', 'zookeeper'])
    for (const lang of ['pt', 'ru'] as const)
      it(`${id}, ${lang}`, () => {
        const english = englishWords(lang);
        expect(english).toEqual(expect.any(Set));
        for (const w of ['granted', 'won', 'leader', 'lost']) expect(english.has(w)).toBe(true);
        const trace = traces.get(`${id}/${(scenarioById(id) as Scenario).algorithm}`);
        if (!trace) throw new Error(id);
        const marks = new Set(trace.events.flatMap((e, i) => (e.k === 'mark' ? [i] : [])));
        expect(marksOf(id).length).toBeGreaterThan(3);
        const lines = buildLogEntries(trace, (k, v) => tIn(lang, k, v)).filter((l) => marks.has(l.i));
        // Values (paths, ids, hosts) are not words: /service/batman/leader, node-1_bcf8; a client's
        // error is quoted as libpq printed it ("no server available").
        const untranslated = lines.flatMap((l) =>
          l.text
            .replace(/«[^»]*»|“[^”]*”|"[^"]*"/g, ' ')
            .split(/[\s,;:()]+/)
            .filter((w) => !/[/_0-9@.=-]/.test(w) && english.has(w.toLowerCase()))
            .map((w) => `${w} in "${l.text}"`),
        );
        expect(untranslated).toEqual([]);
      });
});

const LANGS = ['en', 'pt', 'ru'] as const;
/** The no-break spaces that keep a number with its unit, as plain spaces. */
const sp = (s: string) => s.replace(/\u00a0/g, ' ');
const inLang = (lang: Locale) => (k: string, v?: Record<string, string | number>) => tIn(lang, k, v);

/**
 * What a reader must never see in a mark's line: a placeholder or a catalog key left raw, `undefined`
 * or `NaN`, or a duration of a second or more in milliseconds ("осталось 19000 мс").
 */
function flaws(line: string): string[] {
  const out: string[] = [];
  if (/\{\w+\}/.test(line)) out.push('a placeholder');
  if (/\blog\.mark/.test(line)) out.push('a catalog key');
  if (/undefined|NaN/.test(line)) out.push('undefined or NaN');
  if (/\d{4,}\s?(ms|мс)(?!\p{L})/u.test(line)) out.push('milliseconds past a second');
  return out.map((f) => `${f} in "${line}"`);
}

describe('a mark’s duration reads in the log’s units, in each language', () => {
  const m = (name: string, data: Mark['data']): Mark => ({ k: 'mark', t: 0, node: 'node-1', name, data });
  it('seconds to a tenth past a second, with the language’s separator; ms under it', async () => {
    const said = async (lang: Locale, e: Mark) => {
      await setLocale(lang);
      return sp(markLine(e, inLang(lang)));
    };
    expect(await said('ru', m('lease-checked', { remainingMs: 19000 }))).toBe(
      'node-1: lease проверен, осталось 19 с',
    );
    expect(await said('pt', m('lease-checked', { remainingMs: 19056 }))).toBe(
      'node-1: lease verificado, restam 19,1 s',
    );
    expect(await said('en', m('lease-checked', { remainingMs: 19056 }))).toBe(
      'node-1: lease checked, 19.1 s left',
    );
    expect(await said('ru', m('deadline-passed', { lateMs: 250 }))).toBe('node-1: срок истёк 250 мс назад');
    // A check after the deadline (check-before-act): how long ago, not "-200 ms left".
    expect(await said('en', m('lease-checked', { remainingMs: -200 }))).toBe(
      'node-1: lease checked, it ran out 200 ms ago',
    );
    expect(await said('ru', m('SuccessfulCreate', { job: 'j', slot: 's', lateS: 0.5 }))).toBe(
      'node-1: создал задание j на s, опоздание 0,5 с',
    );
    await setLocale('en');
    expect(sp(markDuration(999.6))).toBe('1 s');
    // One line for a number and its unit where the log wraps (390 px).
    expect(markDuration(19_000)).toBe('19\u00a0s');
  });

  for (const lang of LANGS)
    it(`${lang}: no mark of the seeded runs shows a raw placeholder, undefined or ms past a second`, async () => {
      await setLocale(lang);
      const tr = inLang(lang);
      const bad = new Set(
        [...traces.values()].flatMap((t) =>
          t.events.flatMap((e) => (e.k === 'mark' ? flaws(markLine(e, tr)) : [])),
        ),
      );
      await setLocale('en');
      expect([...bad].slice(0, 10)).toEqual([]);
    });
});

/**
 * The marks only a live recording emits, with the data each source gives them (read from the code
 * that emits them): names and shapes no seeded run has, so the runs above never word them.
 */
const LIVE: Array<{ from: string; mark: Mark }> = (
  [
    // live/zookeeper/run.ts onReport, the recipe's reports (live/zookeeper/recipe.ts)
    ['zookeeper/run.ts', 'node-1', 'client-state', { state: 'SyncConnected' }],
    ['zookeeper/run.ts', 'node-1', 'client-state', { state: 'Expired' }],
    ['zookeeper/run.ts', 'zookeeper', 'client-server', { client: 'node-1', server: 2 }],
    ['zookeeper/run.ts', 'node-1', 'disconnected', undefined],
    ['zookeeper/run.ts', 'node-1', 'session-expired', { session: 3 }],
    ['zookeeper/run.ts', 'node-1', 'session-expired', { session: null }],
    ['zookeeper/run.ts', 'node-1', 'connection-state', { state: 'SUSPENDED' }],
    ['zookeeper/run.ts', 'node-1', 'znode-created', { path: '/election/n_0000000003', seq: 3 }],
    [
      'zookeeper/run.ts',
      'node-2',
      'watching',
      { path: '/election/n_0000000002', mine: '/election/n_0000000003' },
    ],
    ['zookeeper/run.ts', 'node-2', 'watch-event', { path: '/election/n_0000000002' }],
    ['zookeeper/run.ts', 'node-2', 'leading', { seq: 3 }],
    ['zookeeper/run.ts', 'node-2', 'leading', { seq: null }],
    ['zookeeper/run.ts', 'node-1', 'step-down', { reason: 'disconnected', token: 2 }],
    ['zookeeper/run.ts', 'node-1', 'step-down', { reason: 'session-expired', token: 2 }],
    ['zookeeper/run.ts', 'zookeeper', 'ensemble-leader', { server: 3 }],
    ['zookeeper/run.ts', 'zookeeper', 'ensemble-leader', { server: null }],
    [
      'zookeeper/watchesFired.ts',
      'zookeeper',
      'watches-fired',
      { path: '/election/n_0000000002', count: 2, watchers: 'node-2, node-3' },
    ],
    // live/run.ts storeFault and live/patroni/run.ts intervene: an etcd member by its number
    ...['member-stop', 'member-resume', 'member-kill', 'member-restart'].map((n) => [
      'run.ts',
      'etcd',
      n,
      { member: 2, id: '8e9e05c52164694d' },
    ]),
    ['run.ts', 'etcd', 'quorum-lost', { running: 1 }],
    ['run.ts', 'etcd', 'quorum-back', { running: 2 }],
    // live/memberStatus.ts show()
    [
      'memberStatus.ts',
      'etcd',
      'store-group',
      {
        roles: 'leader,follower,stopped',
        term: 3,
        leader: 'member-1',
        terms: '3,3,2',
        applied: '3,3,2',
        changes: '2,2,',
      },
    ],
    ['memberStatus.ts', 'etcd', 'store-group', { roles: 'down,candidate,follower', term: 4, leader: '' }],
    ['memberStatus.ts', 'etcd', 'store-leader', { member: 'member-1', term: 3 }],
    // live/patroni/run.ts: the first poll, the REST polls, HAProxy's stats, the client's writes
    ['patroni/run.ts', 'pg-1', 'bootstrap', undefined],
    ['patroni/run.ts', 'pg-2', 'promote', { timeline: 2 }],
    ['patroni/run.ts', 'pg-2', 'promote', { timeline: null }],
    ['patroni/run.ts', 'haproxy', 'backend-down', { backend: 'pg-1' }],
    ['patroni/run.ts', 'haproxy', 'backend-up', { backend: 'pg-2' }],
    [
      'patroni/run.ts',
      'app',
      'write-failed',
      { wid: 12, reason: 'server closed the connection unexpectedly', code: '57P01', sentAt: 41_234 },
    ],
    [
      'patroni/run.ts',
      'app',
      'write-failed',
      { wid: 13, reason: 'timeout expired', code: null, sentAt: 43_240 },
    ],
    ['patroni/run.ts', 'pg-2', 'writable', undefined],
    ['patroni/run.ts', 'app', 'direct-write', { wid: 14, to: 'pg-1', accepted: true }],
    [
      'patroni/run.ts',
      'app',
      'direct-write',
      { wid: 15, to: 'pg-1', accepted: false, reason: 'cannot execute INSERT in a read-only transaction' },
    ],
  ] as Array<[string, string, string, Mark['data']]>
).map(([from, node, name, data]) => ({
  from,
  mark: { k: 'mark', t: 0, node, name, ...(data ? { data } : {}) },
}));

describe('the live-only marks, with the data their sources emit, read as words in en, pt and ru', () => {
  it('each mark name the live sources emit themselves is fed here', () => {
    const live = new Set([...namesInSources('src/live'), ...LIVE_EVENTS]);
    const seeded = new Set(
      [...traces.values()].flatMap((t) => t.events.flatMap((e) => (e.k === 'mark' ? [e.name] : []))),
    );
    const fed = new Set(LIVE.map((l) => l.mark.name));
    expect([...live].filter((n) => !seeded.has(n) && !fed.has(n))).toEqual([]);
  });
  for (const lang of LANGS)
    it(lang, async () => {
      await setLocale(lang);
      const lines = LIVE.map(({ from, mark }) => `${from}: ${markLine(mark, inLang(lang))}`);
      await setLocale('en');
      expect(lines.flatMap(flaws)).toEqual([]);
      // A member is named as the store group's line names it, with no noun before its name.
      expect(lines.filter((l) => /etcd: member-2 /.test(l))).toHaveLength(4);
      if (lang === 'en') return;
      // The data's own strings are names (ZooKeeper's KeeperState "Expired", libpq's errors).
      const names = new Set(
        LIVE.flatMap(({ mark }) => Object.values(mark.data ?? {}).flatMap((v) => String(v).split(/\s+/))),
      );
      const english = englishWords(lang);
      const untranslated = lines.flatMap((l) =>
        l
          .replace(/^[\w/.]+: /, '')
          .replace(/«[^»]*»|“[^”]*”|"[^"]*"/g, ' ')
          .split(/[\s,;:()]+/)
          .filter((w) => !/[/_0-9@.=-]/.test(w) && !names.has(w) && english.has(w.toLowerCase()))
          .map((w) => `${w} in "${l}"`),
      );
      expect(untranslated).toEqual([]);
    });
});

describe('the store’s new leader is said once', () => {
  const trace = traces.get('etcd-leader-change/lease');
  if (!trace) throw new Error('etcd-leader-change');
  const groupMarks = trace.events.filter(
    (e): e is Mark => e.k === 'mark' && e.name === 'store-group' && e.data?.leader !== '',
  );
  it('etcd-leader-change: at each instant a group names its leader, the log names it once', () => {
    expect(groupMarks.length).toBeGreaterThan(0);
    for (const lang of LANGS) {
      const lines = buildLogEntries(trace, inLang(lang));
      for (const g of groupMarks) {
        const leader = String(g.data?.leader);
        const said = lines
          .filter((l) => l.t === g.t)
          .map((l) => l.text.split(leader).length - 1)
          .reduce((a, b) => a + b, 0);
        expect(said, `${lang} at ${g.t}`).toBe(1);
      }
    }
  });
  it('a store-leader mark with no group line beside it is still told', () => {
    const alone = {
      ...trace,
      events: trace.events.filter((e) => !(e.k === 'mark' && e.name === 'store-group')),
    };
    const lines = buildLogEntries(alone, inLang('en')).filter((l) => /is the leader/.test(l.text));
    expect(lines.length).toBe(groupMarks.length);
  });
});

describe('a message’s times and durations carry their unit', () => {
  it('ttlMs, timeoutMs and instants read in seconds; etcd’s ttl is seconds', async () => {
    expect(sp(dataSuffix({ ttl: 30 }, inLang('en')))).toBe(' (ttl 30 s)');
    expect(sp(dataSuffix({ timeoutMs: 10_000, sentAt: 1598 }, inLang('en')))).toBe(
      ' (timeout 10 s, sentAt 1.6 s)',
    );
    expect(sp(dataSuffix({ cas: true, ttlMs: 0 }, inLang('en')))).toBe(' (cas true, ttl 0 ms)');
    await setLocale('ru');
    expect(sp(dataSuffix({ ttlMs: 15_000, lastScheduleMs: -86_390_000 }, inLang('ru')))).toBe(
      ' (ttl 15 с, lastSchedule -86390 с)',
    );
    await setLocale('en');
  });
  it('no message of the seeded runs shows a time or a duration as a bare number', () => {
    const bare = new Set(
      [...traces.values()].flatMap((t) =>
        t.events.flatMap((e) => {
          if (e.k !== 'send') return [];
          const s = dataSuffix(e.data, inLang('en'));
          return /(Ms|At|ttl) -?\d+(?=[,)])/.test(s) ? [`${e.type}${s}`] : [];
        }),
      ),
    );
    expect([...bare].slice(0, 10)).toEqual([]);
  });
  it('a check right at its deadline says so, not "0 ms ago"', async () => {
    await setLocale('ru');
    const line = markLine(
      { k: 'mark', t: 0, node: 'node-1', name: 'deadline-passed', data: { lateMs: 0 } },
      inLang('ru'),
    );
    await setLocale('en');
    expect(line).toBe('node-1: срок истёк');
  });
});
