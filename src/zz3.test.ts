import { it } from 'vitest';
import { scenarios } from '../scenarios/index.ts';
import { loadLanguage } from './i18n/index.ts';
import { simulate } from './sim/simulate.ts';
import { deriveSteps } from './sim/trace/derive.ts';
import { navSteps } from './player/steps.ts';
import { navCaption, derivedCaption } from './views/story.ts';
import type { Run } from './player/store.ts';
it('x', async () => {
  await loadLanguage('pt'); await loadLanguage('ru');
  for (const sc of scenarios) for (const fix of [false, true]) {
    if (fix && !sc.fix) continue;
    const trace = simulate(sc, fix ? { params: { fix: true } } : {});
    const run = { scenario: sc, trace } as Run;
    for (const s of navSteps(trace, sc)) { const c = navCaption(run, s, 'pt'); if (/storage/.test(c)) console.log('CAP', sc.id, fix, s.id, c.slice(0, 200)); }
    for (const d of deriveSteps(trace, sc, { all: true })) { const c = derivedCaption(d, 'pt'); if (/storage/.test(c)) console.log('DER', sc.id, fix, d.id, c.slice(0, 200)); }
  }
});
