import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { run as cli } from '../../cli/main.ts';
import { scenariosPt } from '../../i18n/scenarios.pt.ts';
import { scenariosRu } from '../../i18n/scenarios.ru.ts';
import type { Scenario } from './schema.ts';
import { fileStoryId, parseStoryFile, STORY_FILE_VERSION, storyFileJsonSchema } from './storyFile.ts';

/** A built-in story as a story file, its captions in the three languages, under another id. */
function asFile(s: Scenario, id: string) {
  const tr = (key: string, en: string) => ({
    en,
    ...(scenariosPt[key] ? { pt: scenariosPt[key] } : {}),
    ...(scenariosRu[key] ? { ru: scenariosRu[key] } : {}),
  });
  const k = `scenario.${s.id}`;
  return {
    storyFile: STORY_FILE_VERSION,
    id,
    title: tr(`${k}.title`, s.title),
    summary: tr(`${k}.summary`, s.summary),
    algorithm: s.algorithm,
    nodes: s.nodes,
    seed: s.seed,
    durationMs: s.durationMs,
    timeScale: s.timeScale,
    params: s.params,
    faults: s.faults,
    steps: s.steps.map((st) => ({ ...st, caption: tr(`${k}.step.${st.id}`, st.caption) })),
    adr: s.adr,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'lab-stories-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tmp = (name: string, data: unknown) => {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
};

describe('story files', () => {
  it('docs/story-file.schema.json is the zod schema as JSON Schema, knobs typed per algorithm', () => {
    const committed = JSON.parse(readFileSync('docs/story-file.schema.json', 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(storyFileJsonSchema())));
    const lease = committed.oneOf.find(
      (o: { properties: { algorithm: { const: string } } }) => o.properties.algorithm.const === 'lease',
    );
    expect(lease.properties.params.properties.ttlS).toMatchObject({ type: 'integer' });
    expect(lease.properties.params.additionalProperties).toBe(false);
  });

  it('every built-in story, as a file with its id renamed and one caption edited, runs from the file and tells the edit', () => {
    for (const s of scenarios.filter((x) => !x.freePlay)) {
      const f = asFile(s, `my-${s.id}`);
      f.steps[0] = {
        ...f.steps[0],
        caption: { en: 'EDITED: the first step, as the teacher tells it.' },
      } as never;
      const path = tmp(s.id, f);
      const fromFile = cli(['--scenario-file', path]);
      expect(fromFile.err, s.id).toBe('');
      expect(fromFile.code, s.id).toBe(0);
      const json = JSON.parse(fromFile.out);
      expect(json.steps[0].caption, s.id).toBe('EDITED: the first step, as the teacher tells it.');
      // The same run as the built-in story: the same leaders and violations.
      const builtIn = JSON.parse(cli([s.id]).out);
      expect(json.scenario, s.id).toBe(fileStoryId(`my-${s.id}`));
      expect(json.leaders, s.id).toEqual(builtIn.leaders);
      expect(json.violations, s.id).toEqual(builtIn.violations);
    }
  });

  it('its own namespace: a file with a built-in id keeps its own captions', () => {
    const s = scenarios.find((x) => x.id === 'etcd-lease') as Scenario;
    const f = asFile(s, 'etcd-lease');
    f.steps = f.steps.map((st) => ({ ...st, caption: { pt: `Legenda própria: ${st.id}.` } })) as never;
    const loaded = parseStoryFile(f, 'etcd-lease.json');
    expect(loaded.scenario.id).toBe('file-etcd-lease');
    // English missing: the first language given.
    expect(loaded.scenario.steps[0]?.caption).toBe(`Legenda própria: ${s.steps[0]?.id}.`);
    // Every language gets the file's own text (its own, else English, else the first given): the
    // app reads these before the catalogs (i18n/scenarios.ts scenarioText).
    const id = `step.${s.steps[0]?.id}`;
    expect(loaded.scenario.texts?.ru?.[id]).toBe(`Legenda própria: ${s.steps[0]?.id}.`);
    expect(loaded.scenario.texts?.pt?.title).toBe(scenariosPt['scenario.etcd-lease.title']);
  });

  it('a bad file gets one line that says what and where, exit 2', () => {
    const s = scenarios.find((x) => x.id === 'fencing-token') as Scenario;
    const cases: Array<[string, unknown, RegExp]> = [
      ['not-json', '{"storyFile": 1,', /not-json\.json: not valid JSON/],
      [
        'unknown-knob',
        { ...asFile(s, 'x'), params: { ttlS: 10, colour: 3 } },
        /\.params: Unrecognized key: "colour"/,
      ],
      ['knob-range', { ...asFile(s, 'x'), params: { ttlS: -1 } }, /\.params\.ttlS: Too small/],
      [
        'knob-rule',
        { ...asFile(s, 'x'), params: { ttlS: 10, renewS: 10 } },
        /knob-rule\.json\.params: .*renew/,
      ],
      [
        'size',
        { ...asFile(s, 'x'), algorithm: 'bully', params: {}, nodes: 1 },
        /size\.json\.nodes: bully runs with 2 to 200 nodes/,
      ],
      ['version', { ...asFile(s, 'x'), storyFile: 2 }, /\.storyFile: Invalid input: expected 1/],
      ['caption', { ...asFile(s, 'x'), steps: [{ ...s.steps[0], caption: {} }] }, /\.steps\[0\]\.caption/],
      // A left-out field says so, where zod's union says only "Invalid input".
      ['no-summary', { ...asFile(s, 'x'), summary: undefined }, /no-summary\.json\.summary: missing/],
      [
        'two-groups',
        {
          ...asFile(s, 'x'),
          faults: [{ atMs: 10, fault: { kind: 'partition', groups: [['node-1'], ['node-1', 'etcd']] } }],
        },
        /node-1/,
      ],
    ];
    for (const [name, data, want] of cases) {
      const r = cli(['--scenario-file', tmp(name, data)]);
      expect(r.code, name).toBe(2);
      expect(r.err.split('\n').filter(Boolean), name).toHaveLength(1);
      expect(r.err, name).toMatch(want);
    }
    expect(cli(['--scenario-file', '/nonexistent/story.json']).err).toBe(
      'sim: /nonexistent/story.json: no such file\n',
    );
  });
});
