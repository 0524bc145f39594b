/** The page's React tree around its shell: what main.tsx mounts and what the build prerenders (src/app/prerender). */
import { type ComponentType, StrictMode } from 'react';
import { scenarios } from '../../scenarios/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

export function Root({ Shell, search }: { Shell: ComponentType<{ search: string }>; search: string }) {
  return (
    <StrictMode>
      <ErrorBoundary scenarioIds={scenarios.map((s) => s.id)}>
        <Shell search={search} />
      </ErrorBoundary>
    </StrictMode>
  );
}
