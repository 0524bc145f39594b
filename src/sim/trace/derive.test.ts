import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { run as cli } from '../../cli/main.ts';
import { type Locale, loadLanguage, locales } from '../../i18n/index.ts';
import { derivedCaption } from '../../views/story.ts';
import type { Params } from '../params.ts';
import { testScenario } from '../scenario/testScenario.ts';
import { simulate } from '../simulate.ts';
import { deriveSteps, startDeriving } from './derive.ts';
import type { TraceEvent } from './events.ts';
import { parseTrace } from './import.ts';

const story = (id: string) => scenarios.find((s) => s.id === id) as (typeof scenarios)[number];
const narrate = (id: string, params: Params = {}) => {
  const trace = simulate(story(id), { params });
  return { trace, derived: deriveSteps(trace, story(id)) };
};
const last = (id: string, params: Params, locale: Locale) => {
  const { derived } = narrate(id, params);
  const d = derived[derived.length - 1];
  if (!d) throw new Error(`${id}: nothing derived`);
  return derivedCaption(d, locale);
};

beforeAll(async () => {
  await Promise.all(locales.map((l) => loadLanguage(l)));
});

/** Each story with its main knob flipped: the anchor is missing, the trace still tells the outcome. */
const FLIPPED: Array<[string, Params, RegExp[]]> = [
  // etcd-lease: node-5 takes over with token 43 after a 4.7 s failover
  ['etcd-lease', { ttlS: 5, renewS: 1.5 }, [/node-5/, /43/, /4[.,]7/]],
  // fencing-token: the stale write with token 42 is accepted after 43
  ['fencing-token', { fencing: false }, [/node-1/, /42/, /43/, /node-3/]],
  // split-brain with quorum on: node-5 keeps term 1
  ['split-brain', { quorum: true }, [/node-5/, /\b1\b/, /1[.,]7/]],
  // bully with a long heartbeat timeout: nobody notices in time; node-5 was lost 2 s before the end
  ['bully', { heartbeatTimeoutMs: 5000 }, [/node-5/, /2[.,]0/]],
  // patroni with a 60 s TTL: the lease outlives the run, nobody is promoted
  ['patroni', { ttlS: 60 }, [/pg-1/, /44[.,]5/]],
];

describe('derived narration: a write refused with no token on either side', () => {
  // A live Patroni recording's write through HAProxy (src/live/patroni/run.ts): no fencing to tell.
  it.each([
    ['en', 'connection refused', 'haproxy rejects app’s write: 503 (connection refused).'],
    ['en', undefined, 'haproxy rejects app’s write: 503.'],
    ['pt', 'connection refused', 'O haproxy rejeita a escrita do app: 503 (connection refused).'],
    ['ru', undefined, 'haproxy отвергает запись app: 503.'],
  ] as const)('%s, reason %s', (locale, reason, caption) => {
    const sim = simulate(story('patroni'));
    const write: TraceEvent = {
      k: 'write',
      t: sim.durationMs,
      node: 'app',
      resource: 'haproxy',
      token: null,
      status: 'rejected',
      code: 503,
      seen: null,
      ...(reason ? { reason } : {}),
    };
    const trace = { ...sim, events: [...sim.events, write] };
    const d = deriveSteps(trace, story('patroni'), { all: true }).at(-1);
    expect(d && derivedCaption(d, locale)).toBe(caption);
  });
});

describe('derived narration: a refusal is a fencing refusal only when the resource names a higher token', () => {
  it('a demoted pg-1 refusing a direct write (patroni-watchdog), though the write carries the timeline', () => {
    const trace = simulate(story('patroni-watchdog'));
    const refused = trace.events.find((e) => e.k === 'write' && e.status === 'rejected');
    expect(refused).toMatchObject({ node: 'app-direct', resource: 'pg-1', code: 503, seen: null, token: 2 });
    const said = deriveSteps(trace, story('patroni-watchdog'), { all: true }).map((d) =>
      derivedCaption(d, 'en'),
    );
    expect(said).toContain(
      'pg-1 rejects app-direct’s write: 503 (cannot execute INSERT in a read-only transaction).',
    );
    expect(said.join(' ')).not.toMatch(/already seen/);
  });
});

