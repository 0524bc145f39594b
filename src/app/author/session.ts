/**
 * The authoring session, outside React: it outlives the stage's remount (a language change remounts
 * the main area) and the preview's runs. Null when no story is being written.
 */
import { useSyncExternalStore } from 'react';
import { type AuthorAction, type AuthorState, authorReducer, type Draft, startAuthoring } from './draft.ts';

let state: AuthorState | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const authoring = {
  get: (): AuthorState | null => state,
  start(draft: Draft): void {
    state = startAuthoring(draft);
    emit();
  },
  dispatch(a: AuthorAction): void {
    if (!state) return;
    const next = authorReducer(state, a);
    if (next === state) return;
    state = next;
    emit();
  },
  stop(): void {
    state = null;
    emit();
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useAuthoring(): AuthorState | null {
  return useSyncExternalStore(authoring.subscribe, authoring.get, authoring.get);
}
