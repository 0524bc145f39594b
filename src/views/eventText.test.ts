import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scenarioById, scenarios } from '../../scenarios/index.ts';
import sandbox from '../../scenarios/sandbox.ts';
import { enPanels } from '../i18n/en.panels.ts';
import { type Locale, loadLanguage, tIn } from '../i18n/index.ts';
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
import { markLine } from './eventText.ts';

type Mark = Extract<TraceEvent, { k: 'mark' }>;

beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));

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

// Marks emitted other than by `mark('name'`: constants, and the live runs' own events (src/live/run.ts,
// live/patroni/run.ts, live/zookeeper/run.ts, live/memberStatus.ts).
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
  ...['member-stop', 'member-resume', 'member-kill', 'member-restart', 'quorum-back', 'quorum-lost'],
  ...['bootstrap', 'promote', 'backend-up', 'backend-down', 'write-failed', 'writable', 'direct-write'],
  ...['watches-fired', 'store-leader'],
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
