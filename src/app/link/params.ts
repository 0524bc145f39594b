/** The parameters a link may carry (decode.ts reads them, problemText.ts names them): a module the first view's notice imports without the decoder. */
import { EMBED_PARAMS, type EmbedParam } from './embed.ts';

export type LinkParam =
  | 'scenario'
  | 'algorithm'
  | 'fix'
  | 'duration'
  | 'compare'
  | 'step'
  | 't'
  | 'seed'
  | 'nodes'
  | 'set'
  | 'fault'
  | 'choices'
  | 'speed'
  | 'whatif'
  | 'inspect'
  | 'panel'
  | 'theme'
  | 'lang'
  | EmbedParam;

/** The reason of a `fix=on` problem on a scenario without a fix (problemText words it). */
export const NO_FIX = 'this scenario has no fix (the pitfall stories have one)';

/** The reason of a `scenario=challenge-<story>` whose story has no challenge (problemText words it). */
export const NO_CHALLENGE = 'this story has no challenge';

/** Every parameter a link may carry, in canonical order. */
export const LINK_PARAMS: readonly LinkParam[] = [
  'lang',
  'theme',
  'scenario',
  'algorithm',
  'fix',
  'step',
  't',
  'seed',
  'nodes',
  'duration',
  'set',
  'fault',
  'choices',
  'compare',
  'speed',
  'whatif',
  'inspect',
  'panel',
  ...EMBED_PARAMS,
];
