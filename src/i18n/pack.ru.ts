import { ruSandbox } from '../sandbox/strings.ru.ts';
import { sandboxCatalogs } from '../sandbox/strings.ts';
import { catalogs } from './index.ts';
import { ruA11y } from './ru.a11y.ts';
import { ruEmbed } from './ru.embed.ts';
import { ruPanels } from './ru.panels.ts';
import { ruPresent } from './ru.present.ts';
import { ru } from './ru.ts';
import { scenariosRu } from './scenarios.ru.ts';
import { scenarioCatalogs } from './scenarios.ts';

/** Russian, a chunk of its own (see loadLanguage in index.ts): fills every catalog of the language. */
export function install(): void {
  Object.assign(catalogs.ru, ru, ruPanels, ruPresent, ruA11y, ruEmbed);
  Object.assign(scenarioCatalogs.ru, scenariosRu);
  Object.assign(sandboxCatalogs.ru, ruSandbox);
}
