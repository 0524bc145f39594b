/** Russian strings of the accessibility layer (see en.a11y.ts). */
export const ruA11y: Record<string, string> = {
  'a11y.inFlight': 'Сообщения в пути',
  'a11y.inFlightNone': 'сообщений в пути нет',
  'a11y.inFlightMore': 'и ещё {n}',
  'a11y.message': '{type} {from} → {to}',
  'a11y.messageLost': '{type} {from} → {to}, потеряно',
};
