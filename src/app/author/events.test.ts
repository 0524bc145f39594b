import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { strings as englishLater } from '../../i18n/en.later.ts';
import { installEnglishLater, loadLanguage, setLocale } from '../../i18n/index.ts';
import { simulate } from '../../sim/simulate.ts';
import { locate } from './draft.ts';
import { snapChoices } from './events.ts';

installEnglishLater(englishLater);

const split = scenarios.find((s) => s.id === 'split-brain');
if (!split) throw new Error('split-brain');
const trace = simulate(split);

describe('the events a caption snaps to (events.ts)', () => {
  it('at every moment of a run: faults, role changes, alarms and writes, each located again by its snap', () => {
    setLocale('en');
    const kinds = new Set<string>();
    const moments = [...new Set(trace.events.map((e) => e.t))];
    for (const t of moments)
      for (const c of snapChoices(trace, t)) {
        kinds.add(c.kind);
        expect(c.label).not.toBe('');
        expect(c.snap.atMs).toBe(t);
        // The snap names this very event: the ordinal-th match from the run's start is at its time.
        expect(locate(c.snap, trace.events)?.t).toBe(t);
      }
    expect([...kinds].sort()).toEqual(['alarm', 'fault', 'role', 'write']);
  });

  it('worded as the event log words them, in the reader’s language', async () => {
    await Promise.all([loadLanguage('pt'), loadLanguage('ru')]);
    const alarm = trace.events.find((e) => e.k === 'violation');
    if (!alarm) throw new Error('split-brain raises its alarm');
    setLocale('en');
    const en = snapChoices(trace, alarm.t).find((c) => c.kind === 'alarm');
    expect(en?.label).toMatch(/^ALARM SPLIT-BRAIN: /);
    expect(en?.snap.anchor).toEqual({ k: 'violation', type: 'split-brain' });
    setLocale('ru');
    expect(snapChoices(trace, alarm.t).find((c) => c.kind === 'alarm')?.label).toMatch(/^ТРЕВОГА/);
    setLocale('pt');
    const leader = trace.events.find((e) => e.k === 'role' && e.role === 'leader');
    expect(snapChoices(trace, leader?.t ?? -1).find((c) => c.kind === 'role')?.label).toMatch(/LÍDER/);
    setLocale('en');
  });

  it('takes the events within a slider step of the cursor, none outside', () => {
    const partition = trace.events.find((e) => e.k === 'fault');
    if (!partition) throw new Error('a fault');
    expect(snapChoices(trace, partition.t - 10).some((c) => c.kind === 'fault')).toBe(false);
    expect(snapChoices(trace, partition.t - 10, 12).some((c) => c.kind === 'fault')).toBe(true);
  });
});
