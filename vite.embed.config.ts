import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import vue from '@vitejs/plugin-vue';
import MarkdownIt from 'markdown-it';
import { defineConfig, type Plugin } from 'vite';
import { buildChecks } from './src/app/boot/buildChecks.ts';
import { statechartsPlugin } from './src/views/inspector/chartsPlugin.ts';

/**
 * The embeddable player as a library, built after the app into dist/ (emptyOutDir false keeps the
 * app), one mode per output:
 * - default: dist/embed/leader-election-player.js, the custom element, React included: one
 *   self-contained ES module.
 * - `--mode react`: dist/embed/leader-election-player-react.js, the React component; react and
 *   react-dom are left to the host (Docusaurus, MDX).
 * - `--mode examples`: dist/examples/, the example pages (copied as they are), the React
 *   example's bundle (react-app.js) and the reveal.js deck's (reveal-deck.js, with reveal.js's layout
 *   stylesheet copied to dist/examples/reveal/).
 * Styles are bundled as text and adopted as a constructable stylesheet in each player's shadow root
 * (src/embed/shadow.ts): no CSS file to load, no <style> element, nothing for a strict CSP to block.
 */

/**
 * App modules the player reuses import the app's global stylesheets (sandbox, export, panels);
 * the player carries its own styles as text (player.css?inline), so no CSS file is written.
 */
const noCssFiles: Plugin = {
  name: 'embed-no-css-files',
  enforce: 'post',
  generateBundle(_options, bundle) {
    for (const name of Object.keys(bundle)) if (name.endsWith('.css')) delete bundle[name];
  },
};

/** The example pages are plain files (HTML, CSS, JS): served as written, under the app's CSP. */
const copyExamples: Plugin = {
  name: 'embed-copy-examples',
  writeBundle() {
    for (const f of readdirSync('examples'))
      if (/\.(html|css|js)$/.test(f)) cpSync(`examples/${f}`, `dist/examples/${f}`);
    // The deck's reveal.js layout stylesheet. Its themes are left out: they load web fonts (Google
    // Fonts, or data: URLs) that the app's CSP blocks; reveal-deck.css sets the look instead.
    cpSync('node_modules/reveal.js/dist/reveal.css', 'dist/examples/reveal/reveal.css');
    writeFileSync('dist/examples/markdown.html', markdownPage('examples/markdown.md'));
  },
};

/**
 * examples/markdown.md as a static site generator would publish it: markdown-it with raw HTML on
 * (`html: true`, as mdBook and most generators allow), in a plain page. Its script tag and players are
 * in the Markdown itself.
 */
function markdownPage(file: string): string {
  const body = new MarkdownIt({ html: true }).render(readFileSync(file, 'utf8'));
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>The player in a Markdown page</title>
    <link rel="icon" href="../favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="./examples.css" />
  </head>
  <body>
    <p><a href="./">← Examples</a></p>
${body}  </body>
</html>
`;
}

/**
 * The Vue example's single-file component, compiled at build time. `isCustomElement` tells Vue's
 * template compiler that <leader-election-player> is a custom element, not a component to resolve
 * (vuejs.org/guide/extras/web-components: "Using Custom Elements in Vue").
 */
const vueForExamples = vue({
  template: { compilerOptions: { isCustomElement: (tag) => tag === 'leader-election-player' } },
});

const OUT = {
  element: { entry: 'src/embed/lib-element.ts', dir: 'dist/embed', file: 'leader-election-player.js' },
  react: { entry: 'src/embed/lib-react.ts', dir: 'dist/embed', file: 'leader-election-player-react.js' },
  examples: {
    entry: {
      'react-app': 'examples/react-app.tsx',
      'reveal-deck': 'examples/reveal-deck.ts',
      'vue-app': 'examples/vue-app.ts',
    },
    dir: 'dist/examples',
    file: '[name].js',
  },
};

export default defineConfig(({ mode }) => {
  const out = mode === 'react' ? OUT.react : mode === 'examples' ? OUT.examples : OUT.element;
  return {
    base: './',
    plugins: [
      react(),
      statechartsPlugin(),
      noCssFiles,
      ...(mode === 'examples' ? [copyExamples, vueForExamples] : []),
    ],
    // process.env.NODE_ENV is a compile-time constant in a library build (React's production build).
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      // Vue's compile-time flags (the esm-bundler build asks for them): no devtools in the example.
      __VUE_OPTIONS_API__: 'false',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    build: {
      target: 'es2022',
      outDir: out.dir,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: false,
      minify: true,
      lib: {
        entry: out.entry,
        formats: ['es'],
        fileName: (_format, name) => out.file.replace('[name]', name),
      },
      // rolldown's checks as the app's (src/app/boot/buildChecks.ts).
      rolldownOptions: {
        ...buildChecks,
        ...(mode === 'react'
          ? { external: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'] }
          : {}),
      },
    },
  };
});
