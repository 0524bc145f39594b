/**
 * "My stories": story files kept in this browser's IndexedDB (one database per site, so an embed on
 * another site has a library of its own: browsers partition third-party storage, e.g. Chrome's
 * storage partitioning and Firefox's Total Cookie Protection). Each entry is the story file as
 * exported, so what is saved opens exactly as a file or a link would.
 */
import type { StoryFile } from '../../sim/scenario/storyFile.ts';

export interface SavedStory {
  /** The story file's id: saving a story of the same id replaces it. */
  id: string;
  savedAt: number;
  file: StoryFile;
}

/** Where the library lives: IndexedDB in the browser, a Map in tests. */
export interface LibraryBackend {
  all(): Promise<SavedStory[]>;
  put(s: SavedStory): Promise<void>;
  delete(id: string): Promise<void>;
}

const DB = 'lel-library';
const STORE = 'stories';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

let opened: Promise<IDBDatabase> | null = null;
function db(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'id' });
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => {
      opened = null;
      reject(r.error);
    };
  });
  return opened;
}

async function tx<T>(mode: IDBTransactionMode, use: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const d = await db();
  return request(use(d.transaction(STORE, mode).objectStore(STORE)));
}

export const indexedDbLibrary: LibraryBackend = {
  all: () => tx('readonly', (s) => s.getAll() as IDBRequest<SavedStory[]>),
  put: async (story) => {
    await tx('readwrite', (s) => s.put(story));
  },
  delete: async (id) => {
    await tx('readwrite', (s) => s.delete(id));
  },
};

export function memoryLibrary(): LibraryBackend {
  const m = new Map<string, SavedStory>();
  return {
    all: async () => [...m.values()].map((s) => structuredClone(s)),
    put: async (s) => {
      m.set(s.id, structuredClone(s));
    },
    delete: async (id) => {
      m.delete(id);
    },
  };
}

/** The library, newest first, with a change signal for the catalogue. */
export function createLibrary(backend: LibraryBackend) {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const l of listeners) l();
  };
  return {
    async list(): Promise<SavedStory[]> {
      return (await backend.all()).sort((a, b) => b.savedAt - a.savedAt);
    },
    async save(file: StoryFile, now: number): Promise<void> {
      await backend.put({ id: file.id, savedAt: now, file });
      changed();
    },
    async remove(id: string): Promise<void> {
      await backend.delete(id);
      changed();
    },
    async find(id: string): Promise<SavedStory | undefined> {
      return (await backend.all()).find((s) => s.id === id);
    },
    subscribe(l: () => void): () => void {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export type Library = ReturnType<typeof createLibrary>;

/** The page's library (IndexedDB). */
export const library: Library = createLibrary(indexedDbLibrary);
