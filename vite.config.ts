import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative base so the built app works from any path (docs sites, GitHub Pages, file servers).
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false },
  server: { host: '127.0.0.1' },
});
