/**
 * A violation from its facts: the one place its English detail is written (what the CLI prints, what
 * a format 1 trace carried). The views word the same facts in the reader's language.
 */
import type { Violation } from '../trace/events.ts';

export type Facts = Omit<Violation, 'detail'>;

/** The stale write's item: the resource, or the resource and the item it fences. */
const itemOf = (v: Facts) => (v.key === undefined ? `${v.resource}` : `${v.resource} ${v.key}`);

export function englishDetail(v: Facts): string {
  const [a, b] = v.pair ?? v.nodes;
  switch (v.kind) {
    case 'split-brain':
      return `BOTH WRITE: ${a} and ${b} both lead and both had writes accepted`;
    case 'stale-write-accepted':
      return `${itemOf(v)} accepted token ${v.token} from ${v.nodes[0]} after token ${v.seen}`;
    case 'two-lease-holders':
      return `${v.key} passed from ${a} (lease ${v.leases?.[0]}) to ${b} (lease ${v.leases?.[1]}) while held`;
    case 'leaderless':
      return `no leader for ${v.ms} ms (bound ${v.boundMs} ms)`;
    case 'two-leaders-in-term':
      return `${a} and ${b} both lead term ${v.term}`;
    case 'job-not-running':
      return `the job has not run for ${v.ms} ms (bound ${v.boundMs} ms)`;
    case 'job-committed-twice':
      return `${v.job} committed ${v.count} times (the last by ${v.nodes[0]})`;
    case 'duplicate-email':
      return `${v.job} e-mailed ${v.count} times (by ${(v.senders ?? []).join(', ')})`;
    case 'job-ran-twice':
      return `the job ran twice: ${v.job} was e-mailed by ${a} and by ${b}`;
    case 'one-job-run':
      return `${v.job} started beside another run (${v.count} running)`;
    case 'leader-append-only':
      return `${v.nodes[0]}, leader of term ${v.term}, changed its log at index ${v.index}`;
    case 'log-matching':
      return `${a} and ${b} hold the same entry at index ${v.index} (term ${v.term}) but different logs before it`;
    case 'leader-completeness':
      return `${v.nodes[0]} leads term ${v.term} without the committed entry at index ${v.index}`;
    case 'state-machine-safety':
      return `${a} and ${b} applied different entries at index ${v.index}`;
  }
}

export function violation(facts: Facts): Violation {
  return { ...facts, detail: englishDetail(facts) };
}
