/**
 * Faults in a link: `fault=<atMs>,<kind>,<fields...>`. The text form and its zod-free check come
 * from the fault table (src/sim/faults/text.ts); here they are checked against the run's hosts.
 */
import { shapeHosts } from '../../sim/faults/shape.ts';
import { specOf } from '../../sim/faults/table.ts';
import { faultToText } from '../../sim/faults/text.ts';
import type { TimedFault } from '../../sim/scenario/schema.ts';
import type { LinkProblem } from './problems.ts';

export {
  FAULT_KIND_NAMES as FAULT_KINDS,
  faultFromText,
  faultProblem,
  faultShapeFromText,
  faultToText,
} from '../../sim/faults/text.ts';

/** Interventions naming a host the run does not have: refused with a problem each. */
export function checkFaultHosts(
  faults: readonly TimedFault[],
  hosts: readonly string[],
): { faults: TimedFault[]; problems: LinkProblem[] } {
  const ok: TimedFault[] = [];
  const problems: LinkProblem[] = [];
  for (const tf of faults) {
    const missing = shapeHosts(specOf(tf.fault).fields, tf.fault).find((h) => !hosts.includes(h));
    if (missing === undefined) ok.push(tf);
    else
      problems.push({
        param: 'fault',
        value: faultToText(tf),
        reason: `no host "${missing}" (hosts: ${hosts.join(', ')})`,
      });
  }
  return { faults: ok, problems };
}
