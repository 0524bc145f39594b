import { createRng, hashString, type Rng } from '../../lib/rng.ts';

/**
 * Named PRNG streams derived from one seed: one stream per concern ("net", "node-3/timeout"),
 * so adding a node or a message does not reshuffle every other random draw.
 */
export class RngStreams {
  private streams = new Map<string, Rng>();
  constructor(readonly seed: number) {}

  stream(name: string): Rng {
    let r = this.streams.get(name);
    if (!r) {
      r = createRng(hashString(name, this.seed));
      this.streams.set(name, r);
    }
    return r;
  }
}
