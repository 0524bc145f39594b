import { describe, expect, it } from 'vitest';
import {
  advanceCommit,
  appendEntries,
  atLeastAsUpToDate,
  type Entry,
  type Log,
  lastIndex,
  lastTerm,
  type RaftRules,
  SAFE_RULES,
  termAt,
} from './log.ts';

/** A log from its terms, as the paper's figures draw them (each box is an entry's term). */
const logOf = (...terms: number[]): Entry[] => terms.map((term, i) => ({ term, value: `t${term}i${i + 1}` }));
const terms = (log: Log): number[] => log.map((e) => e.term);

/**
 * The leader's side of figure 2, run to quiescence against one follower: nextIndex starts after the
 * leader's last entry and is decremented on each refusal (§5.3). Returns the follower's log and how
 * many refusals it took.
 */
function replicate(
  leader: Log,
  follower: Log,
  rules: RaftRules = SAFE_RULES,
  firstNext = lastIndex(leader) + 1,
): { log: Log; refusals: number } {
  let next = firstNext;
  let log = follower;
  for (let refusals = 0; ; refusals++) {
    const prevLogIndex = next - 1;
    const r = appendEntries(
      log,
      0,
      {
        prevLogIndex,
        prevLogTerm: termAt(leader, prevLogIndex) ?? 0,
        entries: leader.slice(prevLogIndex),
        leaderCommit: 0,
      },
      rules,
    );
    log = r.log;
    if (r.success) return { log, refusals };
    next--;
  }
}

// Ongaro & Ousterhout 2014, figure 7: the leader of term 8 and six followers' logs.
const fig7Leader = logOf(1, 1, 1, 4, 4, 5, 5, 6, 6, 6);
const fig7: Record<string, Entry[]> = {
  a: logOf(1, 1, 1, 4, 4, 5, 5, 6, 6),
  b: logOf(1, 1, 1, 4),
  c: logOf(1, 1, 1, 4, 4, 5, 5, 6, 6, 6, 6),
  d: logOf(1, 1, 1, 4, 4, 5, 5, 6, 6, 6, 7, 7),
  e: logOf(1, 1, 1, 4, 4, 4, 4),
  f: logOf(1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3),
};

describe('figure 7: the logs a leader of term 8 may meet', () => {
  it('the election restriction (§5.4.1) lets the leader, a, c and d win a majority of 7, never b, e or f', () => {
    const all: Record<string, Log> = { leader: fig7Leader, ...fig7 };
    const electable = Object.entries(all)
      .filter(([name, cand]) => {
        const votes = Object.entries(all).filter(
          ([voter, log]) => voter === name || atLeastAsUpToDate(lastTerm(cand), lastIndex(cand), log),
        ).length;
        return votes >= 4;
      })
      .map(([name]) => name)
      .sort();
    expect(electable).toEqual(['a', 'c', 'd', 'leader']);
  });

  it("after the leader's AppendEntries every follower's log is the leader's, conflicts truncated (§5.3)", () => {
    // Elected, the leader sets every nextIndex to 11 (figure 2) and takes a command in term 8 (index
    // 11); it then repairs each follower by walking nextIndex back.
    const leader = [...fig7Leader, { term: 8, value: 'cmd' }];
    const out = Object.fromEntries(
      Object.entries(fig7).map(([k, log]) => [k, replicate(leader, log, SAFE_RULES, 11)]),
    );
    for (const k of Object.keys(fig7)) expect(terms(out[k]?.log ?? []), k).toEqual(terms(leader));
    // How far back nextIndex goes: to the last index where the follower agrees with the leader.
    expect(Object.fromEntries(Object.entries(out).map(([k, r]) => [k, r.refusals]))).toEqual({
      a: 1, // holds 1-9
      b: 6, // holds 1-4
      c: 0, // holds 1-10; its extra term-6 entry at 11 conflicts with term 8 and is cut
      d: 0, // holds 1-10; 11 and 12 (term 7) are cut
      e: 5, // agrees up to 5; 6 and 7 (term 4) are cut
      f: 7, // agrees up to 3; 4-11 (terms 2 and 3) are cut
    });
  });

  it('without the consistency check (the control), f keeps its term-2 entries under the term-8 entry: Log Matching breaks', () => {
    const leader = [...fig7Leader, { term: 8, value: 'cmd' }];
    const f = replicate(leader, fig7.f as Entry[], { ...SAFE_RULES, consistencyCheck: false }, 11).log;
    // Both hold an entry of term 8 at index 11, yet their logs differ before it.
    expect(termAt(f, 11)).toBe(8);
    expect(terms(f)).not.toEqual(terms(leader));
    expect(termAt(f, 4)).toBe(2);
  });
});

