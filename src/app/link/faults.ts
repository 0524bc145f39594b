/** Faults as link text: `fault=<atMs>,<kind>,<args...>`, read and checked without zod, and checked against the run's hosts. */
import type { TimedFault } from '../../sim/scenario/schema.ts';
import type { LinkProblem } from './problems.ts';

const num = (n: number): string => String(n);

/** `12000,crash,node-2`: one intervention as link text. */
export function faultToText(tf: TimedFault): string {
  const f = tf.fault;
  const args: Array<string | number> = [];
  switch (f.kind) {
    case 'crash':
    case 'restart':
    case 'resume':
    case 'rejoin':
      args.push(f.node);
      break;
    case 'pause':
      args.push(f.node, num(f.durationMs));
      break;
    case 'isolate':
      args.push(f.node);
      if (f.from !== undefined) args.push(f.from);
      break;
    case 'partition':
      args.push(f.groups.map((g) => g.join(';')).join('|'));
      break;
    case 'heal':
      break;
    case 'cut-link':
    case 'restore-link':
      args.push(f.a, f.b);
      break;
    case 'delay-link':
      args.push(f.a, f.b, num(f.extraMs));
      break;
    case 'clock-drift':
      args.push(f.node, num(f.rate));
      break;
  }
  return [num(tf.atMs), f.kind, ...args].join(',');
}

const SHAPES: Record<string, string> = {
  crash: '<node>',
  restart: '<node>',
  resume: '<node>',
  rejoin: '<node>',
  pause: '<node>,<durationMs>',
  isolate: '<node>[,all|store]',
  partition: '<node;node>|<node>...',
  heal: '',
  'cut-link': '<a>,<b>',
  'restore-link': '<a>,<b>',
  'delay-link': '<a>,<b>,<extraMs>',
  'clock-drift': '<node>,<rate>',
};

export const FAULT_KINDS: readonly string[] = Object.keys(SHAPES);

const HOST_ID = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * The rules of `timedFaultSchema` (sim/scenario/schema.ts) for a fault read from a link, without zod:
 * the link is read at boot and zod stays out of the first view (it loads with trace import).
 * faults.test.ts checks that both accept and refuse the same faults. Null when valid, else
 * `path: rule`.
 */
export function faultProblem(f: Record<string, unknown>): string | null {
  const host = (key: string): string | null =>
    typeof f[key] === 'string' && HOST_ID.test(f[key] as string)
      ? null
      : `${key}: a host id like "node-3" or "pg-1"`;
  const whole = (key: string, min: number): string | null => {
    const v = f[key];
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= min
      ? null
      : `${key}: a whole number of ms, at least ${min}`;
  };
  switch (f.kind) {
    case 'pause':
      return host('node') ?? whole('durationMs', 1);
    case 'isolate':
      return (
        host('node') ??
        (f.from === undefined || f.from === 'all' || f.from === 'store' ? null : 'from: all or store')
      );
    case 'partition': {
      const groups = f.groups as string[][];
      if (groups.length < 2) return 'groups: at least two groups';
      for (const [i, g] of groups.entries())
        for (const [j, id] of g.entries())
          if (!HOST_ID.test(id)) return `groups.${i}.${j}: a host id like "node-3" or "pg-1"`;
      return null;
    }
    case 'heal':
      return null;
    case 'cut-link':
    case 'restore-link':
      return host('a') ?? host('b');
    case 'delay-link':
      return host('a') ?? host('b') ?? whole('extraMs', 0);
    case 'clock-drift': {
      const rate = f.rate;
      return (
        host('node') ??
        (typeof rate === 'number' && rate >= 0.01 && rate <= 100 ? null : 'rate: a number from 0.01 to 100')
      );
    }
    default:
      return host('node');
  }
}

/** Reads `<atMs>,<kind>,<args>`; a string reason when it is not a valid intervention. */
export function faultFromText(raw: string): TimedFault | string {
  const shaped = faultShapeFromText(raw);
  if (typeof shaped === 'string') return shaped;
  return faultProblem(shaped.fault) ?? (shaped as TimedFault);
}

/** The text's shape (time, kind, argument count) as an unchecked fault object, or why it has none. */
export function faultShapeFromText(raw: string): { atMs: number; fault: Record<string, unknown> } | string {
  const parts = raw.trim().split(',');
  const [atRaw = '', kind = '', ...args] = parts;
  if (!/^\d+$/.test(atRaw) || !Number.isSafeInteger(Number(atRaw)))
    return `the time must be a whole number of ms, got "${atRaw.slice(0, 20)}"`;
  const shape = SHAPES[kind];
  if (shape === undefined) return `unknown kind "${kind.slice(0, 20)}"`;
  const want = shape === '' ? 0 : shape.split(',').length;
  const optional = kind === 'isolate' ? 1 : 0;
  if (args.length > want || args.length < want - optional)
    return `${kind} expects <ms>,${kind}${shape ? `,${shape}` : ''}`;
  const n = (s: string | undefined) => (s !== undefined && s.trim() !== '' ? Number(s) : Number.NaN);
  let fault: Record<string, unknown>;
  switch (kind) {
    case 'pause':
      fault = { kind, node: args[0], durationMs: n(args[1]) };
      break;
    case 'isolate':
      fault = args[1] === undefined ? { kind, node: args[0] } : { kind, node: args[0], from: args[1] };
      break;
    case 'partition':
      fault = { kind, groups: (args[0] ?? '').split('|').map((g) => g.split(';')) };
      break;
    case 'heal':
      fault = { kind };
      break;
    case 'cut-link':
    case 'restore-link':
      fault = { kind, a: args[0], b: args[1] };
      break;
    case 'delay-link':
      fault = { kind, a: args[0], b: args[1], extraMs: n(args[2]) };
      break;
    case 'clock-drift':
      fault = { kind, node: args[0], rate: n(args[1]) };
      break;
    default:
      fault = { kind, node: args[0] };
  }
  return { atMs: Number(atRaw), fault };
}

/** Interventions naming a host the run does not have: refused with a problem each. */
export function checkFaultHosts(
  faults: readonly TimedFault[],
  hosts: readonly string[],
): { faults: TimedFault[]; problems: LinkProblem[] } {
  const ok: TimedFault[] = [];
  const problems: LinkProblem[] = [];
  for (const tf of faults) {
    const f = tf.fault;
    const named =
      f.kind === 'partition' ? f.groups.flat() : f.kind === 'heal' ? [] : 'node' in f ? [f.node] : [f.a, f.b];
    const missing = named.find((h) => !hosts.includes(h));
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
