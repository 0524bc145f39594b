import { knobDocsRu, ruleDocsRu } from './knobs.ru.ts';
import { ruA11y } from './ru.a11y.ts';
import { ruEmbed } from './ru.embed.ts';
import { ruNarration } from './ru.narration.ts';
import { ruPanels } from './ru.panels.ts';
import { ruPresent } from './ru.present.ts';
import { ruSandbox } from './ru.sandbox.ts';
import { ru } from './ru.ts';
import { scenariosRu } from './scenarios.ru.ts';

/** Russian, a chunk of its own (see loadLanguage in index.ts): every catalog of the language, as one map. */
export const strings: Record<string, string> = {
  ...ru,
  ...ruPanels,
  ...ruPresent,
  ...ruA11y,
  ...ruEmbed,
  ...scenariosRu,
  ...ruSandbox,
  ...ruNarration,
  ...Object.fromEntries(Object.entries(knobDocsRu).map(([k, v]) => [`knob.${k}`, v])),
  ...Object.fromEntries(Object.entries(ruleDocsRu).map(([k, v]) => [`rule.${k}`, v])),
};
