/**
 * Membership changes one server at a time (Ongaro 2014, PhD thesis, chapter 4): the configuration
 * entry, the configuration a server uses, who counts in its majorities, and when a leader takes a
 * change. The machine (machine.ts) and replication (replication.ts) ask these.
 * - A configuration entry (`+node-6`, `-node-3`) takes effect on every server as soon as it is in its
 *   log, committed or not (§4.1); elections and commits count a majority of that configuration.
 * - The leader takes a change only once the previous one is committed (§4.1) and it has committed an
 *   entry of its own term (Ongaro, raft-dev, 10 July 2015, "bug in single-server membership
 *   changes"): `RaftRules.oneChangeAtATime`, a knob only as a negative control.
 * - A leader removed from the configuration keeps replicating and steps down once that entry commits
 *   (§4.2.2); a server outside its configuration starts no election (a new one still empty, a removed one).
 */
import type { ConfigChange, RaftContext } from './context.ts';
import { type Entry, type Log, termAt } from './log.ts';

/**
 * A configuration entry (Ongaro 2014, PhD thesis, §4.1): a change of one server, written in the
 * entry's value as `+node-6` (add) or `-node-3` (remove). Client commands never start with + or -.
 * One server at a time, so the entry's change and the configuration before it give the whole new
 * configuration, as the thesis' entry holds it.
 */

export function configChangeOf(value: string): ConfigChange | null {
  const op = value[0];
  return (op === '+' || op === '-') && value.length > 1 ? { op, server: value.slice(1) } : null;
}

export const configValue = (c: ConfigChange): string => `${c.op}${c.server}`;

/** A configuration with one change applied (an add keeps the order and goes last). */
export function applyChange(members: readonly string[], c: ConfigChange): string[] {
  if (c.op === '+') return members.includes(c.server) ? [...members] : [...members, c.server];
  return members.filter((m) => m !== c.server);
}

/**
 * Thesis §4.1: "a server always uses the latest configuration in its log, regardless of whether the
 * entry is committed": the initial configuration with every configuration entry of `log` applied.
 */
export function configOf(initial: readonly string[], log: Log): string[] {
  let members = [...initial];
  for (const e of log) {
    const c = configChangeOf(e.value);
    if (c) members = applyChange(members, c);
  }
  return members;
}

/** The index of the last configuration entry in `log` (0: none). */
export function lastConfigIndex(log: Log): number {
  for (let i = log.length; i > 0; i--) if (configChangeOf((log[i - 1] as Entry).value)) return i;
  return 0;
}

const configs = new WeakMap<Log, { members: string[]; changes: boolean }>();
function configCached(c: RaftContext): { members: string[]; changes: boolean } {
  let m = configs.get(c.disk.log);
  if (!m) {
    m = {
      members: configOf(c.members ?? [c.env.id, ...c.peers], c.disk.log),
      changes: lastConfigIndex(c.disk.log) > 0,
    };
    configs.set(c.disk.log, m);
  }
  return m;
}
/** Thesis §4.1: the latest configuration in this server's log, committed or not. */
export const configFor = (c: RaftContext): string[] => configCached(c).members;
/** Whether this server's configuration may differ from all servers (a spare, a change in its log). */
export const configShown = (c: RaftContext): boolean =>
  c.members !== undefined || c.configuration !== undefined || configCached(c).changes;

/** Tells the trace this server's configuration when it changed (the picture dims a non-member). */
export function noteConfig(c: RaftContext, before: readonly string[]): void {
  const now = configFor(c);
  if (now.join(',') === before.join(',')) return;
  c.env.mark('config', { members: now.join(','), member: now.includes(c.env.id) });
}
/** A spare, or a server restarted with changes in its log, tells its configuration at start. */
export function markInitialConfig(c: RaftContext): void {
  if (c.members === undefined && !configCached(c).changes) return;
  c.env.mark('config', { members: configFor(c).join(','), member: isMember(c) });
}
/** The other members of this server's configuration, in its order (with no change: all the peers). */
export const peersOf = (c: RaftContext): string[] => configFor(c).filter((p) => p !== c.env.id);
export const isMember = (c: RaftContext): boolean => configFor(c).includes(c.env.id);
/**
 * Whom a leader replicates to: the other members, and a server whose removal is its last, still
 * uncommitted configuration entry, so that it learns it is out and starts no election (etcd's raft
 * likewise keeps a removed node's progress until the change is applied). Its reply is not counted.
 */
export function targetsOf(c: RaftContext): string[] {
  const peers = peersOf(c);
  const last = lastConfigIndex(c.disk.log);
  if (last <= c.v.commitIndex) return peers;
  const change = configChangeOf((c.disk.log[last - 1] as Entry).value);
  return change?.op === '-' && change.server !== c.env.id ? [...peers, change.server] : peers;
}
/** A majority of the configuration (thesis §4.1: votes and commits count over it). */
export const majority = (c: RaftContext): number => Math.floor(configFor(c).length / 2) + 1;
/** CheckQuorum's count (thesis §6.2): the members heard from, and this leader if it is one. */
export const heardMembers = (c: RaftContext): number =>
  [...c.v.heard].filter((p) => configFor(c).includes(p)).length + (isMember(c) ? 1 : 0);
/** Thesis §4.2.2: a leader removed from the configuration steps down once that entry commits. */
export const removedAndCommitted = (c: RaftContext): boolean =>
  !isMember(c) && lastConfigIndex(c.disk.log) <= c.v.commitIndex;

export type ConfigRefusal = 'no-change' | 'last' | 'pending' | 'term';

/**
 * Why a leader refuses the operator's AddServer/RemoveServer (thesis §4.1, figure 4.1), or null when
 * it takes it: a change that would change nothing, removing the last server, and, with the
 * one-at-a-time rule, a change while the previous one is uncommitted or before this leader has
 * committed an entry of its term (the raft-dev fix: with it no two configurations that differ by two
 * servers can be in use at once).
 */
export function configRefusal(c: RaftContext, change: ConfigChange): ConfigRefusal | null {
  const members = configFor(c);
  if (change.op === '+' ? members.includes(change.server) : !members.includes(change.server))
    return 'no-change';
  if (change.op === '-' && members.length <= 1) return 'last';
  if (c.rules.oneChangeAtATime && lastConfigIndex(c.disk.log) > c.v.commitIndex) return 'pending';
  if (c.rules.oneChangeAtATime && termAt(c.disk.log, c.v.commitIndex) !== c.disk.term) return 'term';
  return null;
}

/** Tells the trace a configuration entry committed, when the commit index `was` -> `now` passed it. */
export function markConfigCommit(c: RaftContext, was: number, now: number): void {
  const cfg = lastConfigIndex(c.disk.log);
  if (cfg > was && cfg <= now)
    c.env.mark('config-commit', {
      index: cfg,
      change: (c.disk.log[cfg - 1] as Entry).value,
      members: configFor(c).join(','),
    });
}
