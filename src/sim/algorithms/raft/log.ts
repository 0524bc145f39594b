/**
 * Raft's replicated log as plain functions, exactly as figure 2 of Ongaro & Ousterhout 2014 ("In
 * Search of an Understandable Consensus Algorithm") states each rule. The machine (machine.ts) calls
 * them; the figure 7 and 8 tests call them directly. Indexes are 1-based as in the paper: entry i is
 * `log[i - 1]`, index 0 is the empty prefix with term 0.
 */

export interface Entry {
  readonly term: number;
  /** The client's command. */
  readonly value: string;
}

export type Log = readonly Entry[];

/** Negative controls: each turns off the rule that guards one of figure 3's safety properties. */
export interface RaftRules {
  /** §5.4.1: vote only for a candidate whose log is at least as up-to-date. Off: Leader Completeness breaks. */
  electionRestriction: boolean;
  /** §5.3: reject AppendEntries whose prevLogIndex/prevLogTerm does not match. Off: Log Matching breaks. */
  consistencyCheck: boolean;
  /** §5.4.2: commit by counting replicas only an entry of the leader's own term. Off: figure 8's loss. */
  ownTermCommit: boolean;
  /** §5.2: at most one vote per term (votedFor). Off: Election Safety breaks. */
  oneVotePerTerm: boolean;
  /** Figure 2: a leader never deletes entries of its own log. Off: it drops older terms' uncommitted entries. */
  leaderAppendOnly: boolean;
  /**
   * Thesis §4.1: a leader takes a membership change only once the previous one is committed and it
   * has committed an entry of its term (membership.ts). Off (the knob `oneChangeAtATime`, a control):
   * two changes in use at once, whose configurations' majorities need not meet, so one term may get
   * two leaders (the scripted run in checkers.test.ts).
   */
  oneChangeAtATime: boolean;
}

export const SAFE_RULES: RaftRules = {
  electionRestriction: true,
  consistencyCheck: true,
  ownTermCommit: true,
  oneVotePerTerm: true,
  leaderAppendOnly: true,
  oneChangeAtATime: true,
};

export const lastIndex = (log: Log): number => log.length;
/** The term of entry i (0 for the empty prefix, undefined past the end). */
export const termAt = (log: Log, i: number): number | undefined => (i === 0 ? 0 : log[i - 1]?.term);
export const lastTerm = (log: Log): number => termAt(log, log.length) ?? 0;

/**
 * §5.4.1: "If the logs have last entries with different terms, then the log with the later term is
 * more up-to-date. If the logs end with the same term, then whichever log is longer is more up-to-date."
 */
export function atLeastAsUpToDate(candLastTerm: number, candLastIndex: number, log: Log): boolean {
  const myTerm = lastTerm(log);
  return candLastTerm !== myTerm ? candLastTerm > myTerm : candLastIndex >= lastIndex(log);
}

export interface AppendArgs {
  readonly prevLogIndex: number;
  readonly prevLogTerm: number;
  readonly entries: readonly Entry[];
  readonly leaderCommit: number;
}

export interface AppendResult {
  readonly success: boolean;
  readonly log: Log;
  readonly commitIndex: number;
  /** On success, the index of the last entry this call verified (prevLogIndex + entries). */
  readonly matchIndex: number;
  /** The first index whose entry changed (truncated or appended), or null if none did. */
  readonly changedFrom: number | null;
}

/**
 * AppendEntries receiver, figure 2 (the term check, rule 1, is the caller's: it knows the current term).
 * 2. "Reply false if log doesn't contain an entry at prevLogIndex whose term matches prevLogTerm" (§5.3).
 * 3. "If an existing entry conflicts with a new one (same index but different terms), delete the
 *    existing entry and all that follow it" (§5.3).
 * 4. "Append any new entries not already in the log".
 * 5. "If leaderCommit > commitIndex, set commitIndex = min(leaderCommit, index of last new entry)".
 */
export function appendEntries(
  log: Log,
  commitIndex: number,
  a: AppendArgs,
  rules: RaftRules = SAFE_RULES,
): AppendResult {
  let prev = a.prevLogIndex;
  if (termAt(log, prev) !== a.prevLogTerm) {
    if (rules.consistencyCheck) return { success: false, log, commitIndex, matchIndex: 0, changedFrom: null };
    // The control: take the entries anyway, past whatever this log holds (a gap is closed up).
    prev = Math.min(prev, log.length);
  }
  const next = log.slice();
  let changedFrom: number | null = null;
  a.entries.forEach((e, k) => {
    const i = prev + 1 + k;
    const mine = next[i - 1];
    if (mine !== undefined && mine.term === e.term) return;
    if (mine !== undefined) next.length = i - 1; // rule 3: truncate the conflict and all after it
    next.push(e);
    changedFrom ??= i;
  });
  const lastNew = prev + a.entries.length;
  const commit =
    a.leaderCommit > commitIndex ? Math.max(commitIndex, Math.min(a.leaderCommit, lastNew)) : commitIndex;
  return {
    success: true,
    log: next,
    commitIndex: Math.min(commit, next.length),
    matchIndex: lastNew,
    changedFrom,
  };
}

/**
 * Leader, figure 2: "If there exists an N such that N > commitIndex, a majority of matchIndex[i] >= N,
 * and log[N].term == currentTerm: set commitIndex = N" (§5.3, §5.4). `matchIndex` holds every
 * server's, the leader's own (its last index) included. The term condition is §5.4.2's: a leader never
 * commits an older term's entry by counting replicas (figure 8); `ownTermCommit: false` drops it.
 */
export function advanceCommit(
  log: Log,
  matchIndex: readonly number[],
  currentTerm: number,
  commitIndex: number,
  rules: RaftRules = SAFE_RULES,
): number {
  const majority = Math.floor(matchIndex.length / 2) + 1;
  for (let n = log.length; n > commitIndex; n--) {
    if (matchIndex.filter((m) => m >= n).length < majority) continue;
    if (!rules.ownTermCommit || termAt(log, n) === currentTerm) return n;
  }
  return commitIndex;
}

/** The values of a log's entries from index `from`, comma-separated (client values hold no comma). */
export const valuesText = (log: Log, from = 1): string =>
  log
    .slice(from - 1)
    .map((e) => e.value)
    .join(',');

/** The terms of a log's entries from index `from`, comma-separated: how a mark carries a log. */
export const termsText = (log: Log, from = 1): string =>
  log
    .slice(from - 1)
    .map((e) => e.term)
    .join(',');
