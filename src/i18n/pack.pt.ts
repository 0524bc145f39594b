import { ptSandbox } from '../sandbox/strings.pt.ts';
import { sandboxCatalogs } from '../sandbox/strings.ts';
import { catalogs } from './index.ts';
import { ptA11y } from './pt.a11y.ts';
import { ptEmbed } from './pt.embed.ts';
import { ptPanels } from './pt.panels.ts';
import { ptPresent } from './pt.present.ts';
import { pt } from './pt.ts';
import { scenariosPt } from './scenarios.pt.ts';
import { scenarioCatalogs } from './scenarios.ts';

/** Portuguese, a chunk of its own (see loadLanguage in index.ts): fills every catalog of the language. */
export function install(): void {
  Object.assign(catalogs.pt, pt, ptPanels, ptPresent, ptA11y, ptEmbed);
  Object.assign(scenarioCatalogs.pt, scenariosPt);
  Object.assign(sandboxCatalogs.pt, ptSandbox);
}
