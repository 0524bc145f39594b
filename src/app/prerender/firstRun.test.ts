import { describe, expect, it } from 'vitest';
import { parseFirstRun } from './firstRun.ts';

const trace = { version: 2, scenario: 'bully', durationMs: 10, events: [], steps: [], hosts: [] };
const scenario = { id: 'bully', algorithm: 'bully', timeScale: 0.08, steps: [] };

describe('parseFirstRun: a block that is missing or not a run is refused with its reason', () => {
  it.each([
    [null, /no first-run block/],
    ['', /no first-run block/],
    ['{"key":', /not JSON/],
    ['[]', /not a run/],
    [JSON.stringify({ trace }), /not a run/],
    [JSON.stringify({ key: 'k', trace: { ...trace, version: 3 } }), /not a run/],
    [JSON.stringify({ key: 'k', trace: { ...trace, events: {} }, scenario }), /not a run/],
    // The story is the page's only scenario until the catalogue arrives: it must be the run's own.
    [JSON.stringify({ key: 'k', trace }), /not a run/],
    [JSON.stringify({ key: 'k', trace, scenario: { ...scenario, id: 'etcd-lease' } }), /not a run/],
    [JSON.stringify({ key: 'k', trace, scenario: { ...scenario, steps: null } }), /not a run/],
  ])('%s', (text, why) => {
    const r = parseFirstRun(text);
    expect(r.run).toBeNull();
    expect(r.problem).toMatch(why);
  });

  it('takes a run', () => {
    const r = parseFirstRun(JSON.stringify({ key: 'k', trace, scenario })).run;
    expect(r?.key).toBe('k');
    expect(r?.scenario.id).toBe('bully');
  });
});
