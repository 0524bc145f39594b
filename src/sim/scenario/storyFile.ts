/**
 * A story anyone can write: a JSON file with the scenario's shape, its captions in one or more of
 * the lab's languages, and knobs typed per algorithm. `docs/story-file.schema.json` is this schema
 * as JSON Schema (storyFileJsonSchema; a test holds the file to it), for editors and for checking a
 * file before it is shared.
 *
 * A file's story lives in its own namespace (`file:` before its id in the run): it never picks up a
 * built-in story's translations, even with the same id. A caption missing in a language falls back
 * to English, else to the first language the file gives.
 */
import { z } from 'zod';
import { algorithms } from '../algorithms/registry.ts';
import { shapeHostPaths } from '../faults/shape.ts';
import { specOf } from '../faults/table.ts';
import { nodesProblem, scenarioParams } from '../inputs.ts';
import { netParams, type ParamSpec } from '../params.ts';
import { resolveAlias } from './aliases.ts';
import {
  anchorSchema,
  type Challenge,
  challengeSchema,
  choicesSchema,
  durationSchema,
  parseScenario,
  type Scenario,
  seedSchema,
  showsSchema,
  timedFaultSchema,
} from './schema.ts';

export const STORY_FILE_VERSION = 1;
export const STORY_LANGS = ['en', 'pt', 'ru'] as const;
export type StoryLang = (typeof STORY_LANGS)[number];
/** A story file is text a person wrote, a few kilobytes: this much is surely not one (the CLI, `src=`). */
export const MAX_STORY_FILE_BYTES = 5 * 1024 * 1024;

/** A caption, a title or a summary: at most this many characters in any language. */
const MAX_TEXT = 2000;

const text = z.string().min(1).max(MAX_TEXT);
/** One text, or the same text in several languages (at least one). */
const localized = z.union([
  text,
  z
    .object({ en: text, pt: text, ru: text })
    .partial()
    .strict()
    .refine((o) => Object.keys(o).length > 0, 'give the text in at least one of en, pt, ru'),
]);
/** Shared parts have an id, so the JSON Schema defines each once ($defs) for the eleven algorithms. */
const defs = z.registry<{ id: string }>();
export type Localized = z.infer<typeof localized>;

/** A knob as its spec allows it: a switch, or a number within its bounds. */
function knobSchema(spec: ParamSpec): z.ZodType {
  if (typeof spec.default === 'boolean') return z.boolean().describe(spec.doc);
  let n = spec.integer ? z.number().int() : z.number();
  if (spec.min !== undefined) n = n.min(spec.min);
  if (spec.max !== undefined) n = n.max(spec.max);
  return n.describe(spec.unit ? `${spec.doc} (${spec.unit})` : spec.doc);
}

const step = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'a step id like "node-1-crashes"'),
    anchor: anchorSchema,
    caption: localized,
    shows: showsSchema.optional(),
    when: z.object({ step: z.string(), told: z.boolean() }).strict().optional(),
  })
  .strict()
  .register(defs, { id: 'step' });
localized.register(defs, { id: 'text' });
const fault = timedFaultSchema.register(defs, { id: 'timedFault' });

const common = {
  storyFile: z.literal(STORY_FILE_VERSION),
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'a lowercase id like "my-failover"')
    .max(80),
  title: localized,
  summary: localized,
  nodes: z.number().int().min(1).max(200),
  seed: seedSchema,
  durationMs: durationSchema,
  timeScale: z.number().positive().max(1000).optional(),
  faults: z.array(fault).max(1000),
  steps: z.array(step).min(1).max(200),
  adr: z.array(z.string().max(80)).max(50).optional(),
  /** A schedule replacing the seed's draws (kernel/choices.ts): what the explorer writes. */
  choices: choicesSchema.register(defs, { id: 'choices' }).optional(),
  /**
   * "Try to break it" (schema.ts challengeSchema). A file has no fix block, so its fix names knobs.
   * Optional, so files written before challenges existed read as they did: the version stays 1.
   */
  challenge: challengeSchema.register(defs, { id: 'challenge' }).optional(),
};

/** One object per algorithm, each with its own knobs: the schema's union on `algorithm`. */
const perAlgorithm = Object.entries(algorithms).map(([id, alg]) =>
  z
    .object({
      ...common,
      algorithm: z.literal(id),
      params: z
        .object(
          Object.fromEntries(
            Object.entries({ ...netParams, ...alg.params }).map(([k, spec]) => [k, knobSchema(spec)]),
          ),
        )
        .partial()
        .strict()
        .optional(),
    })
    .strict(),
);

export const storyFileSchema = z.discriminatedUnion(
  'algorithm',
  perAlgorithm as unknown as [(typeof perAlgorithm)[number], ...(typeof perAlgorithm)[number][]],
);
export type StoryFile = z.infer<typeof storyFileSchema>;

/** The schema as JSON Schema (draft 2020-12), with the file's version in its title. */
export function storyFileJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(storyFileSchema, { target: 'draft-2020-12', metadata: defs }),
    title: `Leader Election Lab story file, version ${STORY_FILE_VERSION}`,
  };
}

/** The text in a language: that one, else English, else the first one given. */
export function inLang(t: Localized, lang: StoryLang): string {
  if (typeof t === 'string') return t;
  return t[lang] ?? t.en ?? (Object.values(t)[0] as string);
}

export interface LoadedStory {
  /** The run's scenario: English captions (or the fallback), its id in the file namespace. */
  scenario: Scenario;
  /** The file as read, for its captions in other languages. */
  file: StoryFile;
}

/** The run's id of a file's story: never one of the built-in ids. */
export const fileStoryId = (id: string) => `file-${id}`;

