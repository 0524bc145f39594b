/**
 * The app's fetch of the catalogue's chunk (scenarioList.ts, `setScenarioFetch`), with every algorithm's
 * declaration (the default view had its own story's only). Called by the app's entry only: the embed
 * libraries install the catalogue statically, so they must not hold this import().
 */
import { setScenarioFetch } from './scenarioList.ts';

export function fetchScenariosWithImport(): void {
  setScenarioFetch(() =>
    Promise.all([import('../../../scenarios/index.ts'), import('../../sim/algorithms/registry.ts')]).then(
      ([m, registry]) => {
        registry.declareAll();
        return m;
      },
    ),
  );
}
