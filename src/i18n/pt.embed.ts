/** Portuguese strings of embed mode (see en.embed.ts). */
export const ptEmbed: Record<string, string> = {
  'embed.player': 'Player de eleição de líder: {scenario}',
  'embed.openInLab': 'Abrir no Leader Election Lab',
  'embed.openInLabTitle': 'Abrir esta visualização no Leader Election Lab completo (nova aba)',
  'embed.stepCount': 'Passo {n} / {total}',
  'embed.notice.label': 'Problema na incorporação',
  'embed.notice.badFlag': 'Ignorado “{name}”: “{value}”. Esperado 1 ou 0.',
  'embed.notice.badControls': 'Ignorado “controls”: “{value}”. Esperado minimal, full ou none.',
  'embed.notice.badRange':
    'Ignorado “{name}”: “{value}”. Esperado um passo de 1 a {max}, com end não antes de start.',
  'embed.notice.badOrigin':
    'Ignorado “origin”: “{value}”. Esperada uma origem como https://docs.example.org; a API de incorporação está desligada.',
  'embed.challenge.noWhatIf': 'Este player não tem o menu “E se…”, e é com ele que se joga um desafio.',
  'embed.challenge.play': 'Jogar no laboratório',
  'embed.explore': 'Explorar todos os escalonamentos no laboratório',
};