describe('derived narration: the last caption names the outcome', () => {
  it.each(FLIPPED.flatMap(([id, p, want]) => locales.map((l) => [id, l, p, want] as const)))(
    '%s (%s)',
    (id, locale, params, want) => {
      const c = last(id, params, locale);
      for (const w of want) expect(c).toMatch(w);
      // a caption, not a key or a placeholder
      expect(c).not.toMatch(/narr\.|\{\w+\}/);
    },
  );

  it('tells what happened instead of the missing step, in order', () => {
    const sb = narrate('split-brain', { quorum: true }).derived;
    expect(sb.map((d) => d.key)).toContain('narr.noQuorum');
    const nq = sb.find((d) => d.key === 'narr.noQuorum');
    expect(derivedCaption(nq as (typeof sb)[number], 'en')).toMatch(
      /cannot get a majority: 2 of 5 votes.*needs 3/,
    );
    const etcd = narrate('etcd-lease', { ttlS: 5, renewS: 1.5 }).derived;
    expect(derivedCaption(etcd[0] as (typeof etcd)[number], 'en')).toBe(
      'node-5 takes over from node-1 with fencing token 43: the failover took 4.7 s.',
    );
    const fenced = narrate('fencing-token', { fencing: false }).derived;
    const stale = fenced.find((d) => d.id === 'stale-write');
    expect(stale?.alarm).toBe(true);
    expect(derivedCaption(stale as (typeof fenced)[number], 'en')).toBe(
      'The stale write is accepted: 200 OK. The storage took token 42 from node-1 after token 43, so it now holds node-1’s data after node-3’s.',
    );
  });

  it('the story keeps its resolved steps, and each derived caption follows one of them (navSteps numbers them)', () => {
    const { trace, derived } = narrate('split-brain', { quorum: true });
    expect(trace.steps).toHaveLength(7);
    for (const d of derived) {
      const s = trace.steps[d.after];
      expect(s && s.atMs <= d.atMs).toBe(true);
      const next = trace.steps[d.after + 1];
      if (next) expect(next.atMs).toBeGreaterThanOrEqual(d.atMs);
    }
  });

  it('adds nothing to a story whose own steps all happen', () => {
    for (const s of scenarios.filter((x) => x.id !== 'sandbox'))
      expect(deriveSteps(simulate(s), s), s.id).toEqual([]);
  });
});

describe('derived captions are found once per run', () => {
  it('asked again for the same run and story, the captions found before (no second pass over the events)', () => {
    const story = scenarios.find((s) => s.id === 'split-brain');
    if (!story) throw new Error('split-brain missing');
    const trace = simulate(story, { params: { quorum: true } });
    const first = deriveSteps(trace, story);
    expect(first.length).toBeGreaterThan(0);
    expect(deriveSteps(trace, story)).toBe(first);
    // Another story, `all`, or another run: found anew, and each then kept too.
    const all = deriveSteps(trace, story, { all: true });
    expect(all).not.toBe(first);
    expect(deriveSteps(trace, story, { all: true })).toBe(all);
    const copy = { ...trace };
    expect(deriveSteps(copy, story)).not.toBe(first);
    expect(deriveSteps(copy, story)).toEqual(first);
  });
});

