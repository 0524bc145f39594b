// The custom element library (dist/embed/leader-election-player.js): React included, nothing else to load.
// First: zod must be jitless before any schema is built (Content-Security-Policy, see the module).
import '../app/boot/zodJitless.ts';
import { defineLeaderElectionPlayer } from './element.tsx';

export { defineLeaderElectionPlayer, LeaderElectionPlayerElement, TAG } from './element.tsx';

defineLeaderElectionPlayer();
