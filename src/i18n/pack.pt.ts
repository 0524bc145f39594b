import { knobDocsPt, ruleDocsPt } from './knobs.pt.ts';
import { ptA11y } from './pt.a11y.ts';
import { ptEmbed } from './pt.embed.ts';
import { ptNarration } from './pt.narration.ts';
import { ptPanels } from './pt.panels.ts';
import { ptPresent } from './pt.present.ts';
import { ptSandbox } from './pt.sandbox.ts';
import { pt } from './pt.ts';
import { scenariosPt } from './scenarios.pt.ts';

/** Portuguese, a chunk of its own (see loadLanguage in index.ts): every catalog of the language, as one map. */
export const strings: Record<string, string> = {
  ...pt,
  ...ptPanels,
  ...ptPresent,
  ...ptA11y,
  ...ptEmbed,
  ...scenariosPt,
  ...ptSandbox,
  ...ptNarration,
  ...Object.fromEntries(Object.entries(knobDocsPt).map(([k, v]) => [`knob.${k}`, v])),
  ...Object.fromEntries(Object.entries(ruleDocsPt).map(([k, v]) => [`rule.${k}`, v])),
};
