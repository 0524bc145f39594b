/**
 * Validates an imported trace (the UI's "import trace", a file someone else produced): the only way
 * a Trace enters the app from outside. `parseTrace(text)` returns a Trace or throws a
 * `TraceImportError` whose message says WHAT is wrong and WHERE (a JSON path like
 * `trace.events[12].t`); it never throws anything else.
 *
 * Checked, in order: size (before parsing), JSON syntax, hostile structure (prototype-pollution keys
 * `__proto__`/`constructor`/`prototype`, nesting deeper than any trace, numbers that JSON.parse turned
 * into Infinity or rounded past 2^53), the shape of every field (zod, strict: unknown keys are
 * refused), then the cross-field rules views rely on: events in time order and inside the run, send
 * ids unique, every deliver/drop naming an earlier send once, events naming known hosts, steps
 * pointing at existing events.
 */
import type { z } from 'zod';
import { DEFAULT_BUDGET } from '../budget.ts';
import { shapeHostPaths } from '../faults/shape.ts';
import { specOf } from '../faults/table.ts';
import { pastEndProblem, shown } from '../rules.ts';
import { eventKinds } from './events.ts';
import { emptyNodeState, foldState, type NodeState, StateFoldError } from './stateFold.ts';
import type { Trace } from './trace.ts';
import { traceSchema } from './traceSchema.ts';

export class TraceImportError extends Error {
  /** JSON path of the first problem (`trace` = the whole document). */
  readonly path: string;
  constructor(path: string, what: string) {
    super(`${path}: ${what}`);
    this.name = 'TraceImportError';
    this.path = path;
  }
}

/**
 * The trace format versions this lab reads (`version` in every trace; src/compat/README.md). A file
 * of any other version is refused before its contents are checked, with a message naming both.
 * 2: violations carry their facts as fields. A format 1 file is read as format 2 with text-only
 * violations (the views show their detail as written).
 */
export const TRACE_VERSIONS: readonly number[] = [1, 2];

/** 50 MiB: a 10-minute run of 200 Bully nodes is about 20 MB of JSON. */
export const MAX_TRACE_BYTES = 50 * 1024 * 1024;
/**
 * What the views can draw. The simulator's largest cluster is 200 nodes plus its infrastructure; a
 * cluster picture or sequence lane per host past a few hundred is unreadable, and a list of 150,000
 * hosts once overflowed the stack of the cluster layout.
 */
export const MAX_TRACE_HOSTS = 500;
/** A simulated run holds at most DEFAULT_BUDGET.events (src/sim/inputs.ts): an import holds no more. */
export const MAX_TRACE_EVENTS = DEFAULT_BUDGET.events;
/** The deepest trace path is trace.events[i].change.kv.value (depth 5); anything far deeper is hostile. */
const MAX_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// ------------------------------------------------------------------------------------- helpers

const pathOf = (segments: ReadonlyArray<PropertyKey>): string =>
  `trace${segments.map((p) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(String(p)) ? `.${String(p)}` : `[${JSON.stringify(String(p))}]`)).join('')}`;

/** A value as it appears in a message: short, on one line. */
function show(v: unknown): string {
  const s =
    typeof v === 'string'
      ? JSON.stringify(v)
      : typeof v === 'object' && v !== null
        ? Array.isArray(v)
          ? 'an array'
          : 'an object'
        : String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** UTF-8 size of a string, stopping as soon as it passes `limit`. */
function utf8BytesOver(text: string, limit: number): boolean {
  if (text.length > limit) return true; // every UTF-16 unit is at least one byte
  if (text.length * 3 <= limit) return false; // and at most three
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 2 : 3; // a surrogate pair = 4
    if (bytes > limit) return true;
  }
  return false;
}

/** Walks the parsed JSON without recursion: forbidden keys, depth, numbers JSON cannot carry safely. */
function checkStructure(root: unknown): void {
  const stack: Array<{ v: unknown; path: PropertyKey[] }> = [{ v: root, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop() as { v: unknown; path: PropertyKey[] };
    if (typeof v === 'number') {
      if (!Number.isFinite(v))
        throw new TraceImportError(
          pathOf(path),
          'a number too large to represent (it overflows to Infinity)',
        );
      if (Number.isInteger(v) && !Number.isSafeInteger(v))
        throw new TraceImportError(pathOf(path), `${v} is beyond 2^53 and cannot be kept exactly`);
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (path.length >= MAX_DEPTH)
      throw new TraceImportError(pathOf(path), `nested deeper than ${MAX_DEPTH} levels`);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
      continue;
    }
    const keys = Object.keys(v);
    for (const k of keys)
      if (FORBIDDEN_KEYS.has(k))
        throw new TraceImportError(
          pathOf([...path, k]),
          `the key "${k}" is not allowed (prototype pollution)`,
        );
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i] as string;
      stack.push({ v: (v as Record<string, unknown>)[k], path: [...path, k] });
    }
  }
}

const TYPE_NAMES: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  null: 'null',
};
const typeName = (t: string): string => TYPE_NAMES[t] ?? t;

