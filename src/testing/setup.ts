// Vitest's setup (vitest.config.ts): the tests run stores and boots with the real simulator, installed
// as the CLI and the embed libraries install it; the page loads it only when a view needs it.
import { installSimulator } from '../player/simulator.ts';
import { hostIdsOf, simulate } from '../sim/simulate.ts';

installSimulator({ simulate, hostIdsOf });
