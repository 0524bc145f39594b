/**
 * Test-only: run an operation script against a backend (the EtcdStore model with a virtual clock, or a
 * real etcd through its JSON gateway) and normalise every answer so the two can be compared:
 * revisions become deltas from the revision at the script's start, lease ids become the alias of the
 * grant step (`lease:A`), lease ids embedded in keys as hex (Election.Campaign style) become `{A}`.
 */
import { prefixEnd } from '../../sim/store/order.ts';
import {
  type Backend,
  BackendError,
  type RawCompare,
  type RawKv,
  type RawOp,
  type WatchStream,
} from './backend.ts';
import type { Script, ScriptCompare, ScriptOp, Step } from './steps.ts';

// ------------------------------------------------------------------ script execution

let explicitIdCounter = 0x5ca1_0000;

export interface StepResult {
  step: Step;
  result: unknown;
}

export interface RunOutcome {
  results: StepResult[];
  /** Every lease id granted (for cleanup on a shared server). */
  leaseIds: string[];
}

/**
 * Run a script and return the normalised result of every step. Errors of a step are results
 * ({ error, code }), not failures; anything else thrown (network, bug) propagates.
 */
export async function runScript(script: Script, backend: Backend): Promise<RunOutcome> {
  const aliases = new Map<string, string>(); // alias -> lease id (decimal string)
  const watches = new Map<string, WatchStream>();
  try {
    return await runSteps(script, backend, aliases, watches);
  } finally {
    for (const w of watches.values()) await w.cancel();
  }
}

async function runSteps(
  script: Script,
  backend: Backend,
  aliases: Map<string, string>,
  watches: Map<string, WatchStream>,
): Promise<RunOutcome> {
  const base = await backend.revision();

  const leaseId = (ref: string | { id: number } | undefined): string | undefined => {
    if (ref === undefined) return undefined;
    if (typeof ref !== 'string') return String(ref.id);
    const id = aliases.get(ref);
    if (id === undefined) throw new Error(`script ${script.name}: lease alias ${ref} used before its grant`);
    return id;
  };
  const hex = (id: string) => BigInt(id).toString(16);
  /** `{A}` in a key -> hex id of lease A (as concurrency.Election.Campaign names its key). */
  const key = (k: string) => k.replace(/\{(\w+)\}/g, (_, a: string) => hex(leaseId(a) ?? '0'));
  const span = (r: { key: string; rangeEnd?: string; prefix?: boolean }) => ({
    key: key(r.key),
    rangeEnd: r.prefix ? prefixEnd(key(r.key)) : r.rangeEnd === undefined ? undefined : key(r.rangeEnd),
  });

  // Normalisation of answers.
  const rev = (r: number) => r - base;
  const leaseName = (id: string | number) => {
    const s = String(id);
    if (s === '0') return 0;
    for (const [alias, v] of aliases) if (v === s) return `lease:${alias}`;
    return `lease:#${s}`;
  };
  const unkey = (k: string) => {
    let out = k;
    for (const [alias, v] of aliases) out = out.split(hex(v)).join(`{${alias}}`);
    return out;
  };
  const nkv = (kv: RawKv) => ({
    key: unkey(kv.key),
    value: kv.value,
    createRevision: rev(kv.createRevision),
    modRevision: rev(kv.modRevision),
    version: kv.version,
    lease: leaseName(kv.lease),
  });

  const rawOp = (o: ScriptOp): RawOp => {
    if ('put' in o) {
      const lease = leaseId(o.put.lease);
      return { put: { key: key(o.put.key), value: o.put.value, ...(lease === undefined ? {} : { lease }) } };
    }
    if ('range' in o) return { range: span(o.range) };
    return { deleteRange: span(o.deleteRange) };
  };
  const rawCompare = (c: ScriptCompare): RawCompare => {
    const v = c.value;
    const value =
      typeof v === 'string'
        ? v
        : typeof v === 'number'
          ? String(v)
          : 'rel' in v
            ? String(base + v.rel)
            : (leaseId(v.lease) ?? '0');
    return {
      key: key(c.key),
      ...(c.rangeEnd === undefined ? {} : { rangeEnd: key(c.rangeEnd) }),
      target: c.target,
      result: c.result,
      value,
    };
  };

  const exec = async (step: Step): Promise<unknown> => {
    switch (step.op) {
      case 'grant': {
        let id: string | undefined;
        if (step.explicitId === true) id = String(explicitIdCounter++);
        else if (typeof step.explicitId === 'string') id = leaseId(step.explicitId);
        const r = await backend.grant(step.ttl, id);
        if (!aliases.has(step.as)) aliases.set(step.as, r.id);
        return { id: leaseName(r.id), ttl: r.ttl };
      }
      case 'keepalive': {
        const r = await backend.keepAlive(leaseId(step.lease) ?? '0');
        return { id: leaseName(r.id), ttl: r.ttl };
      }
      case 'revoke':
        return { revision: rev((await backend.revoke(leaseId(step.lease) ?? '0')).revision) };
      case 'timetolive': {
        const r = await backend.timeToLive(leaseId(step.lease) ?? '0', step.keys ?? false);
        // etcd lists a lease's keys in map order: sort them.
        return { id: leaseName(r.id), ttl: r.ttl, grantedTtl: r.grantedTtl, keys: r.keys.map(unkey).sort() };
      }
      case 'put':
        return {
          revision: rev((await backend.put(key(step.key), step.value, leaseId(step.lease))).revision),
        };
      case 'range': {
        const s = span(step);
        const r = await backend.range(s.key, s.rangeEnd);
        return { revision: rev(r.revision), count: r.count, kvs: r.kvs.map(nkv) };
      }
      case 'delete': {
        const s = span(step);
        const r = await backend.deleteRange(s.key, s.rangeEnd);
        return { revision: rev(r.revision), deleted: r.deleted };
      }
      case 'txn': {
        const r = await backend.txn(
          step.compare.map(rawCompare),
          step.success.map(rawOp),
          step.failure.map(rawOp),
        );
        return {
          succeeded: r.succeeded,
          revision: rev(r.revision),
          responses: r.responses.map((x) => {
            if ('put' in x) return { put: { revision: rev(x.put.revision) } };
            if ('range' in x) return { range: { count: x.range.count, kvs: x.range.kvs.map(nkv) } };
            return x;
          }),
        };
      }
      case 'wait':
        await backend.wait(step.ms);
        return { waited: step.ms };
      case 'watch': {
        const s = span(step);
        const start = step.startRevision === undefined ? undefined : base + step.startRevision.rel;
        watches.set(step.as, await backend.watch(s.key, s.rangeEnd, start));
        return { created: true };
      }
      case 'events': {
        const w = watches.get(step.watch);
        if (w === undefined) throw new Error(`script ${script.name}: watch ${step.watch} used before it`);
        const evs = await w.take(step.count, 5000);
        // A tombstone has no create revision (0 stays 0).
        const rel = (r: number) => (r === 0 ? 0 : rev(r));
        return evs.map((e) => ({
          type: e.type,
          key: unkey(e.kv.key),
          value: e.kv.value,
          createRevision: rel(e.kv.createRevision),
          modRevision: rel(e.kv.modRevision),
          version: e.kv.version,
          lease: leaseName(e.kv.lease),
        }));
      }
      case 'unwatch': {
        // Kept in the map: a later `events` of it must read nothing.
        await watches.get(step.watch)?.cancel();
        return { canceled: true };
      }
    }
  };

  const results: StepResult[] = [];
  for (const step of script.steps) {
    let result: unknown;
    try {
      result = await exec(step);
    } catch (e) {
      if (!(e instanceof BackendError)) throw e;
      result = { error: e.message, code: e.code };
    }
    results.push({ step, result });
  }
  return { results, leaseIds: [...aliases.values()] };
}

