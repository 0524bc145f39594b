import { declarationOf } from '../algorithms/declared.ts';
import { stopsHost } from '../faults/table.ts';
import { faultWords, plainFormat } from '../faults/words.ts';
import { createMetricsIndex } from '../metrics/metrics.ts';
import { ranScenario } from '../scenario/fix.ts';
import { isReplayedStory } from '../scenario/schedule.ts';
import type { Scenario } from '../scenario/schema.ts';

export { DERIVED_KINDS } from './derivedKinds.ts';

import { FENCING_WINDOW_MARK } from '../check/fencingWindow.ts';
import type { TraceEvent } from './events.ts';
import { type LeaderInterval, leaderFollower } from './summary.ts';
import type { Trace } from './trace.ts';

/**
 * Narration read off the trace itself, for the moments a story's own steps do not tell: a knob or a
 * fault changed the outcome, so a scripted step's anchor never happens (etcd-lease with a short TTL,
 * fencing-token with fencing off, split-brain with quorum on), or the run has no script at all (the
 * sandbox, an imported trace of it).
 *
 * The story's numbered steps stay the ones it resolved, so `step=N`, an embed's `start`/`end` and every
 * published link keep pointing at the same moment. Each derived caption says which numbered step it
 * follows (`after`); the player (src/player/steps.ts, navSteps) lets one take the number of a story
 * step that did not happen, numbers those after the story's last step after it, and tells the rest as
 * notes of the step they follow.
 *
 * Which events matter: a leader elected (with its token or term, and the failover's length when one
 * ended; failovers are the metrics' own, src/sim/metrics), a lease expiring (and whose it was, from
 * the algorithm's leadership keys), a write rejected or a stale write accepted (with its token), a
 * violation, a fault (in the fault table's wording), and an election that did not reach a quorum.
 * Events a numbered step already tells are left out.
 */
