/** Portuguese strings of the accessibility layer (see en.a11y.ts). */
export const ptA11y: Record<string, string> = {
  'a11y.inFlight': 'Mensagens em trânsito',
  'a11y.inFlightNone': 'nenhuma mensagem em trânsito',
  'a11y.inFlightMore': 'e mais {n}',
  'a11y.message': '{type} {from} → {to}',
  'a11y.messageLost': '{type} {from} → {to}, perdida',
};