function zodMessage(issue: z.core.$ZodIssue, input: unknown): string {
  const at = (segments: ReadonlyArray<PropertyKey>): unknown => {
    let cur: unknown = input;
    for (const p of segments) {
      if (cur === null || typeof cur !== 'object') return undefined;
      cur = (cur as Record<PropertyKey, unknown>)[p];
    }
    return cur;
  };
  const got = at(issue.path);
  const parent = at(issue.path.slice(0, -1));
  const key = issue.path[issue.path.length - 1];
  if (
    key !== undefined &&
    parent !== null &&
    typeof parent === 'object' &&
    !Object.hasOwn(parent, key as PropertyKey)
  )
    return `missing (expected ${
      issue.code === 'invalid_type'
        ? typeName(issue.expected)
        : issue.code === 'invalid_value'
          ? issue.values.map((v) => JSON.stringify(v)).join(' or ')
          : 'a value'
    })`;
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map(shown).join(', ')}`;
    case 'invalid_union': {
      if (issue.discriminator !== undefined && issue.errors.length === 0) {
        const known = 'options' in issue && issue.options ? ` (known: ${issue.options.join(', ')})` : '';
        return `unknown ${issue.discriminator} ${show(got)}${known}`;
      }
      // What each alternative wanted: "expected a whole number or null", "expected one of 200, 409, 503".
      const wants = new Set<string>();
      for (const branch of issue.errors) {
        const first = branch[0];
        if (first?.code === 'invalid_type') wants.add(typeName(first.expected));
        else if (first?.code === 'invalid_value') for (const v of first.values) wants.add(JSON.stringify(v));
      }
      return wants.size > 0
        ? `expected ${[...wants].join(' or ')}, got ${show(got)}`
        : `${show(got)} matches none of the allowed forms`;
    }
    case 'invalid_type':
      return `expected ${typeName(issue.expected)}, got ${show(got)}`;
    default:
      return `${issue.message}${got === undefined || typeof got === 'object' ? '' : `, got ${show(got)}`}`;
  }
}

// ------------------------------------------------------------------------------------- cross-field rules

function checkSemantics(tr: Trace): void {
  const hosts = new Set<string>();
  tr.hosts.forEach((h, i) => {
    if (hosts.has(h.id)) throw new TraceImportError(`trace.hosts[${i}].id`, `host "${h.id}" is listed twice`);
    hosts.add(h.id);
  });
  const known = (path: string, id: string) => {
    if (!hosts.has(id)) throw new TraceImportError(path, `unknown host "${id}" (not in trace.hosts)`);
  };
  const faultHosts = (path: string, f: Trace['interventions'][number]['fault']) => {
    for (const [at, id] of shapeHostPaths(specOf(f).fields, f)) known(`${path}${at}`, id);
  };
  const states = new Map<string, NodeState>();
  tr.interventions.forEach((tf, i) => {
    faultHosts(`trace.interventions[${i}].fault`, tf.fault);
    const past = pastEndProblem(tf.atMs, tr.durationMs);
    if (past) throw new TraceImportError(`trace.interventions[${i}].atMs`, past);
  });

  const sends = new Map<number, number>(); // id -> t
  const settled = new Set<number>();
  let prevT = 0;
  tr.events.forEach((e, i) => {
    const p = `trace.events[${i}]`;
    if (e.t < prevT)
      throw new TraceImportError(`${p}.t`, `events out of time order: ${e.t} ms after ${prevT} ms`);
    if (e.t > tr.durationMs)
      throw new TraceImportError(
        `${p}.t`,
        `${e.t} ms is after the end of the run (durationMs ${tr.durationMs})`,
      );
    prevT = e.t;
    switch (e.k) {
      case 'send':
        if (sends.has(e.id)) throw new TraceImportError(`${p}.id`, `send id ${e.id} is used twice`);
        if (e.deliverAt < e.t)
          throw new TraceImportError(
            `${p}.deliverAt`,
            `delivery at ${e.deliverAt} ms before the send at ${e.t} ms`,
          );
        known(`${p}.from`, e.from);
        known(`${p}.to`, e.to);
        sends.set(e.id, e.t);
        break;
      case 'deliver':
      case 'drop':
        if (!sends.has(e.id))
          throw new TraceImportError(`${p}.id`, `${e.k} of message ${e.id}, which was never sent before`);
        if (settled.has(e.id))
          throw new TraceImportError(`${p}.id`, `message ${e.id} is delivered or dropped twice`);
        settled.add(e.id);
        break;
      case 'role':
      case 'mark':
        known(`${p}.node`, e.node);
        break;
      case 'state': {
        known(`${p}.node`, e.node);
        // A name number must refer to one this node's actor has written (events.ts StateName).
        if (!e.init && !states.has(e.node))
          throw new TraceImportError(
            p,
            `the first state event of ${e.node} must start its record ("init": true)`,
          );
        try {
          states.set(e.node, foldState(states.get(e.node) ?? emptyNodeState(), e));
        } catch (err) {
          if (err instanceof StateFoldError) throw new TraceImportError(`${p}.${err.field}`, err.message);
          throw err;
        }
        break;
      }
      case 'write':
        known(`${p}.node`, e.node);
        known(`${p}.resource`, e.resource);
        break;
      case 'fault':
        faultHosts(`${p}.fault`, e.fault);
        break;
    }
  });
  tr.steps.forEach((s, i) => {
    if (s.eventIndex >= tr.events.length)
      throw new TraceImportError(
        `trace.steps[${i}].eventIndex`,
        `event ${s.eventIndex} does not exist (${tr.events.length} events)`,
      );
  });
}

/**
 * The format version, first: a trace of another version may have fields and event kinds this lab
 * does not know, so it is named as what it is rather than as the first field that looks wrong.
 */
function checkVersion(data: object): void {
  const reads = TRACE_VERSIONS.join(' or ');
  if (!Object.hasOwn(data, 'version'))
    throw new TraceImportError('trace.version', `missing (expected ${reads})`);
  const v = (data as { version: unknown }).version;
  if (typeof v === 'number' && TRACE_VERSIONS.includes(v)) return;
  const found = show(v);
  const newer =
    typeof v === 'number' && v > (TRACE_VERSIONS.at(-1) ?? 0)
      ? '; the file may come from a newer Leader Election Lab'
      : '';
  throw new TraceImportError(
    'trace.version',
    `Invalid input: expected ${reads}, got ${found}: this lab reads trace format version ${reads}, not ${found}${newer}`,
  );
}

// ------------------------------------------------------------------------------------- entry point

export interface ParseTraceOptions {
  /** Size limit in UTF-8 bytes (default MAX_TRACE_BYTES). */
  maxBytes?: number;
}

/** Parses and validates trace JSON. Throws only TraceImportError. */
export function parseTrace(text: string, opts: ParseTraceOptions = {}): Trace {
  return traceFromData(readTraceJson(text, opts));
}

/**
 * A file's text as JSON, within the size limit (a BOM dropped), before anything reads what it is:
 * Import tells a story file from a trace by the data, parsed once. Throws only TraceImportError.
 */
export function readTraceJson(text: string, opts: ParseTraceOptions = {}): unknown {
  return guarded(() => {
    if (typeof text !== 'string')
      throw new TraceImportError('trace', `expected the file's text, got ${typeof text}`);
    const limit = opts.maxBytes ?? MAX_TRACE_BYTES;
    if (utf8BytesOver(text, limit))
      throw new TraceImportError(
        'trace',
        `the file is larger than ${(limit / 1024 / 1024).toFixed(limit < 1024 * 1024 ? 3 : 0)} MB; traces that big are not imported`,
      );
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    if (body.trim() === '') throw new TraceImportError('trace', 'the file is empty');
    try {
      return JSON.parse(body) as unknown;
    } catch (e) {
      const why = e instanceof Error ? e.message.split('\n')[0] : 'syntax error';
      throw new TraceImportError('trace', `not valid JSON (truncated or corrupted?): ${why}`);
    }
  });
}

