import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * The naive answer to the twenty e-mails: a leadership flag in a table with no expiry. Five instances
 * claim the leader row at boot (`WHERE token=0 AND node IS NULL`, so exactly one wins); node-1 wins
 * and runs the job. The job is scaled down to every 10 s (a nightly job in the sources) so that its
 * absence shows. node-1 dies with the flag set at 12 s: nobody takes over, and the job stops without
 * an error. The alarm on the task itself ("the job has not run for 35 s", jobAlarmMs) fires at last.
 * With `fix` on the row is a lease (TTL 15 s, renewed every 5 s): it expires and node-2 or another
 * instance takes the job over. Same crash in both runs.
 */
export default {
  id: 'leader-flag',
  title: 'A leadership flag with no expiry',
  summary:
    'The leader is a row in a table with no expiry. node-1 holds it and dies with the flag still set. Nobody takes over and the job simply stops: no error, only absence, until an alarm on the job itself says it has not run for too long.',
  tagline: 'The leader dies with the flag set: the job stops, and nothing errors.',
  group: 'pitfalls',
  algorithm: 'dbjob',
  nodes: 5,
  seed: 8,
  durationMs: 60_000,
  timeScale: 2,
  params: {
    election: true,
    casToken: true,
    leaseTtlS: 0,
    jobAtMs: 5000,
    jobEveryMs: 10_000,
    jobAlarmMs: 35_000,
  },
  faults: [{ atMs: 12_000, fault: { kind: 'crash', node: 'node-1' } }],
  steps: [
    {
      id: 'flag-set',
      anchor: { k: 'role', node: 'node-1', role: 'leader' },
      caption:
        'Five instances read the leader row and claim it. node-1’s UPDATE changes it first: node = node-1. The four others get UPDATE 0 and follow.',
    },
    {
      id: 'job-runs',
      anchor: { k: 'mark', node: 'node-1', type: 'job-run' },
      caption:
        'The job is due (every {jobEveryMs} ms here, nightly in real life). Only node-1, the leader, runs it: one scan, one status update, one e-mail per customer.',
    },
    {
      id: 'leader-dies',
      anchor: { k: 'fault', type: 'crash', node: 'node-1' },
      caption: 'node-1 dies, and the row still says node = node-1.',
    },
    {
      id: 'silence',
      anchor: { k: 'violation', type: 'job-not-running' },
      caption:
        'The flag never expires: the others keep reading the row and keep finding node-1, a dead leader, in it. The job has stopped and nothing errors. Only the alarm on the job itself fires: it has not run for more than {jobAlarmMs} ms.',
    },
    {
      id: 'job-again',
      anchor: { k: 'mark', type: 'job-run' },
      when: { step: 'silence', told: false },
      caption:
        'The row expired, so {node} claimed it and runs the job again. This is the fix: a lease with a TTL and renewals, so a dead leader frees the post by itself.',
    },
    {
      id: 'lesson',
      anchor: { k: 'end' },
      when: { step: 'silence', told: true },
      caption:
        'In production the discovery comes days later, when someone notices that the reports stopped. Use a lease with a TTL and renewal, always, and monitor the task’s runs, not the leader’s health.',
    },
  ],
  adr: ['matrix.lease', 'consequence.failover-ttl'],
  expect: { violations: ['job-not-running'], noViolations: ['split-brain'] },
  fix: {
    params: { leaseTtlS: 15, renewS: 5 },
    expect: { noViolations: ['job-not-running', 'split-brain'] },
  },
} satisfies ScenarioInput;
