import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timedFaultSchema } from '../../sim/scenario/schema.ts';
import { FAULT_KINDS, faultFromText, faultShapeFromText } from './faults.ts';

// The link checks faults without zod (zod stays out of the first view); the scenario schema is the
// rule book. Both must accept and refuse the same faults.
const id = fc.oneof(
  fc.constantFrom('node-1', 'node-5', 'pg-2', 'etcd', 'storage', 'a'),
  fc.constantFrom('', 'Node-1', '1node', 'node_1', `n${'x'.repeat(40)}`, '__proto__', 'node-1 '),
);
const num = fc.oneof(
  fc.constantFrom('0', '1', '250', '1e3', '0.5', '-1', '0.01', '100', '100.5', '0.009', 'NaN', '', 'x'),
  fc.integer({ min: -5, max: 10 ** 7 }).map(String),
  fc.double({ min: 0, max: 200, noNaN: true }).map(String),
);
const arg = fc.oneof(
  id,
  num,
  fc.constantFrom('all', 'store', 'both', 'node-1;node-2|node-3', 'node-1|', '|'),
);
const linkText = fc
  .tuple(
    fc.oneof(fc.nat({ max: 10 ** 6 }).map(String), fc.constantFrom('-1', '1.5', 'x')),
    fc.constantFrom(...FAULT_KINDS),
    fc.array(arg, { maxLength: 3 }),
  )
  .map(([at, kind, args]) => [at, kind, ...args].join(','));

describe('link faults follow the scenario schema', () => {
  it('accepts exactly what timedFaultSchema accepts (5000 random link texts)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(linkText, (text) => {
        const shaped = faultShapeFromText(text);
        const result = faultFromText(text);
        if (typeof shaped === 'string') {
          expect(result).toBe(shaped);
          return;
        }
        const zodSays = timedFaultSchema.safeParse(shaped);
        expect(typeof result !== 'string', `${text}: ${String(result)}`).toBe(zodSays.success);
        if (zodSays.success) {
          accepted++;
          expect(result).toEqual(zodSays.data);
        }
      }),
      { numRuns: 5000, seed: 20261129 },
    );
    // The generator reaches both sides of the rules, not only the refusals.
    expect(accepted).toBeGreaterThan(100);
  });
});
