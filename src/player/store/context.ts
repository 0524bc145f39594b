/** What every slice of the player's store is built from: zustand's set and get, its runs and its flight. */
import type { StoreApi } from 'zustand/vanilla';
import type { SimEngine } from '../engine/client.ts';
import type { Flight } from './flight.ts';
import type { Runs } from './runs.ts';
import type { PlayerOptions, PlayerState } from './types.ts';

export interface SliceContext {
  set: StoreApi<PlayerState>['setState'];
  get: StoreApi<PlayerState>['getState'];
  opts: PlayerOptions;
  engine: SimEngine;
  runs: Runs;
  flight: Flight;
}

/** A slice: some of the store's actions, one idea each. */
export type Slice<K extends keyof PlayerState> = (ctx: SliceContext) => Pick<PlayerState, K>;
