/**
 * The default view's first run as the build simulated it, carried in index.html as a JSON data block
 * (`<script type="application/json" id="first-run">`, plugin.ts). The page opens on that trace
 * without loading the simulator (main.tsx): the player store uses it when its first run has the same
 * key (store.ts `prebuilt`). A data block is not a script: the CSP's script-src does not apply to it.
 */
import type { Scenario } from '../../sim/scenario/schema.ts';
import type { Trace } from '../../sim/trace/trace.ts';

export const FIRST_RUN_ID = 'first-run';

export interface FirstRun {
  /** The store's memo key of the run: the story, algorithm, seed, knobs, nodes, length and faults. */
  key: string;
  trace: Trace;
  /** Its story: the page shows it without fetching the catalogue's other scenarios (app/scenarioList.ts). */
  scenario: Scenario;
}

/** The block's text: `<` escaped, so nothing in it can end the script element early. */
export function firstRunJson(run: FirstRun): string {
  return JSON.stringify(run).replace(/</g, '\\u003c');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The block parsed, or null with the reason when it is missing or not a run (a page saved by hand,
 * a proxy that rewrote it): the page then simulates its first run as any other view does.
 */
export function parseFirstRun(text: string | null | undefined): {
  run: FirstRun | null;
  problem: string | null;
} {
  if (!text) return { run: null, problem: 'no first-run block' };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return {
      run: null,
      problem: `first-run block is not JSON: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  const t = isObject(v) ? v.trace : undefined;
  const s = isObject(v) ? v.scenario : undefined;
  const ok =
    isObject(v) &&
    typeof v.key === 'string' &&
    isObject(t) &&
    t.version === 2 &&
    typeof t.scenario === 'string' &&
    typeof t.durationMs === 'number' &&
    Array.isArray(t.events) &&
    Array.isArray(t.steps) &&
    Array.isArray(t.hosts) &&
    isObject(s) &&
    s.id === t.scenario &&
    typeof s.algorithm === 'string' &&
    typeof s.timeScale === 'number' &&
    Array.isArray(s.steps);
  if (!ok)
    return {
      run: null,
      problem:
        'first-run block is not a run (key, trace with events, steps, hosts, and the scenario it is a run of)',
    };
  return { run: v as unknown as FirstRun, problem: null };
}

let page: FirstRun | null = null;

/** The run this page was built with (main.tsx sets it before the first render; boot reads it). */
export function setPageFirstRun(run: FirstRun | null): void {
  page = run;
}

export function pageFirstRun(): FirstRun | null {
  return page;
}
