import { describe, expect, it } from 'vitest';
import fencingToken from '../../../scenarios/fencing-token.ts';
import { parseArgs, UsageError } from '../../cli/args.ts';
import { simulate } from '../simulate.ts';
import { withFix } from './fix.ts';
import { parseScenario } from './schema.ts';

// A pitfall made from the fencing story: fencing off, and the fix turns it on.
const pitfall = parseScenario({
  ...fencingToken,
  id: 'lease-unfenced',
  group: 'pitfalls',
  tagline: 'A lease without a fencing token.',
  params: { ...fencingToken.params, fencing: false },
  fix: { params: { fencing: true } },
  // Its challenge names the lease's knobs; the tests below run this story under other algorithms.
  challenge: undefined,
});

describe('the fix knob', () => {
  it('changes nothing when off or absent, and the declared knobs when on', () => {
    expect(withFix(pitfall).scenario).toBe(pitfall);
    expect(withFix(pitfall, { fix: false }).scenario).toBe(pitfall);
    const on = withFix(pitfall, { fix: true, ttlS: 20 });
    expect(on.scenario.params.fencing).toBe(true);
    expect(on.overrides).toEqual({ ttlS: 20 });
  });

  it('runs the stale write accepted without it and refused with it; explicit knobs win', () => {
    const rejected = (t: ReturnType<typeof simulate>) =>
      t.events.filter((e) => e.k === 'write' && e.status === 'rejected').length;
    expect(rejected(simulate(pitfall))).toBe(0);
    const fixed = simulate(pitfall, { params: { fix: true } });
    expect(rejected(fixed)).toBe(1);
    expect(fixed.params.fix).toBe(true);
    expect(rejected(simulate(pitfall, { params: { fix: true, fencing: false } }))).toBe(0);
  });

  it('may change the algorithm and size; the CLI takes the fixed algorithm’s knobs', () => {
    const s = parseScenario({
      ...pitfall,
      id: 'bully-fixed',
      algorithm: 'bully',
      params: {},
      steps: pitfall.steps,
      fix: { algorithm: 'lease', nodes: 3, params: { fencing: true } },
    });
    const on = withFix(s, { fix: true }).scenario;
    expect(on).toMatchObject({ algorithm: 'lease', nodes: 3, params: { fencing: true } });
    expect(parseArgs(['bully-fixed', '--set', 'fix=on', '--set', 'ttlS=20'], [s]).params).toEqual({
      fix: true,
      ttlS: 20,
    });
    expect(() => parseArgs(['bully-fixed', '--set', 'ttlS=20'], [s])).toThrow(UsageError);
    expect(() => parseArgs(['bully-fixed', '--set', 'fix=maybe'], [s])).toThrow(/--set fix: .*on\/off/);
    // Stories without a fix block have no fix knob.
    expect(() => parseArgs(['fencing-token', '--set', 'fix=on'], [fencingToken as never])).toThrow(
      /unknown parameter "fix"/,
    );
  });
});