describe('figure 8: a leader must not commit an older term by counting replicas', () => {
  /**
   * The paper's sequence on S1-S5, returning whether index 2 (term 2) was committed at (c) and what
   * index 2 holds on every server after (d). `matchIndex` in advanceCommit is every server's last
   * matching index, the leader's own included.
   */
  function figure8(rules: RaftRules) {
    // (a) S1 leads term 2 and replicates index 2 to S2 only.
    const s: Record<string, Entry[]> = {
      S1: logOf(1, 2),
      S2: logOf(1, 2),
      S3: logOf(1),
      S4: logOf(1),
      S5: logOf(1),
    };
    // (b) S1 crashes; S5 wins term 3 with S3, S4 and its own vote, and takes an entry at index 2.
    for (const v of ['S3', 'S4']) expect(atLeastAsUpToDate(lastTerm(s.S5 ?? []), 1, s[v] ?? [])).toBe(true);
    s.S5 = [...(s.S5 ?? []), { term: 3, value: 'S5 term 3' }];
    // (c) S5 crashes; S1 restarts, wins term 4 (S1, S2, S3), replicates index 2 to S3, takes index 3.
    s.S3 = replicate(s.S1 ?? [], s.S3 ?? [], rules).log as Entry[];
    s.S1 = [...(s.S1 ?? []), { term: 4, value: 'S1 term 4' }];
    const match = [lastIndex(s.S1), 2, 2, 1, 1]; // S1 3, S2 and S3 hold index 2, S4 and S5 only index 1
    const commitAtC = advanceCommit(s.S1, match, 4, 1, rules);
    // (d) S1 crashes; S5 wins term 5: its last term 3 beats S2, S3, S4's term 2 (§5.4.1), and it
    // overwrites index 2 on all of them.
    const voters = ['S2', 'S3', 'S4'].filter((v) => atLeastAsUpToDate(3, 2, s[v] ?? []));
    for (const v of ['S1', 'S2', 'S3', 'S4']) s[v] = replicate(s.S5, s[v] ?? [], rules).log as Entry[];
    return {
      commitAtC,
      voters,
      index2: Object.fromEntries(Object.entries(s).map(([k, l]) => [k, termAt(l, 2)])),
    };
  }

  it("with the paper's rule, index 2 is on a majority at (c) but not committed, so (d) overwriting it is safe", () => {
    const r = figure8(SAFE_RULES);
    expect(r.commitAtC).toBe(1);
    expect(r.voters).toEqual(['S2', 'S3', 'S4']);
    expect(r.index2).toEqual({ S1: 3, S2: 3, S3: 3, S4: 3, S5: 3 });
  });

  it('without it (unsafeCommit), index 2 of term 2 is committed at (c) and then overwritten by term 3: State Machine Safety breaks', () => {
    const r = figure8({ ...SAFE_RULES, ownTermCommit: false });
    expect(r.commitAtC).toBe(2); // S1 may have applied term 2's command at index 2 ...
    expect(r.index2.S1).toBe(3); // ... which every server then replaces with term 3's
  });

  it('(e): once S1 replicates its term-4 entry to a majority, both entries commit and S5 cannot win', () => {
    const s1 = logOf(1, 2, 4);
    expect(advanceCommit(s1, [3, 3, 3, 1, 1], 4, 1)).toBe(3);
    const votesForS5 = [s1, logOf(1, 2, 4), logOf(1, 2, 4)].filter((l) => atLeastAsUpToDate(3, 2, l)).length;
    expect(votesForS5).toBe(0);
  });
});
