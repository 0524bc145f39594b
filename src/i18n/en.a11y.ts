/**
 * English strings of the accessibility layer (text alternatives of the picture), merged into the
 * catalog by index.ts. Keys are namespaced `a11y.*`.
 */
export const enA11y: Record<string, string> = {
  'a11y.inFlight': 'Messages in flight',
  'a11y.inFlightNone': 'no messages in flight',
  'a11y.inFlightMore': 'and {n} more',
  'a11y.message': '{type} {from} → {to}',
  'a11y.messageLost': '{type} {from} → {to}, lost',
};