// ------------------------------------------------------------------ comparison and diff

function paths(a: unknown, b: unknown, at: string, out: string[]): void {
  if (Object.is(a, b)) return;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    if (Array.isArray(a) !== Array.isArray(b)) {
      out.push(`${at || '(root)'}: model ${JSON.stringify(a)}, etcd ${JSON.stringify(b)}`);
      return;
    }
    const ka = Object.keys(a as object);
    const kb = Object.keys(b as object);
    for (const k of new Set([...ka, ...kb])) {
      const p = Array.isArray(a) ? `${at}[${k}]` : at ? `${at}.${k}` : k;
      paths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], p, out);
    }
    return;
  }
  out.push(`${at || '(root)'}: model ${JSON.stringify(a)}, etcd ${JSON.stringify(b)}`);
}

/** Where two normalised answers differ, as "path: model X, etcd Y" lines. */
export function diffPaths(model: unknown, etcd: unknown): string[] {
  const out: string[] = [];
  paths(model, etcd, '', out);
  return out;
}

const show = (v: unknown) => (JSON.stringify(v) ?? 'undefined').replaceAll('\\u0000', '\\0');

/** A readable report of every step whose answers differ, or undefined if they all agree. */
export function conformanceReport(
  script: Script,
  model: StepResult[],
  etcd: StepResult[],
): string | undefined {
  const lines: string[] = [];
  let bad = 0;
  for (let i = 0; i < Math.max(model.length, etcd.length); i++) {
    const m = model[i]?.result;
    const e = etcd[i]?.result;
    const diffs = diffPaths(m, e);
    if (diffs.length === 0) continue;
    bad++;
    if (bad > 6) continue;
    lines.push(
      `  step ${i} ${show(script.steps[i])}`,
      `    model: ${show(m)}`,
      `    etcd:  ${show(e)}`,
      ...diffs.map((d) => `    - ${d}`),
    );
  }
  if (bad === 0) return undefined;
  return [
    `etcd conformance mismatch in script "${script.name}" (${script.description}):`,
    `${bad} of ${script.steps.length} steps differ${bad > 6 ? ' (first 6 shown)' : ''}`,
    ...lines,
  ].join('\n');
}
