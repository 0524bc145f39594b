import { beforeAll, describe, expect, it } from 'vitest';
import { scenarioById } from '../../scenarios/index.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import { simulate } from '../sim/simulate.ts';
import { deriveSteps } from '../sim/trace/derive.ts';
import { shownStrings } from '../testing/shownStrings.ts';
import { derivedCaption } from '../views/story.ts';
import { loadLanguage } from './index.ts';

/**
 * docs/glossary.ru.md, held: one term per concept in every Russian string the lab shows (the UI,
 * the panels, the captions, the knob docs, the inspector, the ADR). Each rule names the term the
 * glossary chose and rules out the variants that crept in; an exception is a key, listed with why.
 * The last group rules out the grammar slips and calques an editor found, so they do not come back.
 */
beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));

interface Rule {
  /** The concept, and the one term the lab uses for it. */
  term: string;
  /** What is ruled out, on the string with its `{placeholders}` blanked. */
  ban: RegExp;
  /** Keys where a match is right, each with the reason. */
  except?: Record<string, string>;
}

const L = '[\\p{L}\\p{M}]';
/** A RegExp where `%L` stands for a letter (Cyrillic words take endings). */
const re = (s: string, flags = '') => new RegExp(s.replace(/%L/g, L), `u${flags}`);

const RULES: Rule[] = [
  {
    term: 'the role: «лидер», never Latin leader in a sentence (names stay: «строка leader», UPDATE leader, /leader, Leader Election)',
    ban: re(
      '(?<!(строк%L*|таблиц%L*|UPDATE|SET|/|\\.)\\s?)\\b[Ll]eader\\b(?!-?[Ee]lection|\\s[Ee]lection|/|\\.go)|leader-?[а-яё]',
    ),
  },
  { term: 'writes: «записи», not English in a Russian clause', ban: /\bwrites\b/i },
  {
    term: 'the protected resource: «хранилище» («защищённое хранилище»), never Storage',
    ban: /(?<!\/)\b[Ss]torage\b(?!\/)/u,
  },
  {
    term: 'the coordination store: «store», never «хранилище координации» or «координирующее хранилище»',
    ban: re('хранилищ%L*\\s+координац%L*|координир%L*\\s+хранилищ%L*', 'i'),
  },
  {
    term: 'step down: «слагает полномочия», not «слагает лидерство/роль», «отказывается от лидерства», «уступает лидерство»',
    ban: re(
      '(слаг%L*|сложи%L*|слож%L*)\\s+(лидерств%L*|роль%L*)|отказыва%L*\\s+от\\s+лидерств%L*|уступа%L*\\s+лидерств%L*',
    ),
  },
  { term: 'lease: «lease», never «аренда»', ban: re('аренд%L*', 'i') },
  {
    term: 'copies of the application: «инстанс», not «экземпляр» or «реплика» (a database replica is «реплика»)',
    ban: re('экземпляр%L*|реплик%L*', 'i'),
    except: {
      'scenario.patroni.summary': 'Postgres replicas',
      'scenario.patroni.tagline': 'a Postgres replica',
      'live.quorumLostPatroni': 'a Postgres replica',
      'scenario.patroni.step.pg-3-falls-behind': '«канал репликации»: Postgres replication',
      'scenario.patroni-watchdog.step.pg-3-falls-behind': '«канал репликации»: Postgres replication',
      'knob.patroni.maximumLagOnFailover': 'a Postgres replica',
      'adr.whenNot.items[5].text': 'a CRDT replica, the term of the CRDT literature',
    },
  },
  { term: 'members of etcd: «участники», not «члены»', ban: re('(?<!%L)член(ы|ов|ам|ами|а)?(?!%L)', 'i') },
  { term: 'the alarm: «тревога» («ТРЕВОГА», as the log says), not alert', ban: /\balert\b/i },
  {
    term: 'worker and commit: Latin worker, «фиксирует» (COMMIT), not «воркер» or «коммитится»',
    ban: re('воркер%L*|коммит%L*', 'i'),
  },
  { term: 'a database: «база данных», not database in a sentence', ban: /\bdatabase\b/ },
  {
    term: 'a write turned down by the resource: «отвергает», as its 409 says',
    ban: re('отклоня%L*\\s+меньш%L*'),
  },
  { term: 'a majority: «кворум», not quorum in a sentence', ban: /\bquorum\b/i },
  { term: 'a Raft epoch: «терм», not term in a sentence', ban: /\bterm\b/ },
  {
    term: 'a named timeout keeps its protocol name: election timeout, not «таймаут выборов»',
    ban: re('таймаут%L*\\s+выборов', 'i'),
  },
  { term: 'eventually: «в конечном счёте», not the English adverb', ban: /\beventually\b/ },
  {
    term: 'shard: «шард», not shard/sharding in a sentence (knob and path names stay)',
    ban: /(?<![/=])\b(shards?|sharding)\b(?![/=])/,
  },
  {
    term: 'grammar and calques an editor stopped at',
    ban: re(
      [
        '(её|его|их)\\s+истечь', // «истечь» takes no object
        '(хранилищ%L*|store|etcd)\\s+истеч%L*', // the lease expires; nobody expires it
        'часы[^.;]*сложили', // clocks do not step down
        'каждые\\s+шлют',
        'В\\s+час\\s+job', // «в час» reads as "at one o'clock"
        '\\(случайно\\s+до', // «случайно» is "by accident"
        'кратном\\s+этого', // «на каждом кратном этого»
        'Пропущено\\s+«', // "missing", where the notice means "ignored"
        '[Сс]лоту\\s+\\{slot\\}', // «слоту 2026-03-02T03:00:00Z 120 с»: a slot has no age in the dative
        'остановить\\s+или\\s+убить\\s+члены',
        'Оптимистичная\\s+конкурентность', // «оптимистическая блокировка»
        'не\\s+давая\\s+пережить',
        'как\\s+того\\s+требует\\s+Raft', // the step-down is CheckQuorum, not Raft itself
        'etcd\\s+его\\s+отзывает', // the lease expires; revoke is another operation
        'между\\s+раундами\\s+лидеров\\s+два', // two leaders are possible, not certain
        'В\\s+production\\s+ставят',
        'в\\s+Node\\.(?!js)|в\\s+Node$',
        '^(Завис|Сообщ|Экспл)\\.$', // ADR criteria labels cut to a word that means something else
        // «Убить участника member-1»: the member's name already says it is one («убить member-1»).
        'участник%L*\\s+(\\{member\\}|member-\\d)',
      ].join('|'),
    ),
  },
];

