/**
 * A build plugin: every module the app's start chunk imports statically (src/app/boot/start.tsx and what
 * it needs before its first render) goes into one chunk, `start`. Without it, Rolldown splits the
 * modules the start chunk shares with lazy chunks into small common chunks, each fetched and
 * compressed on its own: the first view fetched 30 files and paid for each. Modules the page's entry
 * (src/main.tsx) imports stay in the entry, so nothing moves ahead of the first paint; modules only
 * lazy chunks import stay with them.
 */
import type { Plugin } from 'vite';

const START = /[\\/]src[\\/]app[\\/]boot[\\/]start\.tsx$/;
const ENTRY = /[\\/]src[\\/]main\.tsx$/;

export function firstViewChunk(): Plugin {
  const first = new Set<string>();
  return {
    name: 'first-view-chunk',
    apply: 'build',
    buildEnd() {
      first.clear();
      const ids = [...this.getModuleIds()];
      const closure = (root: string | undefined) => {
        const seen = new Set<string>();
        const todo = root ? [root] : [];
        while (todo.length) {
          const id = todo.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = closure(ids.find((id) => ENTRY.test(id)));
      // Not the bundler's own helpers (the preload helper, the runtime): the entry imports them too,
      // after the transform that adds them, so in this chunk they would make the entry import it.
      for (const id of closure(ids.find((id) => START.test(id))))
        if (!entry.has(id) && !id.startsWith('\0') && !/^vite\/|rolldown:/.test(id)) first.add(id);
    },
    outputOptions(o) {
      // Its modules only: with their dependencies, the group would also take what the entry shares
      // with it (the preload helper, the stylesheets), and the entry would import this chunk.
      const groups = [
        {
          name: 'start',
          test: (id: string) => first.has(id),
          priority: 10,
          includeDependenciesRecursively: false,
        },
      ];
      return {
        ...o,
        codeSplitting: { ...(typeof o.codeSplitting === 'object' ? o.codeSplitting : {}), groups },
      };
    },
  };
}
