// Vitest's setup (vitest.config.ts): the tests run stores and boots with the real simulator and the
// whole scenario catalogue, installed as the CLI and the embed libraries have them; the page loads
// each only when a view needs it.
import * as catalogue from '../../scenarios/index.ts';
import { installScenarios } from '../app/scenarioList.ts';
import { installSimulator } from '../player/simulator.ts';
import { hostIdsOf, simulate } from '../sim/simulate.ts';

installSimulator({ simulate, hostIdsOf });
installScenarios(catalogue);
