/**
 * English strings of embed mode (src/embed): the bare player in an iframe or a custom element.
 * Keys are namespaced `embed.*` and merged into the catalog by index.ts.
 */
export const enEmbed: Record<string, string> = {
  'embed.player': 'Leader election player: {scenario}',
  'embed.openInLab': 'Open in Leader Election Lab',
  'embed.openInLabTitle': 'Open this view in the full Leader Election Lab (new tab)',
  'embed.stepCount': 'Step {n} / {total}',
  'embed.notice.label': 'Embed problem',
  'embed.notice.badFlag': 'Ignored “{name}”: “{value}”. Expected 1 or 0.',
  'embed.notice.badControls': 'Ignored “controls”: “{value}”. Expected minimal, full or none.',
  'embed.notice.badRange':
    'Ignored “{name}”: “{value}”. Expected a step from 1 to {max}, with end not before start.',
  'embed.notice.badOrigin':
    'Ignored “origin”: “{value}”. Expected an origin such as https://docs.example.org; the embed API is off.',
  'embed.challenge.noWhatIf': 'This player has no “What if…” menu, and a challenge is played with it.',
  'embed.challenge.play': 'Play it in the lab',
  'embed.explore': 'Explore every schedule in the lab',
};
