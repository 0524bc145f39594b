/**
 * The pure parts of the error boundary (ErrorBoundary.tsx): turning whatever was thrown into an
 * Error, the text "Copy error details" puts on the clipboard, and where "Reset this scenario" goes.
 */
/** Anything a render can throw (a string, null, an object) as an Error with a readable message. */
export function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  let message: string;
  if (typeof thrown === 'string') message = thrown;
  else {
    try {
      message = JSON.stringify(thrown) ?? String(thrown);
    } catch {
      message = Object.prototype.toString.call(thrown);
    }
  }
  return new Error(message || 'Unknown error');
}

/** The first line people read: "TypeError: x is undefined" (no stack). */
export function errorHeadline(error: Error): string {
  const name = error.name || 'Error';
  const message = error.message.trim();
  return message ? `${name}: ${message}` : name;
}

export interface ErrorContext {
  error: Error;
  componentStack: string;
  href: string;
  userAgent: string;
  /** ISO time of the crash. */
  at: string;
}

/** Plain text for a bug report: what failed, where in the component tree, and on which page. */
export function errorDetails(c: ErrorContext): string {
  const lines = [
    'Leader Election Lab: the page stopped while rendering.',
    `Error: ${errorHeadline(c.error)}`,
    `Page: ${c.href}`,
    `Time: ${c.at}`,
    `Browser: ${c.userAgent}`,
  ];
  const stack = c.error.stack?.trim();
  if (stack) lines.push('', 'Stack:', stack);
  const components = c.componentStack.trim();
  if (components) lines.push('', 'Components:', components);
  return `${lines.join('\n')}\n`;
}

/**
 * The same page with no query or hash except a known `scenario`: the scenario opens from its start
 * with nothing else the link asked for (step, language, imported state…), the usual way out of a bad link.
 */
export function resetHref(href: string, scenarioIds: readonly string[]): string {
  const url = new URL(href);
  // Read like link/decode.ts reads it (trimmed, any case), without depending on the rest of the link.
  const scenarioId = url.searchParams.get('scenario')?.trim().toLowerCase();
  const search =
    scenarioId && scenarioIds.includes(scenarioId) ? `?scenario=${encodeURIComponent(scenarioId)}` : '';
  return `${url.pathname}${search}`;
}