/** Validates parsed trace JSON (readTraceJson's result). Throws only TraceImportError. */
export function traceFromData(data: unknown): Trace {
  return guarded(() => {
    checkStructure(data);
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      throw new TraceImportError('trace', `expected a trace object, got ${show(data)}`);
    checkVersion(data);
    const events = (data as { events?: unknown }).events;
    const hosts = (data as { hosts?: unknown }).hosts;
    if (Array.isArray(hosts) && hosts.length > MAX_TRACE_HOSTS)
      throw new TraceImportError(
        'trace.hosts',
        `${hosts.length.toLocaleString('en-US')} hosts: the views draw at most ${MAX_TRACE_HOSTS}`,
      );
    if (Array.isArray(events) && events.length > MAX_TRACE_EVENTS)
      throw new TraceImportError(
        'trace.events',
        `${events.length.toLocaleString('en-US')} events: a run holds at most ${MAX_TRACE_EVENTS.toLocaleString('en-US')}`,
      );
    if (Array.isArray(events))
      events.forEach((e, i) => {
        const k =
          e !== null && typeof e === 'object' && !Array.isArray(e) ? (e as { k?: unknown }).k : undefined;
        if (typeof k !== 'string' || !(eventKinds as readonly string[]).includes(k))
          throw new TraceImportError(
            `trace.events[${i}]${k === undefined ? '' : '.k'}`,
            k === undefined
              ? `expected an event with a kind "k", got ${show(e)}`
              : `unknown event kind ${show(k)} (known: ${eventKinds.join(', ')})`,
          );
      });
    const r = traceSchema.safeParse(data);
    if (!r.success) {
      const issue = r.error.issues[0] as z.core.$ZodIssue;
      throw new TraceImportError(pathOf(issue.path), zodMessage(issue, data));
    }
    const trace = { ...(r.data as Omit<Trace, 'version'>), version: 2 } as Trace;
    checkSemantics(trace);
    return trace;
  });
}

function guarded<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof TraceImportError) throw e;
    // Nothing else may escape (a stack overflow or out-of-memory deep inside a library, say).
    throw new TraceImportError(
      'trace',
      `could not be read: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
    );
  }
}
