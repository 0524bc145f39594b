/**
 * A fault as link text, `<atMs>,<kind>,<fields in order>`: `12000,crash,node-2`,
 * `3000,partition,node-1;node-2|node-3`, `5000,isolate,node-4,store`. Read off the fault table, so a
 * new kind needs nothing here. No zod: links are read at boot and zod stays out of the first view;
 * faults/text.test.ts checks that this check and the zod schema accept and refuse the same faults.
 */
import { unknownKeyProblem } from '../rules.ts';
import { argCount, shapeFromArgs, shapeHint, shapeProblem, shapeToArgs } from './shape.ts';
import { FAULT_KINDS, FAULTS, type Fault, isFaultKind, specOf } from './table.ts';

export interface TimedFaultText {
  atMs: number;
  fault: Fault;
}

/** `12000,crash,node-2`: one intervention as link text. */
export function faultToText(tf: TimedFaultText): string {
  const f = tf.fault;
  return [String(tf.atMs), f.kind, ...shapeToArgs(specOf(f).fields, f)].join(',');
}

/** The kinds, for a message that lists them. */
export const FAULT_KIND_NAMES: readonly string[] = FAULT_KINDS;

/** The fault's rule it breaks as `path: rule`, or null when valid (the schema's rules, without zod). */
export function faultProblem(f: Record<string, unknown>): string | null {
  const kind = String(f.kind);
  if (!isFaultKind(kind)) return `kind: one of ${FAULT_KINDS.join(', ')}`;
  const fields = FAULTS[kind].fields;
  const extra = unknownKeyProblem(f, ['kind', ...Object.keys(fields)]);
  return extra ? `fault: ${extra}` : shapeProblem(fields, f);
}

/** The text's shape (time, kind, argument count) as an unchecked fault object, or why it has none. */
export function faultShapeFromText(raw: string): { atMs: number; fault: Record<string, unknown> } | string {
  const [atRaw = '', kind = '', ...args] = raw.trim().split(',');
  if (!/^\d+$/.test(atRaw) || !Number.isSafeInteger(Number(atRaw)))
    return `the time must be a whole number of ms, got "${atRaw.slice(0, 20)}"`;
  if (!isFaultKind(kind)) return `unknown kind "${kind.slice(0, 20)}"`;
  const fields = FAULTS[kind].fields;
  const [fewest, most] = argCount(fields);
  if (args.length > most || args.length < fewest) {
    const hint = shapeHint(fields);
    return `${kind} expects <ms>,${kind}${hint ? `,${hint}` : ''}`;
  }
  return { atMs: Number(atRaw), fault: { kind, ...shapeFromArgs(fields, args) } };
}

/** Reads `<atMs>,<kind>,<args>`; a string reason when it is not a valid intervention. */
export function faultFromText(raw: string): TimedFaultText | string {
  const shaped = faultShapeFromText(raw);
  if (typeof shaped === 'string') return shaped;
  return faultProblem(shaped.fault) ?? (shaped as TimedFaultText);
}
