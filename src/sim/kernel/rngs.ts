import { createRng, hashString, type Rng } from '../../lib/rng.ts';
import { type Chooser, chosenRng, type DrawContext } from './choices.ts';

/**
 * Named PRNG streams derived from one seed: one stream per concern ("net", "node-3/timeout"),
 * so adding a node or a message does not reshuffle every other random draw. With a chooser, every
 * draw is a choice point (kernel/choices.ts): recorded, replayed or picked by the explorer.
 */
export class RngStreams {
  private streams = new Map<string, Rng>();
  constructor(
    readonly seed: number,
    private readonly chooser?: Chooser,
    /** The draws' time and event, for a chooser that writes them down (describingChooser). */
    readonly context?: DrawContext,
  ) {}

  stream(name: string): Rng {
    let r = this.streams.get(name);
    if (!r) {
      r = createRng(hashString(name, this.seed));
      if (this.chooser) r = chosenRng(name, r, this.chooser, this.context);
      this.streams.set(name, r);
    }
    return r;
  }
}
