import { defineConfig } from 'vite';

// The watch page: built by `npm run build` (`vite build web`, so this folder is the root) into
// dist/web/, which the service serves at /watch/ (src/web/watch-page.module.ts). Preact's JSX through
// Vite's own transform (oxc in Vite 8), so no framework plugin is needed.
export default defineConfig({
  base: '/watch/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // The page is small; a source map is what someone reading a bug report needs.
    sourcemap: true,
  },
});
