import { describe, expect, it } from 'vitest';
import { scenariosPt } from '../src/i18n/scenarios.pt.ts';
import { scenariosRu } from '../src/i18n/scenarios.ru.ts';
import { eventLimit, navSteps } from '../src/player/steps.ts';
import { resolveScenarioAliases } from '../src/sim/scenario/aliases.ts';
import { withFix } from '../src/sim/scenario/fix.ts';
import type { Scenario, Shows } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { DerivedStep } from '../src/sim/trace/derive.ts';
import { TraceIndex } from '../src/sim/trace/frame.ts';
import { fillCaption } from '../src/sim/trace/narrate.ts';
import { checkShows, namesHost } from '../src/sim/trace/shows.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import { scenarios } from './index.ts';

/**
 * Every caption true: each step of every story, with and without its fix, says what the picture
 * shows at that step. A story step declares it (`shows`: the drawn role of every node its caption
 * names, and where it tells them a token, a message on its way, a key's holder, an alarm, a write); a
 * caption derived from the trace claims what its kind tells (a leader elected, a write refused). Each
 * is checked against the frame the player draws there: `frameAt` at the step's moment, up to its own
 * event when several steps share the moment (eventLimit).
 */

const designed = scenarios.filter((s) => !s.freePlay);
const runs = designed.flatMap((s) => (s.fix ? [false, true] : [false]).map((fix) => ({ s, fix })));
const name = (s: Scenario, fix: boolean) => `${s.id}${fix ? ' (fix on)' : ''}`;

/** What a derived caption claims, by its kind (src/sim/trace/derive.ts). */
function derivedShows(trace: Trace, d: DerivedStep): Shows {
  const node = String(d.vars.node ?? '');
  const token = typeof d.vars.value === 'number' ? d.vars.value : undefined;
  if (/^narr\.(failover\.)?leader/.test(d.key))
    return {
      roles: { [node]: 'leader' },
      ...(d.key.endsWith('.token') && token !== undefined ? { tokens: { [node]: token } } : {}),
    };
  if (d.key === 'narr.writeRejected' || d.key === 'narr.staleAccepted')
    return {
      write: {
        node,
        status: d.key === 'narr.writeRejected' ? 'rejected' : 'accepted',
        ...(typeof d.vars.token === 'number' ? { token: d.vars.token } : {}),
      },
    };
  if (d.key.startsWith('narr.violation.')) return { alarm: d.key.slice('narr.violation.'.length) };
  const e = trace.events[d.eventIndex];
  if (e?.k === 'fault' && 'node' in e.fault && (e.fault.kind === 'crash' || e.fault.kind === 'pause'))
    return { roles: { [e.fault.node]: e.fault.kind === 'crash' ? 'down' : 'paused' } };
  return {};
}

interface Told {
  step: number;
  id: string;
  caption: string;
  shows: Shows | undefined;
  problems: string[];
  claims: number;
}

/** Each step of a run, its caption (English, filled), its declaration and what disagrees. */
function tell(s: Scenario, fix: boolean): Told[] {
  const trace = simulate(s, fix ? { params: { fix: true } } : {});
  const index = new TraceIndex(trace);
  const nav = navSteps(trace, s);
  const nodes = trace.hosts.filter((h) => h.kind === 'node').map((h) => h.id);
  // Its declarations name nodes as the run does (`node-last`: this cluster's highest id).
  const script = resolveScenarioAliases(withFix(s, fix ? { fix: true } : undefined).scenario, nodes).steps;
  return nav.map((st, i) => {
    const frame = index.frameAt(st.atMs, eventLimit(nav, trace.events, { t: st.atMs, stepIndex: i }));
    const own = st.own !== undefined ? script.find((x) => x.id === st.id) : undefined;
    const vars = st.own !== undefined ? (trace.steps[st.own]?.vars ?? {}) : {};
    const caption = own
      ? fillCaption(own.caption, vars, trace.params as Record<string, number | boolean>)
      : st.derived
        ? st.derived.key
        : 'SKIPPED';
    const shows = own ? own.shows : st.derived ? derivedShows(trace, st.derived) : undefined;
    const problems = shows ? checkShows(frame, shows) : [];
    if (own) {
      if (!shows) problems.push('declares nothing (shows)');
      // The caption names a node: the declaration says how it is drawn.
      for (const n of nodes)
        if (namesHost(caption, n) && !shows?.roles?.[n])
          problems.push(`names ${n} but declares no role for it`);
    }
    if (st.skipped) problems.push('a "not in this run" placeholder in a designed story');
    const claims = shows
      ? Object.keys(shows.roles ?? {}).length +
        Object.keys(shows.tokens ?? {}).length +
        (['message', 'holder', 'alarm', 'write'] as const).filter((k) => shows[k] !== undefined).length
      : 0;
    return { step: i + 1, id: st.id, caption, shows, problems, claims };
  });
}

