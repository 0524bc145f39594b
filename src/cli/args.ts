import { algorithmFor } from '../sim/nodes/registry.ts';
import { netParams, ParamError, type Params, parseParamValue } from '../sim/params.ts';
import type { Scenario } from '../sim/scenario/schema.ts';

export type Format = 'json' | 'text' | 'mermaid';

export interface CliArgs {
  scenario: Scenario;
  seed?: number;
  nodes?: number;
  params: Partial<Params>;
  format: Format;
  durationMs?: number;
  omitTypes: string[];
}

export class UsageError extends Error {}

export const usage = `usage: npm run -s sim -- <scenario-id> [--seed N] [--nodes N] [--set key=value]... [--duration MS] [--omit TYPE,...] [--format json|text|mermaid]`;

function int(flag: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined) throw new UsageError(`${flag} needs a value`);
  const v = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(v) || v < min || v > max)
    throw new UsageError(`${flag} expects a whole number from ${min} to ${max}, got "${raw}"`);
  return v;
}

/** Parses argv (without node and script). Throws UsageError with a one-line reason. */
export function parseArgs(argv: string[], scenarios: Scenario[]): CliArgs {
  const ids = scenarios.map((s) => s.id);
  let scenario: Scenario | undefined;
  const out: Omit<CliArgs, 'scenario'> = { params: {}, format: 'json', omitTypes: [] };
  const sets: Array<[string, string]> = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [flag, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--seed':
        out.seed = int('--seed', value(), 0, 2 ** 32 - 1);
        break;
      case '--nodes':
        out.nodes = int('--nodes', value(), 1, 200);
        break;
      case '--duration':
        out.durationMs = int('--duration', value(), 1, 7 * 24 * 3600 * 1000);
        break;
      case '--format': {
        const f = value();
        if (f !== 'json' && f !== 'text' && f !== 'mermaid')
          throw new UsageError(`--format expects json, text or mermaid, got "${f ?? ''}"`);
        out.format = f;
        break;
      }
      case '--omit':
        out.omitTypes.push(...(value() ?? '').split(',').filter(Boolean));
        break;
      case '--set': {
        const kv = value();
        const eq = kv?.indexOf('=') ?? -1;
        if (!kv || eq <= 0) throw new UsageError(`--set expects key=value, got "${kv ?? ''}"`);
        sets.push([kv.slice(0, eq), kv.slice(eq + 1)]);
        break;
      }
      default:
        if (a.startsWith('-')) throw new UsageError(`unknown option ${a}; ${usage}`);
        if (scenario) throw new UsageError(`one scenario at a time, got "${scenario.id}" and "${a}"`);
        scenario = scenarios.find((s) => s.id === a);
        if (!scenario) throw new UsageError(`unknown scenario "${a}" (known: ${ids.join(', ')})`);
    }
  }
  if (!scenario) throw new UsageError(`missing scenario id (${ids.join(', ')}); ${usage}`);
  const specs = { ...netParams, ...algorithmFor(scenario.algorithm).params };
  for (const [k, raw] of sets) {
    try {
      out.params[k] = parseParamValue(k, raw, specs[k]);
    } catch (e) {
      if (e instanceof ParamError)
        throw new UsageError(
          `--set ${k}: ${e.message}${specs[k] ? '' : ` (known: ${Object.keys(specs).join(', ')})`}`,
        );
      throw e;
    }
  }
  return { scenario, ...out };
}
