import { defineConfig } from 'vite';
import { browserAliases } from '../packages/verify/browser-aliases.js';

// The watch page: built by `npm run build` (`vite build web`, so this folder is the root) into
// dist/web/, which the service serves at /watch/ (src/web/watch-page.module.ts). Preact's JSX through
// Vite's own transform (oxc in Vite 8), so no framework plugin is needed.
export default defineConfig({
  base: '/watch/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The Verify button runs the published verifier (packages/verify, over the service's own src/audit and
  // src/rules) in a module worker; its node:crypto becomes the @noble adapter there (browser-aliases.ts).
  resolve: { alias: browserAliases },
  worker: { format: 'es' },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // The page is small; a source map is what someone reading a bug report needs.
    sourcemap: true,
  },
});
