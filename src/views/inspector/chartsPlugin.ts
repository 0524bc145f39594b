import type { Plugin } from 'vite';
import { runtimeFor, runtimes } from '../../sim/algorithms/runtimes.ts';
import { extractChart } from '../../sim/chart/extract.ts';
import { layoutChart } from './layout.ts';

const INDEX = 'virtual:statecharts';
const ONE = 'virtual:statechart/';

/**
 * The inspector's statecharts, laid out while Vite builds (elkjs runs here, in Node, never in the
 * page). `virtual:statecharts` maps every registered algorithm to a loader of its own chunk,
 * `virtual:statechart/<id>`, whose default export is the laid-out chart (laidChart.ts).
 */
export function statechartsPlugin(): Plugin {
  return {
    name: 'statecharts',
    // Filtered hooks: the bundler calls them for these ids only, not for every module.
    resolveId: {
      filter: { id: /^virtual:statechart/ },
      handler(id) {
        return id === INDEX || id.startsWith(ONE) ? `\0${id}` : null;
      },
    },
    load: {
      filter: { id: /^\0virtual:statechart/ },
      async handler(id) {
        if (id === `\0${INDEX}`) {
          const entries = Object.keys(runtimes).map(
            (a) => `  ${JSON.stringify(a)}: () => import(${JSON.stringify(ONE + a)}).then((m) => m.default),`,
          );
          return `export const charts = {\n${entries.join('\n')}\n};\n`;
        }
        if (id.startsWith(`\0${ONE}`)) {
          const a = id.slice(1 + ONE.length);
          // runtimeFor names the unknown id and the known ones; the build reports it under this plugin.
          return `export default ${JSON.stringify(await layoutChart(extractChart(runtimeFor(a).machine)))};\n`;
        }
        return null;
      },
    },
  };
}
