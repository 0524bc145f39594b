/**
 * The embed API: the postMessage protocol between an embedded player (`?embed=1` in an iframe) and
 * its host page. Pure: validation and message building only; bridge.ts wires it to window.parent.
 *
 * In (host -> player):  { source: 'leader-election-lab', v: 1, type, step?, scenario? }
 *   play | pause | get-state;  seek { step: 1-based narration step };  select { scenario: id }
 * Out (player -> host): { source: 'leader-election-lab', v: 1, type, scenario, step, stepCount, t,
 *   playing, error? }   ready | step | ended | state | error   (step 0 = before the first step)
 *
 * Messages are plain data from another page: nothing is trusted. Anything that is not a plain
 * object with exactly these keys and types is refused with a reason; nothing is ever evaluated,
 * rendered as HTML or merged into an object.
 */
import { shown, unknownKeyProblem } from '../sim/rules.ts';

export const SOURCE = 'leader-election-lab';
export const VERSION = 1;

export type CommandType = 'play' | 'pause' | 'seek' | 'select' | 'get-state';
export const COMMAND_TYPES: readonly CommandType[] = ['play', 'pause', 'seek', 'select', 'get-state'];

export type Command =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'get-state' }
  | { type: 'seek'; step: number }
  | { type: 'select'; scenario: string };

export type EventType = 'ready' | 'step' | 'ended' | 'state' | 'error';

export interface PlayerEvent {
  source: typeof SOURCE;
  v: typeof VERSION;
  type: EventType;
  scenario: string;
  /** 1-based narration step on screen, 0 before the first. */
  step: number;
  stepCount: number;
  /** Cursor, virtual ms (whole). */
  t: number;
  playing: boolean;
  error?: string;
}

/** What the validator needs to know about the player right now. */
export interface CommandContext {
  stepCount: number;
  scenarioIds: readonly string[];
  /** Allowed steps (1-based, inclusive) when the embed has a start/end range. */
  range?: { first: number; last: number };
}

export type Parsed =
  /** Not addressed to us (another library's message): ignored without a reply. */
  { kind: 'foreign' } | { kind: 'ok'; command: Command } | { kind: 'invalid'; error: string };

const ALLOWED_KEYS: readonly string[] = ['source', 'v', 'type', 'step', 'scenario'];
/** Keys that would reach an object's prototype if code ever merged the message. */
const POLLUTING = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_ID = 64;

/** A plain object made by JSON or a literal (structured clone gives exactly these), not an array. */
function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

const show = (x: unknown): string => {
  if (typeof x === 'string') return shown(x);
  if (typeof x === 'number' || typeof x === 'boolean' || x === null || x === undefined) return String(x);
  return Array.isArray(x) ? 'an array' : `a ${typeof x}`;
};

/** Validates one incoming message. Never throws, whatever `data` is. */
export function parseCommand(data: unknown, ctx: CommandContext): Parsed {
  try {
    if (!isPlainObject(data)) return { kind: 'foreign' };
    // Own keys only (getOwnPropertyNames sees `__proto__` set as an own key by JSON.parse).
    const keys = Object.getOwnPropertyNames(data);
    if (!keys.includes('source') || Object.getOwnPropertyDescriptor(data, 'source')?.value !== SOURCE)
      return { kind: 'foreign' };
    const polluting = keys.find((k) => POLLUTING.has(k));
    if (polluting !== undefined) return { kind: 'invalid', error: `forbidden key "${polluting}"` };
    // The rule every input shares (src/sim/rules.ts): an unknown key is refused, never dropped.
    const unknown = unknownKeyProblem(data, ALLOWED_KEYS);
    if (unknown !== null) return { kind: 'invalid', error: unknown };
    // Data properties only: an accessor would run code on read.
    for (const k of keys) {
      const d = Object.getOwnPropertyDescriptor(data, k);
      if (!d || !('value' in d)) return { kind: 'invalid', error: `key "${k}" is not a plain value` };
    }
    const v = data.v;
    if (v !== VERSION) return { kind: 'invalid', error: `v must be ${VERSION}, got ${show(v)}` };
    const type = data.type;
    if (typeof type !== 'string' || !(COMMAND_TYPES as readonly string[]).includes(type))
      return { kind: 'invalid', error: `type must be one of ${COMMAND_TYPES.join(', ')}, got ${show(type)}` };
    const hasStep = keys.includes('step');
    const hasScenario = keys.includes('scenario');
    switch (type as CommandType) {
      case 'play':
      case 'pause':
      case 'get-state':
        if (hasStep || hasScenario)
          return { kind: 'invalid', error: `${type} takes no ${hasStep ? 'step' : 'scenario'}` };
        return { kind: 'ok', command: { type: type as 'play' | 'pause' | 'get-state' } };
      case 'seek': {
        if (hasScenario) return { kind: 'invalid', error: 'seek takes no scenario' };
        const step = data.step;
        const first = ctx.range?.first ?? 1;
        const last = ctx.range?.last ?? ctx.stepCount;
        if (typeof step !== 'number' || !Number.isInteger(step) || step < first || step > last)
          return {
            kind: 'invalid',
            error: `seek needs step: a whole number from ${first} to ${last}, got ${show(step)}`,
          };
        return { kind: 'ok', command: { type: 'seek', step } };
      }
      case 'select': {
        if (hasStep) return { kind: 'invalid', error: 'select takes no step' };
        const scenario = data.scenario;
        if (typeof scenario !== 'string' || scenario.length > MAX_ID || !ctx.scenarioIds.includes(scenario))
          return {
            kind: 'invalid',
            error: `select needs scenario: one of ${ctx.scenarioIds.join(', ')}, got ${show(scenario)}`,
          };
        return { kind: 'ok', command: { type: 'select', scenario } };
      }
    }
  } catch {
    // A revoked Proxy or similar cannot come through postMessage; refuse anything that throws anyway.
  }
  return { kind: 'invalid', error: 'unreadable message' };
}

export interface PlayerSnapshot {
  scenarioId: string;
  stepIndex: number;
  stepCount: number;
  t: number;
  playing: boolean;
}

/** An outgoing message (a fresh plain object: safe to structured-clone). */
export function eventOf(type: EventType, s: PlayerSnapshot, error?: string): PlayerEvent {
  return {
    source: SOURCE,
    v: VERSION,
    type,
    scenario: s.scenarioId,
    step: s.stepIndex + 1,
    stepCount: s.stepCount,
    t: Math.round(s.t),
    playing: s.playing,
    ...(error !== undefined ? { error } : {}),
  };
}
