// The reveal.js example deck (examples/reveal.html): reveal.js from npm, bundled by
// `vite build -c vite.embed.config.ts --mode examples`; its stylesheets are copied next to it.
// API: Reveal.initialize(options) (revealjs.com/initialization, revealjs.com/config).
import Reveal from 'reveal.js';

void Reveal.initialize({
  hash: true,
  // The default: the slides beside the current one are moved out of the viewport, so an
  // IntersectionObserver sees a player on them as hidden.
  transition: 'slide',
  // Iframes with data-src and data-preload load while their slide is near (revealjs.com/lazy-loading).
  viewDistance: 2,
});
