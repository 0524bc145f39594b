/** The sandbox's own state: the What-if panel, the inspector's nodes, the pause length and Compare. */
import type { Slice } from './context.ts';
import { MAX_INSPECTED } from './types.ts';

export const sandboxSlice: Slice<'setWhatIf' | 'setInspect' | 'setPauseMs' | 'setCompare'> = ({
  set,
  engine,
}) => ({
  setWhatIf(on) {
    // Changes come from there: the engine (a worker) starts now, not while a story plays.
    if (on) engine.warm?.();
    set({ whatIf: on });
  },
  setInspect(nodes) {
    set({ inspect: [...new Set(nodes)].slice(0, MAX_INSPECTED) });
  },
  setPauseMs(ms) {
    set({ pauseMs: ms });
  },
  setCompare(compare) {
    set({ compare });
  },
});
