// The React component library (dist/embed/leader-election-player-react.js): react and react-dom come
// from the host app (Docusaurus, MDX); import it where the docs page renders.
// First: zod must be jitless before any schema is built (Content-Security-Policy, see the module).
import '../app/boot/zodJitless.ts';

export { LeaderElectionPlayer, type LeaderElectionPlayerProps } from './react.tsx';