describe('derived narration in the sandbox and in imported traces', () => {
  it('a ZooKeeper session that expires is told as a session, not as an etcd lease', () => {
    const zk = testScenario('zookeeper', { durationMs: 30_000 });
    const trace = simulate(zk, { interventions: [{ atMs: 5000, fault: { kind: 'crash', node: 'node-3' } }] });
    for (const lang of locales) {
      const said = deriveSteps(trace, zk).map((d) => derivedCaption(d, lang));
      expect(said.join(' '), lang).not.toMatch(/etcd/);
    }
    const en = deriveSteps(trace, zk).map((d) => derivedCaption(d, 'en'));
    expect(en).toContain('ZooKeeper expires session 0x1c0ffee02 and deletes its ephemeral znodes.');
  });

  it('narrates the sandbox: leader, fault and outcome', () => {
    const trace = simulate(story('sandbox'), {
      durationMs: 75_000,
      interventions: [{ atMs: 10_000, fault: { kind: 'crash', node: 'node-1' } }],
    });
    const en = deriveSteps(trace, story('sandbox')).map((d) => derivedCaption(d, 'en'));
    expect(en[0]).toBe('node-1 now leads, with fencing token 42.');
    expect(en).toContain('node-1 CRASHED');
    // the takeover is the run's last word: no outcome line after it
    expect(en[en.length - 1]).toMatch(
      /^node-\d takes over from node-1 with fencing token 43: the failover took \d+\.\d s\.$/,
    );
    const quiet = simulate(story('sandbox'), { durationMs: 20_000 });
    const q = deriveSteps(quiet, story('sandbox')).map((d) => derivedCaption(d, 'en'));
    expect(q).toEqual(['node-1 now leads, with fencing token 42.']);
  });

  it("a Patroni run's outcome names no fencing token: a Patroni leader carries a timeline", () => {
    const patroni = testScenario('patroni', { durationMs: 60_000 });
    const trace = simulate(patroni, {
      interventions: [{ atMs: 40_000, fault: { kind: 'crash', node: 'pg-3' } }],
    });
    const derived = deriveSteps(trace, patroni);
    const outcome = derived.find((d) => d.id.startsWith('outcome'));
    expect(outcome?.key).toBe('narr.outcome');
    for (const lang of locales)
      expect(derivedCaption(outcome as (typeof derived)[number], lang), lang).not.toMatch(/token|токен/i);
    expect(derivedCaption(outcome as (typeof derived)[number], 'en')).toMatch(
      /^At the end of the run pg-\d leads/,
    );
  });

  it('narrates an imported trace (the corpus sandbox file) as the simulated run', () => {
    const file = readFileSync(new URL('../../compat/corpus/traces/sandbox.json', import.meta.url), 'utf8');
    const imported = parseTrace(file);
    const again = simulate(story('sandbox'), {
      seed: imported.seed,
      durationMs: imported.durationMs,
      interventions: imported.interventions,
    });
    const d = deriveSteps(imported, story('sandbox'));
    expect(d.map((x) => x.key)).toContain('log.fault.crash');
    // The file was recorded before traces had state events, so its event indexes count fewer events.
    const told = (x: typeof d) => x.map(({ eventIndex: _i, ...rest }) => rest);
    expect(told(d)).toEqual(told(deriveSteps(again, story('sandbox'))));
  });
});

describe('the CLI tells the derived captions too', () => {
  it('json steps and text end with what happened when the anchors are missing', () => {
    const out = JSON.parse(cli(['etcd-lease', '--set', 'ttlS=5', '--set', 'renewS=1.5']).out) as {
      steps: Array<{ id: string; caption: string }>;
    };
    expect(out.steps.map((s) => s.id).slice(-2)).toEqual(['lease-expires', 'failover']);
    const text = cli(['fencing-token', '--set', 'fencing=off', '--format', 'text']).out;
    expect(text).toContain('== The stale write is accepted: 200 OK.');
  });
});

describe('step ids in links', () => {
  it('names a story step, or a derived moment: on the step that tells it, else at its moment', async () => {
    const { stepById } = await import('./derive.ts');
    const on = simulate(story('fencing-token'));
    // fencing on: the stale write is the story's own last step, "409 STALE TOKEN"
    expect(stepById(on, story('fencing-token'), 'stale-write')).toEqual({ step: 9, t: on.steps[9]?.atMs });
    expect(stepById(on, story('fencing-token'), 'gc-pause')?.step).toBe(3);
    const off = simulate(story('fencing-token'), { params: { fencing: false } });
    expect(stepById(off, story('fencing-token'), 'stale-write')).toEqual({ step: undefined, t: 38147 });
    expect(stepById(off, story('fencing-token'), 'no-such-step')).toBeNull();
  });
});

describe('deriving in pieces (the engine on the page yields between them)', () => {
  it('gives what deriveSteps gives, whatever the piece, and null until the last event is read', () => {
    const runs: Array<[string, Params]> = [
      ['etcd-lease', { ttlS: 5, renewS: 1.5 }],
      ['etcd-lease', {}],
      ['fencing-token', { fencing: false }],
      ['split-brain', { quorum: true }],
      ['patroni', { ttlS: 60 }],
      ['bully', { heartbeatTimeoutMs: 5000 }],
    ];
    for (const [id, params] of runs) {
      const trace = simulate(story(id), { params });
      const whole = deriveSteps(trace, story(id));
      for (const all of [false, true]) {
        const want = all ? deriveSteps(trace, story(id), { all }) : whole;
        for (const piece of [1, 97, 5000]) {
          const d = startDeriving(trace, story(id), { all });
          let got = d.advance(piece);
          let pieces = 1;
          while (got === null) {
            got = d.advance(piece);
            pieces++;
          }
          expect(got, `${id} ${JSON.stringify(params)} all=${all} piece=${piece}`).toEqual(want);
          expect(pieces).toBeGreaterThanOrEqual(Math.ceil(trace.events.length / piece));
        }
      }
    }
  });
});