describe('every step tells what the picture shows', () => {
  let total = 0;
  it.each(runs.map((r) => [name(r.s, r.fix), r] as const))('%s', (_n, { s, fix }) => {
    const told = tell(s, fix);
    total += told.reduce((a, x) => a + x.claims, 0);
    const wrong = told
      .filter((x) => x.problems.length > 0)
      .map((x) => `step ${x.step} (${x.id}) "${x.caption}": ${x.problems.join('; ')}`);
    expect(wrong).toEqual([]);
  });
  it('checks a declaration at every step', () => {
    // The runs above, summed: a drop means steps that stopped declaring what they show.
    expect(total).toBeGreaterThan(0);
    console.info(`steps-truth: ${total} declarations checked over ${runs.length} runs`);
  });
});

/** The nodes, placeholders and numbers a caption names: what a translation must keep. */
function names(text: string): string[] {
  const out = new Set<string>();
  // Hosts and items by their ids (node-1, pg-3, job-5), wherever the id is a word of its own.
  for (const m of text.matchAll(/(?<![\w-])[a-z]+-\d+(?![\w-])/g)) out.add(m[0]);
  // Placeholders, plain ({token}) or with an ICU plural ({haproxyFall, plural, …}).
  for (const m of text.matchAll(/\{(\w+)[,}]/g)) out.add(`{${m[1]}}`);
  // Clock times as 03:00 or 3h, 03:02:00 or 3h02, 02:59:50 or 2h59min50s; then numbers, with thousands separators
  // (9,900 · 9.900 · 9 900) read alike. A plural's own wording ({# checks}) is left out.
  let bare = text
    .replace(/\{\w+(?:,[^{}]*(?:\{[^{}]*\}[^{}]*)*)?\}/g, ' ')
    .replace(/(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])/gi, ' ');
  const clock = (h: string, m = '0', sec?: string) => {
    out.add(`${Number(h)}:${Number(m)}${sec && Number(sec) > 0 ? `:${Number(sec)}` : ''}`);
    return ' ';
  };
  bare = bare
    .replace(/\b(\d{1,2}):(\d{2})(?::(\d{2}))?\b/g, (_m, h, m, sec) => clock(h, m, sec))
    .replace(/\b(\d{1,2})h(?:(\d{2})(?:min)?)?(?:(\d{2})s)?/g, (_m, h, m, sec) => clock(h, m, sec));
  for (const m of bare.matchAll(/\d+(?:[ ,.\u00a0\u202f]\d{3})*(?:[.,]\d+)?/g)) {
    const n = m[0].replace(/[ ,.\u00a0\u202f](?=\d{3}\b)/g, '').replace(',', '.');
    out.add(String(Number(n)));
  }
  return [...out].sort();
}

describe('each translation names the same nodes, tokens and numbers as the English', () => {
  it.each(designed.map((s) => [s.id, s] as const))('%s', (_id, s) => {
    const wrong: string[] = [];
    for (const step of [...s.steps, ...(s.fix?.steps ?? [])])
      for (const [lang, catalog] of Object.entries({ pt: scenariosPt, ru: scenariosRu })) {
        const tr = catalog[`scenario.${s.id}.step.${step.id}`];
        if (tr === undefined) continue; // the catalogs' own test wants every key
        const en = names(step.caption);
        const other = names(tr);
        if (en.join() !== other.join())
          wrong.push(`${lang} ${step.id}: en ${en.join(' ')} | ${lang} ${other.join(' ')}`);
      }
    expect(wrong).toEqual([]);
  });
});
