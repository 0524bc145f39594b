// The Vue 3 example (examples/vue.html): the npm `vue` package and an SFC compiled at build time by
// @vitejs/plugin-vue (`vite build -c vite.embed.config.ts --mode examples`), so it runs under the
// lab's CSP (no runtime template compiler, no eval).
import { createApp } from 'vue';
import VueApp from './VueApp.vue';

createApp(VueApp).mount('#app');
