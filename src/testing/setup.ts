// Vitest's setup (vitest.config.ts): the tests run stores and boots with the real simulator and the
// whole scenario catalogue, the link decoder and all of English, installed as the CLI and the embed libraries have them; the page loads
// each only when a view needs it.
import * as catalogue from '../../scenarios/index.ts';
import { installScenarios } from '../app/boot/scenarioList.ts';
import * as decode from '../app/link/decode.ts';
import { installDecoder } from '../app/link/decoder.ts';
import { strings as englishLater } from '../i18n/en.later.ts';
import { installEnglishLater, setLocale } from '../i18n/index.ts';
import { installSimulator } from '../player/simulator.ts';
import { hostIdsOf, simulate } from '../sim/simulate.ts';

installSimulator({ simulate, hostIdsOf });
installScenarios(catalogue);
installDecoder(decode);
installEnglishLater(englishLater);
// Each file starts in English: the fast tier shares modules between files (isolate: false), so a file
// that left the language in pt made another file's English numbers read "5,4 s".
void setLocale('en');
