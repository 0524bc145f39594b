/**
 * A violation in the reader's language, worded from its facts (trace format 2). A format 1 trace's
 * violation has its English detail alone, and that is shown as written: nothing parses the English.
 */
import { formatNumber, t } from '../i18n/index.ts';
import type { Violation } from '../sim/trace/events.ts';

type Vars = Record<string, string | number>;
const seconds = (ms: number) => formatNumber(Math.round(ms / 100) / 10);

/** The stale write's item as the resource names it: `storage`, or `storage shard-03`. */
const staleItem = (v: Violation): string | undefined =>
  v.resource === undefined ? undefined : v.key === undefined ? v.resource : `${v.resource} ${v.key}`;

/** The values `violation.<kind>` reads, or null when the trace does not have them (format 1). */
export function violationVars(v: Violation): Vars | null {
  const [a = '', b = ''] = v.pair ?? v.nodes;
  switch (v.kind) {
    case 'split-brain':
      return { a, b };
    case 'stale-write-accepted': {
      const resource = staleItem(v);
      return resource === undefined || v.token === undefined || v.seen === undefined
        ? null
        : { resource, token: v.token, seen: v.seen, node: v.nodes[0] ?? '' };
    }
    case 'two-lease-holders':
      return v.key === undefined || v.leases === undefined
        ? null
        : { key: v.key, a, b, leaseA: v.leases[0].toString(16), leaseB: v.leases[1].toString(16) };
    case 'leaderless':
    case 'job-not-running':
      return v.ms === undefined || v.boundMs === undefined
        ? null
        : { s: seconds(v.ms), bound: seconds(v.boundMs) };
    case 'two-leaders-in-term':
      return v.term === undefined ? null : { a, b, term: v.term };
    case 'job-committed-twice':
      return v.job === undefined || v.count === undefined
        ? null
        : { job: v.job, n: v.count, node: v.nodes[0] ?? '' };
    case 'job-ran-twice':
      return v.job === undefined ? null : { job: v.job, a, b };
    case 'one-job-run':
      return v.job === undefined || v.count === undefined ? null : { job: v.job, n: v.count };
    case 'leader-append-only':
    case 'leader-completeness':
      return v.term === undefined || v.index === undefined
        ? null
        : { node: v.nodes[0] ?? '', term: v.term, index: v.index };
    case 'log-matching':
      return v.term === undefined || v.index === undefined ? null : { a, b, term: v.term, index: v.index };
    case 'state-machine-safety':
      return v.index === undefined ? null : { a, b, index: v.index };
    case 'duplicate-email':
      return v.job === undefined || v.senders === undefined
        ? null
        : { job: v.job, n: v.senders.length, senders: v.senders.join(', ') };
  }
}

export function violationText(v: Violation, tr: (key: string, vars?: Vars) => string = t): string {
  const vars = violationVars(v);
  return vars === null ? v.detail : tr(`violation.${v.kind}`, vars);
}
