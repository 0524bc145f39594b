import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import sandbox from '../../../scenarios/sandbox.ts';
import { catalogs, loadLanguage } from '../../i18n/index.ts';
import { PRESETS } from '../../sandbox/presets.ts';
import { traceOf } from '../../testing/chaos/run.ts';
import { chaosAlgorithms, scheduleArb } from '../chaos/schedule.ts';
import type { Fault } from '../faults/table.ts';
import { netParams } from '../params.ts';
import { testScenario } from '../scenario/testScenario.ts';
import { simulate } from '../simulate.ts';
import type { Trace } from '../trace/trace.ts';
import { algorithmIds, algorithms } from './registry.ts';

/** Every message type a trace sent. */
const sentTypes = (trace: Trace) => new Set(trace.events.flatMap((e) => (e.k === 'send' ? [e.type] : [])));

/**
 * Runs that make an algorithm's machines send everything they can: a healthy start, the first node
 * crashing and coming back, a pause longer than any timeout, a partition, and a node cut from the store.
 */
function exercise(id: (typeof algorithmIds)[number]): Trace[] {
  const a = algorithms[id];
  const nodes = a.nodeIds(Math.min(Math.max(a.minNodes, 3), a.maxNodes));
  const [first = '', second = ''] = nodes;
  const faults: Array<{ atMs: number; fault: Fault }> = [
    { atMs: 20_000, fault: { kind: 'crash', node: first } },
    { atMs: 50_000, fault: { kind: 'restart', node: first } },
    { atMs: 60_000, fault: { kind: 'pause', node: second, durationMs: 40_000 } },
    { atMs: 110_000, fault: { kind: 'partition', groups: [[first], nodes.slice(1)] } },
    { atMs: 140_000, fault: { kind: 'heal' } },
    { atMs: 150_000, fault: { kind: 'isolate', node: second, from: 'store' } },
  ];
  const scenario = testScenario(id, { nodes: nodes.length, durationMs: 200_000 });
  const runs = [
    simulate(scenario, { interventions: faults }),
    simulate(scenario, { params: { dropRate: 0.2 } }),
  ];
  // A Patroni schedule runs minutes of HA loops behind HAProxy: several times the others' cost.
  const numRuns = id === 'patroni' ? 6 : 25;
  if (chaosAlgorithms.includes(id))
    for (const s of fc.sample(scheduleArb(id, {}), { seed: 11, numRuns })) runs.push(traceOf(s));
  return runs;
}

describe('every registered algorithm declares what the rest of the lab reads', () => {
  it('a message type means the same family in every algorithm that sends it', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const a of Object.values(algorithms))
      for (const [type, family] of Object.entries(a.vocabulary.families)) {
        const before = seen.get(type);
        if (before !== undefined && before !== family) clashes.push(`${type}: ${before} vs ${family}`);
        seen.set(type, family);
      }
    expect(clashes).toEqual([]);
  });

  it('algorithmIds is the registry, in its order', () => {
    expect(algorithmIds).toEqual(Object.keys(algorithms));
  });

  for (const id of algorithmIds) {
    const a = algorithms[id];
    describe(id, () => {
      it('gives every message type its machines send a family, and its chatter is part of its vocabulary', () => {
        const sent = new Set<string>();
        for (const trace of exercise(id)) for (const type of sentTypes(trace)) sent.add(type);
        const undeclared = [...sent].filter((type) => !Object.hasOwn(a.vocabulary.families, type));
        expect(undeclared).toEqual([]);
        for (const type of a.vocabulary.chatter) expect(a.vocabulary.families).toHaveProperty(type);
      });

      it('is offered by the sandbox: a preset with a label in every language, and a free-play variant', async () => {
        await Promise.all([loadLanguage('pt'), loadLanguage('ru')]);
        const presets = PRESETS.filter((p) => p.algorithm === id);
        expect(presets.length).toBeGreaterThan(0);
        for (const p of presets)
          for (const lang of ['en', 'pt', 'ru'] as const)
            expect(catalogs[lang][`sandbox.preset.${p.id}`], `${lang} sandbox.preset.${p.id}`).toBeTruthy();
        expect(sandbox.freePlay?.[id]).toEqual({ ...a.sandbox.variant, adr: [...a.sandbox.variant.adr] });
      });

      it('documents every knob in every language', async () => {
        await Promise.all([loadLanguage('pt'), loadLanguage('ru')]);
        for (const [name, spec] of Object.entries(a.params)) {
          expect(spec.doc, `${id}.${name} has an English doc`).toBeTruthy();
          for (const lang of ['pt', 'ru'] as const)
            expect(catalogs[lang][`knob.${id}.${name}`], `${lang} knob.${id}.${name}`).toBeTruthy();
        }
        for (const name of Object.keys(netParams))
          for (const lang of ['pt', 'ru'] as const)
            expect(catalogs[lang][`knob.net.${name}`], `${lang} knob.net.${name}`).toBeTruthy();
      });
    });
  }
});
