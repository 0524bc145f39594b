import { describe, expect, it } from 'vitest';
import { parseFirstRun } from './firstRun.ts';

const trace = { version: 1, scenario: 'bully', durationMs: 10, events: [], steps: [], hosts: [] };

describe('parseFirstRun: a block that is missing or not a run is refused with its reason', () => {
  it.each([
    [null, /no first-run block/],
    ['', /no first-run block/],
    ['{"key":', /not JSON/],
    ['[]', /not a run/],
    [JSON.stringify({ trace }), /not a run/],
    [JSON.stringify({ key: 'k', trace: { ...trace, version: 2 } }), /not a run/],
    [JSON.stringify({ key: 'k', trace: { ...trace, events: {} } }), /not a run/],
  ])('%s', (text, why) => {
    const r = parseFirstRun(text);
    expect(r.run).toBeNull();
    expect(r.problem).toMatch(why);
  });

  it('takes a run', () => {
    expect(parseFirstRun(JSON.stringify({ key: 'k', trace })).run?.key).toBe('k');
  });
});