/** A placeholder is a name, not text: `{shard}` and `{count, plural,` are blanked before matching. */
const blank = (s: string) => s.replace(/\{\w+\}/g, '…').replace(/\{\w+,\s*plural\s*,/g, '{');

function breaches(rule: Rule, strings: [string, string][]): string[] {
  return strings
    .filter(
      ([key, s]) => !rule.except?.[key] && rule.ban.test(rule.term.startsWith('grammar') ? s : blank(s)),
    )
    .map(([key, s]) => `${key}: ${s.match(rule.ban)?.[0] ?? s}`);
}

describe('Russian keeps one term per concept (docs/glossary.ru.md)', () => {
  it('the rules catch what they rule out, and spare the names they keep', () => {
    const probe = (s: string) => RULES.filter((r) => breaches(r, [['k', s]]).length > 0).length;
    for (const bad of [
      'node-1 становится leader-ом',
      'job запускает только leader',
      'принимает writes',
      'Storage не проверяет token',
      'Хранилище координации',
      'слагает лидерство',
      'поэтому аренду нельзя продлить',
      'три экземпляра',
      'убить члены etcd',
      'ALERT: job',
      'делайте sharding по ключам',
      'прежде чем её истечь',
      'Пропущено «t»',
      'Убить участника {member} (SIGKILL)',
      'etcd: участник member-2 убит',
    ])
      expect(probe(bad), bad).toBeGreaterThan(0);
    for (const good of [
      'каждый инстанс захватывает строку leader',
      'UPDATE leader SET node = me',
      'ключ /service/batman/leader',
      'Leader election: один координатор',
      'лидер слагает полномочия',
      'apiserver storage/etcd3/store.go',
      'С shards=1, одним лидером',
      'пишет в {shard}',
      'отрезать {node} от store',
      'Участники {host}',
      'Убить {member} (SIGKILL)',
    ])
      expect(probe(good), good).toBe(0);
  });

  for (const rule of RULES)
    it(rule.term, () => {
      expect(breaches(rule, shownStrings('ru'))).toEqual([]);
    });

  it('every exception names a key that exists and still needs it', () => {
    for (const [lang, rules] of [
      ['ru', RULES],
      ['pt', RULES_PT],
    ] as const) {
      const strings = new Map(shownStrings(lang));
      for (const rule of rules)
        for (const key of Object.keys(rule.except ?? {})) {
          const s = strings.get(key);
          expect(s, `${lang} ${key}`).toBeDefined();
          expect(rule.ban.test(blank(s ?? '')), `${lang} ${key}`).toBe(true);
        }
    }
  });

  it('the store’s own strings (its panel, its log lines, live mode) never call it «хранилище»', () => {
    const storeKeys =
      /^(store\.|log\.store\.|live\.|fault\.store|log\.fault\.store|faults\.isolateStore|knob\.\w+\.driftMarginRatio$)/;
    expect(
      shownStrings('ru')
        .filter(([key, s]) => storeKeys.test(key) && /хранилищ/i.test(s))
        .map(([key]) => key),
    ).toEqual([]);
  });
});

/** docs/glossary.pt.md, held the same way (terms.test.ts holds its other rules). */
const RULES_PT: Rule[] = [
  {
    term: 'the protected resource: «armazenamento», never storage in a sentence',
    ban: /(?<!\/)\b[Ss]torage\b(?!\/)/u,
  },
  { term: 'writes: «escritas», not English in a Portuguese clause', ban: /\bwrites\b/i },
  {
    term: 'copies of the application: «instância», not «réplica» (a database replica is «réplica»)',
    ban: /[Rr]éplica/,
    except: {
      'scenario.patroni.summary': 'Postgres replicas',
      'scenario.patroni.tagline': 'a Postgres replica',
      'live.quorumLostPatroni': 'a Postgres replica',
      'knob.patroni.maximumLagOnFailover': 'a Postgres replica',
      'adr.whenNot.items[5].text': 'a CRDT replica, the term of the CRDT literature',
    },
  },
  {
    // Matched with the placeholders in: «membro {index}» (a number) is right, «membro {member}» is not.
    term: 'grammar: a member named by its name takes no «membro» before it («matar o member-1»)',
    ban: /\b[Mm]embro\s+(\{member\}|member-\d)/u,
  },
];

describe('Portuguese keeps one term per concept (docs/glossary.pt.md)', () => {
  for (const rule of RULES_PT)
    it(rule.term, () => {
      expect(breaches(rule, shownStrings('pt'))).toEqual([]);
    });
});

/**
 * The catalog strings are checked with their `{placeholders}` blanked; a caption fills them in, and the
 * protected resource's host id is `storage`. So the rules are held on captions as shown too: the
 * captions derived from runs that refuse and accept stale writes, with and without their fix.
 */
describe('captions with their values filled in keep the glossary (the storage is a word, not an id)', () => {
  const filled = (lang: 'pt' | 'ru'): [string, string][] =>
    ['lease-no-fencing', 'check-before-act', 'fencing-token'].flatMap((id) => {
      const sc = scenarioById(id) as Scenario;
      return [false, true].flatMap((fix) => {
        const trace = simulate(sc, fix ? { params: { fix: true } } : {});
        return deriveSteps(trace, sc, { all: true }).map((d): [string, string] => [
          `${id}${fix ? ' fix' : ''} ${d.id}`,
          derivedCaption(d, lang),
        ]);
      });
    });
  it('pt: «armazenamento», never storage, in a caption as shown', () => {
    const strings = filled('pt');
    expect(strings.some(([, s]) => /armazenamento/.test(s))).toBe(true);
    expect(
      breaches(RULES_PT.find((r) => r.term.startsWith('the protected resource')) as Rule, strings),
    ).toEqual([]);
  });
  it('ru: «хранилище», never storage, in a caption as shown', () => {
    const strings = filled('ru');
    expect(strings.some(([, s]) => /[Хх]ранилище/.test(s))).toBe(true);
    expect(breaches(RULES.find((r) => r.term.startsWith('the protected resource')) as Rule, strings)).toEqual(
      [],
    );
  });
});
