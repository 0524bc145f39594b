import type { Checker } from '../../check/checker.ts';
import { violation } from '../../check/violation.ts';
import type { TraceEvent, Violation } from '../../trace/events.ts';

/**
 * Raft's safety properties (Ongaro & Ousterhout 2014, figure 3), read off the trace: every change of
 * a server's log is a `log` mark (the index it changed from and the terms from there on), every
 * commit a `commit` mark and every entry applied an `apply` mark (machine.ts). Election Safety, at
 * most one leader per term, is src/sim/check/termLeaders.ts, which every run has.
 * - Leader Append-Only: a leader never overwrites or deletes entries in its log, it only appends.
 * - Log Matching: if two logs contain an entry with the same index and term, the logs are identical
 *   in all entries up through that index.
 * - Leader Completeness: an entry committed in a term is in the logs of the leaders of all higher terms.
 *   Only higher ones: a candidate paused with its votes in flight may win an older term after a later
 *   leader has committed, and that is no breach (it is deposed as soon as it hears the later term).
 * - State Machine Safety: no two servers apply a different entry at the same index.
 */
export function raftCheckers(): Checker[] {
  /** Each server's log as `term:value` per entry: Log Matching compares whole entries. */
  const logs = new Map<string, string[]>();
  /** Who leads now, and in which term (role events). */
  const leading = new Map<string, number>();
  /** Committed entries: index -> the entry (`term:value`) as the server that committed it held it, and the term in which it was committed. */
  const committed = new Map<number, { entry: string; in: number }>();
  /** Each server's current term, from its role events and log marks. */
  const termNow = new Map<string, number>();
  const applied = new Map<number, { node: string; term: number; value: string }>();
  const logOf = (n: string): string[] => logs.get(n) ?? [];
  const termOfEntry = (e: string | undefined): number => Number(e?.split(':')[0] ?? 0);

  const logChecker: Checker = {
    observe(e: TraceEvent): Violation[] {
      const out: Violation[] = [];
      if (e.k === 'role') {
        if (e.term !== undefined) termNow.set(e.node, e.term);
        if (e.role === 'leader' && e.term !== undefined) {
          leading.set(e.node, e.term);
          // Leader Completeness: the new leader holds every entry committed so far.
          const log = logOf(e.node);
          for (const [index, c] of committed)
            if (c.in < e.term && log[index - 1] !== c.entry) {
              out.push(violation({ kind: 'leader-completeness', nodes: [e.node], term: e.term, index }));
              break;
            }
        } else leading.delete(e.node);
        return out;
      }
      if (e.k !== 'mark') return out;
      if (e.name === 'log') {
        termNow.set(e.node, Number(e.data?.term));
        const from = Number(e.data?.from);
        const terms = String(e.data?.terms ?? '');
        const values = String(e.data?.values ?? '').split(',');
        const entries = terms === '' ? [] : terms.split(',').map((t, i) => `${t}:${values[i]}`);
        const before = logOf(e.node);
        const after = [...before.slice(0, from - 1), ...entries];
        logs.set(e.node, after);
        // A leader deposed by a later term's AppendEntries changes its log in that term, as a follower.
        if (leading.get(e.node) === Number(e.data?.term) && from <= before.length)
          out.push(
            violation({
              kind: 'leader-append-only',
              nodes: [e.node],
              term: leading.get(e.node) as number,
              index: from,
            }),
          );
        // Log Matching against every other log: up to the highest index where both hold an entry
        // of the same term, the entries (term and command) are identical.
        for (const other of [...logs.keys()].sort()) {
          const log = logOf(other);
          if (other === e.node) continue;
          let top = Math.min(after.length, log.length);
          while (top > 0 && termOfEntry(after[top - 1]) !== termOfEntry(log[top - 1])) top--;
          for (let i = top; i >= 1; i--)
            if (after[i - 1] !== log[i - 1]) {
              out.push(
                violation({
                  kind: 'log-matching',
                  nodes: [other, e.node],
                  pair: [other, e.node],
                  index: top,
                  term: termOfEntry(after[top - 1]),
                }),
              );
              break;
            }
          if (out.some((v) => v.kind === 'log-matching')) break;
        }
      } else if (e.name === 'commit') {
        const index = Number(e.data?.index);
        const log = logOf(e.node);
        const term = termNow.get(e.node) ?? 0;
        for (let i = 1; i <= index; i++)
          if (!committed.has(i) && log[i - 1] !== undefined)
            committed.set(i, { entry: log[i - 1] as string, in: term });
      } else if (e.name === 'apply') {
        const index = Number(e.data?.index);
        const term = Number(e.data?.term);
        const value = String(e.data?.value);
        const first = applied.get(index);
        if (first === undefined) applied.set(index, { node: e.node, term, value });
        else if (first.term !== term || first.value !== value)
          out.push(
            violation({
              kind: 'state-machine-safety',
              nodes: [first.node, e.node],
              pair: [first.node, e.node],
              index,
              term,
            }),
          );
      }
      return out;
    },
    // Everything it compares later marks with: each log, who leads, what was committed and applied.
    state: () => ({ logs, leading, committed, termNow, applied }),
  };
  return [logChecker];
}