/**
 * A story file's contents to a scenario, or an error that names what and where
 * (`my-story.json: steps[2].caption: …`), as trace import does.
 */
export function parseStoryFile(
  data: unknown,
  where = 'story',
  opts: {
    /** The run's hosts (simulate.ts hostIdsOf): faults on a host it has not are refused here, by path. */
    hostIdsOf?: (scenario: Scenario) => string[];
    /** The language of the scenario's own title, summary and captions (the CLI's `--lang`). */
    lang?: StoryLang;
  } = {},
): LoadedStory {
  const r = storyFileSchema.safeParse(data);
  if (!r.success) {
    const lines = r.error.issues.map((i) => {
      const path = i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
      // A field left out: zod says "Invalid input" for a union (the localized texts), which names no cause.
      const value = i.path.reduce<unknown>(
        (v, p) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined),
        data,
      );
      return `${where}${path}: ${value === undefined && i.path.length > 0 ? 'missing: the field is required' : i.message}`;
    });
    throw new StoryFileError(lines.join('\n'));
  }
  const f = r.data;
  const lang = opts.lang ?? 'en';
  const scenario = parseScenario(
    {
      id: fileStoryId(f.id),
      title: inLang(f.title, lang),
      summary: inLang(f.summary, lang),
      algorithm: f.algorithm,
      nodes: f.nodes,
      seed: f.seed,
      durationMs: f.durationMs,
      timeScale: f.timeScale ?? 1,
      params: f.params ?? {},
      faults: f.faults,
      steps: f.steps.map((s) => ({ ...s, caption: inLang(s.caption, lang) })),
      adr: f.adr ?? [],
      ...(f.choices ? { choices: f.choices } : {}),
      ...(f.challenge ? { challenge: f.challenge } : {}),
      expect: {},
      texts: Object.fromEntries(
        STORY_LANGS.map((lang) => [
          lang,
          {
            title: inLang(f.title, lang),
            summary: inLang(f.summary, lang),
            ...Object.fromEntries(f.steps.map((s) => [`step.${s.id}`, inLang(s.caption, lang)])),
          },
        ]),
      ),
    },
    where,
  );
  // The knobs' rules across knobs (renewS < ttlS, Patroni's loop_wait + 2 x retry_timeout <= ttl) and
  // the cluster's size, said now, with the file's name, rather than when the run is asked for.
  try {
    scenarioParams(scenario);
  } catch (e) {
    throw new StoryFileError(`${where}.params: ${e instanceof Error ? e.message : String(e)}`);
  }
  const size = nodesProblem(scenario, scenario.nodes);
  if (size) throw new StoryFileError(`${where}.nodes: ${size}`);
  if (opts.hostIdsOf) {
    const hosts = opts.hostIdsOf(scenario);
    // `node-last` and the like name a node by rank (aliases.ts): checked as the run resolves them.
    const nodeIds = algorithms[scenario.algorithm as keyof typeof algorithms].nodeIds(scenario.nodes);
    scenario.faults.forEach((tf, i) => {
      const fault = tf.fault as unknown as Record<string, unknown>;
      for (const [path, id] of shapeHostPaths(specOf(tf.fault).fields, fault))
        if (!hosts.includes(resolveAlias(id, nodeIds)))
          throw new StoryFileError(
            `${where}.faults[${i}].fault${path}: "${id}" is not a host of this story (hosts: ${hosts.join(', ')})`,
          );
    });
  }
  return { scenario, file: f };
}

export class StoryFileError extends Error {}

/**
 * A scenario as a story file (Export > "This story as a story file"): its texts in every language,
 * as `text(lang, key)` gives them (the app's i18n scenarioText: the catalogs hold the built-in
 * stories' translations, which src/sim does not import). A text the same in all languages is written
 * once. What a file cannot say (the pitfall's fix, the tests' expectations, the sandbox's variants)
 * is left out: the file runs the story as told.
 */
export function toStoryFile(
  scenario: Scenario,
  text: (lang: StoryLang, key: string) => string,
  id: string = scenario.id.replace(/^file-/, ''),
): StoryFile {
  const localize = (key: string): Localized => {
    const all = Object.fromEntries(STORY_LANGS.map((lang) => [lang, text(lang, key)])) as Record<
      StoryLang,
      string
    >;
    return STORY_LANGS.every((lang) => all[lang] === all.en) ? all.en : all;
  };
  return {
    storyFile: STORY_FILE_VERSION,
    id,
    title: localize('title'),
    summary: localize('summary'),
    algorithm: scenario.algorithm,
    nodes: scenario.nodes,
    seed: scenario.seed,
    durationMs: scenario.durationMs,
    timeScale: scenario.timeScale,
    params: scenario.params,
    faults: scenario.faults,
    steps: scenario.steps.map((s) => ({
      id: s.id,
      anchor: s.anchor,
      caption: localize(`step.${s.id}`),
      ...(s.shows ? { shows: s.shows } : {}),
      ...(s.when ? { when: s.when } : {}),
    })),
    ...(scenario.adr.length > 0 ? { adr: scenario.adr } : {}),
    ...fileChallenge(scenario),
  } as StoryFile;
}

/**
 * The challenge as a file can carry it: a `fix-block` that only sets knobs becomes those knobs; one
 * that changes more (the algorithm, the cluster, the script) cannot be said in a file and is left out.
 */
function fileChallenge(scenario: Scenario): { challenge?: Challenge } {
  const c = scenario.challenge;
  if (!c) return {};
  if (c.fix !== 'fix-block') return { challenge: c };
  const f = scenario.fix;
  const onlyKnobs = f?.params && !f.algorithm && f.nodes === undefined && !f.faults;
  return onlyKnobs ? { challenge: { ...c, fix: { ...f.params } } } : {};
}
