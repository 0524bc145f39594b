import { z } from 'zod';
import { algorithmIds, algorithms } from '../algorithms/registry.ts';
import { type Field, HOST_ID, HOST_ID_RULE } from '../faults/shape.ts';
import { FAULT_KINDS, FAULTS, type Fault } from '../faults/table.ts';
import { netParams } from '../params.ts';
import { hostInTwoGroups, pastEndProblem } from '../rules.ts';
import { DISPLAY_ROLES, eventKinds, ROLES, VIOLATION_KINDS } from '../trace/events.ts';
import { type AlgorithmId, ScenarioError, type ScenarioGroup, scenarioGroups } from './ids.ts';

export { type AlgorithmId, algorithmIds, ScenarioError, type ScenarioGroup, scenarioGroups };

/** The schema every file in scenarios/ must satisfy. Errors name the path and the rule broken. */

const nodeId = z.string().regex(HOST_ID, HOST_ID_RULE);
const ms = z.number().int().min(0);

/** A field of a fault kind's shape (faults/shape.ts) as zod. */
function zodField(f: Field): z.ZodType {
  switch (f.type) {
    case 'host':
      return nodeId;
    case 'ms':
      return f.min > 0 ? ms.min(f.min) : ms;
    case 'number':
      return z.number().min(f.min).max(f.max);
    case 'choice':
      return z.enum(f.values as [string, ...string[]]).optional();
    case 'groups':
      return z
        .array(z.array(nodeId).min(1))
        .min(2)
        .superRefine((gs, ctx) => {
          const twice = hostInTwoGroups(gs);
          if (twice)
            ctx.addIssue({ code: 'custom', path: [twice.group, twice.index], message: twice.problem });
        });
  }
}

/**
 * Every fault kind of the table, as zod (the Fault type is the table's own). Strict: a key the kind
 * does not have is refused, never dropped (src/sim/rules.ts).
 */
export const faultSchema = z.discriminatedUnion(
  'kind',
  FAULT_KINDS.map((kind) =>
    z.strictObject({
      kind: z.literal(kind),
      ...Object.fromEntries(Object.entries(FAULTS[kind].fields).map(([k, f]) => [k, zodField(f)])),
    }),
  ) as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<Fault, Fault>;

export const timedFaultSchema = z.object({ atMs: ms, fault: faultSchema });

/** A schedule (kernel/choices.ts): the values of the run's draws in order, and the faults it chose. */
export const choicesSchema = z.strictObject({
  version: z.literal(1),
  draws: z.array(z.number().finite()).max(1_000_000),
  faults: z.array(timedFaultSchema).optional(),
});

/** Which trace event a narration step is anchored to (the first match after the previous step). */
export const anchorSchema = z.object({
  k: z.enum(['start', ...eventKinds, 'end']),
  node: nodeId.optional(),
  from: nodeId.optional(),
  to: nodeId.optional(),
  role: z.enum(ROLES).optional(),
  /** Message type (send/deliver), fault kind, mark name, store change kind or violation kind. */
  type: z.string().optional(),
  status: z.enum(['accepted', 'rejected']).optional(),
  /** Take the n-th match (1-based). */
  nth: z.number().int().min(1).optional(),
  /** Shift the step's time after the event (e.g. to let a message land). */
  offsetMs: z.number().int().optional(),
});

/**
 * What a step's caption claims the picture shows at that step (src/sim/trace/shows.ts checks it
 * against the frame the player draws there): the drawn role of each node the caption names, a
 * node's drawn token (null: none drawn), a message on its way, the holder a key names, an alarm
 * raised, the latest write to a resource. Only what the caption says goes here.
 */
export const showsSchema = z
  .object({
    // Values may be left out, so story files can share one literal shape across steps.
    roles: z.record(z.string().regex(HOST_ID, HOST_ID_RULE), z.enum(DISPLAY_ROLES).optional()),
    tokens: z.record(z.string().regex(HOST_ID, HOST_ID_RULE), z.number().int().nullable().optional()),
    message: z.object({ type: z.string(), from: nodeId.optional(), to: nodeId.optional() }),
    holder: z.object({ key: z.string(), node: nodeId.nullable() }),
    alarm: z.string(),
    /** The member that leads a store group (storeMembers 3 or 5), or null: none does. */
    storeLeader: z.string().nullable(),
    write: z.object({
      node: nodeId,
      status: z.enum(['accepted', 'rejected']),
      token: z.number().int().optional(),
    }),
  })
  .partial()
  .strict();

/** How a free-play scenario looks with each algorithm: cluster size, pace and ADR sections. */
const variantSchema = z.object({
  nodes: z.number().int().min(1).max(200),
  timeScale: z.number().positive(),
  adr: z.array(z.string()),
});

const stepsSchema = z
  .array(
    z.object({
      id: z.string().regex(/^[a-z0-9-]+$/, 'a step id like "node-1-crashes"'),
      anchor: anchorSchema,
      /** English caption; {node} {token} {term} {type} {from} {to} {t} and {param} are filled in. */
      caption: z.string().min(1),
      /** What the caption claims the picture shows at this step (showsSchema). */
      shows: showsSchema.optional(),
      /**
       * Told only if an earlier step of the story was told (`told: true`) or was not (`told: false`):
       * a closing line that says what happened in this run, whichever way a knob turned it.
       */
      when: z.object({ step: z.string(), told: z.boolean() }).optional(),
    }),
  )
  .min(1)
  .superRefine((steps, ctx) => {
    steps.forEach((s, i) => {
      if (s.when && !steps.slice(0, i).some((p) => p.id === s.when?.step))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'when', 'step'],
          message: `"${s.when.step}" is not an earlier step of the story`,
        });
    });
  });

