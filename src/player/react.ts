import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { PlayerState, PlayerStore } from './store.ts';

/** The player store of the nearest player (each embedded player provides its own). */
export const PlayerContext = createContext<PlayerStore | null>(null);

export function usePlayerStore(): PlayerStore {
  const store = useContext(PlayerContext);
  if (!store) throw new Error('usePlayer* must be used inside <PlayerContext value={store}>');
  return store;
}

/** Subscribes a component to a slice of its player's state. */
export function usePlayer<T>(selector: (s: PlayerState) => T): T {
  return useStore(usePlayerStore(), selector);
}
