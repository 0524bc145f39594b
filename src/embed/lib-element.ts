// The custom element library (dist/embed/leader-election-player.js): React included, nothing else to load.
// First: zod must be jitless before any schema is built (Content-Security-Policy, see the module).
import '../app/zodJitless.ts';
import { installSimulator } from '../player/simulator.ts';
import { hostIdsOf, simulate } from '../sim/simulate.ts';
import { defineLeaderElectionPlayer } from './element.tsx';

export { defineLeaderElectionPlayer, LeaderElectionPlayerElement, TAG } from './element.tsx';

// One self-contained module: each player's first run is simulated on its page, at once (before
// defining the element, which boots the players already on the page).
installSimulator({ simulate, hostIdsOf });
defineLeaderElectionPlayer();
