/** The page's React tree around its shell: what main.tsx mounts and what the build prerenders (src/app/prerender). */
import { type ComponentType, StrictMode } from 'react';
import { ErrorBoundary } from '../boot/ErrorBoundary.tsx';
import { scenarioModuleNow } from '../boot/scenarioList.ts';

// The reset keeps the link's story when the catalogue knows it (before it has loaded: the default view).
const knownIds = () => scenarioModuleNow()?.scenarioIds ?? [];

export function Root({ Shell, search }: { Shell: ComponentType<{ search: string }>; search: string }) {
  return (
    <StrictMode>
      <ErrorBoundary scenarioIds={knownIds}>
        <Shell search={search} />
      </ErrorBoundary>
    </StrictMode>
  );
}
