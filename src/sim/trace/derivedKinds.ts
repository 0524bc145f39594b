/**
 * The kinds of moments src/sim/trace/derive.ts tells. An id is a kind, or a kind and `-2`, `-3`… for its
 * later occurrences; links may name them (the link reader checks ids against this list without
 * loading the narration).
 */
export const DERIVED_KINDS = [
  'leader',
  'failover',
  'fault',
  'lease-expired',
  'stale-write',
  'violation',
  'no-quorum',
  'fencing-window',
  'outcome',
  // Raft membership changes (thesis chapter 4).
  'config-append',
  'config-commit',
  'config-refused',
  'config-step-down',
] as const;
