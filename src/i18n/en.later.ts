import { enEmbed } from './en.embed.ts';
import { enPanels } from './en.panels.ts';
import { enPresent } from './en.present.ts';
import { enSandbox } from './en.sandbox.ts';

/**
 * The English strings the default view's first frame does not show: the trace views and panels, the
 * presentation, share and export dialogs, the embed and the sandbox. A chunk of its own on the page,
 * fetched after the first frame and before any lazy chunk renders (index.ts `loadEnglishLater`);
 * installed statically wherever everything is (the embed, the tests). Portuguese and Russian packs hold
 * every string of their language, these included.
 */
export const strings: Record<string, string> = { ...enPanels, ...enPresent, ...enEmbed, ...enSandbox };
