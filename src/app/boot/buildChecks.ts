/**
 * What the builds (vite.config.ts, vite.embed.config.ts) ask of rolldown's checks.
 *
 * - INEFFECTIVE_DYNAMIC_IMPORT fails the build: an import() of a module the same bundle also imports
 *   statically splits nothing, so the chunk the code means to defer is not deferred. The app's fetches of
 *   the catalogue and the link decoder live in modules only its entry imports (scenarioChunk.ts,
 *   decoderChunk.ts) for this reason.
 * - PLUGIN_TIMINGS is off: it reports the build's slowest plugins (the prerender draws every story's
 *   first frame in `generateBundle`, tens of seconds on a busy 2-core machine) on every build, a
 *   measurement rather than a fault; the build's time is measured where it matters (scripts/bench).
 *   rolldown.rs/reference/InputOptions.checks#bundlertimings
 */
export const FAILING_WARNINGS: ReadonlySet<string> = new Set(['INEFFECTIVE_DYNAMIC_IMPORT']);

interface Warning {
  code?: string;
  message: string;
}

/** rolldown's `onwarn`: a failing warning throws (the build stops with it), the rest go on as before. */
export function onBuildWarning(warning: Warning, otherwise: (w: Warning) => void): void {
  if (warning.code && FAILING_WARNINGS.has(warning.code))
    throw new Error(`[${warning.code}] ${warning.message} (src/app/boot/buildChecks.ts)`);
  otherwise(warning);
}

/** The part of `build.rolldownOptions` both builds share. */
export const buildChecks = {
  checks: { bundlerTimings: false },
  onwarn: onBuildWarning,
};
