import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../../scenarios/index.ts';
import { simulate } from '../../simulate.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { jobRanTwiceChecker } from './checkers.ts';
import { DB_HOST, SQL_MARK } from './keys.ts';

const sql = (t: number, from: string, emails: string): TraceEvent => ({
  k: 'mark',
  t,
  node: DB_HOST,
  name: SQL_MARK,
  data: { from, emails },
});

describe('job-ran-twice', () => {
  it('fires once per statement that sends a second e-mail, naming the customer and both senders', () => {
    const c = jobRanTwiceChecker();
    const out = [
      sql(1, 'node-1', 'acme:0;globex:0'),
      sql(2, 'node-1', 'acme:1;globex:1'),
      sql(3, 'node-4', 'acme:2;globex:1'),
      sql(4, 'node-5', 'acme:3;globex:2'),
    ].flatMap((e) => c.observe(e).map((v) => ({ t: e.t, ...v })));
    expect(out.map((v) => [v.t, v.job, v.nodes])).toEqual([
      [3, 'acme', ['node-1', 'node-4']],
      [4, 'globex', ['node-1', 'node-5']],
    ]);
    const both = jobRanTwiceChecker();
    expect(
      [sql(1, 'node-1', 'acme:1;globex:1'), sql(2, 'node-2', 'acme:2;globex:2')].flatMap((e) =>
        both.observe(e),
      ),
    ).toHaveLength(1);
    expect(out[0]?.detail).toBe('the job ran twice: acme was e-mailed by node-1 and by node-4');
  });

  it('stays quiet while each customer has one e-mail (the negative control)', () => {
    const c = jobRanTwiceChecker();
    expect(
      [sql(1, 'node-1', 'acme:1;globex:1'), sql(2, 'node-2', 'acme:1;globex:1')].flatMap((e) => c.observe(e)),
    ).toEqual([]);
  });

  const kinds = (fix: boolean) => {
    const story = scenarioById('twenty-instances');
    if (!story) throw new Error('no twenty-instances');
    return simulate(story, { params: fix ? { fix: true } : {}, states: false }).events.flatMap((e) =>
      e.k === 'violation' ? [e.violation.kind] : [],
    );
  };

  it('twenty instances without an election: the job runs twice (one alarm, for the second run)', () => {
    expect(kinds(false).filter((k) => k === 'job-ran-twice')).toHaveLength(1);
  });

  it('twenty instances with the lease row: it runs once', () => {
    expect(kinds(true)).not.toContain('job-ran-twice');
  });
});