const expectSchema = z.object({
  finalLeader: z.union([nodeId, z.null()]).optional(),
  leadersInOrder: z.array(nodeId).optional(),
  tokens: z.array(z.number().int()).optional(),
  rejectedWrites: z.array(z.object({ node: nodeId, token: z.number().int() })).optional(),
  violations: z.array(z.string()).optional(),
  noViolations: z.array(z.string()).optional(),
});

const knobValue = z.union([z.number(), z.boolean()]);

/**
 * A challenge ("try to break it", src/sim/challenge): the story's run with its scripted faults off, the
 * named knobs locked so the student cannot just switch the defence off, a goal that one of the
 * simulator's checkers decides (a violation kind), a budget of faults the student may inject, and what
 * "the fix" is: the story's own `fix` block, or knobs. Repairs (restart, resume, heal, rejoin,
 * restore-link) undo a fault and are not counted.
 */
export const challengeSchema = z.strictObject({
  /** Knobs the student may not change (at the start's values). */
  lockedKnobs: z.array(z.string().min(1)).max(40),
  /** The violation kind whose checker decides the goal (src/sim/check, an algorithm's checkers). */
  goal: z.enum(VIOLATION_KINDS),
  budget: z.strictObject({
    /** At most this many faults of each kind; a kind not named may not be used. */
    faults: z.partialRecord(z.enum(FAULT_KINDS), z.number().int().min(0).max(20)),
    /** At most this many faults in all. */
    total: z.number().int().min(1).max(20),
  }),
  /** The fix: the story's `fix` block, or knobs set to these values. */
  fix: z.union([z.literal('fix-block'), z.record(z.string(), knobValue)]),
  /** The start's knobs over the story's own (a story told with its defence on starts with it off). */
  params: z.record(z.string(), knobValue).optional(),
});
export type Challenge = z.infer<typeof challengeSchema>;

/** A run's seed: an unsigned 32-bit integer. */
export const seedSchema = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1);
/** At most a week of virtual time: longer runs are a benchmark's job, not a scenario's. */
export const durationSchema = ms.min(1).max(7 * 24 * 3600 * 1000);

const scenarioObject = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a lowercase id like "etcd-lease"'),
  title: z.string().min(1),
  summary: z.string().min(1),
  algorithm: z.enum(algorithmIds),
  nodes: z.number().int().min(1).max(200),
  seed: seedSchema,
  durationMs: durationSchema,
  /** Virtual ms per wall-clock ms at speed 1x, chosen so the story is watchable. */
  timeScale: z.number().positive(),
  params: z.record(z.string(), z.union([z.number(), z.boolean()])),
  faults: z.array(timedFaultSchema),
  steps: stepsSchema,
  /** ADR-001 sections this scenario demonstrates (ids from the ADR panel). */
  adr: z.array(z.string()),
  /**
   * A free-play scenario (the sandbox): no script, any algorithm. The player swaps `algorithm`,
   * `nodes`, `timeScale` and `adr` for the chosen variant (src/sim/scenario/sandbox.ts).
   */
  freePlay: z.record(z.enum(algorithmIds), variantSchema).optional(),
  expect: expectSchema,
  /**
   * A story file's own texts in other languages (storyFile.ts): `title`, `summary` and `step.<id>` by
   * language. Read before the catalogs, so a file never takes a built-in story's translations.
   */
  texts: z.record(z.enum(['en', 'pt', 'ru']), z.record(z.string(), z.string())).optional(),
  /** A schedule that replaces the seed's draws (kernel/choices.ts): the explorer's counterexamples carry one. */
  choices: choicesSchema.optional(),
  /** The catalogue group (default: `stories`, or `sandbox` for a free-play scenario). */
  group: z.enum(scenarioGroups).optional(),
  /** One line for the catalogue card: what the story shows. */
  tagline: z.string().min(1).optional(),
  /**
   * What the story's Compare turns first: one of its knobs and, when the usual try (a switch flipped,
   * a number doubled) is not the story's point, the value beside it (shards=1, a 60 s deadline).
   */
  compare: z
    .object({ knob: z.string().min(1), value: z.union([z.number(), z.boolean()]).optional() })
    .optional(),
  /**
   * A pitfall story's `fix` knob (scenario/fix.ts): what `--set fix=on` changes. Named knobs of the
   * algorithm it runs with the fix, and where the story needs it the algorithm, the node count, the
   * faults (say so in a caption), the script and what the tests expect of the fixed run.
   */
  fix: z
    .object({
      params: z.record(z.string(), z.union([z.number(), z.boolean()])).optional(),
      algorithm: z.enum(algorithmIds).optional(),
      nodes: z.number().int().min(1).max(200).optional(),
      faults: z.array(timedFaultSchema).optional(),
      steps: stepsSchema.optional(),
      expect: expectSchema.optional(),
    })
    .optional(),
  /** "Try to break it" (challengeSchema). */
  challenge: challengeSchema.optional(),
});