export interface DerivedStep {
  /** A stable id: the kind of moment, with `-2`, `-3`… for its later occurrences. */
  id: string;
  atMs: number;
  eventIndex: number;
  /** Index of the numbered step (trace.steps) this caption follows; -1 before the first. */
  after: number;
  /** Catalog key of the caption: `narr.<kind>` (src/i18n/<lang>.narration.ts), or `log.fault.<words>`. */
  key: string;
  vars: Record<string, string | number>;
  /** A safety violation: the picture raises its alarm. */
  alarm: boolean;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Where the story stops telling the run: the event index after which derived captions are told. */
function divergence(trace: Trace, scenario: Scenario | undefined): number | null {
  // A pitfall's fixed run is told by the fix's own steps (scenario/fix.ts).
  const ran = scenario ? ranScenario(scenario, trace.params) : undefined;
  const anchored = (ran?.steps ?? []).filter((s) => s.anchor.k !== 'start' && s.anchor.k !== 'end');
  // No event-anchored steps (the sandbox, an unknown story): everything is told from the trace.
  if (anchored.length === 0) return -1;
  const resolved = new Map(trace.steps.map((s) => [s.id, s]));
  let last = -1;
  for (const s of anchored) {
    // A step told only on the other outcome (`when`) was not meant for this run: not a divergence.
    if (s.when && resolved.has(s.when.step) !== s.when.told) continue;
    const r = resolved.get(s.id);
    if (!r) return last;
    last = Math.max(last, r.eventIndex);
  }
  return null; // every step of the story happened: it tells the run as written
}

const memo = new WeakMap<
  Trace,
  Array<{ scenario: Scenario | undefined; all: boolean; steps: readonly DerivedStep[] }>
>();

/**
 * The derived captions of a run. With `all`, also the moments a numbered step already tells and
 * those before the story diverged (their `after` is then the step that tells them, or -1): links
 * may name any of them by id.
 */
export function deriveSteps(
  trace: Trace,
  scenario?: Scenario,
  opts: { all?: boolean } = {},
): readonly DerivedStep[] {
  // Once per run: the stage's captions and the player's steps both ask, and a 24 h run's pass over
  // its million events takes a tenth of a second on the page (issue #40).
  const all = opts.all === true;
  const seen = memo.get(trace) ?? [];
  const hit = seen.find((m) => m.scenario === scenario && m.all === all);
  if (hit) return hit.steps;
  const d = startDeriving(trace, scenario, opts);
  let steps = d.advance(Number.POSITIVE_INFINITY);
  while (steps === null) steps = d.advance(Number.POSITIVE_INFINITY);
  seen.push({ scenario, all, steps });
  memo.set(trace, seen);
  return steps;
}

/**
 * deriveSteps in pieces, for a caller that must yield between them (the engine on the page, where a
 * 24 h run's pass over its million events held the page for over 50 ms, issue #40): `advance(n)` reads
 * at most n more events and gives the captions once every event is read (null before). Not memoized:
 * hand the result to primeDerivedSteps.
 */
export interface Deriving {
  advance(maxEvents: number): readonly DerivedStep[] | null;
}

/**
 * Hands deriveSteps the captions of `trace` made elsewhere from the same events (the engine derives
 * a finished run's in its worker and sends them with it): the page then makes no pass of its own.
 */
export function primeDerivedSteps(
  trace: Trace,
  scenario: Scenario | undefined,
  all: boolean,
  steps: readonly DerivedStep[],
): void {
  const seen = memo.get(trace) ?? [];
  if (seen.some((m) => m.scenario === scenario && m.all === all)) return;
  seen.push({ scenario, all, steps });
  memo.set(trace, seen);
}

/**
 * Marks told wherever they happen, even in a run the story tells as written: a fencing window, and a
 * Raft membership change (no story's script tells one; the What-if menu adds them).
 */
const NOTICES = new Set([FENCING_WINDOW_MARK, 'config-commit', 'config-refused', 'removed-step-down']);
const isNotice = (e: TraceEvent): boolean =>
  e.k === 'mark' && (NOTICES.has(e.name) || (e.name === 'append' && /^[+-]/.test(String(e.data?.value))));

/**
 * A Raft membership change as a caption (algorithms/raft/machine.ts marks): a configuration entry
 * appended (its value `+node-6` or `-node-3`), committed, refused, and a removed leader stepping down.
 */
function configStep(
  name: string,
  d: Record<string, unknown>,
  node: string,
): { kind: string; key: string; vars: Record<string, string | number> } | null {
  const members = String(d.members ?? '');
  const size = members === '' ? 0 : members.split(',').length;
  const vars = {
    node,
    index: Number(d.index ?? 0),
    members: members.split(',').join(', '),
    size,
    majority: Math.floor(size / 2) + 1,
  };
  const change = /^([+-])(.+)$/.exec(String(name === 'append' ? d.value : (d.change ?? '')));
  if (name === 'append') {
    if (!change) return null;
    const key = change[1] === '+' ? 'narr.configAdd' : 'narr.configRemove';
    return { kind: 'config-append', key, vars: { ...vars, server: change[2] as string } };
  }
  if (name === 'config-commit') return { kind: 'config-commit', key: 'narr.configCommit', vars };
  if (name === 'removed-step-down') return { kind: 'config-step-down', key: 'narr.configStepDown', vars };
  if (name === 'config-refused' && change)
    return {
      kind: 'config-refused',
      key: `narr.configRefused.${String(d.reason)}`,
      vars: { ...vars, server: change[2] as string, change: `${change[1]}${change[2]}` },
    };
  return null;
}

export function startDeriving(
  trace: Trace,
  scenario: Scenario | undefined,
  options: { all?: boolean } = {},
): Deriving {
  const opts = { all: options.all === true };
  const from = opts.all ? -1 : divergence(trace, scenario);
  // A run the story tells as written still gets its notices: no scripted step tells a fencing window.
  // Only marks can be notices, so such a run's pass reads nothing else.
  const noticesOnly = from === null;
  const alg = declarationOf(trace.algorithm);
  const leaderKeys = new Set(alg?.leadership.keys ?? []);
  const covered = new Set(trace.steps.map((s) => s.eventIndex));
  const failovers = createMetricsIndex(trace).at(trace.durationMs).failovers;
  const out: DerivedStep[] = [];
  const counts = new Map<string, number>();
  const push = (
    i: number,
    e: TraceEvent,
    kind: string,
    key: string,
    vars: DerivedStep['vars'],
    alarm = false,
  ) => {
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    // A notice is told wherever it happens: no step of a script tells it.
    const notice = kind === 'fencing-window' || kind.startsWith('config-');
    if (noticesOnly && !notice) return;
    if (!opts.all && ((from !== null && i <= from && !notice) || covered.has(i))) return;
    out.push({ id: n === 1 ? kind : `${kind}-${n}`, atMs: e.t, eventIndex: i, after: -1, key, vars, alarm });
  };

  // The state the captions need, followed through the whole run.
  const leading = new Map<string, string>(); // node -> token/term it leads with
  const leaseHolder = new Map<number, string>(); // lease -> the node whose leader key is on it
  const highest = new Map<string, { token: number; node: string }>(); // resource -> highest accepted
  const lastRejected = new Map<string, number | null>(); // node -> token of its last rejected write
  const quorumLost = new Set<string>(); // nodes already told they cannot get a majority
  const windowsTold = new Set<string>(); // fencing windows told: writer/newer token
  // Who leads at the end, for the last word below: followed in the same pass.
  const leaders = leaderFollower(trace.durationMs);
  const visit = (e: TraceEvent, i: number) => {
    if (!noticesOnly) leaders.follow(e);
    switch (e.k) {
      case 'role': {
        const mark = `${e.token ?? ''}/${e.term ?? ''}`;
        if (e.role !== 'leader') {
          leading.delete(e.node);
          break;
        }
        if (leading.get(e.node) === mark) break;
        leading.set(e.node, mark);
        quorumLost.delete(e.node);
        // A step at this moment about this node already tells it (a scripted "wins term 2" on its mark).
        if (trace.steps.some((st) => st.atMs === e.t && st.vars.node === e.node)) break;
        const carries = alg ? alg.leadership.carries : e.token !== undefined ? 'token' : null;
        const value = carries === 'term' ? e.term : carries === 'token' ? e.token : undefined;
        const f = failovers.find((x) => x.to === e.node && x.newLeaderAtMs === e.t);
        const vars: DerivedStep['vars'] = { node: e.node, ...(value !== undefined ? { value } : {}) };
        const what = value === undefined ? 'leader' : carries === 'term' ? 'leader.term' : 'leader.token';
        if (f)
          push(i, e, 'failover', `narr.failover.${what}`, {
            ...vars,
            from: f.from,
            seconds: seconds(f.durationMs),
          });
        else push(i, e, 'leader', `narr.${what}`, vars);
        break;
      }
      case 'fault': {
        const f = e.fault;
        if ('node' in f && stopsHost(f)) leading.delete(f.node);
        const w = faultWords(f, plainFormat, { storeGroup: alg?.storeGroup?.(trace.params)?.host });
        push(i, e, 'fault', `log.fault.${w.key}`, w.vars);
        break;
      }
      case 'store': {
        const c = e.change;
        if (c.kind === 'put' && leaderKeys.has(c.kv.key)) leaseHolder.set(c.kv.lease, c.kv.value);
        else if (c.kind === 'lease-expire') {
          const holder = leaseHolder.get(c.lease);
          if (holder) push(i, e, 'lease-expired', 'narr.leaseExpired', { node: holder });
          else if (alg?.vocabulary.storeLeasesAreSessions)
            push(i, e, 'lease-expired', 'narr.sessionExpired', { session: c.lease.toString(16) });
          else push(i, e, 'lease-expired', 'narr.leaseExpired.anon', { lease: c.lease.toString(16) });
        }
        break;
      }
      case 'write': {
        // Tokens compare per item where the resource fences each one (a shard).
        const item = e.key === undefined ? e.resource : `${e.resource} ${e.key}`;
        const hi = highest.get(item);
        const base = { node: e.node, resource: e.resource, token: e.token ?? '—', code: e.code };
        if (e.status === 'rejected') {
          if (lastRejected.has(e.node) && lastRejected.get(e.node) === e.token) break;
          lastRejected.set(e.node, e.token);
          // A fencing refusal names a higher token the resource has seen. Without one (HAProxy's 503
          // with no backend up, a live recording's write with no token at all) it is another refusal.
          if (e.seen === null)
            push(
              i,
              e,
              'stale-write',
              e.reason ? 'narr.writeRefused.reason' : 'narr.writeRefused',
              e.reason ? { ...base, reason: e.reason } : base,
            );
          else push(i, e, 'stale-write', 'narr.writeRejected', { ...base, seen: e.seen ?? '—' });
          break;
        }
        lastRejected.delete(e.node);
        if (e.token === null) break;
        if (hi && e.token < hi.token)
          push(i, e, 'stale-write', 'narr.staleAccepted', { ...base, seen: hi.token, newer: hi.node }, true);
        else highest.set(item, { token: e.token, node: e.node });
        break;
      }
      case 'violation': {
        const v = e.violation;
        // A stale write accepted is told (and alarmed) by its write, just before.
        if (v.kind === 'stale-write-accepted') break;
        push(i, e, 'violation', `narr.violation.${v.kind}`, { nodes: v.nodes.join(' & ') }, true);
        break;
      }
      case 'mark': {
        if (e.name === FENCING_WINDOW_MARK) {
          // The window (src/sim/check/fencingWindow.ts): a deposed holder's write accepted by a resource
          // that has not yet seen the newer token. Told once per writer and newer token.
          const d = e.data ?? {};
          const once = `${d.node}/${d.newer}`;
          if (windowsTold.has(once)) break;
          windowsTold.add(once);
          push(i, e, 'fencing-window', 'narr.fencingWindow', {
            node: String(d.node),
            token: Number(d.token),
            newer: Number(d.newer),
            newerNode: String(d.newerNode),
            resource: e.node,
          });
          break;
        }
        const config = configStep(e.name, e.data ?? {}, e.node);
        if (config) {
          push(i, e, config.kind, config.key, config.vars);
          break;
        }
        if (e.name !== 'election-lost' || quorumLost.has(e.node)) break;
        const d = e.data ?? {};
        if (typeof d.votes !== 'number' || typeof d.needed !== 'number') break;
        quorumLost.add(e.node);
        push(i, e, 'no-quorum', 'narr.noQuorum', {
          node: e.node,
          votes: d.votes,
          needed: d.needed,
          nodes: trace.hosts.filter((h) => h.kind === 'node').length,
        });
        break;
      }
      default:
        break;
    }
  };
  let next = 0;
  let noticeSeen = false;
  let result: DerivedStep[] | null = null;
  return {
    advance(maxEvents) {
      if (result) return result;
      const events = trace.events;
      const end = Math.min(events.length, next + maxEvents);
      for (; next < end; next++) {
        const e = events[next] as TraceEvent;
        if (noticesOnly) {
          if (!isNotice(e)) continue;
          noticeSeen = true;
        }
        visit(e, next);
      }
      if (next < events.length) return null;
      result = noticesOnly && !noticeSeen ? [] : finish(noticesOnly ? [] : leaders.finish());
      return result;
    },
  };

  function finish(intervals: LeaderInterval[]): DerivedStep[] {
    // A replayed schedule is told up to its first alarm, the moment it was replayed for: a counterexample
    // opened in the player runs on to a whole second, and what follows the alarm is not its story.
    if (isReplayedStory(scenario) && !opts.all) {
      const alarm = out.findIndex((d) => d.alarm);
      if (alarm >= 0) out.length = alarm + 1;
    }
    // The run's last word, once the story no longer tells it: who leads at the end. Not needed when the
    // last thing told is already an outcome (a takeover, a stale write, a violation) and no step follows.
    const told = out[out.length - 1];
    const lastStep = trace.steps[trace.steps.length - 1];
    const settled =
      noticesOnly ||
      (told !== undefined &&
        /^(failover|leader|stale-write|violation)/.test(told.id) &&
        !(lastStep && lastStep.atMs > told.atMs));
    if (!settled) {
      const ongoing = intervals.filter((l) => l.ongoing);
      const at = { t: trace.durationMs } as TraceEvent;
      // As a role line: a term or a fencing token; a Patroni timeline is neither, so no value.
      const carries = alg ? alg.leadership.carries : 'token';
      const value = (l: (typeof ongoing)[number]) =>
        carries === 'term' ? l.term : carries === 'token' ? l.token : null;
      const one = ongoing[0];
      const last = intervals.reduce<{ node: string; toMs: number } | null>(
        (a, l) => (a === null || l.toMs > a.toMs ? l : a),
        null,
      );
      if (ongoing.length === 0)
        push(
          trace.events.length,
          at,
          'outcome',
          last ? 'narr.outcome.lost' : 'narr.outcome.none',
          last ? { node: last.node, ago: seconds(trace.durationMs - last.toMs) } : {},
        );
      else if (ongoing.length === 1 && one) {
        const v = value(one);
        const what = v === null ? '' : carries === 'term' ? '.term' : '.token';
        push(trace.events.length, at, 'outcome', `narr.outcome${what}`, {
          node: one.node,
          ...(v !== null ? { value: v } : {}),
          since: seconds(one.fromMs),
        });
      } else
        push(trace.events.length, at, 'outcome', 'narr.outcome.many', {
          nodes: ongoing.map((l) => l.node).join(' & '),
        });
    }
    // Each derived caption follows the last numbered step at or before it.
    let k = -1;
    for (const d of out) {
      while (k + 1 < trace.steps.length) {
        const s = trace.steps[k + 1] as Trace['steps'][number];
        if (s.atMs < d.atMs || (s.atMs === d.atMs && (s.eventIndex < d.eventIndex || s.eventIndex < 0))) k++;
        else break;
      }
      d.after = k;
    }
    return out;
  }
}

/** A derived step's caption through a translator (src/sim stays free of i18n; the CLI passes English). */
export function derivedCaption(
  d: DerivedStep,
  tr: (key: string, vars: Record<string, string | number>) => string,
): string {
  return tr(d.key, d.vars);
}

/**
 * Where a link's `step=<id>` opens: the story's step of that id, or the moment the trace tells under
 * that id (on the numbered step that tells it, when one does: `stale-write` is the fencing story's
 * "409 STALE TOKEN" step while fencing is on); null when this run has no such moment.
 */
export function stepById(
  trace: Trace,
  scenario: Scenario | undefined,
  id: string,
): { step: number; t: number } | { step: undefined; t: number } | null {
  const own = trace.steps.findIndex((s) => s.id === id);
  if (own >= 0) return { step: own, t: (trace.steps[own] as Trace['steps'][number]).atMs };
  const d = deriveSteps(trace, scenario, { all: true }).find((x) => x.id === id);
  if (!d) return null;
  const telling = trace.steps.findIndex((s) => s.eventIndex === d.eventIndex);
  return telling >= 0 ? { step: telling, t: d.atMs } : { step: undefined, t: d.atMs };
}