/** A scripted fault after the run's end would never happen (src/sim/rules.ts). */
export const scenarioSchema = scenarioObject.superRefine((s, ctx) => {
  const check = (faults: readonly TimedFault[] | undefined, path: PropertyKey[]) =>
    faults?.forEach((tf, i) => {
      const past = pastEndProblem(tf.atMs, s.durationMs);
      if (past) ctx.addIssue({ code: 'custom', path: [...path, i, 'atMs'], message: past });
    });
  check(s.faults, ['faults']);
  check(s.fix?.faults, ['fix', 'faults']);
  const c = s.challenge;
  if (c) for (const issue of challengeProblems(c, s)) ctx.addIssue({ code: 'custom', ...issue });
});

/** What is wrong in a challenge beside its shape: knobs its algorithm has not, a fix it has not, a budget that allows nothing. */
function challengeProblems(
  c: Challenge,
  s: { algorithm: string; fix?: { params?: Record<string, unknown>; algorithm?: string } | undefined },
): { path: PropertyKey[]; message: string }[] {
  const out: { path: PropertyKey[]; message: string }[] = [];
  const knobsOf = (alg: string) => [
    ...Object.keys(netParams),
    ...Object.keys(algorithms[alg as keyof typeof algorithms]?.params ?? {}),
  ];
  const known = knobsOf(s.algorithm);
  const unknown = (k: string, path: PropertyKey[]) =>
    out.push({ path, message: `"${k}" is not a knob of ${s.algorithm} (knobs: ${known.join(', ')})` });
  c.lockedKnobs.forEach((k, i) => {
    if (!known.includes(k)) unknown(k, ['challenge', 'lockedKnobs', i]);
  });
  for (const k of Object.keys(c.params ?? {})) if (!known.includes(k)) unknown(k, ['challenge', 'params', k]);
  if (c.fix === 'fix-block') {
    if (!s.fix)
      out.push({
        path: ['challenge', 'fix'],
        message:
          '"fix-block" needs the story\'s fix block, and it has none: name the knobs instead ({"fencing": true})',
      });
  } else {
    const keys = Object.keys(c.fix);
    if (keys.length === 0)
      out.push({ path: ['challenge', 'fix'], message: 'name at least one knob and its value' });
    for (const k of keys) if (!known.includes(k)) unknown(k, ['challenge', 'fix', k]);
  }
  const sum = Object.values(c.budget.faults).reduce<number>((a, n) => a + (n ?? 0), 0);
  if (sum === 0)
    out.push({
      path: ['challenge', 'budget', 'faults'],
      message: 'allow at least one fault of one kind ({"pause": 1})',
    });
  return out;
}

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type Anchor = z.infer<typeof anchorSchema>;
export type Shows = z.infer<typeof showsSchema>;
export type TimedFault = z.infer<typeof timedFaultSchema>;
export type Budget = Challenge['budget'];

/** Validates unknown data as a scenario; the error lists every issue as "path: rule". */
export function parseScenario(data: unknown, where = 'scenario'): Scenario {
  const r = scenarioSchema.safeParse(data);
  if (r.success) return r.data;
  const lines = r.error.issues.map(
    (i) =>
      `${where}${i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${i.message}`,
  );
  throw new ScenarioError(lines.join('\n'));
}
